"""The audit report as one self-contained HTML page (pure: figures in, a string out).

No script, no external resource: inline CSS and SVG only, and a Content Security
Policy that forbids everything else, so the file opens from a USB stick and an
injected tag could neither run nor fetch. Every value is escaped. Each figure sits
in an element ``data-figure="<path in the --json output>"`` whose ``data-value`` is
that figure as JSON and whose text is the figure as shown (yes/no for booleans).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import msgspec

from affidavit.forensics.report_model import AuditReport, StatePoint
from affidavit.forensics.report_svg import render_state_chart

_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
_CSS = """
.scroll{overflow-x:auto}
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;padding:0 1em;color:#1d1d1f}
h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.15em;margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0;width:100%}th,td{border:1px solid #ddd;padding:3px 6px;
text-align:left;vertical-align:top}th{background:#f4f4f6}code,.hash{font-family:ui-monospace,monospace;
font-size:12px;word-break:break-all}.status{padding:.6em 1em;border-radius:6px;font-weight:600}
.ok{background:#e5f4ea;color:#135c2b;border:1px solid #1b7f3b}
.fail{background:#fde7e9;color:#b00020;border:2px solid #b00020}
.muted{color:#666}.axis{stroke:#999}.tick,.legend{font-size:11px;fill:#333}
dl{display:grid;grid-template-columns:max-content auto;gap:2px 1em}dt{color:#555}dd{margin:0}
footer{margin-top:3em;border-top:1px solid #ddd;padding-top:1em;font-size:12px;color:#444}
"""


def shown(value: object) -> str:
    """A figure as the page prints it."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "\u2014"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value) or "\u2014"
    return str(value)


def fig(path: str, value: object, tag: str = "span", cls: str = "") -> str:
    """One figure: its --json path, its JSON value, and its text, all escaped."""
    data = escape(json.dumps(value, sort_keys=True), quote=True)
    klass = f' class="{escape(cls, quote=True)}"' if cls else ""
    return (f'<{tag}{klass} data-figure="{escape(path, quote=True)}" data-value="{data}">'
            f"{escape(shown(value))}</{tag}>")


def _pairs(prefix: str, data: dict[str, Any], names: Sequence[str], hashes: Sequence[str] = ()) -> str:
    rows = []
    for name in names:
        cls = "hash" if name in hashes else ""
        rows.append(f"<dt>{escape(name.replace('_', ' '))}</dt>"
                    f"<dd>{fig(f'{prefix}.{name}' if prefix else name, data.get(name), cls=cls)}</dd>")
    return "<dl>" + "".join(rows) + "</dl>"


def _table(prefix: str, rows: list[dict[str, Any]], columns: Sequence[str], empty: str,
           hashes: Sequence[str] = ()) -> str:
    if not rows:
        return f'<p class="muted">{escape(empty)}</p>'
    head = "".join(f"<th>{escape(c.replace('_', ' '))}</th>" for c in columns)
    body = []
    for i, row in enumerate(rows):
        cells = "".join(
            f"<td>{fig(f'{prefix}.{i}.{c}', row.get(c), cls='hash' if c in hashes else '')}</td>"
            for c in columns)
        body.append(f"<tr>{cells}</tr>")
    return (f'<div class="scroll"><table id="{escape(prefix, quote=True)}-table"><tr>{head}</tr>'
            f'{"".join(body)}</table></div>')


def _chain(d: dict[str, Any]) -> str:
    """The verification `affidavit verify` runs: its verdict, and every check run or skipped."""
    c = d["chain"]
    skipped = len(c["checks_skipped"])
    if c["ok"]:
        said = "Every check that ran passed" + (f" ({skipped} could not run: see below)"
                                                if skipped else "")
        status = f'<div id="chain-status" class="status ok" data-ok="true">{escape(said)}</div>'
    else:
        where = (f' at seq {fig("chain.first_bad_seq", c["first_bad_seq"])}'
                 if c["first_bad_seq"] is not None else "")
        status = (f'<div id="chain-status" class="status fail" data-ok="false">Verification FAILED'
                  f'{where}: expected {escape(shown(c["expected"]))}, found '
                  f'{escape(shown(c["found"]))}</div>')
    pairs = _pairs("chain", c, ["ok", "events", "head_hash", "head_seal", "verified_at",
                                "first_bad_seq"], hashes=["head_hash"])
    checks = _table("chain.checks", c["checks"], ["name", "status", "detail"], "No checks ran.")
    return (f'<section id="chain"><h2>Verification</h2>{status}{pairs}'
            f"<h3>Checks (passed, failed, or skipped and why)</h3>{checks}{_checkpoint(d)}</section>")


def _checkpoint(d: dict[str, Any]) -> str:
    cp = d.get("checkpoint")
    if cp is None and not d["opened"]:
        return ('<h3>Newest signed checkpoint</h3><p class="muted" id="no-checkpoint">'
                "Not checked: the store did not open.</p>")
    if cp is None:
        return ('<h3>Newest signed checkpoint</h3><p class="muted" id="no-checkpoint">'
                "No signed checkpoint in this ledger (<code>affidavit checkpoint</code>).</p>")
    good = cp["valid"] and cp["head_consistent"]
    verdict = ("The current head extends the checkpoint (consistency proof verified)." if good else
               "The checkpoint or the consistency proof from it to the head does NOT verify.")
    klass = "ok" if good else "fail"
    pairs = _pairs("checkpoint", cp, ["seq", "tree_size", "tree_root", "valid",
                                      "signer_is_published_key", "head_size", "head_consistent",
                                      "proof_hashes", "problems"], hashes=["tree_root"])
    return (f'<h3>Newest signed checkpoint</h3><div id="checkpoint-status" class="status {klass}">'
            f"{escape(verdict)}</div>{pairs}")


def _claims(d: dict[str, Any]) -> str:
    counts = d["claims_now"]
    cells = "".join(f"<tr><th>{escape(s)}</th><td>{fig(f'claims_now.{s}', n)}</td></tr>"
                    for s, n in counts.items())
    chart = render_state_chart([StatePoint(p["seq"], p["counts"]) for p in d["series"]])
    return (f'<section id="claims"><h2>Claims by state</h2>{chart}'
            f'<table id="claims-now"><tr><th>state</th><th>now</th></tr>{cells}'
            f'<tr><th>total</th><td>{fig("claims_total", d["claims_total"])}</td></tr></table>'
            "</section>")


def _erasures(d: dict[str, Any]) -> str:
    cols = ["seq", "recorded_at", "fingerprint", "entities", "claims", "keys_destroyed",
            "parts_redacted", "certificate_seq", "certificate_id", "signature",
            "signer_is_published_key", "probes", "probes_abstained", "probe_results"]
    table = _table("erasures", d["erasures"], cols, "No erasures in this window.",
                   hashes=["fingerprint", "certificate_id"])
    return (f'<section id="erasures"><h2>Erasures</h2><p class="muted">Subjects by keyed '
            f"fingerprint only. Certificates checked against the store's published signing.pub."
            f"</p>{table}</section>")


def _reviews(d: dict[str, Any]) -> str:
    cols = ["seq", "recorded_at", "claim_id", "decision", "reviewer", "approval_kind", "reviewed_hash"]
    table = _table("reviews", d["reviews"], cols, "No review decisions in this window.",
                   hashes=["reviewed_hash"])
    return f'<section id="reviews"><h2>Reviews and decisions</h2>{table}</section>'


def _reads(d: dict[str, Any]) -> str:
    if not d["read_audit"]:
        body = ('<p class="muted" id="read-audit-off">Read audit is off for this scope: no '
                "CLAIMS_RECALLED events (set AFFIDAVIT_AUDIT_READS=1 for the serving process).</p>")
    else:
        agents = _table("reads_by_agent", d["reads_by_agent"],
                        ["agent", "reads", "claims_served", "last_seq"], "")
        reads = _table("reads", d["reads"], ["seq", "recorded_at", "agent", "status", "claim_ids"], "")
        body = (f'<p>{fig("reads_total", d["reads_total"])} audited reads.</p>{agents}'
                f"<h3>Newest reads</h3>{reads}")
    return f'<section id="reads"><h2>Reads by agent</h2>{body}</section>'


def _reresolve(d: dict[str, Any]) -> str:
    r = d.get("reresolve")
    if r is None:
        return ('<section id="reresolve"><h2>Re-resolved with today\'s gate</h2>'
                '<p class="muted" id="reresolve-skipped">Not run for this report '
                "(<code>--no-reresolve</code>).</p></section>")
    pairs = _pairs("reresolve", r, ["resolver_now", "decisions", "same", "different"])
    skipped = "".join(f"<tr><th>{escape(k)}</th><td>{fig(f'reresolve.not_redecidable.{k}', v)}</td></tr>"
                      for k, v in sorted(r["not_redecidable"].items()))
    cols = ["seq", "claim_id", "resolver_then", "verdict_then", "resolver_now", "verdict_now",
            "reason_now"] + (["detail_now"] if d["content_included"] else [])
    table = _table("reresolve.differences", r["differences"], cols,
                   "Today's resolver decides every re-decidable write the same way.")
    return (f'<section id="reresolve"><h2>Re-resolved with today\'s gate</h2>{pairs}'
            f'<table id="not-redecidable"><tr><th>not re-decidable</th><th>n</th></tr>{skipped}'
            f"</table>{table}</section>")


def _content(d: dict[str, Any]) -> str:
    if not d["content_included"]:
        return ('<section id="content"><h2>Content</h2><p class="muted" id="content-omitted">'
                "Personal content omitted: ids and fingerprints only "
                "(<code>--include-content</code> with the keyring shows claim texts).</p></section>")
    table = _table("content", d["content"], ["claim_id", "state", "text"], "No claims.")
    return f'<section id="content"><h2>Content (personal data)</h2>{table}</section>'


def _findings(d: dict[str, Any]) -> str:
    if not d["findings"]:
        return '<div id="findings" class="status ok" data-count="0">No integrity findings.</div>'
    items = "".join(f"<li>{escape(f)}</li>" for f in d["findings"])
    return (f'<div id="findings" class="status fail" data-count="{len(d["findings"])}">'
            f"Integrity findings:<ul>{items}</ul></div>")


_SECTIONS: tuple[Callable[[dict[str, Any]], str], ...] = (
    _claims, _erasures, _reviews, _reads, _reresolve, _content)


def render_html(report: AuditReport) -> str:
    """The whole page for one report."""
    d: dict[str, Any] = msgspec.to_builtins(report)
    if d["opened"]:
        body = "".join(section(d) for section in _SECTIONS)
    else:
        body = (f'<section id="not-opened"><h2>Store not opened</h2><p class="status fail">'
                f'{escape(shown(d["not_opened"]))}</p><p>Only the verification above is '
                "reported; salvage the verified prefix with <code>affidavit salvage</code>.</p></section>")
    header = _pairs("", d, ["store_id", "scope", "since", "since_seq", "generated_at", "keyring_held"])
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="data:,">'
        f"<title>affidavit audit report</title><style>{_CSS}</style></head><body>"
        f"<h1>Audit report</h1>{header}{_findings(d)}{_chain(d)}{body}"
        f'<footer id="footer">Regenerate with: <code id="regenerate">{escape(d["command"])}</code><br>'
        f'Resolver: {fig("resolver", d["resolver"])} · format {fig("format", d["format"])}</footer>'
        "</body></html>\n"
    )
