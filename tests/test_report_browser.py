"""The audit page in a real headless browser (Debian's chromium driven by Playwright).

No console errors, no network requests, the figures read from the DOM equal the
--json figures, a script in a claim text does not run, and a tampered store shows a
red verification failure naming the seq. Screenshots land in the test's tmp folder.
Under CI=true a missing chromium or Playwright fails the test; locally it skips.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from report_store import (
    REQUIRED_FIGURES,
    SCRIPT,
    Built,
    build,
    cli,
    copy_built,
    resolve,
    shown,
    tamper,
)

CHROMIUM = os.environ.get("AFFIDAVIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def _unavailable(why: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI must run the browser test: {why} (see .ci/run)")
    pytest.skip(why)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[dev]')")
    if not Path(CHROMIUM).is_file():
        _unavailable(f"no chromium at {CHROMIUM} (apt-get install -y chromium)")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


class Opened:
    def __init__(self, browser: Any, path: Path) -> None:
        self.page = browser.new_page(viewport={"width": 1280, "height": 900})
        self.console: list[tuple[str, str]] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.console.append((m.type, m.text)))
        self.page.on("pageerror", lambda e: self.console.append(("error", str(e))))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.url = path.resolve().as_uri()
        self.page.goto(self.url)
        self.page.wait_for_load_state("load")

    def figures(self) -> dict[str, tuple[object, str]]:
        found = self.page.eval_on_selector_all(
            "[data-figure]",
            "els => els.map(e => [e.dataset.figure, e.dataset.value, e.textContent])")
        return {path: (json.loads(value), text) for path, value, text in found}


def _report(b: Built, out: Path, *extra: str) -> tuple[int, dict[str, Any]]:
    done = cli("report", str(b.store), "--keyring-dir", str(b.keys), "--html", str(out), "--json",
               "--quiet", *extra)
    assert done.returncode in (0, 1), done.stderr
    return done.returncode, json.loads(done.stdout)


@pytest.fixture(scope="module")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> Built:
    base = tmp_path_factory.mktemp("built")
    return build(base / "store", base / "keyring")


@pytest.fixture
def built(built_once: Built, tmp_path: Path) -> Built:
    return copy_built(built_once, tmp_path / "copy")


def test_the_page_shows_the_json_figures_offline_and_runs_no_script(
        browser: Any, built: Built, tmp_path: Path) -> None:
    """DOM figures == --json; no console errors; the only request is the file itself."""
    out = tmp_path / "report.html"
    _, data = _report(built, out, "--include-content")
    opened = Opened(browser, out)
    opened.page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
    assert [m for m in opened.console if m[0] in ("error", "warning")] == []
    assert opened.requests == [opened.url]
    figures = opened.figures()
    assert [p for p in REQUIRED_FIGURES if p not in figures] == []
    for path, (value, text) in figures.items():
        assert value == resolve(data, path), path
        assert text == shown(value), path
    assert opened.page.evaluate("typeof window.__pwned") == "undefined"
    assert opened.page.locator("script").count() == 0
    assert SCRIPT in opened.page.inner_text("#content")  # shown as text, not run
    points = opened.page.get_attribute("#state-chart", "data-points")
    assert points == str(len(data["series"]))
    status = opened.page.locator("#chain-status")
    assert status.get_attribute("data-ok") == "true"
    opened.page.close()


def test_a_tampered_store_renders_a_red_failure_naming_the_seq(
        browser: Any, built: Built, tmp_path: Path) -> None:
    """Flip a byte of seq 9's body: the banner is red and names seq 9, as --json does."""
    tamper(built.store, 9)
    out = tmp_path / "tampered.html"
    code, data = _report(built, out)
    assert code == 1 and data["chain"]["first_bad_seq"] == 9
    opened = Opened(browser, out)
    opened.page.screenshot(path=str(tmp_path / "tampered.png"), full_page=True)
    assert [m for m in opened.console if m[0] == "error"] == []
    status = opened.page.locator("#chain-status")
    assert status.get_attribute("data-ok") == "false"
    assert "FAILED at seq 9" in status.inner_text()
    colour = status.evaluate("e => getComputedStyle(e).color")
    border = status.evaluate("e => getComputedStyle(e).borderTopColor")
    assert colour == border == "rgb(176, 0, 32)"
    assert opened.figures()["chain.first_bad_seq"] == (9, "9")
    assert opened.requests == [opened.url]
    opened.page.close()
