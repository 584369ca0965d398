"""Input checks shared by every entry point; a failure is ``InvalidInput`` and nothing is written.

Limits (docs/limits in README): claim and query 4,096 characters; evidence 65,536;
source text 524,288; ids and subjects 256.
"""

from __future__ import annotations

import re
from datetime import date

from affidavit.errors import InvalidInput

MAX_CLAIM = 4096
MAX_EVIDENCE = 65_536
MAX_SOURCE_TEXT = 524_288
MAX_ID = 256

# Control characters other than tab, newline and carriage return.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SOURCE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:@#+-]{0,255}$")


def text(field: str, value: object, limit: int, *, multiline: bool = True) -> str:
    if not isinstance(value, str):
        raise InvalidInput(field, f"expected a string, got {type(value).__name__}")
    if not value.strip():
        raise InvalidInput(field, "must not be empty")
    if len(value) > limit:
        raise InvalidInput(field, f"{len(value)} characters is over the limit of {limit}")
    if "\x00" in value:
        raise InvalidInput(field, "contains a NUL byte")
    found = _CONTROL.search(value)
    if found or (not multiline and ("\n" in value or "\r" in value)):
        raise InvalidInput(field, "contains a control character")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(field, "is not valid Unicode (lone surrogate)") from None
    return value


def iso_date(field: str, value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise InvalidInput(field, "expected a date as YYYY-MM-DD")
    try:
        date.fromisoformat(value)
    except ValueError:
        raise InvalidInput(field, f"{value} is not a calendar date") from None
    return value


def interval(valid_from: object, valid_to: object) -> tuple[str | None, str | None]:
    start, end = iso_date("valid_from", valid_from), iso_date("valid_to", valid_to)
    if start is not None and end is not None and end < start:
        raise InvalidInput("valid_to", f"{end} is before valid_from {start}")
    return start, end


def source_id(value: object) -> str:
    """Source ids are opaque strings, never paths."""
    if not isinstance(value, str):
        raise InvalidInput("source_id", f"expected a string, got {type(value).__name__}")
    if "/" in value or "\\" in value or ".." in value or not _SOURCE_ID.match(value):
        raise InvalidInput(
            "source_id",
            "use an opaque id of letters, digits and . _ : @ # + - (no paths, no '..', max 256)",
        )
    return value
