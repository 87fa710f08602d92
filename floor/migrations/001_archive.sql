-- The room's archive: every journal entry of every table, once (room, table, seq), and what the floor
-- knows of each table: how far its chain is archived and checked, its status, state and anchor.
CREATE TABLE floor_table (
    room          text        NOT NULL,
    table_id      text        NOT NULL,
    archived_seq  bigint      NOT NULL DEFAULT 0,   -- every seq 1..archived_seq is here, links checked
    archived_hash text        NOT NULL,             -- the hash of row archived_seq (GENESIS before any)
    gap_since     timestamptz,                      -- rows beyond a missing one arrived at this time
    status        text        NOT NULL DEFAULT 'unknown',
    state         jsonb,
    anchor        jsonb,
    last_seen     timestamptz,
    PRIMARY KEY (room, table_id)
);

CREATE TABLE floor_entry (
    room         text        NOT NULL,
    table_id     text        NOT NULL,
    seq          bigint      NOT NULL,
    ts           text        NOT NULL,
    kind         text        NOT NULL,
    payload      jsonb       NOT NULL,
    payload_text text        NOT NULL,   -- the canonical text the table MAC'd (withheld when redacted)
    redacted     boolean     NOT NULL,
    prev_hash    text        NOT NULL,
    hash         text        NOT NULL,
    archived_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (room, table_id, seq)
);
CREATE INDEX floor_entry_kind ON floor_entry (room, kind, archived_at);

-- Room alerts the floor raises (a gap that did not fill, a fork, a tampered entry, a conflicting
-- duplicate, an anchor that does not match). One per (table, seq, code).
CREATE TABLE floor_alert (
    id        bigserial   PRIMARY KEY,
    room      text        NOT NULL,
    table_id  text        NOT NULL,
    seq       bigint      NOT NULL,
    code      text        NOT NULL,
    detail    text        NOT NULL,
    raised_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (room, table_id, seq, code)
);
