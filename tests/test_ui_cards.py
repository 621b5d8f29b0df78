"""The HTML renderers of explorer/view/cards.py: faces, colours, hand order, trick layout."""

import doctest
import re

import pytest

import explorer.view.cards as ui
from explorer.engine.core.cards import Card, Seat, Suit, cards
from explorer.engine.core.tables import Mode


def order_in(html: str) -> list[str]:
    """The cards in the order they appear in the HTML."""
    return re.findall(r'class="bx-card[^"]*" data-card="(\w\w)"', html)


def test_module_doctests_pass():
    result = doctest.testmod(ui)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    "card, rank_shown",
    [
        pytest.param("TH", "10", id="ten-is-shown-as-10"),
        pytest.param("JS", "J", id="jack-is-J"),
        pytest.param("7D", "7", id="seven-is-7"),
    ],
)
def test_rank_label_on_the_face(card, rank_shown):
    assert f'<span class="bx-rank">{rank_shown}</span>' in ui.card_html(card)


@pytest.mark.parametrize(
    "card, colour",
    [("AH", "red"), ("AD", "red"), ("AS", "black"), ("AC", "black")],
    ids=["hearts-red", "diamonds-red", "spades-black", "clubs-black"],
)
def test_suit_colour_and_symbol(card, colour):
    face = ui.card_html(card)
    assert f"bx-{colour}" in face
    assert Card.parse(card).suit.symbol in face


def test_card_has_text_alternative():
    assert 'aria-label="10 of hearts"' in ui.card_html("TH")


@pytest.mark.parametrize("mark, symbol", [("legal", "✓"), ("illegal", "✕"), ("winning", "★")])
def test_highlight_has_class_data_and_symbol(mark, symbol):
    face = ui.card_html("9S", highlight=mark)
    assert f"bx-{mark}" in face and f'data-highlight="{mark}"' in face and symbol in face


def test_dim_and_sizes():
    assert "bx-dim" in ui.card_html("9S", dim=True)
    assert "bx-lg" in ui.card_html("9S", size="lg")


@pytest.mark.parametrize(
    "kwargs", [{"size": "xl"}, {"highlight": "good"}], ids=["unknown-size", "unknown-highlight"]
)
def test_bad_arguments_are_named(kwargs):
    with pytest.raises(ValueError, match=str(next(iter(kwargs.values())))):
        ui.card_html("9S", **kwargs)


def test_card_accepts_text_or_card():
    assert ui.card_html("10h") == ui.card_html(Card.parse("TH"))


def test_hand_without_trump_is_spades_hearts_clubs_diamonds():
    html = ui.hand_html("7D AC 9H KS")
    assert order_in(html) == ["KS", "9H", "AC", "7D"]


def test_hand_puts_trump_suit_first_and_keeps_colours_alternating():
    html = ui.hand_html("7S AH JD 9S TC KD", trump=Suit.D)
    assert order_in(html) == ["JD", "KD", "9S", "7S", "AH", "TC"]


def test_hand_orders_trumps_by_hokum_strength_and_others_by_sun_strength():
    html = ui.hand_html("AH 9H JH TH 7S AS TS JS", trump=Suit.H)
    assert order_in(html) == ["JH", "9H", "AH", "TH", "AS", "TS", "JS", "7S"]


def test_hand_in_sun_ranks_ten_above_king():
    assert order_in(ui.hand_html("KS TS AS")) == ["AS", "TS", "KS"]


def test_hand_marks_trump_group_and_highlights():
    html = ui.hand_html("JH 7S", trump=Suit.H, highlight={"7S": "illegal"}, dim="JH")
    assert "bx-trumpgroup" in html
    assert 'data-card="7S" data-highlight="illegal"' in html
    assert re.search(r'class="bx-card[^"]*bx-dim[^"]*" data-card="JH"', html)


def test_hand_unsorted_keeps_given_order():
    assert order_in(ui.hand_html("7D AC 9H", sort=False)) == ["7D", "AC", "9H"]


def test_empty_hand_says_so():
    assert "no cards" in ui.hand_html([])


def test_trick_seats_sit_around_the_table():
    html = ui.trick_html({Seat.S: "7C", Seat.E: "QH", Seat.N: "AC", Seat.W: "KC"})
    # grid areas: N top, W left, E right, S bottom
    for seat, card in [("n", "AC"), ("w", "KC"), ("e", "QH"), ("s", "7C")]:
        assert re.search(rf'bx-seat bx-seat-{seat}"[^>]*>.*?data-card="{card}"', html)
    assert html.index("bx-seat-n") < html.index("bx-seat-w") < html.index("bx-center")
    assert html.index("bx-center") < html.index("bx-seat-e") < html.index("bx-seat-s")


def test_trick_marks_seat_to_play_winner_and_order():
    html = ui.trick_html({Seat.W: "KC", Seat.S: "7C"}, leader=Seat.W, to_play=Seat.E, winning=Seat.W)
    assert 'class="bx-seat bx-seat-e bx-to-play"' in html
    assert "to play" in html
    assert re.search(r'data-card="KC" data-highlight="winning"', html)
    assert "leads" in html and "2nd" in html
    assert html.count('<span class="bx-slot') == 2  # E (to play) and N have no card yet


def test_trick_names_and_highlight_override():
    html = ui.trick_html(
        {Seat.N: "AD", Seat.S: "9S"},
        names={Seat.N: "Noura", Seat.S: "You & me"},
        winning=Seat.N,
        highlight={Seat.S: "illegal"},
        size="lg",
    )
    assert "Noura" in html and "You &amp; me" in html
    assert 'data-card="9S" data-highlight="illegal"' in html
    assert "bx-trick-lg" in html


def test_trick_tags_seats_anticlockwise_from_the_leader():
    html = ui.trick_html({Seat.S: "7C", Seat.E: "8C", Seat.N: "9C", Seat.W: "TC"}, leader=Seat.S)
    tags = re.findall(r'data-seat="([SENW])"><div[^>]*>[^<]*<span class="bx-tag">([^<]+)</span>', html)
    assert sorted(tags, key=lambda t: "leads 2nd 3rd 4th".split().index(t[1])) == [
        ("S", "leads"), ("E", "2nd"), ("N", "3rd"), ("W", "4th")]


def test_upcard_and_badges():
    assert "Upcard" in ui.upcard_html("AS") and 'data-card="AS"' in ui.upcard_html("AS")
    sun = ui.trump_badge(Mode.SUN)
    assert "Sun" in sun and "no trumps" in sun and 'dir="rtl"' in sun
    hokum = ui.trump_badge("hokum", "H")
    assert 'data-trump="H"' in hokum and "bx-red" in hokum and "hearts" in hokum
    assert ui.trump_badge("hokum", Suit.S, compact=True).endswith("♠</span></span>")


def test_inline_chips():
    assert ui.cards_inline(cards("TH 9S")).count("bx-chip") == 2
    assert "10♥" in ui.card_chip("TH")


def test_css_is_one_style_block():
    sheet = ui.css()
    assert sheet.startswith("<style>") and sheet.endswith("</style>") and sheet.count("<style>") == 1
    assert ".bx-card" in sheet and ".bx-trick" in sheet


def test_renderers_do_not_import_streamlit():
    import subprocess
    import sys

    code = "import sys, explorer.view.cards, explorer.content.glossary; print('streamlit' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
