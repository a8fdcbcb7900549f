"""2023 day 7 (Camel Cards)'s own tests: right on every input, clear on a bad one, in
both of its implementations (the main one, and the variant "fast").

They live beside the day, and go with it: delete this file with day07.py,
_camel_cards.py and _day07_fast.py. Its name keeps it out of the days: the leading
underscore keeps the registry and the aoc2023 pytest plugin from reading it as a day or a
helper to import, and `_test.py` ends it as pytest's own collector looks for (`*_test.py`),
so `uv run pytest` and `uv run pytest --days` run it, once. It needs nothing of the
framework's tests/ folder.

The oracles here are independent of the day's code: hand types come from
`collections.Counter`, joker types from trying every substitution of the jokers,
and ties from tuples of card indexes. Inputs are generated, never real ones: a few
fixed examples per generated test in every run, the same each run, and many more at
random with `AOC_CONTRACTS=wide` (`examples`).
"""

from __future__ import annotations

import importlib.util
import os
import random
from collections import Counter
from collections.abc import Callable
from functools import cache, cmp_to_key
from itertools import combinations_with_replacement, product
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

# Kept with the day, whose files a solver may delete and forget this one: then it is skipped.
for _module in ("aoc2023.day07", "aoc2023._camel_cards", "aoc2023._day07_fast"):
    pytest.importorskip(_module, reason="2023 day 7 is not here: its own tests go with it")

from aoc2023 import _day07_fast, day07  # noqa: E402
from aoc2023._camel_cards import read_hands  # noqa: E402
from aoc2023._day07_fast import Day07Fast, Table  # noqa: E402
from aoc2023.day07 import (  # noqa: E402
    CARD_BY_LABEL,
    JOKERS,
    STANDARD,
    Card,
    Day07,
    Hand,
    HandType,
    Rules,
)
from aoc2023.framework import InputError, Solution  # noqa: E402

ORDER = "23456789TJQKA"
ORDER_WITH_JOKERS = "J23456789TQKA"
NOT_JOKERS = ORDER.replace("J", "")
EXAMPLE = "32T3K 765\nT55J5 684\nKK677 28\nKTJJT 220\nQQQJA 483\n"
BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "day07_speed.py"

# --- Oracles: plain and slow, sharing nothing with the day's code -------------------

TYPE_BY_GROUP_SIZES = {
    (1, 1, 1, 1, 1): HandType.HIGH_CARD,
    (2, 1, 1, 1): HandType.ONE_PAIR,
    (2, 2, 1): HandType.TWO_PAIR,
    (3, 1, 1): HandType.THREE_OF_A_KIND,
    (3, 2): HandType.FULL_HOUSE,
    (4, 1): HandType.FOUR_OF_A_KIND,
    (5,): HandType.FIVE_OF_A_KIND,
}


def counter_type(cards: str) -> HandType:
    return TYPE_BY_GROUP_SIZES[tuple(sorted(Counter(cards).values(), reverse=True))]


def brute_force_joker_type(cards: str) -> HandType:
    """The best type over every way of replacing the jokers by other cards. A type
    depends on which cards a hand holds, not where: so hands holding the same cards
    share one search, and trying each multiset of replacements is trying every
    substitution."""
    return _best_substitution("".join(sorted(cards)))


@cache
def _best_substitution(cards: str) -> HandType:
    others = cards.replace("J", "")
    jokers = len(cards) - len(others)
    return max(
        counter_type(others + "".join(replacement))
        for replacement in combinations_with_replacement(NOT_JOKERS, jokers)
    )


def strength(cards: str) -> tuple[HandType, tuple[int, ...]]:
    return counter_type(cards), tuple(ORDER.index(card) for card in cards)


def strength_with_jokers(cards: str) -> tuple[HandType, tuple[int, ...]]:
    return brute_force_joker_type(cards), tuple(ORDER_WITH_JOKERS.index(c) for c in cards)


def reference_totals(game: list[tuple[str, int]]) -> tuple[int, int]:
    totals = []
    for key in (strength, strength_with_jokers):
        ranked = sorted(game, key=lambda hand: key(hand[0]))
        totals.append(sum(rank * bid for rank, (_, bid) in enumerate(ranked, start=1)))
    return totals[0], totals[1]


IMPLEMENTATIONS: list[type[Solution[Any]]] = [Day07, Day07Fast]
BOTH = pytest.mark.parametrize("implementation", IMPLEMENTATIONS, ids=["main", "fast"])


def solve(text: str, implementation: type[Solution[Any]] = Day07) -> tuple[int, int]:
    """Parse once and run both parts, through the Solution methods."""
    solution = implementation()
    hands = solution.parse(text)
    part_1, part_2 = solution.part_1(hands), solution.part_2(hands)
    assert isinstance(part_1, int) and isinstance(part_2, int)
    return part_1, part_2


def solve_both(text: str) -> tuple[int, int]:
    """Both implementations' answers, which must agree."""
    main, fast = (solve(text, implementation) for implementation in IMPLEMENTATIONS)
    assert main == fast, f"main {main}, fast {fast}"
    return main


def cards_of(labels: str) -> tuple[Card, ...]:
    return tuple(CARD_BY_LABEL[label] for label in labels)


def hand_type(labels: str) -> HandType:
    return day07.hand_type(cards_of(labels), STANDARD)


def hand_type_with_jokers(labels: str) -> HandType:
    return day07.hand_type(cards_of(labels), JOKERS)


def fast_types(hands: list[str], rules: Rules) -> list[int]:
    """The types the fast variant finds for `hands`: the top of each hand's key."""
    high = _day07_fast._key_bytes(Table("".join(hands).encode(), []), rules)[2]
    return [byte >> 4 for byte in high]


def as_text(game: list[tuple[str, int]]) -> str:
    return "".join(f"{cards} {bid}\n" for cards, bid in game)


WIDE = os.environ.get("AOC_CONTRACTS") == "wide"


def examples(count: int) -> settings:
    """`count` generated examples per test, the same ones each run, not shrunk (a failure
    shows the hands drawn at once), besides the test's explicit ones; with WIDE, 20 times
    as many, at random, shrunk to the smallest that fails."""
    phases = list(Phase) if WIDE else [Phase.explicit, Phase.reuse, Phase.generate]
    return settings(
        max_examples=count * 20 if WIDE else count,
        deadline=None,
        derandomize=not WIDE,
        database=None,
        phases=phases,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# --- Strategies ------------------------------------------------------------------

any_hand = st.text(alphabet=ORDER, min_size=5, max_size=5)
# Jokers and repeated cards are rare in uniform hands; these make them common.
joker_heavy_hand = st.text(alphabet="JJJJ2KA", min_size=5, max_size=5)
few_labels_hand = st.text(alphabet="JQ7", min_size=5, max_size=5)
hands = st.one_of(any_hand, joker_heavy_hand, few_labels_hand)
bids = st.integers(min_value=0, max_value=10**6)
games = st.lists(st.tuples(hands, bids), min_size=1, max_size=60, unique_by=lambda hand: hand[0])

# --- The puzzle's example -----------------------------------------------------------


@BOTH
def test_the_puzzle_example(implementation: type[Solution[Any]]) -> None:
    assert solve(EXAMPLE, implementation) == (6440, 5905)


# --- Hand types -----------------------------------------------------------------------


@examples(10)
@given(any_hand)
def test_hand_type_is_the_type_of_its_group_sizes(cards: str) -> None:
    assert hand_type(cards) == counter_type(cards)


@examples(25)
@given(hands)
def test_joker_type_is_the_best_over_every_substitution(cards: str) -> None:
    assert hand_type_with_jokers(cards) == brute_force_joker_type(cards)


def test_both_types_are_the_best_substitution_for_every_shape_of_hand() -> None:
    """Every hand over J and four other labels: every group shape with 0 to 5 jokers, in
    the main implementation and in the fast variant's keys."""
    hands = list(map("".join, product("J2345", repeat=5)))
    for cards in hands:
        assert hand_type_with_jokers(cards) == brute_force_joker_type(cards), cards
    assert fast_types(hands, STANDARD) == [counter_type(cards) for cards in hands]
    assert fast_types(hands, JOKERS) == [brute_force_joker_type(cards) for cards in hands]


@examples(10)
@given(st.lists(hands, min_size=1, max_size=60))
def test_the_fast_types_agree_on_any_hands(cards: list[str]) -> None:
    assert fast_types(cards, STANDARD) == [counter_type(hand) for hand in cards]
    assert fast_types(cards, JOKERS) == [brute_force_joker_type(hand) for hand in cards]


JOKER_EDGE_CASES = [
    ("JJJJJ", HandType.FIVE_OF_A_KIND, HandType.FIVE_OF_A_KIND),
    ("JJJJ2", HandType.FOUR_OF_A_KIND, HandType.FIVE_OF_A_KIND),
    ("2JJJJ", HandType.FOUR_OF_A_KIND, HandType.FIVE_OF_A_KIND),
    ("JJJ23", HandType.THREE_OF_A_KIND, HandType.FOUR_OF_A_KIND),
    ("KTJJT", HandType.TWO_PAIR, HandType.FOUR_OF_A_KIND),
    ("J2233", HandType.TWO_PAIR, HandType.FULL_HOUSE),
    ("JJ222", HandType.FULL_HOUSE, HandType.FIVE_OF_A_KIND),
    ("2345J", HandType.HIGH_CARD, HandType.ONE_PAIR),
    ("T55J5", HandType.THREE_OF_A_KIND, HandType.FOUR_OF_A_KIND),
    ("32T3K", HandType.ONE_PAIR, HandType.ONE_PAIR),
]
"""(cards, type in part 1, type in part 2)"""


def test_joker_edge_cases() -> None:
    for cards, plain, with_jokers in JOKER_EDGE_CASES:
        assert hand_type(cards) == plain, cards
        assert hand_type_with_jokers(cards) == with_jokers, cards


# --- The ordering -----------------------------------------------------------------


def puzzle_compare(
    strength_of: Callable[[str], tuple[HandType, tuple[int, ...]]],
) -> Callable[[str, str], int]:
    """The puzzle's rule as a comparison: type first, then the cards from the left."""

    def compare(a: str, b: str) -> int:
        type_a, cards_a = strength_of(a)
        type_b, cards_b = strength_of(b)
        if type_a != type_b:
            return -1 if type_a < type_b else 1
        for card_a, card_b in zip(cards_a, cards_b, strict=True):
            if card_a != card_b:
                return -1 if card_a < card_b else 1
        return 0

    return compare


def ordering(rules: Rules) -> Callable[[str], tuple[HandType, tuple[int, ...]]]:
    """The day's ordering under `rules`, for hands written as labels."""
    return lambda labels: day07.strength(Hand(cards_of(labels), 0), rules)


ORDERINGS = [
    pytest.param(ordering(STANDARD), strength, id="part 1"),
    pytest.param(ordering(JOKERS), strength_with_jokers, id="part 2"),
]


@pytest.mark.parametrize(("key", "oracle"), ORDERINGS)
@examples(20)
@given(first=hands, second=hands)
def test_the_ordering_is_strict_and_agrees_with_the_puzzle(
    key: Callable[[str], object],
    oracle: Callable[[str], tuple[HandType, tuple[int, ...]]],
    first: str,
    second: str,
) -> None:
    if first == second:
        assert key(first) == key(second)
        return
    # Distinct hands are never tied (strict), and exactly one is the stronger (total).
    assert key(first) != key(second)
    assert (key(first) < key(second)) == (oracle(first) < oracle(second))  # type: ignore[operator]


@pytest.mark.parametrize(("key", "oracle"), ORDERINGS)
@examples(10)
@given(st.lists(hands, unique=True, max_size=40))
def test_sorting_by_key_is_sorting_by_the_puzzle_rule(
    key: Callable[[str], Any],
    oracle: Callable[[str], tuple[HandType, tuple[int, ...]]],
    cards: list[str],
) -> None:
    # The same order as a pairwise comparison of the rule: a consistent total order.
    assert sorted(cards, key=key) == sorted(cards, key=cmp_to_key(puzzle_compare(oracle)))


# --- Totals -----------------------------------------------------------------------


@examples(10)
@given(games)
def test_totals_agree_with_a_plain_reference(game: list[tuple[str, int]]) -> None:
    assert solve_both(as_text(game)) == reference_totals(game)


@examples(10)
@given(games, st.randoms(use_true_random=False))
def test_totals_do_not_depend_on_the_order_of_the_lines(
    game: list[tuple[str, int]], rng: random.Random
) -> None:
    shuffled = game[:]
    rng.shuffle(shuffled)
    assert solve_both(as_text(shuffled)) == solve_both(as_text(game))


def test_totals_agree_with_the_reference_on_large_random_inputs() -> None:
    rng = random.Random(7)
    for size in (1, 2, 1000):
        labels = rng.sample(range(13**5), size)
        game = [
            ("".join(ORDER[label // 13**place % 13] for place in range(5)), rng.randint(1, 1000))
            for label in labels
        ]
        assert solve_both(as_text(game)) == reference_totals(game)


EDGE_CASES = [  # (what the case is, the input, part 1's total, part 2's)
    ("a single line", "AAAAA 7", 7, 7),
    ("a single line, newline", "32T3K 765\n", 765, 765),
    # JJJJJ: five of a kind in both parts, but its J is the weakest card in part 2.
    ("all jokers", "JJJJJ 1\n22222 10\nAAAAK 100", 123, 132),
    ("four jokers", "JJJJ2 1\n2222J 10\nAAAA2 100", 312, 132),
    ("jokers with two pair", "J2233 1\nKK2K3 10", 21, 12),
    ("two jokers with two pair", "JJ223 1\nKKK23 10", 21, 12),
    ("same type, last card differs", "KK677 1\nKK676 10", 12, 12),
    ("same type, last card, swapped", "KK676 10\nKK677 1", 12, 12),
    ("same type, last card, jokers", "QQQJA 1\nQQQJK 10", 12, 12),
    # One pair each in part 2, and the joker loses the tie on the last card.
    ("last card is a joker", "23452 1\n2345J 10", 12, 12),
    ("J strong in part 1, a pair in part 2", "2345A 1\n2345J 10", 12, 21),
]


def test_edge_cases() -> None:
    for name, text, part_1, part_2 in EDGE_CASES:
        assert solve_both(text) == (part_1, part_2), name
        game = [(cards, int(bid)) for cards, bid in map(str.split, text.splitlines())]
        assert reference_totals(game) == (part_1, part_2), name


def test_the_answers_are_exact_for_huge_bids() -> None:
    for big in (2**32 - 1, 2**32, 10**30):
        game = [("AAAAA", big), ("22222", 1), ("2345J", 7)]
        assert solve_both(as_text(game)) == reference_totals(game), big


# --- Reading the input ---------------------------------------------------------------

TOLERATED = [
    pytest.param(EXAMPLE.rstrip("\n"), id="no trailing newline"),
    pytest.param(EXAMPLE, id="trailing newline"),
    pytest.param(EXAMPLE.replace("\n", "\r\n"), id="CRLF"),
    pytest.param(EXAMPLE.replace("\n", "  \n"), id="trailing spaces"),
    pytest.param(EXAMPLE.replace("\n", " \r\n"), id="trailing space, CRLF"),
    pytest.param(EXAMPLE + "\n\n\n", id="blank lines at the end"),
    pytest.param(EXAMPLE.replace("\n", "\r\n") + " \r\n\t\r\n", id="blank CRLF lines at the end"),
]
EXAMPLE_HANDS = [("32T3K", 765), ("T55J5", 684), ("KK677", 28), ("KTJJT", 220), ("QQQJA", 483)]


def main_reading(text: str) -> object:
    """What the main implementation reads, as (labels, bid) pairs; or its error."""
    try:
        hands = Day07().parse(text)
    except InputError as error:
        return str(error)
    labels = {card: label for label, card in CARD_BY_LABEL.items()}
    return [("".join(labels[card] for card in hand.cards), hand.bid) for hand in hands]


def fast_reading(text: str) -> object:
    """What the fast variant reads, as (labels, bid) pairs; or its error."""
    try:
        table = Day07Fast().parse(text)
    except InputError as error:
        return str(error)
    cards = table.cards.decode()
    return [
        (cards[at : at + 5], bid)
        for at, bid in zip(range(0, len(cards), 5), table.bids, strict=True)
    ]


def reference_reading(text: str) -> object:
    try:
        return read_hands(text)
    except InputError as error:
        return str(error)


def test_tolerated_variants_read_as_the_clean_input_on_the_fast_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = [(case.id, case.values[0]) for case in TOLERATED]
    for name, text in texts:
        assert isinstance(text, str)
        assert read_hands(text) == EXAMPLE_HANDS, name
        assert main_reading(text) == fast_reading(text) == EXAMPLE_HANDS, name
        assert solve_both(text) == (6440, 5905), name

    def slow(text: str) -> list[tuple[str, int]]:
        raise AssertionError("went line by line")

    monkeypatch.setattr(_day07_fast, "read_hands", slow)
    for name, text in texts:
        assert isinstance(text, str)
        assert fast_reading(text) == EXAMPLE_HANDS, name


# Text made of the pieces that inputs are made of, right and wrong, so that both the
# fast and the line-by-line reading are exercised on near-misses.
_pieces = st.sampled_from(
    [
        "32T3K",
        "KTJJT",
        "AAAAA",
        "JJJJJ",
        "2345",
        "23456A",
        "kk677",
        "T55X5",
        " ",
        " ",
        "  ",
        "\t",
        "12",
        "0",
        "007",
        "-3",
        "x1",
        "1.5",
        "\n",
        "\n",
        "\r\n",
        "\r",
        "",
    ]
)
near_inputs = st.lists(_pieces, max_size=30).map("".join)


@st.composite
def decorated_inputs(draw: st.DrawFn) -> str:
    """A good input dressed as files are: line endings, trailing spaces, blank lines at
    the end; sometimes with one line spoilt or repeated."""
    lines = [f"{cards} {bid}" for cards, bid in draw(games)]
    if draw(st.booleans()):
        at = draw(st.integers(0, len(lines) - 1))
        lines.insert(at, draw(st.one_of(st.sampled_from(lines), _pieces)))
    endings = st.sampled_from(["\n", "\r\n", " \n", "  \r\n", "\t\n", "\r"])
    text = "".join(line + draw(endings) for line in lines)
    return text + draw(st.sampled_from(["", "\n", "\n\n", " \r\n\r\n", "\t"]))


@examples(25)
@given(st.one_of(near_inputs, games.map(as_text), decorated_inputs()))
def test_both_readings_agree_with_the_line_by_line_one(text: str) -> None:
    reference = reference_reading(text)
    assert fast_reading(text) == reference
    assert main_reading(text) == reference


# --- Bad input: one sentence naming the line, exit code 2 --------------------------

BAD_INPUTS = [
    # (id, input, line number, the line as shown, what the message says)
    ("four cards", "32T3K 765\n32T3 684\n", 2, "32T3 684", "exactly 5 cards"),
    ("six cards", "32T3KK 765", 1, "32T3KK 765", "exactly 5 cards"),
    ("a card that is not one", "32T3K 765\nKK67X 28", 2, "KK67X 28", "exactly 5 cards"),
    ("lower case", "kk677 28", 1, "kk677 28", "exactly 5 cards"),
    ("missing bid", "32T3K 765\nT55J5", 2, "T55J5", "missing bid"),
    ("non-integer bid", "32T3K 7x5", 1, "32T3K 7x5", "not a whole number"),
    ("decimal bid", "32T3K 765\nKK677 2.8", 2, "KK677 2.8", "not a whole number"),
    ("negative bid", "32T3K 765\nT55J5 -684", 2, "T55J5 -684", "negative bid"),
    ("extra field", "32T3K 765\nT55J5 684 1", 2, "T55J5 684 1", "extra fields"),
    ("same hand twice", "32T3K 765\nT55J5 684\n32T3K 28", 3, "32T3K 28", "also on line 1"),
    ("blank line between hands", "32T3K 765\n\nT55J5 684", 2, "", "blank line"),
    ("empty input", "", 1, "", "empty"),
    ("only blank lines", "\n\n", 1, "", "empty"),
]


@BOTH
def test_bad_input_is_refused_naming_the_line(implementation: type[Solution[Any]]) -> None:
    for name, text, number, line, reason in BAD_INPUTS:
        with pytest.raises(InputError) as raised:
            implementation().parse(text)
        assert (raised.value.line_number, raised.value.line) == (number, line), name
        assert reason in raised.value.reason, name


# --- The benchmark measures what it says ----------------------------------------------


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("day07_speed", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_solver_of_the_benchmark_agrees() -> None:
    benchmark = load_benchmark()
    text = benchmark.generated_input(500, seed=11)
    game = [(cards, int(bid)) for cards, bid in map(str.split, text.splitlines())]
    assert len(game) == len({cards for cards, _ in game}) == 500
    assert list(benchmark.SOLVERS) == ["main", "fast", "fastest", "straightforward"]
    for solver in benchmark.SOLVERS.values():
        assert solver(text) == reference_totals(game)
