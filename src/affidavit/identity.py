"""Process-held identity and authority.

Tenant, agent id and the operator flag come from the process (its environment
or the embedding code), never from a tool argument: arguments select a view,
they never establish who the caller is.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

import msgspec

from affidavit.errors import InvalidInput, NotAuthorized

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@-]{0,63}")  # fullmatch: "$" would accept "a\n"
_TRUE = {"1", "true", "yes", "on"}


class Identity(msgspec.Struct, frozen=True):
    tenant: str = "default"
    agent: str = "local"
    operator: bool = False

    def __post_init__(self) -> None:
        for field, value in (("tenant", self.tenant), ("agent", self.agent)):
            if not isinstance(value, str) or not _ID.fullmatch(value):
                raise InvalidInput(
                    field, "use 1-64 letters, digits, '.', '_', '@' or '-', starting alphanumeric"
                )

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Identity:
        env = os.environ if env is None else env
        return cls(
            tenant=env.get("AFFIDAVIT_TENANT") or "default",
            agent=env.get("AFFIDAVIT_AGENT") or "local",
            operator=(env.get("AFFIDAVIT_OPERATOR") or "").strip().lower() in _TRUE,
        )

    def require_operator(self, action: str) -> None:
        if not self.operator:
            raise NotAuthorized(
                f"{action} needs an operator process: start it with AFFIDAVIT_OPERATOR=1 "
                "(and AFFIDAVIT_AGENT naming the operator)"
            )
