"""Deployment steps on PostgreSQL, run as the schema owner (``affidavit postgres-setup``).

The owner role creates the schema and its objects (tables, triggers) and grants the
application role exactly what appending needs; the application role then creates the
store (its genesis event) and serves it, and can neither change nor remove a row.
The same for a shared keyring database, with its own role.
"""

from __future__ import annotations

from affidavit.ledger import pgconn, pgkeystore, pgschema
from affidavit.ledger.location import PostgresLocation
from affidavit.ledger.postgres import PostgresLedger


def ledger_sql(location: PostgresLocation, app_role: str) -> str:
    return pgschema.grants(location.schema, app_role)


def keyring_sql(location: PostgresLocation, app_role: str) -> str:
    return pgkeystore.grants(location.schema, app_role)


def set_up_ledger(location: PostgresLocation, app_role: str) -> None:
    """Install the ledger's objects (if absent) owned by the connecting role, bring a schema
    made before up to date (row layout 2; no stored row changes); grant the app role."""
    ledger = PostgresLedger.open_or_install(location)
    try:
        ledger.upgrade()
    finally:
        ledger.close()
    conn = pgconn.connect(location)
    try:
        with pgconn.translate_errors(location), conn.transaction():
            conn.execute(ledger_sql(location, app_role))
    finally:
        conn.close()


def set_up_keyring(location: PostgresLocation, app_role: str) -> None:
    """Install the keyring tables (if absent) owned by the connecting role; grant the keyring role."""
    conn = pgconn.connect(location)
    try:
        with pgconn.translate_errors(location), conn.transaction():
            conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{location.schema}"')
            conn.execute(pgkeystore.DDL)
            conn.execute(keyring_sql(location, app_role))
    finally:
        conn.close()
