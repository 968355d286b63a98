"""Calling the ``keinstich`` command in-process, shared by the CLI tests."""

from keinstich.cli import main


def call(capsys, *args):
    """``main([ARGS])`` in this process: (exit code, stdout, stderr); never a traceback."""
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def one_line(err):
    """A user error's message: exactly one line on stderr, no traceback."""
    assert "Traceback" not in err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.rstrip("\n")
