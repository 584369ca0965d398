"""Claims by state over transaction time as an inline SVG line chart (pure, no script)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from affidavit.forensics.report_model import StatePoint

STATE_COLOURS = {
    "active": "#1b7f3b",
    "disputed": "#c77700",
    "superseded": "#6b6b6b",
    "quarantined": "#7b3fb5",
    "frozen": "#1f5fa8",
}
WIDTH, HEIGHT = 720, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 120, 12, 32


def _scale(value: float, lo: float, hi: float, out_lo: float, out_hi: float) -> float:
    if hi == lo:
        return (out_lo + out_hi) / 2
    return out_lo + (value - lo) * (out_hi - out_lo) / (hi - lo)


def render_state_chart(series: Sequence[StatePoint]) -> str:
    """An ``<svg>`` with one polyline per state; x is seq, y the number of claims."""
    if not series:
        return '<p class="muted" id="chart-empty">No events in this window.</p>'
    first, last = series[0].seq, series[-1].seq
    top = max(1, max(max(p.counts.values(), default=0) for p in series))
    x0, x1 = LEFT, WIDTH - RIGHT
    y0, y1 = HEIGHT - BOTTOM, TOP
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="state-chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" data-points="{len(series)}" '
        f'aria-labelledby="state-chart-title">',
        f'<title id="state-chart-title">Claims by state, seq {first} to {last}</title>',
        f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}" class="axis"/>',
        f'<line x1="{x0}" y1="{y0}" x2="{x0}" y2="{y1}" class="axis"/>',
        f'<text x="{x0 - 6}" y="{y1 + 4}" text-anchor="end" class="tick">{top}</text>',
        f'<text x="{x0 - 6}" y="{y0}" text-anchor="end" class="tick">0</text>',
        f'<text x="{x0}" y="{y0 + 16}" class="tick">seq {first}</text>',
        f'<text x="{x1}" y="{y0 + 16}" text-anchor="end" class="tick">seq {last}</text>',
    ]
    for row, (state, colour) in enumerate(STATE_COLOURS.items()):
        points = " ".join(
            f"{_scale(p.seq, first, last, x0, x1):.1f},"
            f"{_scale(p.counts.get(state, 0), 0, top, y0, y1):.1f}" for p in series)
        final = series[-1].counts.get(state, 0)
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}" '
                     f'data-state="{escape(state)}" data-last="{final}"/>')
        y = TOP + 14 + row * 18
        parts.append(f'<rect x="{x1 + 12}" y="{y - 9}" width="10" height="10" fill="{colour}"/>')
        parts.append(f'<text x="{x1 + 28}" y="{y}" class="legend">{escape(state)} ({final})</text>')
    parts.append("</svg>")
    return "\n".join(parts)
