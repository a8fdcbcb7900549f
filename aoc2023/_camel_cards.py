"""Day 7's input, read strictly: a hand of five cards and a bid on each line.

Tolerant of what files carry (`\\r\\n`, trailing spaces, blank lines at the end), strict
about everything else, with one sentence naming the line for each way a line can be
wrong. It lives beside the day so that the day shows the puzzle; the leading underscore
keeps the registry from reading it as a day or a variant.
"""

from __future__ import annotations

from aoc2023.framework import InputError, numbered_lines

LABELS = "23456789TJQKA"
"""How the input writes each card, weakest first (`T` is ten)."""


def read_line(number: int, line: str) -> tuple[str, int]:
    """One line's hand and bid, or an InputError that says what is wrong with it."""
    fields = line.split()
    if not fields:
        raise InputError("blank line between hands", number, line)
    if len(fields) == 1:
        raise InputError("missing bid (a line is a hand, a space and a bid)", number, line)
    if len(fields) > 2:
        raise InputError("extra fields (a line is a hand, a space and a bid)", number, line)
    cards, bid = fields
    if len(cards) != 5 or any(card not in LABELS for card in cards):
        raise InputError(f"a hand is exactly 5 cards from {LABELS}", number, line)
    if bid.startswith("-") and bid[1:].isascii() and bid[1:].isdigit():
        raise InputError("negative bid (a bid is a whole number, 0 or more)", number, line)
    if not (bid.isascii() and bid.isdigit()):
        raise InputError("the bid is not a whole number", number, line)
    try:
        return cards, int(bid)
    except ValueError as error:  # past sys.get_int_max_str_digits()
        raise InputError(
            f"the bid has {len(bid):,} digits, too many to read as a number", number, line
        ) from error


def read_hands(text: str) -> list[tuple[str, int]]:
    """Every line's hand (as written) and bid, in input order. Tolerant of `\\r\\n`,
    trailing spaces and blank lines at the end, strict about everything else: a hand
    twice would make the order ambiguous."""
    numbered = numbered_lines(text)
    if not numbered:
        first_line = text.splitlines()[0] if text.splitlines() else ""
        raise InputError("the input is empty: expected a hand and a bid per line", 1, first_line)
    first_seen: dict[str, int] = {}
    hands = []
    for number, line in numbered:
        cards, bid = read_line(number, line)
        if cards in first_seen:
            raise InputError(
                f"the hand {cards} is also on line {first_seen[cards]}, so the "
                "order of hands would be ambiguous",
                number,
                line,
            )
        first_seen[cards] = number
        hands.append((cards, bid))
    return hands
