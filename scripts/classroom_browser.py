"""The load test's real browsers (`scripts/classroom_load.py`): headless Chromium (Debian's, as the browser tests use)
through Playwright. One visit records the static files a student's first visit loads; then the first student of
each wave is a Chromium page of its own, timed until its hand is drawn, playing the deal as the others do and
closing the page as a browser does (with Voila's shutdown beacon, or without it)."""

from __future__ import annotations

import asyncio
import os
import random
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
HAND = ".ks-table > .ks-hand button.ks-card"
PLAYABLE = f"{HAND}:not([disabled]):not([aria-disabled='true']):not(.ks-off)"
"""A card the student may play: the page keeps the others focusable, marked aria-disabled (widgets/_access.py)."""
NICE = 10
"""The browsers' priority below the server's. A student's browser runs on the student's laptop; here it shares the
server's two cores, and a page starting up (JupyterLab's scripts parsed, the widgets drawn) takes two to three
seconds of a core, at the moment the rest of its wave arrives. At nice 10 the server and its kernels come first, as
if the browsers ran elsewhere; a browser page's own times are then the slowest it could see (it waits for the
server's work too), and the report gives them apart."""
_browser: Any = None
_playwright: Any = None


def _niced_chromium() -> str:
    """A launcher that starts Chromium (and so every process it starts) at :data:`NICE`."""
    if NICE == 0:
        return CHROMIUM
    launcher = Path(tempfile.mkdtemp(prefix="keinstich-chromium-")) / "chromium"
    launcher.write_text(f'#!/bin/sh\nexec nice -n {NICE} {CHROMIUM} "$@"\n')
    launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR)
    return str(launcher)


async def _chromium() -> Any:
    global _browser, _playwright
    if _browser is None:
        from playwright.async_api import async_playwright

        _playwright = await async_playwright().start()
        executable = _niced_chromium() if os.name == "posix" else CHROMIUM
        _browser = await _playwright.chromium.launch(executable_path=executable, args=FLAGS, headless=True)
    return _browser


async def record_first_visit(room: Any) -> list[str]:
    """The same-origin static files a fresh browser loads for the deal link's page (not the page itself, not its
    kernel's API): what each websocket student fetches too."""
    browser = await _chromium()
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    page = await context.new_page()
    seen: list[str] = []

    def request(req: Any) -> None:
        url = req.url
        if url.startswith(room.base) and "/api/" not in url and "?deal=" not in url and url not in seen:
            seen.append(url)

    page.on("request", request)
    await page.goto(f"{room.base}/?deal={room.code}", timeout=180_000)
    await page.wait_for_selector(HAND, timeout=180_000)
    await page.close(run_before_unload=True)
    await context.close()
    return seen


async def browser_student(room: Any, n: int, wave: int, delay: float, beacon: bool, result_type: Any) -> Any:
    """A student in a Chromium page of their own (a fresh profile: nothing cached)."""
    await asyncio.sleep(delay)
    result = result_type(n, wave, browser=True)
    rng = random.Random(n)
    browser = await _chromium()
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        t0 = time.perf_counter()
        await page.goto(f"{room.base}/?deal={room.code}", timeout=180_000)
        await page.wait_for_selector(HAND, timeout=180_000, state="visible")
        await page.wait_for_function("(code) => { const n = document.querySelector('.ks-deal-code');"
                                     " return n && n.textContent.includes(code); }", arg=room.shown, timeout=60_000)
        result.first_table = time.perf_counter() - t0
        room.report.arrived(room.pid)
        config = await page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent)")
        result.kernel = config.get("kernelId", "")
        result.kernel_mib = room.report.kernel_mib(room.pid, result.kernel) if result.kernel else None
        if await page.locator(".ks-teacher").count():
            raise RuntimeError("the student's link shows the teacher's row")
        deadline = time.monotonic() + 600
        while not await page.evaluate("() => (document.querySelector('.ks-table > .ks-status') || {textContent: ''})"
                                      ".textContent.includes('The deal is over')"):
            if time.monotonic() > deadline:
                raise RuntimeError("the deal did not end within 600 s")
            enabled = page.locator(PLAYABLE)
            count = await enabled.count()
            if not count:
                await page.wait_for_timeout(200)
                continue
            await asyncio.sleep(room.args.think * rng.uniform(0.5, 1.5))
            before = await page.locator(HAND).count()
            t = time.perf_counter()
            await enabled.nth(rng.randrange(count)).click()
            await page.wait_for_function(f"(n) => document.querySelectorAll('{HAND}').length < n", arg=before,
                                         timeout=120_000)
            result.clicks.append(time.perf_counter() - t)
        result.finished = True
        await asyncio.sleep(room.args.think)
        result.kernel_end_mib = room.report.kernel_mib(room.pid, result.kernel) if result.kernel else None
        if errors:
            raise RuntimeError(f"JavaScript errors in the page: {errors[:3]}")
    except Exception as error:
        result.failure = f"{type(error).__name__}: {error}"[:300]
    finally:
        await page.close(run_before_unload=beacon)
        await context.close()
        result.closed_at = time.monotonic()
    return result


async def close_browser() -> None:
    global _browser, _playwright
    if _browser is not None:
        await _browser.close()
        await _playwright.stop()
    _browser = _playwright = None
