"""Progress of long work on a terminal: events done, rate, ETA — on stderr, never stdout.

A small module of our own rather than a dependency: the runtime dependencies stay
four (plus the pinned lemmatiser), and what is needed is one redrawn line. A
``Progress`` draws only when its stream is a TTY and the caller did not ask for
quiet; otherwise ``progress_for`` returns ``None`` and the work runs without a hook,
so redirected output and pipelines see nothing of it. Elapsed time is read from a
monotonic counter (a duration for display, not wall time; see ``affidavit.clock``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

# A callback the long-running functions accept: called with the events done so far and,
# when the function knows it, the total it will reach.
ProgressHook = Callable[[int, "int | None"], None]

REDRAW_SECONDS = 0.1


def _duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def render_line(label: str, done: int, total: int | None, elapsed: float) -> str:
    """The status line for ``done`` of ``total`` events after ``elapsed`` seconds (pure)."""
    rate = done / elapsed if elapsed > 0 else 0.0
    if total:
        shown = min(done, total)
        percent = 100.0 * shown / total
        line = f"{label}: {shown:,}/{total:,} events ({percent:5.1f}%)"
    else:
        line = f"{label}: {done:,} events"
    line += f"  {rate:,.0f}/s"
    if total and rate > 0:
        line += f"  ETA {_duration(max(0, total - done) / rate)}"
    return line


class Progress:
    """One redrawn status line for one phase of work; call it with the count done."""

    def __init__(self, label: str, total: int | None, stream: TextIO,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.label = label
        self.total = total
        self._stream = stream
        self._now = now
        self._start = now()
        self._next_draw = self._start
        self._done = 0
        self._width = 0

    def __call__(self, done: int, total: int | None = None) -> None:
        self._done = done
        if total is not None:
            self.total = total
        at = self._now()
        if at >= self._next_draw:
            self._next_draw = at + REDRAW_SECONDS
            self._draw(at)

    def _draw(self, at: float) -> None:
        line = render_line(self.label, self._done, self.total, at - self._start)
        pad = " " * max(0, self._width - len(line))
        self._width = len(line)
        self._stream.write("\r" + line + pad)
        self._stream.flush()

    def finish(self) -> None:
        """Draw the final count and end the line."""
        self._draw(self._now())
        self._stream.write("\n")
        self._stream.flush()


def wants_progress(stream: TextIO, quiet: bool) -> bool:
    """Progress is drawn only on a terminal, and never when asked for quiet."""
    if quiet:
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


class Phases:
    """Progress for work in several passes (verify, replay, ...), one line per pass."""

    def __init__(self, *, quiet: bool, stream: TextIO | None = None) -> None:
        self._stream = stream if stream is not None else sys.stderr
        self.enabled = wants_progress(self._stream, quiet)
        self._current: Progress | None = None

    def start(self, label: str, total: int | None = None) -> ProgressHook | None:
        """A hook for the next pass, or None when progress is not drawn (no cost then)."""
        self.end()
        if not self.enabled:
            return None
        self._current = Progress(label, total, self._stream)
        return self._current

    def end(self) -> None:
        if self._current is not None:
            self._current.finish()
            self._current = None


def progress_for(label: str, total: int | None = None, *, quiet: bool,
                 stream: TextIO | None = None) -> Progress | None:
    """A ``Progress`` on stderr (or ``stream``) when it should be drawn, else None."""
    out = stream if stream is not None else sys.stderr
    return Progress(label, total, out) if wants_progress(out, quiet) else None
