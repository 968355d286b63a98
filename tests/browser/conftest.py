"""Fixtures for the browser tests: JupyterLab, Notebook 7 and Voila servers on free ports, headless Debian Chromium.

Every test under tests/browser gets the `browser` marker. The servers serve a scratch copy of lessons/, apps/ and
tests/browser/notebooks/ (as browser/), with outputs stripped, so a run in the browser can neither rewrite the
repository's notebooks nor pass by showing the outputs committed with them.

A missing Chromium or Playwright is an error, never a skip: a skipped browser test would report as checked what
was not. `make unit` leaves this folder out (`--ignore=tests/browser`); `make browser` runs it.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _kit import (
    CHROMIUM,
    CHROMIUM_FLAGS,
    MISSING_CHROMIUM,
    VIEWPORT,
    VOILA_APP,
    Screenshots,
    Server,
    make_site,
    start_lab,
    start_notebook,
    start_voila,
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: runs JupyterLab/Voila in headless Chromium (make browser)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Remember each phase's report on the item, so the page fixture can save a screenshot of a failure."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def _strip_outputs(folder: Path) -> None:
    """Remove outputs, execution counts and widget state: whatever the browser then shows, this run produced."""
    for path in folder.rglob("*.ipynb"):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook.get("cells", []):
            if cell.get("cell_type") == "code":
                cell["outputs"] = []
                cell["execution_count"] = None
        notebook.get("metadata", {}).pop("widgets", None)
        path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")


@pytest.fixture(scope="session")
def browser_home(request: pytest.FixtureRequest) -> Iterator[Path]:
    """The run's scratch folder (servers' logs, the site, the profile, screenshots of failures).

    Its own temp folder rather than pytest's tmp_path, whose old runs other pytest processes on the machine
    may prune while the servers still use it. Removed after a clean run, kept (and named) after a failure.
    """
    home = Path(tempfile.mkdtemp(prefix="keinstich-browser-"))
    yield home
    if request.session.testsfailed:
        print(f"\nbrowser test files kept in {home}")
    else:
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="session")
def site(browser_home: Path) -> Path:
    folder = make_site(browser_home)
    _strip_outputs(folder)
    return folder


@pytest.fixture(scope="session")
def lab(site: Path, browser_home: Path) -> Iterator[Server]:
    server = start_lab(site, browser_home, token=secrets.token_hex(16))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def notebook7(site: Path, browser_home: Path) -> Iterator[Server]:
    """Notebook 7 on the same site. Its package comes with the `lab` extra; missing, it is an error, not a skip."""
    try:
        import notebook
    except ImportError:
        pytest.fail("Notebook 7 (the `notebook` package) is missing: install the project's `lab` extra (make does it).",
                    pytrace=False)
    if int(notebook.__version__.split(".")[0]) < 7:
        pytest.fail(f"notebook {notebook.__version__} is installed; the test is for Notebook 7", pytrace=False)
    server = start_notebook(site, browser_home, token=secrets.token_hex(16))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def voila(site: Path, browser_home: Path) -> Iterator[Server]:
    if not (site / VOILA_APP).is_file():
        pytest.fail(f"{VOILA_APP} is missing: the Voila test serves the teacher's table app from there")
    server = start_voila(site, browser_home, VOILA_APP)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def shots(browser_home: Path) -> Screenshots:
    return Screenshots(browser_home / "screenshots")


@pytest.fixture(scope="session")
def chromium(browser_home: Path) -> Iterator[Any]:
    """A persistent Chromium context (fresh --user-data-dir) driven by Python Playwright."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(MISSING_CHROMIUM, pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Python Playwright is missing: install the project's `browser` extra (make does it).",
                    pytrace=False)
    profile = browser_home / "chromium-profile"
    shutil.rmtree(profile, ignore_errors=True)
    with sync_playwright() as playwright:
        # Playwright refuses --user-data-dir in args; a persistent context is how it takes a fresh profile folder.
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=list(CHROMIUM_FLAGS),
            viewport=VIEWPORT, device_scale_factor=1, locale="en-GB", timezone_id="Europe/Vienna",
        )
        context.set_default_timeout(30_000)
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def page(chromium: Any, request: pytest.FixtureRequest, browser_home: Path) -> Iterator[Any]:
    """A fresh tab; JavaScript errors are collected in `page.js_errors`; a failure leaves a screenshot."""
    tab = chromium.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.js_errors = errors
    try:
        yield tab
    finally:
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            shot = browser_home / "failures" / f"{request.node.name}.png".replace("/", "_")
            shot.parent.mkdir(exist_ok=True)
            try:
                tab.screenshot(path=str(shot), full_page=True)
                print(f"\nscreenshot of the failure: {shot}")
            except Exception as error:  # a crashed page must not hide the test's own failure
                print(f"\nno screenshot of the failure: {error}")
        tab.close()
