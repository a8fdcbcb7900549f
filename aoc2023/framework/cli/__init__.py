"""The `aoc` command line: one module per command, registered on one typer app.

`app` builds the app and routes aocd-style command lines to aocd's runner; `common`
holds what the commands share (parameters, logging, the one place errors become a
sentence and an exit code, JSON or a table); `run`, `new`, `listing` and `bench` are
the commands. Nothing below the CLI prints or exits.
"""


def main(argv: list[str] | None = None) -> int:
    """`aoc`: app.main, imported when called, so that a command's module (commands/),
    which imports cli.common and so this package, may be imported first."""
    from aoc2023.framework.cli.app import main as app_main

    return app_main(argv)


__all__ = ["main"]
