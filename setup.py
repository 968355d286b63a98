"""The package's build step beyond pyproject.toml: the message catalogs compiled (``.po`` to ``.mo``, with Babel).

A wheel (``pip install .``, as Binder does) gets the ``.mo`` files in its ``keinstich/locale``; an editable install
(``pip install -e .``) gets them beside their ``.po`` files in the source tree (git ignores them). Where a ``.mo`` is
missing or older than its ``.po`` anyway, :mod:`keinstich.i18n` compiles the ``.po`` in memory.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithCatalogs(build_py):
    """``build_py`` that also compiles ``keinstich/locale/*/LC_MESSAGES/*.po`` to ``.mo``."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted((HERE / "keinstich" / "locale").glob("*/LC_MESSAGES/*.po")):
            relative = po.relative_to(HERE).with_suffix(".mo")
            targets = [HERE / relative]  # the source tree: an editable install reads it there
            if not getattr(self, "editable_mode", False):
                targets = [Path(self.build_lib) / relative]
            with po.open("rb") as fp:
                catalog = read_po(fp)
            for mo in targets:
                mo.parent.mkdir(parents=True, exist_ok=True)
                with mo.open("wb") as out:
                    write_mo(out, catalog, use_fuzzy=False)


setup(cmdclass={"build_py": BuildWithCatalogs})
