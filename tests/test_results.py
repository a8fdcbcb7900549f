"""What a run's report allows (results.py): a variant's answer is never sent."""

from __future__ import annotations

from aoc2023.framework.results import DayResult, PartResult, RunReport, Status


def test_a_variants_answer_is_never_sent() -> None:
    unknown = (PartResult(1, Status.UNKNOWN, answer="6"),)
    variant = DayResult(2077, 1, None, "input", parts=unknown, variant="fast")
    assert not RunReport([variant]).may_send
    assert RunReport([DayResult(2077, 1, None, "input", parts=unknown)]).may_send
