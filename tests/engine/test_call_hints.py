"""A call's hint: the tutor's call (the heuristic's rule, as the strong player bids) with the sampled evaluation of
each contract the seat may buy against passing, in game points for its team, said after the rule's reason."""

from __future__ import annotations

from explorer.engine.core.i18n import style_for
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Stage
from explorer.engine.players.review import CALL_SAMPLES, hint
from explorer.engine.rules.bidding import CallKind


def _bidding(seed: int):
    p = Practice.new(seed).advance()
    g = (p[0] if isinstance(p, tuple) else p).state
    assert g.stage is Stage.BIDDING
    return g


def test_a_call_hint_values_each_contract_the_seat_may_buy_against_passing_over_sampled_deals():
    g = _bidding(11)
    c = hint(g, seed=11)
    kinds = {a.kind for a in c.values}
    assert {CallKind.PASS, CallKind.HOKUM, CallKind.SUN} <= kinds
    passing = next(a for a in c.values if a.kind is CallKind.PASS)
    text = c.why.render()
    assert text.startswith("A Hokum hand") and f"over {CALL_SAMPLES} sampled deals" in text
    for a, v in c.values.items():
        if a.kind is CallKind.SUN:
            assert f"Sun {round(v - c.values[passing], 1):+}" in text
    assert hint(g, seed=11).values == c.values, "seeded: the same figures each time"


def test_a_pass_hint_shows_what_each_contract_would_lose_and_reads_in_arabic():
    g = _bidding(3)
    c = hint(g, seed=3)
    assert c.action.kind is CallKind.PASS
    passing = c.values[c.action]
    gains = [v - passing for a, v in c.values.items() if a.kind is not CallKind.PASS]
    assert gains and all(x < 0 for x in gains), "the rule passes: every contract loses against passing here"
    ar = c.why.render(style_for("ar"))
    assert "التوزيعات المفترضة" in ar and "sampled" not in ar
