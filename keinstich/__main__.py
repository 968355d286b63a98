"""``python -m keinstich``: the same command line as ``keinstich``."""

from keinstich.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
