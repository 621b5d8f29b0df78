"""Why the better card was better: each reason chosen on hand-built positions where it is known, and the review's
two views of a mistake (the sampled deals, and hindsight with all hands open)."""

from __future__ import annotations

import pytest

from explorer.engine.core.cards import Card, Seat, Suit, Team, cards
from explorer.engine.core.tables import Mode
from explorer.engine.game.actions import Play
from explorer.engine.players.reasons import MIN_GAP, Line, Moment, TrickOut, reasons


def play(code: str, ekka: bool = False) -> Play:
    return Play(Card.parse(code), ekka)


def trick(leader: str, codes: str, winner: str, points: int = 0) -> TrickOut:
    return TrickOut(Seat.parse(leader), tuple(cards(codes)), Seat.parse(winner), points)


def line(*tricks: TrickOut, made: bool = True, kaboot: Team | None = None) -> Line:
    return Line(tuple(tricks), made, kaboot)


def moment(seat: str = "S", *, mode: Mode = Mode.SUN, trump: Suit | None = None, buyer: str = "S",
           leader: str | None = None, table: str = "", played: str = "", hand: str = "") -> Moment:
    on_table = tuple(cards(table)) if table else ()
    return Moment(Seat.parse(seat), mode, trump, Seat.parse(buyer), Seat.parse(leader or seat), on_table,
                  frozenset(cards(played)) | frozenset(on_table), tuple(cards(hand)) if hand else ())


def ids(whys) -> list[str]:
    return [w.reason.value for w in whys]


def test_announcing_ekka_is_its_own_reason_when_the_card_is_the_same():
    m = moment(mode=Mode.HOKUM, trump=Suit.H)
    assert ids(reasons(m, play("KC", True), play("KC"), [], [])) == ["announces_ekka"]


def test_a_card_that_keeps_the_buyers_contract_avoids_a_khasara():
    m = moment(buyer="N")                     # S's team bought
    t = trick("S", "7D 8D 9D JD", "E")
    made = [line(t, made=True)] * 3 + [line(t, made=False)]
    failed = [line(t, made=False)] * 3 + [line(t, made=True)]
    whys = reasons(m, play("7D"), play("AD"), made, failed)
    assert ids(whys)[0] == "avoids_khasara" and (whys[0].better, whys[0].played) == (0.75, 0.25)


def test_a_defender_card_that_sinks_the_buyers_causes_a_khasara():
    m = moment(buyer="E")
    t = trick("S", "7D 8D 9D JD", "E")
    assert ids(reasons(m, play("7D"), play("AD"), [line(t, made=False)], [line(t, made=True)]))[0] == "causes_khasara"


def test_kaboot_kept_alive_and_kaboot_prevented():
    t = trick("S", "7D 8D 9D JD", "S")
    assert "keeps_kaboot" in ids(reasons(moment(), play("7D"), play("AD"), [line(t, kaboot=Team.NS)], [line(t)]))
    assert "prevents_kaboot" in ids(reasons(moment(), play("7D"), play("AD"), [line(t)], [line(t, kaboot=Team.EW)]))


def test_cutting_the_partners_winning_card_is_named_from_the_cards_alone():
    # N led the ace of clubs and is winning; E followed; S (third) is void in clubs and cut with a trump.
    m = moment(mode=Mode.HOKUM, trump=Suit.H, leader="N", table="AC 7C", hand="7H 8S")
    whys = reasons(m, play("8S"), play("7H"), [line(trick("N", "AC 7C 8S 9C", "N"))],
                   [line(trick("N", "AC 7C 7H 9C", "S"))])
    assert ids(whys)[0] == "avoids_cutting_partner" and whys[0].better is None


def test_overtaking_the_partner_in_the_led_suit_is_not_a_cut():
    m = moment(leader="N", table="KC 7C", hand="AC 8C")
    whys = reasons(m, play("8C"), play("AC"), [line(trick("N", "KC 7C 8C 9C", "N"))],
                   [line(trick("N", "KC 7C AC 9C", "S"))])
    assert "avoids_overtaking_partner" in ids(whys) and "avoids_cutting_partner" not in ids(whys)


def test_a_card_that_wins_the_trick_where_the_other_loses_it():
    m = moment(leader="W", table="7D KD", hand="AD 8D")
    whys = reasons(m, play("AD"), play("8D"), [line(trick("W", "7D KD AD 9D", "S"))],
                   [line(trick("W", "7D KD 8D 9D", "E"))])
    assert ids(whys)[0] == "wins_trick"


def test_a_master_kept_for_a_later_trick_it_wins():
    # S holds the ace of diamonds, the highest diamond out; E will cut a diamond lead now, not later.
    m = moment(mode=Mode.HOKUM, trump=Suit.H, hand="AD 7S")
    now = line(trick("S", "AD 7H 8D 9D", "E"), trick("E", "8S 7S 9S TS", "W"))
    later = line(trick("S", "7S 8S 9S TS", "N"), trick("N", "7D 8D AD 9D", "S"))    # N leads, W, then S wins
    whys = reasons(m, play("7S"), play("AD"), [later], [now])
    assert "keeps_master" in ids(whys)


def test_a_trump_lead_that_draws_the_opponents_trumps():
    m = moment(mode=Mode.HOKUM, trump=Suit.H, buyer="S", hand="JH 7D")
    drawn = line(trick("S", "JH 7H 8H 9S", "S"))
    plain = line(trick("S", "7D 8D 9D TD", "N"))
    assert "draws_trumps" in ids(reasons(m, play("JH"), play("7D"), [drawn], [plain]))


def test_more_points_on_the_partners_trick_and_fewer_on_the_other_teams():
    feed = moment(leader="N", table="AC 7C", hand="TD 7D")
    partners = [line(trick("N", "AC 7C TD 8C", "N"))]
    assert "points_to_partner" in ids(reasons(feed, play("TD"), play("7D"), partners, partners))
    save = moment(leader="E", table="AC", hand="TD 7D")
    theirs = [line(trick("E", "AC 7D 8C 9C", "E"))]
    whys = reasons(save, play("7D"), play("TD"), theirs, theirs)
    assert ids(whys) == ["saves_points"]


def test_the_last_trick_and_its_ten():
    m = moment(hand="7D 8S")
    win = line(trick("S", "7D 8D 9D JD", "E"), trick("E", "7S 8S 9S TS", "S"))
    lose = line(trick("S", "8S 8D 9D JD", "E"), trick("E", "7S 7D 9S TS", "W"))
    assert "last_trick" in ids(reasons(m, play("7D"), play("8S"), [win], [lose]))


def test_without_a_telling_difference_the_reason_is_the_points_or_the_later_tricks():
    m = moment(hand="7D 8S")
    a = line(trick("S", "7D 8D 9D JD", "E", 2), trick("E", "7S 8S 9S TS", "N", 30))
    b = line(trick("S", "8S 8D 9D JD", "E", 2), trick("E", "7S 7D 9S TS", "N", 20))
    whys = reasons(m, play("7D"), play("8S"), [a], [b])
    assert ids(whys) == ["more_points"] and whys[0].msg.params["n"] == 10
    assert ids(reasons(m, play("7D"), play("8S"), [a], [a])) == ["later_tricks"]


def test_a_consequence_a_little_more_frequent_is_no_reason():
    m = moment(leader="W", table="7D KD", hand="AD 8D")
    won, lost = line(trick("W", "7D KD AD 9D", "S")), line(trick("W", "7D KD 8D 9D", "E"))
    n = 10
    k = int(MIN_GAP * n) - 1                  # the better card wins the trick in k more deals of 10
    better = [won] * (5 + k) + [lost] * (5 - k)
    played = [won] * 5 + [lost] * 5
    assert "wins_trick" not in ids(reasons(m, play("AD"), play("8D"), better, played))


# --- the review's two views of a mistake, on seeded positions ----------------------------------------------------

def _plays(state):
    return [a for a in state.legal_actions() if isinstance(a, Play)]


def test_the_sampled_reasons_come_from_the_strong_players_own_play_outs():
    """The deals and play-outs the reasons read are those the strong player's evaluation scores: the same mean."""
    from explorer.engine.players.review import sampled_lines
    from explorer.engine.players.strong import StrongPlayer
    from explorer.engine.solver.samples import random_position
    g = random_position(11, 5, 1)
    plays = _plays(g)
    values = StrongPlayer(seed=3, samples=12).evaluate(g.view(g.to_act), plays)
    lines = sampled_lines(g, plays[-1:], seed=3, samples=12)
    (a, got), = lines.items()
    assert a == plays[-1] and len(got) == 12 and all(len(x.tricks) == 5 for x in got)
    # each line's tricks are the deal's from this trick on: the raw points of both teams add up to what is left
    left = sum(t.points for t in got[0].tricks)
    assert all(sum(t.points for t in x.tricks) == left for x in got)
    assert sum(x.award for x in got) / len(got) == pytest.approx(values[a])


@pytest.mark.parametrize("seed", range(6))
def test_hindsight_gives_the_exact_cost_and_reasons_along_the_principal_lines(seed):
    from explorer.engine.players.review import hindsight
    from explorer.engine.solver.samples import random_position
    from explorer.engine.solver.search import solve
    g = random_position(seed, 3, seed % 4)
    sol = solve(g)
    worst = min(sol.cards, key=lambda v: v.award)
    h = hindsight(g, Play(worst.card, worst.ekka), Play(sol.cards[0].card, sol.cards[0].ekka))
    assert h.award == worst.award and h.best_award == sol.cards[0].award and h.better in h.best
    assert h.cost >= 0 and (h.cost == 0) == (not h.reasons)
    # the lines compared are the solver's principal lines, played to the end: their outcome is the award it gives
    from explorer.engine.players.review import solved_line
    from explorer.engine.solver.award import Deal
    deal = Deal.of(g, g.projects(), g.to_act.team)
    for v in sol.cards:
        got = solved_line(g, v.line, deal)
        assert got.award == v.award and len(got.tricks) == 3
