"""Two adjustments to Voila 0.5's own server for a class (config/voila.py installs them; nothing of the kit or the
lessons imports this module).

**A pool that hands out ready kernels only.** Voila replaces a kernel taken from its pool at once by a task that
waits ``fill_delay`` seconds and then starts a kernel, and counts that waiting task as a kernel in the pool. A page
that comes when every ready kernel has been taken is handed the next task: with ``fill_delay = 120`` (a class's
setting, docs/classroom.md) that student waited up to two minutes for a table (`make classroom` measured 54.7 s).
Here a page gets a ready kernel when the pool has one, the first ready one whatever its place in the pool, and
otherwise a kernel started for it at once (Voila's path without a pool: a few seconds), while the pool refills as
configured.

**Compressed responses when the settings ask for them.** Voila hands ``Voila.tornado_settings`` to its web
application only after making it, and tornado decides whether it compresses its responses when the application is
made: ``{"compress_response": True}`` there did nothing. Here it is passed in with the rest.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any


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
            settings.update({k: v for k, v in self.tornado_settings.items() if k in COMPRESSION})
            return settings

        init_settings.kit = True  # type: ignore[attr-defined]
        voila.app.Voila.init_settings = init_settings
