"""A puzzle's explanation in words: why the answer wins, and what each other card loses, in game points.

Every sentence is a :class:`~..i18n.Msg` built from the proof's numbers (the worlds solved, the margin, each
card's loss) and the solution in the deal as dealt (the themes, the two lines' scores), so the explanation is
rendered in the reader's language and cannot drift from the proof.
"""

from __future__ import annotations

from explorer.engine.core.cards import Card, Team
from explorer.engine.core.i18n import Msg, plural
from explorer.engine.game.state import GameState
from explorer.engine.puzzles.prove import Loss, Proof
from explorer.engine.puzzles.themes import Outcome, Solution, Theme, theme_sentence


def proof_sentence(proof: Proof) -> Msg:
    """Why the answer is the answer: the worlds it was proved in and its margin."""
    w = proof.worlds
    if w.method == "all":
        return plural("{card} is the answer: in the one arrangement of the hidden cards that fits what you have "
                      "seen, it scores {margin} game points or more above any other card.",
                      "{card} is the answer: in every one of the {n} arrangements of the hidden cards that fit what "
                      "you have seen, it scores {margin} game points or more above any other card.",
                      w.count, card=proof.answer, margin=proof.margin)
    return plural("{card} is the answer: in {n} arrangement of the hidden cards drawn at random from the {total} that "
                  "fit what you have seen, it scores {margin} game points or more above any other card.",
                  "{card} is the answer: in each of {n} arrangements of the hidden cards drawn at random from the "
                  "{total} that fit what you have seen, it scores {margin} game points or more above any other card.",
                  w.count, card=proof.answer, margin=proof.margin, total=f"{w.total:,}")


def loss_sentence(loss: Loss, *, tempting: bool = False) -> Msg:
    """What one other card loses against the answer.

    >>> from explorer.engine.core.cards import Card
    >>> str(loss_sentence(Loss(Card.parse("KH"), 2, 5.25, 8)))
    'KH loses at least 2 game points (5.2 on average).'
    >>> str(loss_sentence(Loss(Card.parse("7C"), 4, 4.0, 4), tempting=True))
    '7C, the card a rule of thumb plays here, loses 4 game points in every arrangement.'
    """
    if loss.least == loss.most:
        if tempting:
            return Msg("{card}, the card a rule of thumb plays here, loses {least} game points in every arrangement.",
                       card=loss.card, least=loss.least)
        return Msg("{card} loses {least} game points in every arrangement.", card=loss.card, least=loss.least)
    mean = round(loss.mean, 1)
    if tempting:
        return Msg("{card}, the card a rule of thumb plays here, loses at least {least} game points ({mean} on "
                   "average).", card=loss.card, least=loss.least, mean=mean)
    return Msg("{card} loses at least {least} game points ({mean} on average).", card=loss.card, least=loss.least,
               mean=mean)


def _score(outcome: Outcome, team: Team) -> tuple[int, int] | None:
    award = outcome.result.award
    if award is None:
        return None
    return award[team], award[team.other]


def deal_sentence(state: GameState, sol: Solution) -> Msg | None:
    """The deal as it was dealt: where the answer's line ends, and the closest rival's (when it was solved)."""
    team = state.to_act.team
    mine = _score(sol.answer, team)
    if mine is None:
        return None
    theirs = _score(sol.rival, team) if sol.rival is not None else None
    if theirs is None:
        return Msg("As the cards lie, {card} ends the deal Us {us}, Them {them}.", card=sol.answer.line[0],
                   us=mine[0], them=mine[1])
    return Msg("As the cards lie, {card} ends the deal Us {us}, Them {them}; {rival} ends it Us {us2}, Them {them2}.",
               card=sol.answer.line[0], us=mine[0], them=mine[1], rival=sol.rival.line[0], us2=theirs[0],
               them2=theirs[1])


def explanation(state: GameState, proof: Proof, sol: Solution, themes: list[Theme],
                tempting: Card | None = None) -> list[Msg]:
    """The sentences of one step of a puzzle: the proof, each theme, the deal as dealt, then each other card's loss
    (the closest first)."""
    out = [proof_sentence(proof)]
    rival = proof.losses[0].card if proof.losses else None
    out += [theme_sentence(t, state, proof.answer, sol, rival) for t in themes]
    deal = deal_sentence(state, sol) if sol.rival is not None else None   # a page plays the line out instead
    if deal is not None:
        out.append(deal)
    out += [loss_sentence(x, tempting=x.card == tempting) for x in proof.losses]
    return out
