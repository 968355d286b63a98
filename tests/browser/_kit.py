"""Servers and page helpers for the browser tests (JupyterLab and Voila in headless Debian Chromium).

Kept apart from conftest.py so the tests can import the helpers by name. Nothing here is collected as a test.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
SCREENSHOTS = ROOT / "docs" / "screenshots"
# The teacher's app the Voila test serves with `voila APP` (another notebook of the site can stand in for it).
VOILA_APP = os.environ.get("KEINSTICH_VOILA_APP", "apps/table.ipynb")
CHROMIUM = os.environ.get("KEINSTICH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # containers often give /dev/shm only 64 MB, too little for a JupyterLab page
)
VIEWPORT = {"width": 1280, "height": 800}
SERVER_START_TIMEOUT = float(os.environ.get("KEINSTICH_SERVER_TIMEOUT", "90"))
MISSING_CHROMIUM = (
    f"Chromium not found at {CHROMIUM}: the browser tests need Debian's chromium. "
    "Install it with `apt-get update && apt-get install -y --no-install-recommends chromium` "
    "(.ci/run does this on CI), or point KEINSTICH_CHROMIUM at a Chromium binary."
)

# Text that ipywidgets shows instead of a view when the widget manager or the model is missing.
WIDGET_FAILURE_TEXTS = ("Loading widget...", "Error displaying widget", "model not found", "Failed to load model")


def want_screenshots() -> bool:
    """Screenshots for docs/ are written only on request (`make screenshots` sets KEINSTICH_SCREENSHOTS=1)."""
    return os.environ.get("KEINSTICH_SCREENSHOTS", "") not in ("", "0", "false", "no")


def free_port() -> int:
    """A TCP port that was free a moment ago (the server is started with port_retries=0, so a race fails loudly)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def make_site(dest: Path) -> Path:
    """Copy what the servers serve into a scratch folder, so running cells never rewrites the repository's notebooks.

    Layout: lessons/, apps/ (when present) and browser/ (the test notebooks), as on Binder (same relative paths).
    """
    site = dest / "site"
    site.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    for name in ("lessons", "apps"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, site / name, ignore=ignore)
    if NOTEBOOKS.is_dir():
        shutil.copytree(NOTEBOOKS, site / "browser", ignore=ignore)
    return site


def jupyter_env(home: Path) -> dict[str, str]:
    """Environment for the servers: private Jupyter config/data/runtime dirs and no news or update checks."""
    config = home / "jupyter-config"
    settings = config / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    # No "would you like to receive news?" toast over the notebook, no network fetches.
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # Every cell in the DOM (no virtual scrolling), so the checks below see the whole notebook.
    tracker = config / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_PATH=str(ROOT / "config"),  # the kit's server settings, as `make lab` and `make table` use them
        JUPYTER_CONFIG_DIR=str(config),
        JUPYTER_DATA_DIR=str(home / "jupyter-data"),
        JUPYTER_RUNTIME_DIR=str(home / "jupyter-runtime"),
        IPYTHONDIR=str(home / "ipython"),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONUNBUFFERED="1",
    )
    env.pop("JUPYTER_TOKEN", None)
    return env


@dataclass
class Server:
    """A running Jupyter (Lab or Voila) server process with its base URL, token and log file."""

    name: str
    url: str
    token: str
    process: subprocess.Popen[bytes]
    log: Path
    site: Path

    def address(self, path: str) -> str:
        """Full URL of `path` on this server, with the token when there is one."""
        sep = "&" if "?" in path else "?"
        return f"{self.url}/{path.lstrip('/')}" + (f"{sep}token={self.token}" if self.token else "")

    def log_tail(self, lines: int = 60) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


def _wait_ready(server: Server, path: str | None) -> None:
    """Wait until `path` answers 200 (or, for None, the port accepts connections); fail with the server's log."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    last = ""
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"{server.name} exited with code {server.process.returncode} before answering.\n{server.log_tail()}"
            )
        try:
            if path is None:
                port = int(server.url.rsplit(":", 1)[1])
                with socket.create_connection(("127.0.0.1", port), timeout=5):
                    return
            with urllib.request.urlopen(server.address(path), timeout=5) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError) as error:
            last = str(error)
        time.sleep(0.25)
    server.stop()
    raise RuntimeError(f"{server.name} did not answer {path} within {SERVER_START_TIMEOUT:.0f} s ({last}).\n"
                       f"{server.log_tail()}")


def _start(name: str, argv: Sequence[str], *, site: Path, env: dict[str, str], log: Path, token: str,
           port: int, ready_path: str | None) -> Server:
    handle = log.open("wb")
    process = subprocess.Popen(  # its own process group, which stop() signals; the server shuts its kernels down
        list(argv), cwd=site, env=env, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True
    )
    handle.close()
    server = Server(name=name, url=f"http://127.0.0.1:{port}", token=token, process=process, log=log, site=site)
    _wait_ready(server, ready_path)
    return server


def start_lab(site: Path, home: Path, token: str) -> Server:
    """JupyterLab on a free port, serving `site`, with a known token (Voila's server extension rides along)."""
    port = free_port()
    argv = [
        sys.executable, "-m", "jupyterlab", "--no-browser",
        f"--port={port}", "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={site}",
        "--ServerApp.allow_root=True",  # CI runs as root
        # Quiet and offline: no news, no update or extension-manager requests; window.jupyterapp for the checks.
        "--LabApp.news_url=None", "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True",
        "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate",
    ]
    return _start("JupyterLab", argv, site=site, env=jupyter_env(home), log=home / "lab.log", token=token,
                  port=port, ready_path="/api/status")


def start_notebook(site: Path, home: Path, token: str) -> Server:
    """Notebook 7 (`jupyter notebook`) on a free port, serving `site`, with a known token."""
    port = free_port()
    argv = [
        sys.executable, "-m", "notebook", "--no-browser",
        f"--port={port}", "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={site}",
        "--ServerApp.allow_root=True",  # CI runs as root
        "--JupyterNotebookApp.expose_app_in_browser=True",  # window.jupyterapp for the checks
    ]
    return _start("Notebook 7", argv, site=site, env=jupyter_env(home), log=home / "notebook.log", token=token,
                  port=port, ready_path="/api/status")


def start_voila(site: Path, home: Path, notebook: str, *, pool: int = 2, fill_delay: float | None = None,
                log: str = "voila.log") -> Server:
    """`voila NOTEBOOK --no-browser --port=…` as a teacher would run it (`make table`: config/voila.py, preheated
    kernels), from the site folder; a pool of two kernels, as the tests open one page at a time (``fill_delay``:
    seconds before a taken kernel is replaced, config/voila.py's default without it)."""
    port = free_port()
    argv = [
        sys.executable, "-m", "voila", notebook, "--no-browser",
        f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--show_tracebacks=True",
        f"--VoilaKernelManager.kernel_pools_config={json.dumps({Path(notebook).name: {'pool_size': pool}})}",
    ]
    env = jupyter_env(home)
    if fill_delay is not None:
        env["KEINSTICH_FILL_DELAY"] = f"{fill_delay:g}"
    # Ready when the port accepts connections: a GET of the page would already start a kernel and run the app.
    return _start("Voila", argv, site=site, env=env, log=home / log, token="", port=port, ready_path=None)


# ---------------------------------------------------------------------------------------------------------------
# JupyterLab pages. The server runs with expose_app_in_browser, so window.jupyterapp tells the kernel's state and the
# notebook model; what the reader sees is checked on the DOM.

JS_KERNEL_READY = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const session = panel && panel.sessionContext;
  const kernel = session && session.session && session.session.kernel;
  return !!(kernel && session.isReady && kernel.connectionStatus === 'connected' && kernel.status === 'idle'
            && panel.content && panel.content.widgets.length > 0);
}"""

JS_RUN_STATE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  const prompt = c => (c.node.querySelector('.jp-InputPrompt') || {textContent: ''}).textContent;
  const busy = cells.some(c => prompt(c).includes('*'));
  const errors = [];
  const widgetViews = [];
  cells.forEach((c, n) => {
    const outs = c.model.outputs;
    for (let i = 0; i < outs.length; i++) {
      const o = outs.get(i);
      const raw = o.toJSON();
      if (raw.output_type === 'error') errors.push(`code cell ${n + 1}: ${raw.ename}: ${raw.evalue}`);
      if (raw.data && raw.data['application/vnd.jupyter.widget-view+json']) widgetViews.push(n + 1);
    }
  });
  return {status: kernel.status, connection: kernel.connectionStatus, busy, total: cells.length,
          executed: cells.filter(c => c.model.executionCount !== null).length, errors, widgetViews};
}"""

# Rendered output areas: their mime type and text, in document order.
JS_OUTPUTS = """() => [...document.querySelectorAll('.jp-OutputArea-output')].map(node => ({
  mime: node.getAttribute('data-mime-type') || '',
  stderr: !!node.querySelector('[data-mime-type="application/vnd.jupyter.stderr"]')
          || node.matches('[data-mime-type="application/vnd.jupyter.stderr"]'),
  widget: !!node.querySelector('.jupyter-widgets'),  // a rendered view is a child; a failure is bare text
  text: node.innerText.slice(0, 2000),
}))"""

PROBLEM_TEXT = re.compile(r"Traceback|\b\w*Error\b|\b\w*Warning\b|Exception")


def open_in_lab(page: Any, lab: Server, path: str, timeout: float = 90_000) -> None:
    """Open `path` in JupyterLab (a reset workspace: only this notebook) and wait for its kernel to be idle."""
    page.goto(lab.address(f"lab/tree/{path}?reset"))
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=timeout)
    page.wait_for_function(JS_KERNEL_READY, timeout=timeout)


def open_in_notebook(page: Any, server: Server, path: str, timeout: float = 90_000) -> None:
    """Open `path` in Notebook 7 (its /notebooks/ page) and wait for its kernel to be idle."""
    page.goto(server.address(f"notebooks/{path}"))
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=timeout)
    page.wait_for_function(JS_KERNEL_READY, timeout=timeout)


def run_all_cells(page: Any, timeout: float = 180_000) -> dict[str, Any]:
    """Run > Run All Cells from the menu bar (JupyterLab's or Notebook 7's), then wait until the kernel is idle and no
    cell is pending.

    Returns the final run state (see JS_RUN_STATE). Stops waiting early when a cell failed, since JupyterLab
    then leaves the cells after it unrun.
    """
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(
        f"""() => {{ const s = ({JS_RUN_STATE})();
          return s.status === 'idle' && !s.busy && (s.executed === s.total || s.errors.length > 0); }}""",
        timeout=timeout, polling=250,
    )
    state: dict[str, Any] = page.evaluate(JS_RUN_STATE)
    return state


def wait_widgets_rendered(page: Any, expected: int, timeout: float = 30_000) -> None:
    """Wait until `expected` widget outputs show a widget view (ipywidgets renders them asynchronously)."""
    with contextlib.suppress(Exception):  # the caller's assertions say what is missing
        page.wait_for_function(
            f"""() => [...document.querySelectorAll('.jp-OutputArea-output')]
                   .filter(n => n.querySelector('.jupyter-widgets')).length >= {expected}""",
            timeout=timeout,
        )


def _output_problems(outputs: list[dict[str, Any]]) -> list[str]:
    problems = []
    for out in outputs:
        if out["stderr"] and PROBLEM_TEXT.search(out["text"]):
            problems.append(f"stderr output: {out['text'][:300]!r}")
        if any(bad in out["text"] for bad in WIDGET_FAILURE_TEXTS):
            problems.append(f"widget did not render: {out['text'][:200]!r}")
    return problems


def notebook_problems(page: Any, state: dict[str, Any]) -> list[str]:
    """What a reader would see go wrong: failed or unrun cells, tracebacks or warnings on stderr, widgets that did
    not render. Empty when the notebook ran cleanly."""
    problems = list(state["errors"])
    if state["executed"] != state["total"]:
        problems.append(f"only {state['executed']} of {state['total']} code cells ran")
    outputs = page.evaluate(JS_OUTPUTS)
    problems += _output_problems(outputs)
    rendered = sum(1 for out in outputs if out["widget"])
    if rendered < len(state["widgetViews"]):
        problems.append(f"{len(state['widgetViews'])} widget outputs (cells {state['widgetViews']}) "
                        f"but only {rendered} rendered widget views")
    return problems


# ---------------------------------------------------------------------------------------------------------------
# Voila pages: Voila runs the notebook when the page is requested and shows only the outputs.


def open_in_voila(page: Any, url: str, ready: str, timeout: float = 120_000) -> None:
    """Open a Voila page and wait until `ready` (a CSS selector inside a widget output) is shown. The page arrives once
    its kernel has run the app (a preheated kernel may still be warming up when a server has just started)."""
    page.goto(url, timeout=timeout)
    page.wait_for_selector(ready, timeout=timeout, state="visible")


def voila_problems(page: Any) -> list[str]:
    """Tracebacks, errors or warnings in the page's outputs, widgets shown as failure text, or no widget at all."""
    outputs = page.evaluate(JS_OUTPUTS)
    problems = _output_problems(outputs)
    if not any(out["widget"] for out in outputs):
        problems.append("no widget view in the page")
    body = page.evaluate("() => document.body.innerText")
    if "Traceback" in body or "There was an error when executing cell" in body:
        problems.append(f"error text in the page: {body[:500]!r}")
    return problems


class Screenshots:
    """Screenshots of the pages under test: always taken into the run's scratch folder (kept after a failure, to
    look at); copied to docs/screenshots/ only when asked for (KEINSTICH_SCREENSHOTS=1, `make screenshots`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)

    def take(self, page: Any, name: str, top: str | None = None, height: int | None = None) -> Path:
        """A viewport screenshot (1280x800, or `height` px high) with the element `top` (CSS selector) scrolled to
        the top edge."""
        if height is not None:
            page.set_viewport_size({"width": VIEWPORT["width"], "height": height})
        if top is not None:
            page.locator(top).first.evaluate("node => node.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(400)  # let images decode and the scroll settle
        path = self.folder / name
        page.screenshot(path=str(path))
        if height is not None:
            page.set_viewport_size(VIEWPORT)
        if want_screenshots():
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, SCREENSHOTS / name)
        return path
