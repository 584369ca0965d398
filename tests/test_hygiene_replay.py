"""CLAIM_CORRECTED and DISPUTE_RESOLVED replay: rebuilt state equals live state, in a new process too."""

from __future__ import annotations

from pathlib import Path

from conftest import run_python

from affidavit.identity import Identity
from affidavit.store import Store

OPS = Identity("default", "ops-1", operator=True)
AGENT = Identity("default", "agent-1")
WHY = "checked"

DIGEST = """
import sys
from affidavit.store import Store
with Store.open(sys.argv[1], keyring_dir=sys.argv[2], create=False) as store:
    print(store.digest())
"""


def remember(store: Store, claim: str, **kwargs: object) -> str:
    out = store.remember(claim, claim, **kwargs)  # type: ignore[arg-type]
    assert out.status == "admitted", out.text
    assert out.claim_id is not None
    return out.claim_id


def build(open_store) -> tuple[Store, dict[str, int]]:  # type: ignore[no-untyped-def]
    """Every new kind and outcome once; returns the store and the seq after each step."""
    agent, ops = open_store(AGENT), open_store(OPS)
    marks: dict[str, int] = {}
    leeds = remember(agent, "Omar Haddad lives in Leeds.")
    remember(agent, "Omar Haddad lives in York.", supersedes=leeds, note=WHY)  # superseded
    marks["corrected"] = agent.head_seq
    mine = remember(agent, "Lena Vogel lives in Caen.")
    remember(open_store(Identity("default", "agent-2")), "Lena Vogel lives in Tours.",
             supersedes=mine, note=WHY)  # contested
    ops.catch_up()
    marks["contested"] = ops.head_seq
    ops.resolve_dispute(mine, "keep_one", WHY, keep=mine)
    marks["kept"] = ops.head_seq
    a = remember(ops, "Kenji Sato lives in Nice.")
    b = remember(ops, "Kenji Sato lives in Metz.")
    ops.resolve_dispute(a, "both_valid", WHY, intervals={a: ("2010-01-01", "2012-12-31"),
                                                         b: ("2013-01-01", None)})
    marks["both"] = ops.head_seq
    return ops, marks


def test_replay_equals_live_and_survives_a_new_process(open_store, store_dirs: tuple[Path, Path]) -> None:
    """Reopening, and opening in a fresh interpreter, rebuild exactly the live digest."""
    store, _ = build(open_store)
    live = store.digest()
    assert open_store(AGENT).digest() == live
    done = run_python(DIGEST, str(store_dirs[0]), str(store_dirs[1]))
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-1] == live


def test_views_at_past_seqs_show_each_decision_in_order(open_store) -> None:
    """Store.at before and after each decision shows the states it produced, and only then."""
    store, marks = build(open_store)
    counts = {name: store.at(seq).claims.counts("default") for name, seq in marks.items()}
    assert counts["corrected"]["superseded"] == 1
    assert counts["contested"]["disputed"] == 2
    assert counts["kept"]["disputed"] == 0 and counts["kept"]["superseded"] == 2
    assert counts["both"]["active"] == 4
    before = store.at(marks["both"] - 1)
    assert before.claims.counts("default")["disputed"] == 2


def test_reresolve_reports_disputes_the_new_rule_would_not_make(open_store) -> None:
    """A pair the old rule disputed ('born in London' / 'born in 1815') is reported; a real clash is not."""
    from affidavit.events import ClaimStateChanged
    from affidavit.forensics.reresolve import reresolve

    store = open_store(AGENT)
    place = remember(store, "Ada Lovelace was born in London.")
    year = remember(store, "Ada Lovelace was born in 1815.")
    clash = store.remember("Ada Lovelace was born in 1816.", "Ada Lovelace was born in 1816.")
    assert clash.transitions == (f"disputed with {year}",)

    def old_rule(ctx):  # type: ignore[no-untyped-def]  # what conflicts/1 wrote for the facets
        for claim_id, cause in ((place, year), (year, place)):
            ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
                claim_id=claim_id, from_state="active", to_state="disputed",
                reason="conflicting_claim", cause_claim_id=cause))

    store.transact(old_rule)
    report = reresolve(open_store(AGENT), tenant="default")
    assert report.conflicts is not None and report.changed
    changes = {(c.earlier, c.later, c.then, c.now) for c in report.conflicts.changes}
    # London / 1816 were in one dispute through 1815, so the old rule disputed them too.
    assert changes == {(place, year, "dispute", "none"),
                       (place, clash.claim_id, "dispute", "none")}
    assert report.conflicts.pairs == 3 and report.conflicts.same == 1  # 1815 / 1816 still clash
    assert "conflicts re-decided with conflicts/2" in report.text()
