"""The kit's adjustments to Voila's server (widgets/_voila_server.py): the pool that hands out ready kernels only, on a
stand-in for Voila's pooled kernel manager (a taken kernel's replacement waits out its delay, and a page must not be
handed that wait), and the compression its settings ask for, a static file compressed once."""

from __future__ import annotations

import asyncio
import gzip
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from keinstich_widgets._voila_server import KeptGzip, install, ready, ready_first


class Pooled:
    """Voila 0.5's pooled kernel manager as far as the pool goes: entries are tasks, the first one is handed out."""

    def __init__(self) -> None:
        self._pools: dict[str, list[asyncio.Future[Any]]] = {}

    def get_pool_size(self, notebook_name: str) -> int:
        return len(self._pools.get(notebook_name, []))

    async def get_rendered_notebook(self, notebook_name: str, **kwargs: Any) -> Any:
        return await self._pools[notebook_name].pop(0)


async def kernel(name: str, delay: float = 0.0) -> str:
    await asyncio.sleep(delay)
    return name


async def failed() -> str:
    raise RuntimeError("Kernel died before replying to kernel_info")


def test_a_page_gets_the_ready_kernel_not_the_waiting_replacement() -> None:
    async def scene() -> None:
        manager = ready_first(Pooled)()
        waiting = asyncio.ensure_future(kernel("replacement", delay=600))
        warm = asyncio.ensure_future(kernel("warm"))
        broken = asyncio.ensure_future(failed())
        manager._pools["table.ipynb"] = [waiting, broken, warm]
        await asyncio.sleep(0.01)
        assert [ready(t) for t in (waiting, broken, warm)] == [False, False, True]
        assert manager.get_pool_size("table.ipynb") == 1  # Voila's own count says 3
        assert Pooled.get_pool_size(manager, "table.ipynb") == 3
        assert await asyncio.wait_for(manager.get_rendered_notebook("table.ipynb"), 1) == "warm"
        # none ready: the count says so, and Voila's handler starts a kernel for the page instead
        assert manager.get_pool_size("table.ipynb") == 0
        assert manager._pools["table.ipynb"] == [waiting, broken]
        waiting.cancel()

    asyncio.run(scene())


def test_install_wraps_voilas_factory_once(monkeypatch: pytest.MonkeyPatch) -> None:
    voila_app = pytest.importorskip("voila.app")
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    original = voila_app.voila_kernel_manager_factory
    monkeypatch.setattr(voila_app, "voila_kernel_manager_factory", original)  # put back after the test
    monkeypatch.setattr(voila_app.Voila, "init_settings", voila_app.Voila.init_settings)
    install()
    factory = voila_app.voila_kernel_manager_factory
    install()
    assert voila_app.voila_kernel_manager_factory is factory is not original
    pooled = factory(AsyncMappingKernelManager, True, 1)
    plain = factory(AsyncMappingKernelManager, False, 1)
    assert "ReadyFirst" in pooled.get_pool_size.__qualname__
    assert "ReadyFirst" not in plain.get_pool_size.__qualname__


def test_the_settings_compression_reaches_the_web_application(monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila makes its web application from ``init_settings()`` and adds ``tornado_settings`` after: compression
    asked for there is passed in with the rest (and nothing else of them)."""
    voila_app = pytest.importorskip("voila.app")
    monkeypatch.setattr(voila_app, "voila_kernel_manager_factory", voila_app.voila_kernel_manager_factory)
    monkeypatch.setattr(voila_app.Voila, "init_settings", lambda self: {"static_path": "/s"})
    install()
    server = SimpleNamespace(tornado_settings={"compress_response": True, "disable_check_xsrf": True})
    assert voila_app.Voila.init_settings(server) == {"static_path": "/s", "transforms": [KeptGzip]}
    server = SimpleNamespace(tornado_settings={})
    assert voila_app.Voila.init_settings(server) == {"static_path": "/s"}


def test_a_static_file_is_compressed_once_and_every_browser_gets_it_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Thirty students load the same files: the second visit is sent the bytes the first one's compression made,
    which decompress to the file; a page's own response, a browser that does not ask for gzip and a browser that has
    the file already (If-None-Match) get what tornado gives them."""
    from tornado.httpclient import AsyncHTTPClient
    from tornado.web import Application, RequestHandler, StaticFileHandler

    monkeypatch.setattr(KeptGzip, "_kept", {})
    monkeypatch.setattr(KeptGzip, "_size", 0)
    script = ("var table = " + ", ".join(str(i) for i in range(40_000)) + ";\n").encode()
    (tmp_path / "table.js").write_bytes(script)
    compressed: list[int] = []
    original = KeptGzip.transform_chunk

    def counted(self: KeptGzip, chunk: bytes, finishing: bool) -> bytes:
        if not self._sent:
            compressed.append(len(chunk))
        return original(self, chunk, finishing)

    monkeypatch.setattr(KeptGzip, "transform_chunk", counted)

    class Page(RequestHandler):
        def get(self) -> None:
            self.set_header("Content-Type", "text/html")
            self.write("<p>" + "a student's table " * 200 + "</p>")

    async def scene() -> None:
        app = Application([(r"/voila/static/(.*)", StaticFileHandler, {"path": str(tmp_path)}), (r"/", Page)],
                          transforms=[KeptGzip])
        server = app.listen(0, "127.0.0.1")
        port = next(iter(server._sockets.values())).getsockname()[1]
        url = f"http://127.0.0.1:{port}"
        client = AsyncHTTPClient(force_instance=True)
        try:
            first = await client.fetch(f"{url}/voila/static/table.js", headers={"Accept-Encoding": "gzip"},
                                       decompress_response=False)
            writes = len(compressed)
            again = await client.fetch(f"{url}/voila/static/table.js", headers={"Accept-Encoding": "gzip"},
                                       decompress_response=False)
            assert len(compressed) == writes  # nothing compressed the second time
            assert first.headers["Content-Encoding"] == again.headers["Content-Encoding"] == "gzip"
            assert again.body == first.body and gzip.decompress(again.body) == script
            assert int(again.headers["Content-Length"]) == len(again.body) < len(script) / 3
            assert list(KeptGzip._kept) == [("/voila/static/table.js", first.headers["Etag"])]
            plain = await client.fetch(f"{url}/voila/static/table.js", headers={"Accept-Encoding": "identity"})
            assert plain.body == script and "Content-Encoding" not in plain.headers
            cached = await client.fetch(f"{url}/voila/static/table.js", raise_error=False,
                                        headers={"Accept-Encoding": "gzip", "If-None-Match": first.headers["Etag"]})
            assert cached.code == 304 and not cached.body
            page = await client.fetch(f"{url}/", headers={"Accept-Encoding": "gzip"}, decompress_response=False)
            assert gzip.decompress(page.body).startswith(b"<p>a student's table")
            assert len(KeptGzip._kept) == 1  # a page is not a static file: compressed, not kept
        finally:
            client.close()
            server.stop()

    asyncio.run(scene())
