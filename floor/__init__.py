"""The floor service (``dealer-floor``): archives every table of a room in PostgreSQL from the room's
MQTT broker, re-verifies each table's hash chain as entries arrive, and serves a JSON API of tables,
alerts and shift figures (docs/floor-api.md; install: docs/install.md, "The floor")."""
