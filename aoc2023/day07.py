"""2023 day 7: Camel Cards.

Each line is a hand of five cards and a bid. Hands are ordered by type, then card
by card from the left; a hand wins its bid times its rank (the weakest is rank 1).
In part 2, `J` is a joker: it becomes whatever card makes the strongest type, but
is the weakest card when breaking ties.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from functools import partial
from itertools import count
from operator import mul

from aoc2023.framework import Example, InputError, Solution, numbered_lines

CARDS = "23456789TJQKA"
"""Card order, weakest first."""
CARDS_WITH_JOKERS = "J23456789TQKA"
"""Card order in part 2: the joker is the weakest card in ties."""
JOKER = "J"


class HandType(IntEnum):
    """Hand types, weakest first."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5
    FIVE_OF_A_KIND = 6


# The type trick of this day: for each of the five cards, count how many cards of
# the hand share its label, and add the counts up. That is the sum of the squares
# of the group sizes, and it is different for every type (full house: 3*3 + 2*2).
TYPE_BY_SQUARES = {
    1 + 1 + 1 + 1 + 1: HandType.HIGH_CARD,
    4 + 1 + 1 + 1: HandType.ONE_PAIR,
    4 + 4 + 1: HandType.TWO_PAIR,
    9 + 1 + 1: HandType.THREE_OF_A_KIND,
    9 + 4: HandType.FULL_HOUSE,
    16 + 1: HandType.FOUR_OF_A_KIND,
    25: HandType.FIVE_OF_A_KIND,
}

# What the jokers make of a hand. Counting each J as a plain card gives a type; the
# best the jokers can do is all join the largest group of other cards, and what that
# makes depends only on that type and the number of jokers. Absent pairs are hands
# the jokers cannot improve: no joker, or JJJJJ.
BEST_WITH_JOKERS: dict[tuple[HandType, int], HandType] = {
    (HandType.HIGH_CARD, 1): HandType.ONE_PAIR,  # J2345 plays as 22345
    (HandType.ONE_PAIR, 1): HandType.THREE_OF_A_KIND,  # J2234: 22234
    (HandType.ONE_PAIR, 2): HandType.THREE_OF_A_KIND,  # JJ234: 22234
    (HandType.TWO_PAIR, 1): HandType.FULL_HOUSE,  # J2233: 22233
    (HandType.TWO_PAIR, 2): HandType.FOUR_OF_A_KIND,  # JJ223: 22223
    (HandType.THREE_OF_A_KIND, 1): HandType.FOUR_OF_A_KIND,  # J2223: 22223
    (HandType.THREE_OF_A_KIND, 3): HandType.FOUR_OF_A_KIND,  # JJJ23: 22223
    (HandType.FULL_HOUSE, 2): HandType.FIVE_OF_A_KIND,  # JJ222: 22222
    (HandType.FULL_HOUSE, 3): HandType.FIVE_OF_A_KIND,  # JJJ22: 22222
    (HandType.FOUR_OF_A_KIND, 1): HandType.FIVE_OF_A_KIND,  # J2222: 22222
    (HandType.FOUR_OF_A_KIND, 4): HandType.FIVE_OF_A_KIND,  # JJJJ2: 22222
}


def squares(cards: str) -> int:
    """Sum of the squares of the group sizes (see TYPE_BY_SQUARES)."""
    return sum(map(cards.count, cards))


def hand_type(cards: str) -> HandType:
    return TYPE_BY_SQUARES[squares(cards)]


def hand_type_with_jokers(cards: str) -> HandType:
    plain = hand_type(cards)
    return BEST_WITH_JOKERS.get((plain, cards.count(JOKER)), plain)


# The ordering key is one int that sorts as the puzzle orders hands: the type, then
# each card's rank as one hex digit, so that comparing keys compares the types first,
# then the cards from the left. (Ints under 2**30 are also what Python sorts fastest.)
_RANK_DIGITS = str.maketrans(CARDS, "0123456789abc")
_RANK_DIGITS_WITH_JOKERS = str.maketrans(CARDS_WITH_JOKERS, "0123456789abc")
_TYPE_SHIFT = 4 * 5  # bits for five hex digits


def ordering_key(cards: str) -> int:
    return hand_type(cards) << _TYPE_SHIFT | int(cards.translate(_RANK_DIGITS), 16)


def ordering_key_with_jokers(cards: str) -> int:
    ranks = int(cards.translate(_RANK_DIGITS_WITH_JOKERS), 16)
    return hand_type_with_jokers(cards) << _TYPE_SHIFT | ranks


# `ordering_key` and `ordering_key_with_jokers` for all the hands at once: the parts
# spend their time here. One `translate` turns every hand into its rank digits
# (which leaves the groups of cards as they were, and makes each joker a "0"), and
# the rest is written inline: a function call per hand would cost a third more.
_JOKER_DIGIT = JOKER.translate(_RANK_DIGITS_WITH_JOKERS)
_TYPE_BY_SQUARES = {squares: int(type_) for squares, type_ in TYPE_BY_SQUARES.items()}
_TYPE_BY_JOKERS_AND_SQUARES = [
    {squares: int(BEST_WITH_JOKERS.get((type_, jokers), type_))
     for squares, type_ in TYPE_BY_SQUARES.items()}
    for jokers in range(6)
]


def ordering_keys(hands: list[str]) -> list[int]:
    type_by_squares = _TYPE_BY_SQUARES
    return [
        type_by_squares[sum(map(ranks.count, ranks))] << _TYPE_SHIFT | int(ranks, 16)
        for ranks in " ".join(hands).translate(_RANK_DIGITS).split()
    ]


def ordering_keys_with_jokers(hands: list[str]) -> list[int]:
    type_by = _TYPE_BY_JOKERS_AND_SQUARES
    return [
        type_by[ranks.count(_JOKER_DIGIT)][sum(map(ranks.count, ranks))] << _TYPE_SHIFT
        | int(ranks, 16)
        for ranks in " ".join(hands).translate(_RANK_DIGITS_WITH_JOKERS).split()
    ]


def total_winnings(keys: list[int], bids: list[int]) -> int:
    """Sum of bid times rank, ranking the hands by their ordering keys (weakest 1)."""
    if len(keys) != len(bids):
        raise ValueError(f"{len(keys)} keys for {len(bids)} bids")
    # The bids sorted by their hands' keys. `sorted` calls its key function once per
    # bid, first to last, so handing it the keys one by one gives each bid its own
    # hand's key, with no (key, bid) pair or index per hand to build and look up.
    ranked_bids = sorted(bids, key=partial(next, iter(keys)))
    return sum(map(mul, ranked_bids, count(1)))


@dataclass(frozen=True)
class Hands:
    """The hands of the input, in input order, and the bid on each."""

    cards: list[str]
    bids: list[int]


# The fast way to read an input: one regular expression checks all of it (a hand, one
# space and a bid on each line; trailing spaces, `\r\n` and blank lines at the end
# allowed) and one `split` reads it. Whatever it does not accept, or an input with a
# hand twice, goes line by line through `_check_line`, which says what is wrong. The
# line-by-line reading is the definition: the fast one accepts less, never more.
_WELL_FORMED = re.compile(rf"(?:[{CARDS}]{{5}} [0-9]++ *+\r?+(?:\n|\Z))++\s*+", re.ASCII)


def parse_hands(text: str) -> Hands:
    """Read and check every line; tolerant of `\\r\\n`, trailing spaces and blank
    lines at the end, strict about everything else."""
    if _WELL_FORMED.fullmatch(text):
        fields = text.split()
        cards = fields[0::2]
        if len(set(cards)) == len(cards):
            try:
                return Hands(cards, list(map(int, fields[1::2])))
            except ValueError:  # a bid with more digits than Python reads: say which line
                pass
    return parse_hands_line_by_line(text)


def _check_line(number: int, line: str) -> tuple[str, int]:
    """One line's hand and bid, or an InputError that says what is wrong with it."""
    fields = line.split()
    if not fields:
        raise InputError("blank line between hands", number, line)
    if len(fields) == 1:
        raise InputError("missing bid (a line is a hand, a space and a bid)", number, line)
    if len(fields) > 2:
        raise InputError("extra fields (a line is a hand, a space and a bid)", number, line)
    cards, bid = fields
    if len(cards) != 5 or any(card not in CARDS for card in cards):
        raise InputError(f"a hand is exactly 5 cards from {CARDS}", number, line)
    if bid.startswith("-") and bid[1:].isascii() and bid[1:].isdigit():
        raise InputError("negative bid (a bid is a whole number, 0 or more)", number, line)
    if not (bid.isascii() and bid.isdigit()):
        raise InputError("the bid is not a whole number", number, line)
    try:
        return cards, int(bid)
    except ValueError as error:  # past sys.get_int_max_str_digits()
        raise InputError(f"the bid has {len(bid):,} digits, too many to read as a number",
                         number, line) from error


def parse_hands_line_by_line(text: str) -> Hands:
    """`parse_hands` the slow way, which names the line at fault in a broken input."""
    numbered = numbered_lines(text)
    if not numbered:
        first_line = text.splitlines()[0] if text.splitlines() else ""
        raise InputError("the input is empty: expected a hand and a bid per line", 1, first_line)
    first_seen: dict[str, int] = {}
    cards, bids = [], []
    for number, line in numbered:
        hand, bid = _check_line(number, line)
        if hand in first_seen:
            raise InputError(
                f"the hand {hand} is also on line {first_seen[hand]}, "
                "so the order of hands would be ambiguous",
                number,
                line,
            )
        first_seen[hand] = number
        cards.append(hand)
        bids.append(bid)
    return Hands(cards, bids)


EXAMPLE = """
32T3K 765
T55J5 684
KK677 28
KTJJT 220
QQQJA 483
"""


class Day07(Solution[Hands]):
    title = "Camel Cards"
    examples = [Example(EXAMPLE, part_1=6440, part_2=5905)]

    def parse(self, text: str) -> Hands:
        return parse_hands(text)

    def part_1(self, hands: Hands) -> int:
        return total_winnings(ordering_keys(hands.cards), hands.bids)

    def part_2(self, hands: Hands) -> int:
        return total_winnings(ordering_keys_with_jokers(hands.cards), hands.bids)
