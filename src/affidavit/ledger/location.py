"""Where a ledger lives: a directory on this host, or a PostgreSQL URL.

A location is either a filesystem path (the SQLite ledger, the embedded default) or a
``postgresql://`` / ``postgres://`` URL. The URL may carry one parameter of ours,
``schema`` (default ``affidavit``): the PostgreSQL schema that holds the chain. Every
other parameter is libpq's and goes to the server untouched. Parsing needs no driver,
so a SQLite-only install can still say what a URL is.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from affidavit.errors import InvalidInput

URL_SCHEMES = ("postgresql://", "postgres://")
DEFAULT_SCHEMA = "affidavit"
# A schema name is spliced into DDL (as a quoted identifier) and into a channel name:
# keep it to plain lower-case identifiers so quoting never has to carry meaning.
_SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,47}")


def is_url(location: str | Path | None) -> bool:
    """True for a PostgreSQL URL; False for a path (or None: the default store)."""
    return isinstance(location, str) and location.startswith(URL_SCHEMES)


class PostgresLocation:
    """A parsed PostgreSQL location: libpq conninfo, plus the schema of the chain."""

    __slots__ = ("conninfo", "schema")

    def __init__(self, conninfo: str, schema: str = DEFAULT_SCHEMA) -> None:
        if not _SCHEMA_NAME.fullmatch(schema):
            raise InvalidInput("schema", "expected a lower-case identifier ([a-z_][a-z0-9_]*, "
                                         "at most 48 characters)")
        self.conninfo = conninfo
        self.schema = schema

    @classmethod
    def parse(cls, url: str, default_schema: str = DEFAULT_SCHEMA) -> PostgresLocation:
        if not is_url(url):
            raise InvalidInput("store", "expected a postgresql:// URL")
        parts = urlsplit(url)
        query = parse_qsl(parts.query, keep_blank_values=True)
        schema = default_schema
        rest = []
        for name, value in query:
            if name == "schema":
                schema = value
            else:
                rest.append((name, value))
        conninfo = urlunsplit(parts._replace(query=urlencode(rest)))
        return cls(conninfo, schema)

    @property
    def channel(self) -> str:
        """The LISTEN/NOTIFY channel each append to this chain notifies."""
        return f"affidavit_{self.schema}"

    def display(self) -> str:
        """The URL without its password, for messages and logs."""
        parts = urlsplit(self.conninfo)
        netloc = parts.netloc
        if "@" in netloc:
            user, host = netloc.rsplit("@", 1)
            netloc = f"{user.split(':', 1)[0]}@{host}"
        shown = urlunsplit(parts._replace(netloc=netloc, query=""))
        return f"{shown} (schema {self.schema})"

    def url(self) -> str:
        """A URL that parses back to this location (schema parameter included)."""
        parts = urlsplit(self.conninfo)
        query = parse_qsl(parts.query, keep_blank_values=True) + [("schema", self.schema)]
        return urlunsplit(parts._replace(query=urlencode(query)))
