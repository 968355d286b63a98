"""The engine stays pure: importing every module of keinstich pulls in no Jupyter package."""

import pkgutil
import subprocess
import sys

import keinstich

JUPYTER = ("IPython", "ipywidgets", "ipykernel", "jupyter", "jupyter_client", "notebook", "traitlets")


def test_importing_the_engine_imports_no_jupyter_package():
    modules = [f"keinstich.{m.name}" for m in pkgutil.iter_modules(keinstich.__path__)]
    assert "keinstich.tricks" in modules
    code = (f"import importlib, sys\nfor m in {modules!r}: importlib.import_module(m)\n"
            f"print(sorted(n for n in sys.modules if n.split('.')[0] in {JUPYTER!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
