"""The Voila app's table (``apps/table.ipynb``): the page's link read, the student's view or the teacher's, a kernel
warmed before its student arrives, and the address a deal link gives.

A page's address reaches the kernel as environment variables (``QUERY_STRING``, ``SCRIPT_NAME``,
``SERVER_SOFTWARE``: Voila sets them as a CGI server would). A *preheated* kernel (``config/voila.py``: Voila
keeps a pool of kernels that have run the app's first cell before anyone asks) has none of them until its
student's request comes: :func:`page_query` waits for it there (:func:`voila.utils.wait_for_request`), after
loading the compiled code the table and the coach use, so the student's table is built in a fraction of a second.

Who gets the teacher's row: a link with ``&teacher=1``, or the app opened as a notebook (JupyterLab, Notebook 7: a
table the teacher made). A student's link, the bare address of the app, and a link whose code is refused all give
the student's view; a refused code opens the app's own deal with the refusal at the top of the table.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from typing import Any, Protocol, TypeVar
from urllib.parse import parse_qs, quote

import ipywidgets as widgets

from keinstich.codes import CodeError
from keinstich.i18n import _, set_language, use_language

from ._shared import plain

__all__ = ["APP", "AppTable", "app_help", "app_language", "in_voila", "link_for", "open_app", "page_query",
           "wait_for_request"]

APP = "apps/table.ipynb"
"""The Voila app a deal link opens, from the folder the server serves (the kit's own, as on Binder)."""

def in_voila() -> bool:
    """Whether this kernel runs a Voila page (standalone or Voila's server extension), not a notebook."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila") or os.environ.get("VOILA_PREHEAT") == "True"


def preheated() -> bool:
    """Whether this kernel is one of Voila's preheated pool, started before its page was asked for."""
    return os.environ.get("VOILA_PREHEAT") == "True"


def warm(defaults: dict[str, Any]) -> None:
    """Load, before the student arrives, what the first table would otherwise load while they wait: the bots' and the
    coach's compiled code, by the bots playing the app's own deal to its end and the coach's verdict near its end
    (a few cards: the code is loaded, the search is short, so a pool refilled while a class arrives costs little).
    No widget is made (each one made would be sent to the student's page)."""
    from keinstich.bots.heuristic import HeuristicBot
    from keinstich.coach import verdict

    from ._games import bot_move, resolve

    style = defaults.get("faces", "german")
    setup = resolve(defaults.get("game", "kein-stich"), defaults.get("contract"), defaults.get("players"),
                    defaults.get("pack"), rules=defaults.get("rules"), style=style)
    deal = setup.deal(defaults.get("seed") or 0)
    bot = HeuristicBot()
    judged = False
    while not deal.over and deal.turn is not None:
        if not judged and len(deal.legal_moves()) > 1 and len(deal.hand(deal.turn)) <= 4:
            verdict(deal.copy(), style=style)
            judged = True
        deal.play(bot_move(bot, deal, deal.turn, style)[0])


def settle() -> None:
    """Set what a warmed kernel holds (the kit's modules, the compiled code, the warm-up's deal gone: collected
    first) apart from Python's cyclic garbage collector (``gc.freeze``): it lives as long as the kernel, and the
    collector need not walk it again, in each of its passes while the student plays or when the kernel shuts down.
    Walking it there cost 0.7 s of a core per kernel (0.08 s now): a wave of students closing their pages at once
    took seconds of the server's cores from the next wave's tables."""
    import gc

    gc.collect()
    gc.freeze()


def page_query(defaults: dict[str, Any] | None = None) -> str | None:
    """The page's query string (``deal=KS1-…&teacher=1``). A preheated kernel first warms up (:func:`warm`) and then
    waits for its page's request; None when the request never reached it (the server's settings name the wrong
    address for the kernel to ask)."""
    if preheated():
        if defaults is not None:
            warm(defaults)
        settle()
        wait_for_request()
        return os.environ.get("QUERY_STRING")
    return os.environ.get("QUERY_STRING", "")


def wait_for_request(attempts: int = 30) -> bool:
    """Wait for this preheated kernel's page to be asked for, and put the request's variables (``QUERY_STRING``,
    ``SCRIPT_NAME``, …) into the environment; False if they never came.

    Voila's own ``voila.utils.wait_for_request`` does this, but gives up when its websocket to the server takes
    more than 5 s to open or misses a keep-alive ping, as it does when a class arrives at once on a busy server (the
    app's cell then fails and the student's page shows no table). Here: the same websocket, opened with time to spare,
    no keep-alive pings (the kernel only waits), and opened again after any failure."""
    import asyncio
    import json
    import threading

    import websockets

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}")
    got: list[str] = []

    async def receive() -> None:
        for attempt in range(attempts):
            try:
                async with websockets.connect(url, open_timeout=60, ping_interval=None, close_timeout=5) as ws:
                    message = await ws.recv()
                    got.append(message if isinstance(message, str) else message.decode())
                    return
            except Exception:  # refused, timed out or dropped: the server is busy; ask again
                await asyncio.sleep(min(5.0, 0.5 * (attempt + 1)))

    thread = threading.Thread(target=lambda: asyncio.run(receive()), name="keinstich-page-request")
    thread.start()
    thread.join()
    if not got:
        return False
    for key, value in json.loads(got[0]).items():
        env[key] = value
    return True


def app_language(query: str | None = None) -> str | None:
    """The language the page asks for (``?lang=de``), chosen for the whole kernel (:func:`keinstich.set_language`)
    so that everything the app shows speaks it; None when the page names none (or one the kit does not speak)."""
    raw = os.environ.get("QUERY_STRING", "") if query is None else query
    lang = (parse_qs(raw.lstrip("?")).get("lang") or [""])[0].strip()
    if not lang:
        return None
    try:
        set_language(lang)
    except ValueError:
        return None
    return lang


class AppTable(Protocol):
    """What the app needs of the table it opens: its language, and a sentence at its top."""

    lang: Any

    def show_notice(self, text: str) -> None: ...


T = TypeVar("T", bound=AppTable)


def open_app(make: Callable[..., T], query: str | None, defaults: dict[str, Any]) -> T:
    """The Voila app's table, made by ``make`` (the Table, called as ``Table(...)``): the deal of the page's
    ``?deal=CODE`` (else a table made from ``defaults``), in the student's view unless the link says ``&teacher=1``
    or the app runs as a notebook; ``&lang=de`` speaks German (the whole kernel: :func:`app_language`). A code that
    is not one, damaged or from a newer kit opens the default table, in the student's view, with the reason at its
    top."""
    raw = page_query(defaults) if query is None else query
    asked = parse_qs((raw or "").lstrip("?"))
    lang = app_language(raw or "")
    if lang is not None:
        defaults = {**defaults, "lang": lang}
    code = (asked.get("deal") or [""])[0].strip()
    teacher = (asked.get("teacher") or ["0"])[0].lower() in ("1", "true", "yes") or (query is None and not in_voila())
    if code:
        kwargs = {k: v for k, v in defaults.items() if k not in ("seed", "text", "deal")}
        try:
            return make(code=code, teacher=teacher, **kwargs)
        except CodeError as e:
            table = make(teacher=teacher, **defaults)
            with use_language(table.lang):
                table.show_notice(_("This link's deal could not be opened: {reason} Here is the table's own deal "
                                "instead; ask your teacher for the link again.", reason=_sentence(str(e))))
            return table
    table = make(teacher=teacher, **defaults)
    if raw is None:
        with use_language(table.lang):
            table.show_notice(_("This page could not read its own address, so it opened the table's own deal: reload "
                            "the page (the server's Voila settings name the wrong address for its kernels)."))
    return table


def app_help() -> widgets.HTML:
    """How to use the Voila table, under it, in the language spoken (the app's ``?lang=``)."""
    parts = [
        ("h2", _("How to use this table")),
        ("p", _("Play a deal against three bots: click a card of your hand (the bottom row). Open hands shows every "
                "hand for the class, Hint shows the coach's card and why, Undo takes your last move back, New deal "
                "deals from the seed, and a deal typed as text (one line per seat) is dealt with Deal from text. The "
                "contract and the bots can be changed in the dropdowns.")),
        ("p", _("Teachers: open the table with ?teacher=1 at the end of its address for the Teacher row: it reveals "
                "one bot's hand at a time, steps through the deal (Back, Forward, Play on), asks the class (Ask the "
                "class, then Show the answer) and shows the best cards with all hands open, against these opponents "
                "(the bots at this table). The deal code under the controls opens this position anywhere: Copy link "
                "gives the address to hand out; a student who opens it gets the position without the teacher's row. "
                "A student who finishes the deal gets a result code to send back; the teacher's notebook "
                "(apps/teacher.ipynb) turns the class's codes into a chart and a ranking. Cards = L or XL for a "
                "projector.")),
    ]
    body = "".join(f"<{tag}>{html.escape(text)}</{tag}>" for tag, text in parts)
    label = html.escape(parts[0][1], quote=True)  # a landmark of its own, named by its heading
    box = widgets.HTML(f"<section class='ks-app-help' aria-label=\"{label}\" style='max-width:60em'>{body}</section>",
                       _dom_classes=["ks-app-help"], **plain(widgets.HTML))
    return box


def _sentence(text: str) -> str:
    """``text`` as a sentence of its own: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def link_for(code: str, lang: str | None = None) -> str:
    """The link that opens ``code`` in the Voila app for anyone the teacher hands it to.

    - On Binder: a Binder launch link of this very commit, opening the app (each student gets a Binder of their own).
    - On JupyterHub: ``/hub/user-redirect/voila/render/apps/table.ipynb?deal=…``, which takes each student to the app
      on their own server (started for them if need be).
    - In a Voila server of its own: the app's own address on that server (its ``SCRIPT_NAME``).
    - Elsewhere (JupyterLab on a laptop): the server's ``voila/render/`` + the app.

    A table that speaks German hands out a German link (``&lang=de``). A path (no host) except on Binder: the Copy
    link button makes it absolute with the page's host."""
    env = os.environ
    query = f"?deal={code}" + (f"&lang={lang}" if lang is not None and lang != "en" else "")
    request = env.get("BINDER_PERSISTENT_REQUEST") or env.get("BINDER_REQUEST")
    launch = env.get("BINDER_LAUNCH_HOST")
    if request and launch:
        urlpath = quote(f"voila/render/{APP}{query}", safe="/")
        return f"{launch.rstrip('/')}/{request.strip('/')}?urlpath={urlpath}"
    hub = env.get("JUPYTERHUB_BASE_URL")
    if hub is not None and env.get("JUPYTERHUB_SERVICE_PREFIX"):
        return f"{hub.rstrip('/')}/hub/user-redirect/voila/render/{APP}{query}"
    script = env.get("SCRIPT_NAME", "")
    if env.get("SERVER_SOFTWARE", "").startswith("voila") and script:
        if "/voila/render/" in script:
            script = script[:script.index("/voila/render/")] + "/voila/render/" + APP
        return f"{script}{query}"
    base = env.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    return f"{base.rstrip('/')}/voila/render/{APP}{query}"
