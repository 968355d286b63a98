"""``python -m keinstich``: the same command line as ``keinstich``."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
