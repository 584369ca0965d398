"""The PostgreSQL ledger schema, its named migrations, and the deployment grants.

One schema holds one chain: ``events`` (the same columns as SQLite), ``headers`` (the
interned row headers of layout 2), ``head`` (the seal, one row that always exists and
whose row lock is the chain lock), ``meta`` and ``migrations``. Triggers are the second
fence behind the grants: events refuse UPDATE, DELETE and TRUNCATE, a seq must continue
the stored ones, headers are insert-only, the head row can neither be deleted nor move
backwards, and every inserted row and every head move sends a notification on the
chain's channel (delivered at commit, so only committed appends are announced):
``<seq>`` for a seal move, ``row:<seq>`` for a row.
"""

from __future__ import annotations

from typing import Any

from affidavit.ledger.location import PostgresLocation
from affidavit.ledger.rowformat import LAYOUT_MIGRATION

APPLICATION_ID = "AFDV"  # the same mark SQLite keeps in PRAGMA application_id


def ddl(location: PostgresLocation) -> str:
    """The objects of migration 0001, inside the (already created) schema."""
    channel, events = location.channel, f'"{location.schema}".events'
    return f"""
CREATE TABLE events (
    seq         bigint PRIMARY KEY CHECK (seq > 0),
    kind        text   NOT NULL,
    tenant      text   NOT NULL,
    actor       text   NOT NULL,
    recorded_at bigint NOT NULL,
    resolver    text   NOT NULL,
    body        bytea  NOT NULL,
    prev_hash   bytea  NOT NULL,
    hash        bytea  NOT NULL
);
-- seq 0 with an empty hash and MAC is "never sealed"; the row exists from the start so
-- that its row lock can serialise the very first append too.
CREATE TABLE head (
    id   smallint PRIMARY KEY CHECK (id = 1),
    seq  bigint   NOT NULL CHECK (seq >= 0),
    hash bytea    NOT NULL,
    mac  bytea    NOT NULL
);
INSERT INTO head (id, seq, hash, mac) VALUES (1, 0, '', '');
CREATE TABLE meta (name text PRIMARY KEY, value text NOT NULL);
INSERT INTO meta (name, value) VALUES ('application_id', '{APPLICATION_ID}');

CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'affidavit % is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'AF001';
END $$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER head_no_delete BEFORE DELETE ON head
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER head_no_truncate BEFORE TRUNCATE ON head
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
-- meta is insert-only too: once a store has recorded its id here, a schema whose events
-- vanished is recognised and never restarted from empty.
CREATE TRIGGER meta_insert_only BEFORE UPDATE OR DELETE ON meta
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER meta_no_truncate BEFORE TRUNCATE ON meta
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

CREATE FUNCTION continue_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE last bigint;
BEGIN
    SELECT max(seq) INTO last FROM {events};
    IF NEW.seq <> coalesce(last, 0) + 1 THEN
        RAISE EXCEPTION 'affidavit events must continue the chain: seq % after %',
            NEW.seq, coalesce(last, 0) USING ERRCODE = 'AF001';
    END IF;
    -- Every stored row is announced too, not only seal moves: a row appended by a role
    -- that bypasses the application (no seal) reaches live readers, which refuse it.
    PERFORM pg_notify('{channel}', 'row:' || NEW.seq::text);
    RETURN NEW;
END $$;
CREATE TRIGGER events_gap_free BEFORE INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION continue_chain();

CREATE FUNCTION move_head() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.seq < OLD.seq THEN
        RAISE EXCEPTION 'affidavit head seal may not move back from % to %', OLD.seq, NEW.seq
            USING ERRCODE = 'AF001';
    END IF;
    PERFORM pg_notify('{channel}', NEW.seq::text);
    RETURN NEW;
END $$;
CREATE TRIGGER head_moves_forward BEFORE UPDATE ON head
    FOR EACH ROW EXECUTE FUNCTION move_head();
"""


# Row layout 2 (affidavit.ledger.rowformat): rows name their (kind, tenant, actor,
# resolver) by the id of a ``headers`` row and may leave ``prev_hash`` empty. Adding the
# column rewrites no row; older rows read ``header`` as NULL.
COMPACT_ROWS_DDL = """
CREATE TABLE headers (
    id       integer PRIMARY KEY CHECK (id > 0),
    kind     text NOT NULL,
    tenant   text NOT NULL,
    actor    text NOT NULL,
    resolver text NOT NULL,
    UNIQUE (kind, tenant, actor, resolver)
);
CREATE TRIGGER headers_insert_only BEFORE UPDATE OR DELETE ON headers
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER headers_no_truncate BEFORE TRUNCATE ON headers
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
ALTER TABLE events ADD COLUMN header integer;
"""

MIGRATIONS: list[str] = ["0001_events", LAYOUT_MIGRATION]


def install(conn: Any, location: PostgresLocation) -> None:
    """Create the schema's objects and record the migrations (inside the caller's transaction)."""
    conn.execute("CREATE TABLE migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL "
                 "DEFAULT now())")
    upgrade(conn, location)


def upgrade(conn: Any, location: PostgresLocation) -> bool:
    """Apply the migrations the schema lacks, as its owner (inside the caller's transaction).

    Rows stay as they are: a schema made before gains row layout 2 for the rows written
    after. True if anything was applied.
    """
    steps = {"0001_events": ddl(location), LAYOUT_MIGRATION: COMPACT_ROWS_DDL}
    done = {str(r[0]) for r in conn.execute("SELECT name FROM migrations")}
    todo = [name for name in MIGRATIONS if name not in done]
    for name in todo:
        conn.execute(steps[name])
        conn.execute("INSERT INTO migrations (name) VALUES (%s)", (name,))
    return bool(todo)


def has_compact_rows(conn: Any) -> bool:
    got = conn.execute("SELECT 1 FROM migrations WHERE name = %s", (LAYOUT_MIGRATION,)).fetchone()
    return got is not None


def is_ledger(conn: Any, location: PostgresLocation) -> bool:
    """The schema holds our tables and mark (asked of the catalog, not by failing a query)."""
    got = conn.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_schema = %s "
        "AND table_name IN ('events', 'head', 'meta', 'migrations')", (location.schema,)
    ).fetchone()
    if got is None or got[0] != 4:
        return False
    mark = conn.execute("SELECT value FROM meta WHERE name = 'application_id'").fetchone()
    return mark is not None and mark[0] == APPLICATION_ID


def schema_exists(conn: Any, location: PostgresLocation) -> bool:
    got = conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (location.schema,)).fetchone()
    return got is not None


def grants(schema: str, app_role: str) -> str:
    """The deployment grants: the application role may read, append and move the seal.

    Run as the schema owner after the schema is created. No UPDATE or DELETE on events,
    no DELETE on head, no TRUNCATE anywhere, no DDL: append-only is the database's rule,
    not only the application's.
    """
    s, r = f'"{schema}"', f'"{app_role}"'
    return f"""
REVOKE ALL ON SCHEMA {s} FROM PUBLIC;
REVOKE ALL ON ALL TABLES IN SCHEMA {s} FROM PUBLIC;
GRANT USAGE ON SCHEMA {s} TO {r};
GRANT SELECT, INSERT ON {s}.events TO {r};
GRANT SELECT, UPDATE ON {s}.head TO {r};
GRANT SELECT, INSERT ON {s}.meta TO {r};
GRANT SELECT, INSERT ON {s}.headers TO {r};
GRANT SELECT ON {s}.migrations TO {r};
"""
