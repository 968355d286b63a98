"""The trainer's "Progress file" tab: download the learner's memory as a file, and load one back (on Binder the
home directory goes with the session)."""

from __future__ import annotations

import base64
import html
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Any

import ipywidgets as widgets

from keinstich.i18n import _
from keinstich.trainer.memory import Memory, ProgressError

from ._guard import MessageArea, guarded


class ProgressFile(widgets.VBox):  # type: ignore[misc]
    """Download and load a memory's file; ``loaded`` is called after a file is loaded in its place (the trainer
    redraws), under ``lock``; ``messages`` takes a stray click's error."""

    def __init__(self, memory: Memory, lock: threading.RLock, messages: MessageArea,
                 loaded: Callable[[], None]) -> None:
        self.memory, self.lock, self.loaded = memory, lock, loaded
        where = html.escape(str(memory.path or _("memory only (nothing is kept after this kernel)")))
        self.info = widgets.HTML(html.escape(_(
            "Your progress is kept in {where}. On Binder that folder goes with the session: download your progress to "
            "keep it, and load it next time.", where="\x00")).replace("\x00", f"<code>{where}</code>"))
        self.download_button = widgets.Button(description=_("Download my progress"), icon="download",
                                              layout=widgets.Layout(width="auto"))
        self.download_button.on_click(guarded(messages, lambda _event: self.prepare_download()))
        self.download_link = widgets.HTML()
        self.download_link.add_class("ks-trainer-download")
        self.upload = widgets.FileUpload(accept=".sqlite3,.db,.sqlite", multiple=False,
                                         description=_("Load my progress"), layout=widgets.Layout(width="auto"))
        self.upload.observe(guarded(messages, self._uploaded), "value")
        self.messages = MessageArea()
        super().__init__([self.info, widgets.HBox([self.download_button, self.download_link]), self.upload,
                          self.messages])

    def prepare_download(self) -> bytes:
        """Make the download link for the memory's file (returns the file's bytes)."""
        data = self.memory.export()
        name = f"keinstich-progress-{datetime.now():%Y-%m-%d}.sqlite3"
        href = "data:application/vnd.sqlite3;base64," + base64.b64encode(data).decode("ascii")
        self.download_link.value = (f"<a download='{name}' href='{href}' class='ks-download-link'>"
                                    + html.escape(_("save {name} ({size} KB)", name=name, size=len(data) // 1024 + 1))
                                    + "</a>")
        return data

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change.get("new") or ()
        if not files:
            return
        f = files[0]
        self.load_progress(bytes(f["content"]), name=str(f.get("name") or _("the file")))

    def load_progress(self, data: bytes, *, name: str | None = None) -> None:
        """Load the progress in ``data`` (a downloaded progress file) in place of this memory's."""
        with self.lock:
            try:
                said = self.memory.load(data, name=_("the file") if name is None else name)
            except ProgressError as e:
                self.messages.error(_("Not loaded: {error}. Your progress here is unchanged.", error=e))
                return
            self.messages.ok(said)
            self.loaded()
