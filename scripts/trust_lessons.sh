#!/bin/sh
# Trust the kit's own notebooks for the user who runs this (Jupyter's notebook trust, `jupyter trust`), so that
# JupyterLab shows the outputs they ship with, the cards drawn as SVG, before a cell is run. An untrusted notebook's
# HTML outputs are sanitised: its cards' SVG is stripped and their labels run together as stray text.
# Run from the repository's root (or a copy of its lessons/ and apps/); `make lab` and binder/postBuild run it.
# JUPYTER: the jupyter command to use (default: the one on PATH).
set -eu
for nb in lessons/*.ipynb lessons/*/*.ipynb apps/*.ipynb; do
    [ -e "$nb" ] && set -- "$@" "$nb"
done
[ "$#" -gt 0 ] && "${JUPYTER:-jupyter}" trust "$@" >/dev/null
exit 0
