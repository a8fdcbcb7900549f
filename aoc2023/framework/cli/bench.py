"""`aoc bench`: time each step of days over many runs, and compare with saved figures."""

from __future__ import annotations

from typing import Annotated

import typer

from aoc2023.framework.cli.common import (
    AsJson,
    Days,
    InputFile,
    UseExamples,
    Verbose,
    Years,
    check_seconds,
    configure_logging,
    emit,
    fail,
    years_asked,
)


def bench(
    years: Years,
    days: Days = None,
    input_file: InputFile = None,
    example: UseExamples = False,
    budget: Annotated[
        float, typer.Option("--budget", metavar="SECONDS",
                            help="Time to spend on each day, shared by its steps.")
    ] = 1.0,
    timeout: Annotated[
        float | None,
        typer.Option("--timeout", metavar="SECONDS",
                     help="Stop a part whose run takes longer (shown as timeout, exit 2)."),
    ] = None,
    save: Annotated[
        bool, typer.Option("--save", help="Save the figures to benchmarks/history.json.")
    ] = False,
    readme: Annotated[
        bool, typer.Option("--readme", help="Write the best-of-runs times (each step's "
                           "headline figure) into README.md, between the aoc-bench "
                           "marker comments.")
    ] = False,
    variants: Annotated[
        bool, typer.Option("--variants/--no-variants",
                           help="Time each day's variants beside its main implementation, "
                           "each checked against it (on by default).")
    ] = True,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Time parse, part 1 and part 2 over many runs: minimum, median and spread.

    The steps run in turn, round after round, after a warm-up, until the budget is
    spent (at most 100,000 runs; fewer than 10 only for slow steps), each part on a
    fresh parse. The minimum is the headline (by CPU time for steps of 1 ms or more),
    scaled to a reference speed by a calibration workload timed beside the steps, so
    that the machine's own speed does not move it: compared with the figures last
    saved on this machine, a change is called faster or slower only when they are
    more than 10% apart (25% for CPU times and steps of under 10 runs). A day's
    variants are timed in the same rounds, within the same budget, each shown with
    its ratio to the main implementation; a variant whose answer differs from the
    main's is an error (exit 2). Inputs are chosen as for aoc run. Exit code as for
    aoc run.
    """
    import sys
    from datetime import UTC, datetime

    from aoc2023.framework.bench import history
    from aoc2023.framework.bench.figures import bench_exit_code
    from aoc2023.framework.bench.measure import bench_days
    from aoc2023.framework.inputs import RunRequest
    from aoc2023.framework.render import as_json as json_view
    from aoc2023.framework.render import bench as bench_view
    from aoc2023.framework.render.table import smart_terminal

    configure_logging(verbose)
    chosen = years_asked(years, verbose)
    try:
        check_seconds("--budget", budget)
        check_seconds("--timeout", timeout)
        history.check_before(save, readme)
        progress = bench_view.ProgressLine(sys.stderr) if smart_terminal(sys.stderr) else None
        try:
            outcome = bench_days(RunRequest(chosen, days, input_file, example), budget, timeout,
                                 progress, variants)
        finally:
            if progress is not None:
                progress.clear()
        stopped = outcome.interrupted  # Ctrl-C: figures of some days only, kept out of files
        outcome, done = history.compare_save_publish(outcome, save and not stopped,
                                                     readme and not stopped, datetime.now(UTC))
    except Exception as error:
        fail(error, verbose)
    emit(as_json, lambda: json_view.bench_json(outcome), outcome.notices,
         lambda out, err: bench_view.render(outcome, verbose, out, err))
    for line in done:
        typer.echo(line, err=True)
    raise typer.Exit(bench_exit_code(outcome))
