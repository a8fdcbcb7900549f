"""2023 day 7 (Camel Cards): right on every input, clear on a bad one.

The oracles here are independent of the day's tricks: hand types come from
`collections.Counter`, joker types from trying every substitution of the jokers,
and ties from tuples of card indexes. Inputs are generated, never real ones.
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections import Counter
from collections.abc import Callable
from functools import cache, cmp_to_key
from itertools import combinations_with_replacement, product
from pathlib import Path
from types import ModuleType

import pytest
from conftest import AocdHome
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from aoc2023 import day07
from aoc2023.day07 import (
    Day07,
    Hands,
    HandType,
    hand_type,
    hand_type_with_jokers,
    ordering_key,
    ordering_key_with_jokers,
    ordering_keys,
    ordering_keys_with_jokers,
    parse_hands,
    parse_hands_line_by_line,
)
from aoc2023.framework import InputError
from aoc2023.framework.cli import app

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


@cache
def brute_force_joker_type(cards: str) -> HandType:
    """The best type over every way of replacing the jokers by other cards. A type
    depends on which cards a hand holds, not where, so trying each multiset of
    replacements is trying every substitution."""
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


def solve(text: str) -> tuple[int, int]:
    """Parse once and run both parts, through the Solution methods."""
    solution = Day07()
    hands = solution.parse(text)
    return solution.part_1(hands), solution.part_2(hands)


def as_text(game: list[tuple[str, int]]) -> str:
    return "".join(f"{cards} {bid}\n" for cards, bid in game)


def aoc(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def run_file(tmp_path: Path, text: str, *options: str) -> Result:
    path = tmp_path / "hands.txt"
    path.write_bytes(text.encode())
    return aoc("run", "2023", "7", "--input", str(path), *options)


# --- Strategies ------------------------------------------------------------------

any_hand = st.text(alphabet=ORDER, min_size=5, max_size=5)
# Jokers and repeated cards are rare in uniform hands; these make them common.
joker_heavy_hand = st.text(alphabet="JJJJ2KA", min_size=5, max_size=5)
few_labels_hand = st.text(alphabet="JQ7", min_size=5, max_size=5)
hands = st.one_of(any_hand, joker_heavy_hand, few_labels_hand)
bids = st.integers(min_value=0, max_value=10**6)
games = st.lists(
    st.tuples(hands, bids), min_size=1, max_size=60, unique_by=lambda hand: hand[0]
)

# --- The puzzle's example -----------------------------------------------------------


def test_the_puzzle_example() -> None:
    assert solve(EXAMPLE) == (6440, 5905)


def test_the_example_through_the_cli() -> None:
    result = aoc("run", "2023", "7", "--example", "--json")
    assert result.exit_code == 0, result.output
    [day] = json.loads(result.stdout)["results"]
    assert [(p["answer"], p["status"]) for p in day["parts"]] == [
        ("6440", "correct"), ("5905", "correct")]


# --- Hand types -----------------------------------------------------------------------


@given(any_hand)
def test_hand_type_is_the_type_of_its_group_sizes(cards: str) -> None:
    assert hand_type(cards) == counter_type(cards)


@settings(max_examples=500)
@given(hands)
def test_joker_type_is_the_best_over_every_substitution(cards: str) -> None:
    assert hand_type_with_jokers(cards) == brute_force_joker_type(cards)


def test_joker_type_is_the_best_substitution_for_every_shape_of_hand() -> None:
    # Every hand over J and four other labels: every group shape with 0 to 5 jokers.
    for cards in map("".join, product("J2345", repeat=5)):
        assert hand_type_with_jokers(cards) == brute_force_joker_type(cards), cards


@pytest.mark.parametrize(
    ("cards", "plain", "with_jokers"),
    [
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
    ],
)
def test_joker_edge_cases(cards: str, plain: HandType, with_jokers: HandType) -> None:
    assert hand_type(cards) == plain
    assert hand_type_with_jokers(cards) == with_jokers


# --- The ordering -----------------------------------------------------------------


def puzzle_compare(strength_of: Callable[[str], tuple[HandType, tuple[int, ...]]]) -> Callable[
        [str, str], int]:
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


ORDERINGS = [
    pytest.param(ordering_key, strength, id="part 1"),
    pytest.param(ordering_key_with_jokers, strength_with_jokers, id="part 2"),
]


@pytest.mark.parametrize(("key", "oracle"), ORDERINGS)
@given(first=hands, second=hands)
def test_the_ordering_is_strict_and_agrees_with_the_puzzle(
    key: Callable[[str], int], oracle: Callable[[str], tuple[HandType, tuple[int, ...]]],
    first: str, second: str,
) -> None:
    if first == second:
        assert key(first) == key(second)
        return
    # Distinct hands are never tied (strict), and exactly one is the stronger (total).
    assert key(first) != key(second)
    assert (key(first) < key(second)) == (oracle(first) < oracle(second))


@pytest.mark.parametrize(("key", "oracle"), ORDERINGS)
@given(st.lists(hands, unique=True, max_size=40))
def test_sorting_by_key_is_sorting_by_the_puzzle_rule(
    key: Callable[[str], int], oracle: Callable[[str], tuple[HandType, tuple[int, ...]]],
    cards: list[str],
) -> None:
    # The same order as a pairwise comparison of the rule: a consistent total order.
    assert sorted(cards, key=key) == sorted(cards, key=cmp_to_key(puzzle_compare(oracle)))


@given(st.lists(hands, max_size=60))
def test_the_bulk_keys_are_the_keys_of_each_hand(cards: list[str]) -> None:
    assert ordering_keys(cards) == [ordering_key(hand) for hand in cards]
    assert ordering_keys_with_jokers(cards) == [ordering_key_with_jokers(c) for c in cards]


# --- Totals -----------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(games)
def test_totals_agree_with_a_plain_reference(game: list[tuple[str, int]]) -> None:
    assert solve(as_text(game)) == reference_totals(game)


@settings(deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_totals_do_not_depend_on_the_order_of_the_lines(
    game: list[tuple[str, int]], rng: random.Random
) -> None:
    shuffled = game[:]
    rng.shuffle(shuffled)
    assert solve(as_text(shuffled)) == solve(as_text(game))


def test_totals_agree_with_the_reference_on_large_random_inputs() -> None:
    rng = random.Random(7)
    for size in (1, 2, 1000, 5000):
        labels = rng.sample(range(13**5), size)
        game = [
            ("".join(ORDER[label // 13**place % 13] for place in range(5)), rng.randint(1, 1000))
            for label in labels
        ]
        assert solve(as_text(game)) == reference_totals(game)


@pytest.mark.parametrize(
    ("text", "part_1", "part_2"),
    [
        pytest.param("AAAAA 7", 7, 7, id="a single line"),
        pytest.param("32T3K 765\n", 765, 765, id="a single line, newline"),
        # JJJJJ: five of a kind in both parts, but its J is the weakest card in part 2.
        pytest.param("JJJJJ 1\n22222 10\nAAAAK 100", 123, 132, id="all jokers"),
        pytest.param("JJJJ2 1\n2222J 10\nAAAA2 100", 312, 132, id="four jokers"),
        pytest.param("J2233 1\nKK2K3 10", 21, 12, id="jokers with two pair"),
        pytest.param("JJ223 1\nKKK23 10", 21, 12, id="two jokers with two pair"),
        pytest.param("KK677 1\nKK676 10", 12, 12, id="same type, last card differs"),
        pytest.param("KK676 10\nKK677 1", 12, 12, id="same type, last card, swapped"),
        pytest.param("QQQJA 1\nQQQJK 10", 12, 12, id="same type, last card, jokers"),
        # One pair each in part 2, and the joker loses the tie on the last card.
        pytest.param("23452 1\n2345J 10", 12, 12, id="last card is a joker"),
        pytest.param("2345A 1\n2345J 10", 12, 21, id="J strong in part 1, a pair in part 2"),
    ],
)
def test_edge_cases(text: str, part_1: int, part_2: int) -> None:
    assert solve(text) == (part_1, part_2)
    game = [(cards, int(bid)) for cards, bid in map(str.split, text.splitlines())]
    assert reference_totals(game) == (part_1, part_2)


def test_the_answers_are_exact_for_huge_bids() -> None:
    game = [("AAAAA", 10**30), ("22222", 1)]
    assert solve(as_text(game)) == (1 + 2 * 10**30, 1 + 2 * 10**30)


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
EXAMPLE_HANDS = Hands(
    ["32T3K", "T55J5", "KK677", "KTJJT", "QQQJA"], [765, 684, 28, 220, 483]
)


@pytest.mark.parametrize("text", TOLERATED)
def test_tolerated_variants_read_as_the_clean_input(text: str) -> None:
    assert parse_hands(text) == EXAMPLE_HANDS
    assert parse_hands_line_by_line(text) == EXAMPLE_HANDS
    assert solve(text) == (6440, 5905)


@pytest.mark.parametrize("text", TOLERATED)
def test_tolerated_variants_take_the_fast_path(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def slow(text: str) -> Hands:
        raise AssertionError("went line by line")

    monkeypatch.setattr(day07, "parse_hands_line_by_line", slow)
    assert parse_hands(text) == EXAMPLE_HANDS


@pytest.mark.parametrize("text", TOLERATED)
def test_tolerated_variants_through_the_cli(text: str, tmp_path: Path) -> None:
    result = run_file(tmp_path, text, "--json")
    assert result.exit_code == 0, result.output
    [day] = json.loads(result.stdout)["results"]
    assert [p["answer"] for p in day["parts"]] == ["6440", "5905"]


# Text made of the pieces that inputs are made of, right and wrong, so that both the
# fast and the line-by-line reading are exercised on near-misses.
_pieces = st.sampled_from([
    "32T3K", "KTJJT", "AAAAA", "JJJJJ", "2345", "23456A", "kk677", "T55X5",
    " ", " ", "  ", "\t", "12", "0", "007", "-3", "x1", "1.5", "\n", "\n", "\r\n", "\r", "",
])
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


def outcome(read: Callable[[str], Hands], text: str) -> object:
    try:
        return read(text)
    except InputError as error:
        return str(error)


@settings(max_examples=500, deadline=None)
@given(st.one_of(near_inputs, games.map(as_text), decorated_inputs()))
def test_the_fast_reading_agrees_with_the_line_by_line_one(text: str) -> None:
    assert outcome(parse_hands, text) == outcome(parse_hands_line_by_line, text)


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
BAD = [pytest.param(*case[1:], id=case[0]) for case in BAD_INPUTS]


@pytest.mark.parametrize(("text", "number", "line", "reason"), BAD)
def test_bad_input_is_refused_naming_the_line(
    text: str, number: int, line: str, reason: str
) -> None:
    with pytest.raises(InputError) as raised:
        parse_hands(text)
    assert (raised.value.line_number, raised.value.line) == (number, line)
    assert reason in raised.value.reason


@pytest.mark.parametrize(("text", "number", "line", "reason"), BAD)
def test_bad_input_through_the_cli_is_one_sentence_and_exit_2(
    text: str, number: int, line: str, reason: str, tmp_path: Path
) -> None:
    result = run_file(tmp_path, text)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    [message] = [row for row in result.stderr.splitlines() if "bad input" in row]
    assert f"line {number}: " in message and reason in message
    assert message.endswith(repr(line))


@pytest.mark.parametrize(("text", "number", "line", "reason"), BAD)
def test_bad_input_in_json_names_the_line(
    text: str, number: int, line: str, reason: str, tmp_path: Path
) -> None:
    result = run_file(tmp_path, text, "--json")
    assert result.exit_code == 2
    [day] = json.loads(result.stdout)["results"]
    assert f"line {number}: " in day["error"] and day["error"].endswith(repr(line))


@pytest.mark.parametrize(("text", "number", "line", "reason"), BAD[:3] + BAD[-4:])
def test_bad_input_with_verbose_shows_the_traceback(
    text: str, number: int, line: str, reason: str, tmp_path: Path
) -> None:
    result = run_file(tmp_path, text, "--verbose")
    assert result.exit_code == 2
    assert "Traceback" in result.output and "InputError" in result.output
    assert f"line {number}: " in result.output


@pytest.mark.parametrize(("text", "number", "line", "reason"), BAD[-5:])
def test_bad_cached_input_through_aoc_run_is_refused_alike(
    text: str, number: int, line: str, reason: str, aocd_home: AocdHome
) -> None:
    aocd_home.set_token()
    aocd_home.cache_input(2023, 7, text)
    result = aoc("run", "2023", "7")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    [message] = [row for row in result.stderr.splitlines() if "bad input" in row]
    assert f"line {number}: " in message and message.endswith(repr(line))


# --- The benchmark measures what it says ----------------------------------------------


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("day07_speed", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmarks_straightforward_approach_agrees() -> None:
    benchmark = load_benchmark()
    text = benchmark.generated_input(3000, seed=11)
    game = [(cards, int(bid)) for cards, bid in map(str.split, text.splitlines())]
    assert len(game) == len({cards for cards, _ in game}) == 3000
    assert benchmark.straightforward(text) == benchmark.ours(text) == reference_totals(game)
