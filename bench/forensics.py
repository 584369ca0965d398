"""Forensics costs on a large ledger: replay, re-resolve, tree, proofs, export+verify, audited reads.

Run: python bench/forensics.py [events] [reresolve_decisions]

Builds a store of about ``events`` events (affidavit.testing.append_synthetic plus
some real remember() calls) in a temporary directory, then prints:

* replay to a seq (``Store.at``): events/s, at half and at the head;
* the extra cost per event of keeping a CompactTree over the event hashes during
  a replay (budget: under 3 µs/event), measured as the append loop alone over the
  replayed hashes, next to the replay's own cost per event;
* re-resolve: recorded decisions re-decided by today's gate per second (over the
  first ``reresolve_decisions``; the gate dominates, so the rate scales linearly);
* checkpoint signing, inclusion and consistency proof times;
* export time and independent verification time (the standalone verifier as a
  subprocess);
* recall with and without AFFIDAVIT_AUDIT_READS (the audit appends one event).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from affidavit.clock import FixedClock
from affidavit.forensics import proofs
from affidavit.forensics.checkpoints import sign_checkpoint
from affidavit.forensics.export import export_bundle
from affidavit.forensics.reresolve import reresolve
from affidavit.identity import Identity
from affidavit.store import Store
from affidavit.testing import append_synthetic
from affidavit.translog import CompactTree

TREE_BUDGET_US = 3.0
REAL = [("Omar Haddad{} lives in Leeds.", "Omar Haddad{} lives in Leeds."),
        ("Priya Shah{} joined Kestrel Labs in 2019.",
         "Priya Shah{} joined Kestrel Labs in 2019. She leads the robotics team.")]


def _timed(fn):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def _build(root: Path, events: int) -> Store:
    store = Store.open(root / "store", keyring_dir=root / "keyring", identity=Identity(),
                       clock=FixedClock(step_us=10), durability="normal")
    for i in range(50):
        claim, evidence = REAL[i % 2]
        store.remember(claim.format(f" {i:03d}"), evidence.format(f" {i:03d}"))
    append_synthetic(store, max(events - store.head_seq - 1000, 1), subjects=1000, batch=1000)
    return store


def main() -> int:
    events = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    decisions = int(sys.argv[2]) if len(sys.argv) > 2 else 5_000
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        build, store = _timed(lambda: _build(root, events))
        n = store.head_seq
        print(f"ledger: {n} events (built in {build:.1f} s)")

        for seq in (n // 2, n):
            t, _ = _timed(lambda seq=seq: store.at(seq).close())
            print(f"replay to seq {seq}: {t:.2f} s = {seq / t:,.0f} events/s ({t / seq * 1e6:.1f} µs/event)")
        replay_us = t / n * 1e6
        hashes = [row.hash for row in store._ledger.rows(0)]
        best_tree = min(_timed(lambda: _tree(hashes))[0] for _ in range(5))
        best_loop = min(_timed(lambda: _loop(hashes))[0] for _ in range(5))
        extra = (best_tree - best_loop) / n * 1e6
        verdict = "within" if extra < TREE_BUDGET_US else "OVER"
        print(f"CompactTree during replay: +{extra:.2f} µs/event ({verdict} the {TREE_BUDGET_US} µs "
              f"budget; {extra / replay_us:.1%} of replay's {replay_us:.1f} µs/event)")

        last = _seq_after_decisions(store, decisions)
        t, report = _timed(lambda: reresolve(store, tenant=None, until_seq=last))
        print(f"reresolve: {report.decisions} decisions in {t:.2f} s = {report.decisions / t:,.0f}/s "
              f"({last / t:,.0f} ledger events/s); {report.different} decided differently")

        t, cp = _timed(lambda: sign_checkpoint(store))
        print(f"checkpoint over {cp.event.tree_size} events: {t * 1e3:.0f} ms")
        t, _ = _timed(lambda: proofs.prove_inclusion(store, n // 3))
        print(f"inclusion proof: {t * 1e3:.0f} ms (reads the covered hashes, builds the tree)")
        t, c = _timed(lambda: proofs.prove_consistency(store, n // 2))
        print(f"consistency proof {n // 2} -> {c.new_size}: {t * 1e3:.0f} ms, verified={c.verified}")

        out = root / "bundle"
        t, summary = _timed(lambda: export_bundle(store, out, include_evidence=True))
        size = sum(p.stat().st_size for p in out.iterdir()) / 1e6
        print(f"export: {summary.events} events, {summary.receipts} receipts, {size:.0f} MB in {t:.2f} s")
        verifier = Path(__file__).resolve().parent.parent / "src" / "affidavit_verify.py"
        t, done = _timed(lambda: subprocess.run([sys.executable, "-I", str(verifier), str(out)],
                                                capture_output=True, text=True, check=False))
        print(f"independent verification: {t:.2f} s, exit {done.returncode} "
              f"({done.stdout.strip().splitlines()[-1] if done.stdout else done.stderr.strip()})")

        _audited_reads(store)
        store.close()
    return 0


def _tree(hashes: list[bytes]) -> bytes:
    tree = CompactTree()
    append = tree.append
    for h in hashes:
        append(h)
    return tree.root()


def _loop(hashes: list[bytes]) -> None:
    for _h in hashes:
        pass


def _seq_after_decisions(store: Store, decisions: int) -> int:
    seen = 0
    for row in store._ledger.rows(0):
        if row.kind in ("CLAIM_ADMITTED", "CLAIM_QUARANTINED"):
            seen += 1
            if seen >= decisions:
                return row.seq
    return store.head_seq


def _audited_reads(store: Store, count: int = 200) -> None:
    query = "Where does Omar Haddad 001 live?"
    os.environ.pop("AFFIDAVIT_AUDIT_READS", None)
    plain, _ = _timed(lambda: [store.recall(query) for _ in range(count)])
    os.environ["AFFIDAVIT_AUDIT_READS"] = "1"
    try:
        audited, _ = _timed(lambda: [store.recall(query) for _ in range(count)])
    finally:
        os.environ.pop("AFFIDAVIT_AUDIT_READS", None)
    print(f"recall: {plain / count * 1e3:.2f} ms plain, {audited / count * 1e3:.2f} ms audited "
          f"(+{(audited - plain) / count * 1e3:.2f} ms per read for one appended event)")


if __name__ == "__main__":
    sys.exit(main())
