"""The history `aoc bench --save` keeps (bench/history.py): an entry damaged by hand is
named and skipped, never the run's end, by the comparison, `--history` and `--history
--json`; and saving again keeps it as it was. Each variant is compared with its own saved
figures."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import test_bench_outputs
from site_cli import aoc_in_process
from test_bench_outputs import _bench

from aoc2023.framework.bench.figures import (
    BenchReport,
)
from aoc2023.framework.bench.history import compare

moving_project = test_bench_outputs.moving_project
"""test_bench_outputs.py's fixture (bound, not imported, so that a test may name it)."""


def damage_entry(change: Callable[[dict[str, Any]], Any]) -> Callable[[list[Any]], None]:
    """Damage a copy of the saved entry, added after it."""

    def damage(entries: list[Any]) -> None:
        copy = json.loads(json.dumps(entries[0]))
        entries.append(change(copy))

    return damage


def damage_figure(name: str, value: Any) -> Callable[[list[Any]], None]:
    """Damage the first figure of a copy of the saved entry, added after it."""

    def change(entry: dict[str, Any]) -> dict[str, Any]:
        entry["figures"][0][name] = value
        return entry

    return damage_entry(change)


DAMAGES: dict[str, tuple[Callable[[list[Any]], None], str]] = {
    "entry not an object": (
        lambda entries: entries.append(["a", "list"]),
        "entry 2 is damaged (it is not an object)",
    ),
    "figures not a list": (
        damage_entry(lambda e: {**e, "figures": 5}),
        "entry 2 is damaged (its figures are not a list)",
    ),
    "machine not text": (
        damage_entry(lambda e: {**e, "machine": ["x"]}),
        "entry 2 is damaged (its machine is not text)",
    ),
    "no machine": (
        damage_entry(lambda e: {k: v for k, v in e.items() if k != "machine"}),
        "entry 2 is damaged (it names no machine)",
    ),
    "figure not an object": (
        damage_entry(lambda e: {**e, "figures": ["text", *e["figures"]]}),
        "figure 1 of entry 2",
    ),
    "runs as text": (damage_figure("runs", "ten"), "its runs is not a whole number above 0"),
    "year as a list": (damage_figure("year", [2047]), "its year is not a whole number"),
    "min missing": (damage_figure("min", None), "its min is not a number of seconds"),
    "min negative": (damage_figure("min", -1), "its min is not a number of seconds"),
    "step not text": (damage_figure("step", {"a": 1}), "its step is not text"),
    "waiting not a bool": (damage_figure("waiting", "no"), "its waiting is not true or false"),
}


def each_named(damaged: list[tuple[str, str]], notices: list[str]) -> bool:
    """Each damaged entry (its number, and what is said of it) has a notice of its own,
    naming the history's file."""
    return all(
        any(entry in notice and said in notice and "history.json" in notice for notice in notices)
        for entry, said in damaged
    )


def test_damaged_history_entries_are_named_and_skipped(moving_project: Path) -> None:
    """Once saved, the history is damaged by hand in every one of many ways, one entry
    each: the comparison, `--history` and `--history --json` name each one skipped, and
    go on with the rest; the bench that compares saves too, keeping them as they were."""
    saved = aoc_in_process("bench", "2047", "3", "--example", "--save")
    assert saved.returncode == 0, saved.stderr
    path = moving_project / "benchmarks" / "history.json"
    data = json.loads(path.read_text())
    damaged = []
    for number, (change, said) in enumerate(DAMAGES.values(), start=2):
        change(data["entries"])
        damaged.append((f"entry {number} ", said.replace("entry 2", f"entry {number}")))
    path.write_text(json.dumps(data))
    text = path.read_text()
    compared = aoc_in_process("bench", "2047", "3", "--example", "--json", "--save")
    assert compared.returncode == 0, compared.stderr
    found = json.loads(compared.stdout)
    assert each_named(damaged, found["notices"]), found["notices"]
    steps = found["results"][0]["steps"]
    assert all(step["change"] is not None for step in steps if step["runs"])  # entry 1's
    # Saving again keeps the damaged entries as they were, and adds one.
    kept = json.loads(path.read_text())["entries"]
    assert json.dumps(kept[:-1], sort_keys=True) == json.dumps(
        json.loads(text)["entries"], sort_keys=True
    )
    assert len(kept) == len(json.loads(text)["entries"]) + 1
    shown = aoc_in_process("bench", "2047", "3", "--history")
    assert shown.returncode == 0, shown.stderr
    assert each_named(damaged, " ".join(shown.stderr.split()).split("skipped.")), shown.stderr
    assert "part 1" in shown.stdout
    assert "Traceback" not in shown.stderr and "unexpected" not in shown.stderr
    as_json = aoc_in_process("bench", "2047", "3", "--history", "--json")
    assert as_json.returncode == 0, as_json.stderr
    history = json.loads(as_json.stdout)
    assert each_named(damaged, history["notices"]) and history["series"], history


def test_verdicts_compare_each_variant_with_its_own_saved_figures() -> None:
    def saved(variant: str | None, step: str, minimum: float) -> dict[str, object]:
        figure: dict[str, object] = {
            "year": 2087,
            "day": 1,
            "source": "file",
            "label": "numbers.txt",
            "step": step,
            "runs": 100,
            "median": minimum,
            "min": minimum,
            "q1": minimum,
            "q3": minimum,
            "cpu_min": None,
        }
        if variant is not None:
            figure["variant"] = variant
        return figure

    # The main's figures saved before variants existed (no "variant" field) still count.
    entries = [
        {
            "machine": "here",
            "date": "d",
            "python": "p",
            "figures": [saved(None, "part 1", 1e-3), saved("fast", "part 1", 1e-4)],
        }
    ]
    new = _bench({(None, "part 1"): 1e-3, ("fast", "part 1"): 2e-4, ("other", "part 1"): 1e-3})
    [bench] = compare(BenchReport([new]), entries, "here").results
    main, fast, other = bench.steps
    assert main.change is not None and main.change.trend == "no change"
    assert fast.change is not None and fast.change.trend == "slower"
    assert fast.change.ratio == pytest.approx(2.0)
    assert other.change is None  # never saved: not compared with the main's figures
