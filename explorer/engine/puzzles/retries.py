"""The practice table's flagged cards as positions to retry, for the mistakes queue.

The practice match kept in the browser (:class:`~explorer.engine.game.practice.Practice`, read through its own
``from_json``) is reviewed deal by deal by the practice review (:func:`~explorer.engine.players.review.review_states`,
the same call the practice table makes): each of your cards it flags becomes a :class:`~.progress.Retry`, the deal's
seed and the actions before the card. A retry is judged again with the exact solver on a sample of the worlds you
could imagine there (:func:`~.prove.survey`): the proved card when one is, else every card within the review's
threshold of the best mean award.
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.engine.core.cards import Card, Seat
from explorer.engine.core.errors import ScenarioError, at
from explorer.engine.core.i18n import Msg
from explorer.engine.core.profiles import ProfileError, custom_profile
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import GameState, Stage, parse_action
from explorer.engine.puzzles.progress import Retry
from explorer.engine.puzzles.prove import Survey, legal_cards, survey

RETRY_SAMPLES = 32
"""The worlds a practice position is judged on (a few seconds at most, early in a deal)."""
WITHIN = 2.0
"""A card within this many game points of the best mean award is accepted (the review's threshold)."""


def deal_key(seed: str, actions: int) -> str:
    """A finished practice deal as the queue remembers it reviewed: its seed and its number of actions.

    >>> deal_key("7-2", 41)
    '7-2#41'
    """
    return f"{seed}#{actions}"


def finished_deals(p: Practice) -> list[tuple[int, str]]:
    """The practice's finished deals that were played (not passed twice): their index and key."""
    out = []
    for i, (log, g) in enumerate(zip(p.deals, p.states)):
        if g.finished and g.result is not None:
            out.append((i, deal_key(log.seed, len(log.actions))))
    return out


def replay(seed: str, dealer: str, match: tuple[int, int], profile: object, actions: tuple[str, ...]) -> list[GameState]:
    """Every state of a practice deal from its seed and actions (ScenarioError when the rules refuse one)."""
    try:
        rules = custom_profile(profile)
    except ProfileError as e:
        raise ScenarioError([at("profile", e.msg)]) from None
    g = GameState.new(seed, dealer=Seat.parse(dealer), match=match, profile=rules)
    out = [g]
    for i, text in enumerate(actions):
        try:
            g = g.apply(parse_action(text))
        except ValueError as e:
            raise ScenarioError([at(f"actions[{i}]", Msg("{action} cannot be played there", action=text))]) from e
        out.append(g)
    return out


def flagged(p: Practice, index: int, *, seed: object = 0) -> list[Retry]:
    """The cards of yours the practice review flags in deal ``index``, as positions to retry: those the exact
    judgement (:func:`judge`) also refuses (the review samples play-outs, the judgement solves every world it
    draws exactly; a card both find costly is worth retrying)."""
    from explorer.engine.players.review import review_states
    log = p.deals[index]
    spec = p.profile.to_spec()
    states = replay(log.seed, log.dealer.value, log.match, spec, log.actions)
    rv = review_states(states, [p.human], seed=seed)
    out = []
    for d in rv.mistakes:
        before = states[d.index]
        acts = tuple(str(a) for a in before.actions)
        key = f"{log.seed}@{len(acts)}"
        j = judge(before, seed=key)
        if d.played.card in j.accepted:
            continue
        out.append(Retry(key, log.seed, log.dealer.value, log.match, spec, acts, str(d.played.card),
                         tuple(str(c) for c in j.accepted), j.proved))
    return out


def retry_state(r: Retry) -> GameState:
    """The position of a retry: the deal replayed up to the flagged card; ScenarioError unless it is a card to play
    there and every card accepted is one the rules allow (a stored retry is only as good as the browser keeping it)."""
    g = replay(r.seed, r.dealer, r.match, r.profile, r.actions)[-1]
    if g.stage is not Stage.PLAY or g.to_act is None:
        raise ScenarioError([at("actions", Msg("the position is not a card to play"))])
    legal = legal_cards(g)
    wrong = [at(f"accepted[{i}]", Msg("{card} cannot be played there", card=Card.parse(c)))
             for i, c in enumerate(r.accepted) if Card.parse(c) not in legal]
    if wrong:
        raise ScenarioError(wrong)
    return g


@dataclass(frozen=True)
class RetryJudgement:
    """A retry judged: the sample surveyed, the cards accepted, and whether the best is proved there."""

    survey: Survey
    accepted: tuple[Card, ...]
    proved: bool


def judge(state: GameState, *, seed: object = 0) -> RetryJudgement:
    s = survey(state, samples=RETRY_SAMPLES, seed=seed)
    return RetryJudgement(s, s.accepted(WITHIN), s.proved() is not None)
