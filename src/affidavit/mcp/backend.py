"""The interface the MCP server and the CLI tool commands drive.

The server knows JSON-RPC and nothing about the domain; the backend knows the
domain and nothing about JSON-RPC. Every method returns the tool's structured
result as a plain JSON-able dict with a readable ``text`` key (shapes fixed in
``affidavit.mcp.schemas``) and raises ``affidavit.errors.AffidavitError``
subclasses for failures. Refusals and abstentions are results, not errors.
"""

from __future__ import annotations

from typing import Any, Protocol


class ToolBackend(Protocol):
    """What ``affidavit.api.open_backend`` returns, and what tests fake."""

    # Read from the process configuration, never from a tool argument.
    operator: bool

    def remember(
        self,
        *,
        claim: str,
        evidence: str,
        source_id: str | None = None,
        source_text: str | None = None,
        subject: str | None = None,
        valid_from: str | None = None,
        valid_to: str | None = None,
        supersedes: str | None = None,
        note: str | None = None,
    ) -> dict[str, Any]: ...

    def recall(
        self,
        *,
        query: str,
        as_of: str | None = None,
        as_of_seq: int | None = None,
        limit: int = 10,
    ) -> dict[str, Any]: ...

    def forget(self, *, subject: str) -> dict[str, Any]: ...

    def verify(self) -> dict[str, Any]: ...

    def history(self, *, subject: str | None = None, claim_id: str | None = None) -> dict[str, Any]: ...

    def add_source(self, *, source_id: str, text: str, origin: str | None = None) -> dict[str, Any]: ...

    def stats(self) -> dict[str, Any]: ...

    def review_queue(self) -> dict[str, Any]: ...

    def review(self, *, item: str, decision: str, note: str,
               reviewed_hash: str | None = None) -> dict[str, Any]: ...

    def list_claims(self, *, cursor: str | None = None, limit: int = 20,
                    **filters: Any) -> dict[str, Any]: ...

    def freeze(self, *, claim_id: str, note: str) -> dict[str, Any]: ...

    def unfreeze(self, *, claim_id: str, note: str) -> dict[str, Any]: ...

    def resolve_dispute(self, *, claim_id: str, decision: str, note: str,
                        keep: str | None = None, intervals: list[Any] | None = None,
                        reviewed_hash: str | None = None) -> dict[str, Any]: ...

    def close(self) -> None: ...
