"""The PostgreSQL test server: where it is, and per-test schemas and databases on it.

Tests that need the server call ``require_server()`` (the ``pg_url`` and ``pg_database``
fixtures do). Without it they skip with the reason, except under ``CI=true``, where
an unreachable server fails the test: CI starts PostgreSQL, so a skip there would
hide a broken setup. The server is ``AFFIDAVIT_TEST_PG`` (default
``postgresql://postgres@127.0.0.1:5432/test``, trust auth).
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

ADMIN_URL = os.environ.get("AFFIDAVIT_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
_reachable: str | None = None  # None: not asked yet; "" reachable; else the reason


def unreachable_reason() -> str:
    """Empty when the server answers; else why not."""
    global _reachable
    if _reachable is None:
        try:
            import psycopg
        except ModuleNotFoundError:
            _reachable = "psycopg is not installed (pip install -e '.[dev,postgres]')"
            return _reachable
        try:
            with psycopg.connect(ADMIN_URL, connect_timeout=5) as conn:
                conn.execute("SELECT 1")
            _reachable = ""
        except psycopg.Error as exc:
            _reachable = f"PostgreSQL at {ADMIN_URL} is unreachable: {str(exc).strip()[:200]}"
    return _reachable


def require_server() -> None:
    reason = unreachable_reason()
    if not reason:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true and {reason}", pytrace=False)
    pytest.skip(reason)


def admin() -> Any:
    import psycopg

    return psycopg.connect(ADMIN_URL, autocommit=True)


def url_for(database: str | None = None, *, schema: str | None = None, user: str | None = None) -> str:
    parts = urlsplit(ADMIN_URL)
    netloc = parts.netloc
    if user is not None:
        netloc = f"{user}@{netloc.rsplit('@', 1)[-1]}"
    path = f"/{database}" if database else parts.path
    query = f"schema={schema}" if schema else ""
    return urlunsplit(parts._replace(netloc=netloc, path=path, query=query))


def new_name(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:12]}"


def drop_schema(schema: str) -> None:
    with admin() as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@contextlib.contextmanager
def temp_schema(prefix: str = "t") -> Iterator[str]:
    require_server()
    schema = new_name(prefix)
    try:
        yield schema
    finally:
        drop_schema(schema)


@contextlib.contextmanager
def temp_database(prefix: str = "affidavit_t") -> Iterator[str]:
    require_server()
    name = new_name(prefix)
    with admin() as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield name
    finally:
        with admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def temp_role(prefix: str = "affidavit_r") -> Iterator[str]:
    require_server()
    name = new_name(prefix)
    with admin() as conn:
        conn.execute(f'CREATE ROLE "{name}" LOGIN')
    try:
        yield name
    finally:
        with admin() as conn:
            conn.execute(f'DROP OWNED BY "{name}" CASCADE')
            conn.execute(f'DROP ROLE IF EXISTS "{name}"')
