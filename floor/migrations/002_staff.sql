-- Floor staff who may open the room page (issue 23): passwords only as scrypt hashes, made by
-- `dealer-floor add-supervisor` (there is no default account and no default password).
CREATE TABLE floor_staff (
    username      text        PRIMARY KEY,
    password_hash text        NOT NULL,                 -- scrypt$N$r$p$salt$hash, as the tables' PINs
    role          text        NOT NULL DEFAULT 'supervisor',
    failures      integer     NOT NULL DEFAULT 0,       -- wrong passwords in a row
    locked_until  timestamptz,                          -- login refused until then after too many
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- Logged-in sessions: the browser holds a random token; only its SHA-256 is stored, with the session's
-- CSRF token (every form carries it back).
CREATE TABLE floor_session (
    token_sha256 text        PRIMARY KEY,
    username     text        NOT NULL REFERENCES floor_staff (username) ON DELETE CASCADE,
    csrf         text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL
);

-- "On my way": a supervisor has seen a table's alert and is walking over. Marks only what the floor
-- knows; it changes nothing at the table (clearing stays there, with the role's PIN).
CREATE TABLE floor_onmyway (
    room      text        NOT NULL,
    table_id  text        NOT NULL,
    seq       bigint      NOT NULL,   -- the alert entry's seq at that table
    username  text        NOT NULL,
    marked_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (room, table_id, seq)
);
