"""The kit's adjustments to Voila's server (widgets/_voila_server.py): the pool that hands out ready kernels only, on a
stand-in for Voila's pooled kernel manager (a taken kernel's replacement waits out its delay, and a page must not be
handed that wait), and the compression its settings ask for."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from keinstich_widgets._voila_server import install, ready, ready_first


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
    assert voila_app.Voila.init_settings(server) == {"static_path": "/s", "compress_response": True}
    server = SimpleNamespace(tornado_settings={})
    assert voila_app.Voila.init_settings(server) == {"static_path": "/s"}
