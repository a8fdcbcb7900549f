"""`aoc token`: where the session token is, whose it is, and whether the site takes it.

The owner is the id aocd resolves for a token (`aocd.models.User.id`, memoised in its
`token2id.json`): resolving it is a request to the site's settings page, which also
proves the token alive, so a token aocd does not know yet costs one request and a
known one costs one request too, unless the site took it less than 15 minutes ago
(`local.token_accepted_at`), when it costs none. Failures to ask are one sentence.
The report also shows the User-Agent that request, and every other, carries.
"""

from __future__ import annotations

import time
from contextlib import suppress
from dataclasses import replace

from aoc2023.framework.aocd import client, local, paths
from aoc2023.framework.errors import NoInputError, SiteError
from aoc2023.framework.results import TokenReport


def no_token_error() -> NoInputError:
    return NoInputError(f"{local.no_token_sentence()}: log in to adventofcode.com, copy the "
                        "cookie named session, and put it in one of those places.")


def _refused_fix(place: str) -> str:
    return (f"adventofcode.com refused the token (it is expired, or was logged out): log in "
            f"again, copy the cookie named session, and replace the token in {place}.")


def check_token(recheck: bool = False) -> TokenReport:
    """The report on the token `aoc` uses. NoInputError when there is none at all."""
    source = local.token_source()
    if source is None:
        raise no_token_error()
    token = source.token
    who = client.contact()
    report = TokenReport(place=source.place, last4=token[-4:], cleaned=source.cleaned,
                         user_agent=client.user_agent(who), contact=who)
    if any(char.isspace() or not char.isprintable() for char in token):
        return replace(report, fix=(
            "The token has a space, a line break or another unprintable character inside "
            f"it: paste the cookie's value again into {source.place}."))
    known_id = paths.cached_user_id(token)
    accepted_at = None if recheck else local.token_accepted_at(token)
    if known_id is not None and accepted_at is not None:
        return replace(report, user_id=known_id, user_id_cached=True, accepted=True,
                     checked_at=accepted_at)
    try:
        owner = ask_owner(token, resolve=known_id is None)
    except SiteError as error:
        return replace(report, user_id=known_id, user_id_cached=known_id is not None,
                     requests=1, problem=str(error))
    if owner is None:
        local.forget_token_verdict()
        return replace(report, user_id=known_id, user_id_cached=known_id is not None,
                     accepted=False, checked_at=time.time(), requests=1,
                     fix=_refused_fix(source.place))
    now = time.time()
    with suppress(OSError):  # a folder that cannot be written: asked again next time
        local.remember_token_accepted(token, now)
    return replace(report, user_id=known_id or owner, user_id_cached=known_id is not None,
                 user_id_kept=paths.cached_user_id(token) is not None,
                 accepted=True, checked_at=now, requests=1)


def ask_owner(token: str, resolve: bool = False) -> str | None:
    """The token's owner as the site's settings page says (one request), or None when
    the site refuses the token. `resolve`: through aocd's `User.id`, which memoises it."""
    import aocd.exceptions
    import aocd.models
    import aocd.utils

    with client.asking("check the session token", SiteError):
        try:
            if resolve:
                return resolved_owner(token)
            return str(aocd.utils.get_owner(token))
        except aocd.exceptions.DeadTokenError:
            return None


def resolved_owner(token: str) -> str:
    """aocd's `User.id`, which memoises the owner in `token2id.json` (`client.owner`).
    When that file cannot be written (a read-only folder, a full disk), the owner found
    is still this process's:
    aocd put it in its memo in memory before it tried to write."""
    import aocd.models

    try:
        return client.owner(aocd.models.User(token))
    except OSError:
        from aoc2023.framework.aocd import private

        memo = private.token_owners_in_memory() or {}
        owner = memo.get(token)
        if owner is None:
            raise
        return str(owner)
