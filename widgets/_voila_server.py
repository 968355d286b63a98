"""Two adjustments to Voila 0.5's own server for a class (config/voila.py installs them; nothing of the kit or the
lessons imports this module).

**A pool that hands out ready kernels only.** Voila replaces a kernel taken from its pool at once by a task that
waits ``fill_delay`` seconds and then starts a kernel, and counts that waiting task as a kernel in the pool. A page
that comes when every ready kernel has been taken is handed the next task: with ``fill_delay = 120`` (a class's
setting, docs/classroom.md) that student waited up to two minutes for a table (`make classroom` measured 54.7 s).
Here a page gets a ready kernel when the pool has one, the first ready one whatever its place in the pool, and
otherwise a kernel started for it at once (Voila's path without a pool: a few seconds), while the pool refills as
configured.

**Compressed responses when the settings ask for them, a static file compressed once.** Voila hands
``Voila.tornado_settings`` to its web application only after making it, and tornado decides whether it compresses its
responses when the application is made: ``{"compress_response": True}`` there did nothing. Here it is passed in with
the rest. Tornado then compresses every response anew, and a student's first visit loads the same 95 static files
as every other student's (5.1 MiB, 1.7 MiB compressed): half of what serving them costs the server was compressing
them again. :class:`KeptGzip` compresses a static file once and sends the same bytes to the next student.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any, ClassVar

from tornado.httputil import HTTPHeaders, HTTPServerRequest
from tornado.web import GZipContentEncoding


def ready(task: asyncio.Future[Any]) -> bool:
    """Whether a pool entry holds a kernel that can be handed out now (started, warmed, not failed)."""
    return task.done() and not task.cancelled() and task.exception() is None


def ready_first(pooled: type) -> type:
    """A subclass of Voila's pooled kernel manager (``pooled``) whose pool counts and hands out ready kernels only."""

    class ReadyFirstKernelManager(pooled):  # type: ignore[misc]
        def get_pool_size(self, notebook_name: str) -> int:
            return sum(1 for task in self._pools.get(notebook_name, []) if ready(task))

        async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
            pool = self._pools.get(notebook_name, [])
            first = next((i for i, task in enumerate(pool) if ready(task)), None)
            if first:  # Voila hands out the pool's first entry: bring the ready kernel to the front
                pool.insert(0, pool.pop(first))
            return await super().get_rendered_notebook(notebook_name, *args, **kwargs)

    ReadyFirstKernelManager.__name__ = ReadyFirstKernelManager.__qualname__ = pooled.__name__
    return ReadyFirstKernelManager


class KeptGzip(GZipContentEncoding):
    """Tornado's gzip encoding, but a static file's compressed bytes are kept (by its address and its Etag, which
    tornado computes from the file's content) and sent as they are to the next browser that asks for them.

    Kept: successful whole responses (200, an Etag) of a compressible type under a ``/static/`` address (Voila's,
    its templates' and the extensions' files), up to :attr:`LIMIT` bytes in all; anything else is compressed as
    tornado does. The handler still reads the file and writes it: those writes become empty.
    """

    LIMIT = 64 << 20
    _kept: ClassVar[dict[tuple[str, str], bytes]] = {}
    _size: ClassVar[int] = 0
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, request: HTTPServerRequest) -> None:
        super().__init__(request)
        self._address = request.uri or ""
        self._key: tuple[str, str] | None = None  # compressing this response to keep it
        self._parts: list[bytes] = []
        self._sent = False  # the kept bytes went out with the headers

    def transform_first_chunk(self, status_code: int, headers: HTTPHeaders, chunk: bytes,
                              finishing: bool) -> tuple[int, HTTPHeaders, bytes]:
        etag = headers.get("Etag")
        ctype = str(headers.get("Content-Type", "")).split(";")[0]
        if (self._gzipping and status_code == 200 and etag and "/static/" in self._address
                and "Content-Encoding" not in headers and self._compressible_type(ctype)):
            key = (self._address, etag)
            kept = self._kept.get(key)
            if kept is not None:
                headers["Vary"] = f"{headers['Vary']}, Accept-Encoding" if "Vary" in headers else "Accept-Encoding"
                headers["Content-Encoding"] = "gzip"
                headers["Content-Length"] = str(len(kept))
                self._sent = True
                return status_code, headers, kept
            self._key = key
        status_code, headers, chunk = super().transform_first_chunk(status_code, headers, chunk, finishing)
        if not self._gzipping:  # tornado's own reasons (too short, say): nothing compressed, nothing kept
            self._key, self._parts = None, []
        return status_code, headers, chunk  # (its compression went through transform_chunk, and was kept there)

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if self._sent:
            return b""
        chunk = super().transform_chunk(chunk, finishing)
        self._keep(chunk, finishing)
        return chunk

    def _keep(self, chunk: bytes, finishing: bool) -> None:
        if self._key is None:
            return
        self._parts.append(chunk)
        if finishing:
            body = b"".join(self._parts)
            with self._lock:
                if self._key not in self._kept and KeptGzip._size + len(body) <= self.LIMIT:
                    self._kept[self._key] = body
                    KeptGzip._size += len(body)
            self._key, self._parts = None, []


COMPRESSION = ("compress_response", "gzip")
"""The tornado settings that decide, when the web application is made, whether it compresses its responses."""


def install() -> None:
    """Make Voila build its pooled kernel manager as :func:`ready_first` says, and its web application with the
    compression its ``tornado_settings`` ask for (from Voila's configuration file, read before the server makes
    either; each step once)."""
    import voila.app

    made: Callable[..., type] = voila.app.voila_kernel_manager_factory
    if not getattr(made, "kit", False):

        def factory(base_class: type, preheat_kernel: bool, *args: Any, **kwargs: Any) -> type:
            cls = made(base_class, preheat_kernel, *args, **kwargs)
            return ready_first(cls) if preheat_kernel else cls

        factory.kit = True  # type: ignore[attr-defined]
        voila.app.voila_kernel_manager_factory = factory

    settings_of: Callable[[Any], dict[str, Any]] = voila.app.Voila.init_settings
    if not getattr(settings_of, "kit", False):

        def init_settings(self: Any) -> dict[str, Any]:
            settings = settings_of(self)
            if any(self.tornado_settings.get(k) for k in COMPRESSION):
                settings["transforms"] = [KeptGzip]  # tornado's Application takes it as its list of transforms
            return settings

        init_settings.kit = True  # type: ignore[attr-defined]
        voila.app.Voila.init_settings = init_settings
