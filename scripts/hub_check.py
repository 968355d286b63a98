"""A class on JupyterHub, checked on this machine: `make hub-check` (docs/classroom.md; not part of `make test`).

Starts a local JupyterHub as docs/classroom.md sets one up for a school, scaled down to one machine: the
DummyAuthenticator (any name logs in: a stand-in for the school's logins), SimpleLocalProcessSpawner (each user's
server a local process, its home a folder of its own holding the kit's apps/, as /etc/skel gives each new user on
The Littlest JupyterHub), the npm configurable-http-proxy, the kit's server settings (config/) and the table app as
the landing page. Then, in headless Chromium, a teacher logs in, gets the teacher's table (``&teacher=1``), plays a
card and reads the link its Copy link gives (``/hub/user-redirect/voila/render/apps/table.ipynb?deal=…``); three
students open that one link, log in, and each gets the position on a server of their own; a card one student plays
changes no other's table. Exit status 1, with the hub's log, when anything fails.

    python scripts/hub_check.py            # needs `pip install -e ".[hub]"` and npm (make hub-check does both)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
PROXY_DIR = ROOT / ".venv" / "hub"
PROXY = PROXY_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
CHROMIUM = os.environ.get("KEINSTICH_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
HAND = ".ks-table > .ks-hand button.ks-card"
APP = "voila/render/apps/table.ipynb"
STUDENTS = ("anna", "ben", "clara")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def install_proxy() -> Path:
    """The npm configurable-http-proxy, installed into .venv/hub once (the registry's package, pinned to 5)."""
    if not PROXY.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("hub-check: npm is missing (apt-get install npm): JupyterHub's proxy comes from npm")
        PROXY_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "install", "--silent", "--no-audit", "--no-fund", "configurable-http-proxy@5"],
                       cwd=PROXY_DIR, check=True)
    return PROXY


def hub_config(work: Path, port: int) -> Path:
    """jupyterhub_config.py for the check: the settings docs/classroom.md gives, with local stand-ins."""
    homes = work / "home"
    for name in ("teacher", *STUDENTS):  # what /etc/skel (or nbgitpuller) gives each new user
        shutil.copytree(ROOT / "apps", homes / name / "apps")
    singleuser = Path(sys.executable).with_name("jupyterhub-singleuser")
    config = work / "jupyterhub_config.py"
    config.write_text(f'''# written by scripts/hub_check.py
c = get_config()  # noqa: F821
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
c.JupyterHub.db_url = "sqlite:///{work / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(work / 'cookie_secret')!r}
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(homes / '{username}')!r}
c.Spawner.cmd = [{str(singleuser)!r}]
c.Spawner.args = {["--allow-root"] if os.getuid() == 0 else []!r}
# the students land on the table; the kit's server settings (kernel culling, Voila's IOPub timeout)
c.Spawner.default_url = "/{APP}"
c.Spawner.environment = {{"JUPYTER_CONFIG_PATH": {str(ROOT / 'config')!r}, "JUPYTER_PLATFORM_DIRS": "1"}}
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
''')
    return config


async def log_in(page: object, name: str) -> None:
    """The hub's login form, as a student fills it in (the DummyAuthenticator takes any password)."""
    await page.fill("input[name=username]", name)  # type: ignore[attr-defined]
    await page.fill("input[name=password]", "class")  # type: ignore[attr-defined]
    await page.click("input[type=submit], button[type=submit]")  # type: ignore[attr-defined]


async def code_shown(page: object) -> str:
    text: str = await page.locator(".ks-deal-code .ks-code-text").first.inner_text()  # type: ignore[attr-defined]
    return text.strip()


async def check(base: str, hub_pid: int) -> list[str]:
    from playwright.async_api import async_playwright

    from keinstich_widgets.table import Table

    problems: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            teacher = await (await browser.new_context(viewport={"width": 1400, "height": 1000})).new_page()
            t0 = time.perf_counter()
            await teacher.goto(f"{base}/hub/user-redirect/{APP}?teacher=1", timeout=180_000)
            await log_in(teacher, "teacher")
            await teacher.wait_for_selector(HAND, timeout=300_000, state="visible")
            print(f"hub-check: the teacher's table after {time.perf_counter() - t0:.1f} s at {teacher.url}")
            if await teacher.locator(".ks-teacher").count() != 1:
                problems.append("the teacher's table has no teacher's row")
            cards = await teacher.locator(HAND).count()
            await teacher.locator(f"{HAND}:not([disabled])").first.click()
            await teacher.wait_for_function(f"(n) => document.querySelectorAll({HAND!r}).length < n", arg=cards,
                                            timeout=60_000)
            await teacher.wait_for_timeout(500)
            link = await teacher.locator("a.ks-code-link").first.evaluate("a => a.href")
            handed = await code_shown(teacher)
            print(f"hub-check: the link Copy link gives: {link}")
            if "/hub/user-redirect/voila/render/apps/table.ipynb?deal=" not in link:
                problems.append(f"the teacher's link is not a user-redirect link to the app: {link}")
            expected = Table.from_code(handed, synchronous=True, review=False).codes.deal_code.text

            async def student(name: str) -> tuple[str, object]:
                page = await (await browser.new_context(viewport={"width": 1280, "height": 720})).new_page()
                t = time.perf_counter()
                await page.goto(link, timeout=180_000)
                await log_in(page, name)
                await page.wait_for_selector(HAND, timeout=300_000, state="visible")
                await page.wait_for_function("(c) => (document.querySelector('.ks-deal-code .ks-code-text') || "
                                             "{textContent: ''}).textContent.includes(c)", arg=expected,
                                             timeout=60_000)
                print(f"hub-check: {name}'s table after {time.perf_counter() - t:.1f} s at {page.url}")
                return name, page

            pages = dict(await asyncio.gather(*(student(name) for name in STUDENTS)))
            for name, page in pages.items():
                if f"/user/{name}/voila/render/apps/table.ipynb" not in page.url:  # type: ignore[attr-defined]
                    problems.append(f"{name} is not on a server of their own: {page.url}")  # type: ignore[attr-defined]
                if await page.locator(".ks-teacher").count():  # type: ignore[attr-defined]
                    problems.append(f"{name}'s table shows the teacher's row")
                if await code_shown(page) != expected:
                    problems.append(f"{name}'s table is not the position handed out: {await code_shown(page)}")
            anna = pages["anna"]
            cards = await anna.locator(HAND).count()  # type: ignore[attr-defined]
            await anna.locator(f"{HAND}:not([disabled])").first.click()  # type: ignore[attr-defined]
            await anna.wait_for_function(f"(n) => document.querySelectorAll({HAND!r}).length < n", arg=cards,
                                         timeout=60_000)  # type: ignore[attr-defined]
            await asyncio.sleep(1)
            if await code_shown(anna) == expected:
                problems.append("anna's card did not change her table")
            for name in ("ben", "clara"):
                if await code_shown(pages[name]) != expected:
                    problems.append(f"anna's card changed {name}'s table: {await code_shown(pages[name])}")
            servers = [p for p in psutil.Process(hub_pid).children(recursive=True)
                       if any("jupyterhub-singleuser" in part for part in _cmdline(p))]
            print(f"hub-check: {len(servers)} single-user servers running (the teacher's and three students')")
            if len(servers) != 1 + len(STUDENTS):
                problems.append(f"{len(servers)} single-user servers, not {1 + len(STUDENTS)}")
        finally:
            await browser.close()
    return problems


def _cmdline(p: psutil.Process) -> list[str]:
    try:
        return p.cmdline()
    except psutil.Error:
        return []


def wait_for_hub(base: str, process: subprocess.Popen[bytes], log: Path, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"JupyterHub exited with code {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{base}/hub/health", timeout=5) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"JupyterHub did not answer within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="keep the work folder (the hub's log, the homes)")
    args = parser.parse_args(argv)
    install_proxy()
    work = Path(tempfile.mkdtemp(prefix="keinstich-hub-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    config = hub_config(work, port)
    log = work / "jupyterhub.log"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    with log.open("wb") as out:
        hub = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=work, env=env,
                               stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    ok = False
    try:
        wait_for_hub(base, hub, log)
        print(f"hub-check: JupyterHub at {base} (work folder {work})")
        problems = asyncio.run(check(base, hub.pid))
        for p in problems:
            print(f"hub-check: FAILED: {p}")
        ok = not problems
        print("hub-check: ok: three students, one link, a table each on a server of their own" if ok else
              f"hub-check: the hub's log:\n{log.read_text()[-4000:]}")
    finally:
        os.killpg(hub.pid, signal.SIGTERM)  # the hub stops the users' servers and the proxy it started
        try:
            hub.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, signal.SIGKILL)
        if ok and not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"hub-check: work folder kept: {work}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
