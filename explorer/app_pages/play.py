"""Practice table: you (South) and your partner against two computer players, with the engine as tutor."""

from __future__ import annotations

import random

import streamlit as st

from explorer.engine.core.cards import Seat, Team
from explorer.engine.core.errors import as_msg, joined
from explorer.engine.core.i18n import NC_, Msg
from explorer.engine.core.visible import visible
from explorer.engine.files.scenario import check_doc, dump_yaml
from explorer.engine.game import Declare, IllegalActionError, Play, Stage
from explorer.engine.game.practice import Practice, PracticeError
from explorer.engine.rules.bidding import CallKind, legal_calls
from explorer.engine.rules.projects import find_projects, possible_projects
from explorer.ui import state
from explorer.ui.review import panel as review_panel
from explorer.ui.shell import browser_store, lang, once, sidebar
from explorer.ui.shell.lang import in_this_language, t
from explorer.ui.tools import inbox, score_view
from explorer.view import cards as ui
from explorer.view import nav, words
from explorer.view import practice as pv
from explorer.view.text import plain

STEP_SECONDS = 0.8  # how long each computer action stays on the table before the next one
STORE = "practice"

ss = st.session_state
st.title(t("Practice table"))
st.html(pv.HAND_CSS)

got = browser_store.read(STORE, check=Practice.from_json, wait=True)
if not got.ready:
    st.caption(t("Opening the match kept in this browser…"))
    st.stop()
if got.fresh:
    ss[state.PLAY_PRACTICE] = got.value
ss[state.PLAY_RESTORED] = True
browser_store.problem_box(STORE, t("match in progress"))


def _names(p: Practice) -> dict[Seat, str]:
    """The players as this page's language names them (a default name follows the language, a typed one stays,
    what would hide or move text in it shown as a marker)."""
    return {seat: visible(name) for seat, name in pv.shown_names(p.name_of, lang.current()).items()}


def _say(p: Practice, msg: Msg | str) -> str:
    """A sentence of the table in the page's language, with the players' names and card faces."""
    if not isinstance(msg, Msg):
        return str(msg)
    return pv.second_person(msg.render(pv.style(_names(p), lang.current(), you=p.human)), lang.current())


def _word(text: str) -> str:
    """A short word of this table (``NC_("practice table", ...)``) in the page's language: its own context keeps it
    apart from the same English in another catalogue ("Deal" here is a row of the score sheet, not "to deal")."""
    return pv.InContext("practice table", text).render(lang.style())


def _to_deal_checker() -> None:
    """Open the Deal checker in this page's language: a page switch drops the URL's ``?lang``, so it is given again."""
    here = lang.current()
    st.switch_page(nav.page_path("deal_checker.py"), query_params={"lang": here} if here != "en" else None)


def _keep(p: Practice | None) -> None:
    ss[state.PLAY_PRACTICE] = p
    ss.pop(state.PLAY_HINT, None)


# --- a new match ------------------------------------------------------------------------------------

def _start() -> None:
    names = {Seat.parse(s): pv.stored_name(Seat.parse(s), ss.get(f"{state.PLAY_SETUP_NAMES}.{s}", ""))
             for s in "NEW"}
    seed = ss.get(state.PLAY_SETUP_SEED) or random.randrange(1, 10**6)
    p = Practice.new(int(seed), profile=sidebar.current_profile(),
                     goal="match" if ss.get(state.PLAY_SETUP_GOAL, "match") == "match" else "deal",
                     difficulty=ss.get(state.PLAY_SETUP_LEVEL, "heuristic"), names=names,
                     tutor=bool(ss.get(state.PLAY_SETUP_TUTOR, True)),
                     auto_declare=ss.get(state.PLAY_SETUP_DECLARE, "auto") == "auto")
    _keep(p)
    ss.pop(state.PLAY_NOTICE, None)
    ss.pop(state.PLAY_REVIEW, None)


def setup() -> None:
    st.markdown(t("You sit South. Your partner sits across the table (North); East and West are your "
                  "opponents. Play goes anticlockwise: South, East, North, West. The computer players see "
                  "only their own cards, as you do."))
    with st.form("play.setup"):
        st.markdown(t("**The players**"))
        c = st.columns(3)
        defaults = pv.default_names(lang.current())     # an empty box is the default player, in this language
        for col, seat, role in zip(c, (Seat.N, Seat.E, Seat.W), (t("Partner (North)"), t("East"), t("West"))):
            col.text_input(role, max_chars=40, placeholder=defaults[seat], key=f"{state.PLAY_SETUP_NAMES}.{seat.value}",
                           help=t("Empty: {name}.", name=defaults[seat]))
        st.segmented_control(t("Play to"), ["match", "deal"], default="match", key=state.PLAY_SETUP_GOAL,
                             format_func=in_this_language(lambda v: t("152 (a match)") if v == "match" else t("One deal")))
        st.segmented_control(t("Computer players"), ["heuristic", "strong"], default="heuristic",
                             key=state.PLAY_SETUP_LEVEL,
                             format_func=in_this_language(lambda v: t("Beginner") if v == "heuristic" else t("Strong")),
                             help=t("Beginner: a player that follows sensible rules. Strong: it imagines the "
                                    "hidden cards many times and plays the card that scores best."))
        st.segmented_control(t("Your projects"), ["auto", "self"], default="auto", key=state.PLAY_SETUP_DECLARE,
                             format_func=in_this_language(lambda v: t("Declared for me") if v == "auto" else t("I declare them")),
                             help=t("Declared for me: the engine finds your best projects. I declare them: you "
                                    "choose, and the engine says what you missed."))
        st.toggle(t("Tutor mode: the rule before each of my cards, Take back and hints"), value=True,
                  key=state.PLAY_SETUP_TUTOR)
        st.number_input(t("Seed (empty: a new shuffle)"), min_value=1, max_value=10**9, value=None, step=1,
                        key=state.PLAY_SETUP_SEED, help=t("The same seed deals the same cards again."))
        st.caption(t("Rules: {rules} (chosen in the sidebar).", rules=words.profile_words(sidebar.current_profile())))
        once.button(t("Start"), key=state.PLAY_START, on_click=_start, submit=True, type="primary", width="stretch")


p: Practice | None = ss.get(state.PLAY_PRACTICE)
if p is None:
    setup()
    st.stop()

# --- the match ----------------------------------------------------------------------------------------

g = p.state
names = _names(p)
deal_no = len(p.deals)


def header(p: Practice) -> None:
    g = p.state
    totals = p.match.totals() if p.goal == "match" else {Team.NS: 0, Team.EW: 0}
    bits = [t("Deal {n}", n=len(p.deals)), t("seed {seed}", seed=p.deals[-1].seed),
            t("dealer {name}", name=_names(p)[g.dealer])]
    if p.goal == "match":
        bits.append(t("{score} (to 152)", score=pv.teams_line(totals)))
    else:
        bits.append(t("one deal"))
    bits.append(t("rules: {rules}", rules=words.profile_words(p.profile)))
    st.caption(" · ".join(plain(b) for b in bits))


header(p)

with st.expander(t("Table settings")):
    a, b = st.columns(2)
    a.toggle(t("Tutor mode"), value=p.tutor, key=state.PLAY_TUTOR,
             help=t("The rule before each of your cards, Take back and hints. Off: table mode."))
    b.toggle(t("Declare my projects for me"), value=p.auto_declare, key=state.PLAY_AUTO_DECLARE)
    if (ss[state.PLAY_TUTOR], ss[state.PLAY_AUTO_DECLARE]) != (p.tutor, p.auto_declare):
        p = p.with_settings(tutor=bool(ss[state.PLAY_TUTOR]), auto_declare=bool(ss[state.PLAY_AUTO_DECLARE]))
        _keep(p)
    once.button(t("New match"), key=state.PLAY_NEW_MATCH, on_click=_keep, args=(None,),
                help=t("Leave this match and set up a new one."))


def _notice(p: Practice) -> None:
    """The last refusal or remark, kept as sentences and said in the page's language (a switch retells it)."""
    note = ss.get(state.PLAY_NOTICE)
    if note:
        level, said = note
        text = " ".join(_say(p, m) for m in (said if isinstance(said, tuple) else (said,)))
        (st.error if level == "error" else st.info)(plain(text))


def table(p: Practice) -> None:
    """The table: the trick (or the upcard during the bidding), the contract, and the last events."""
    g = p.state
    size = sidebar.card_size()
    center = None
    if g.contract is not None:
        center = ui.trump_badge(g.contract.mode, g.contract.trump, compact=True)
    elif g.upcard is not None:
        center = ui.card_html(g.upcard, size="sm")
    cur = g.current or (g.tricks[-1] if g.tricks else None)
    plays = dict(cur.plays) if cur else {}
    winning = None
    if cur is not None and cur.cards:
        from explorer.engine.rules.play import trick_winner
        winning = trick_winner(cur.leader, cur.cards, g.contract.mode, g.contract.trump)
    names = _names(p)
    shown = dict(names)
    if g.stage in (Stage.BIDDING, Stage.DOUBLING):        # each seat's latest call beside its name
        for seat, call in pv.last_calls(g).items():
            shown[seat] = f"{names[seat]} · {_say(p, call)}"
    st.html(ui.trick_html(plays, to_play=g.to_act, winning=winning, leader=cur.leader if cur else None,
                          names=shown, center=center, size=size))
    line = pv.contract_line(g)
    if line is not None:
        st.caption(plain(_say(p, line)))
    evs = pv.events(g, you=p.human)
    if evs:
        st.container(key="play.events").markdown("\n".join(f"- {plain(_say(p, m))}" for m in evs[-5:]))


def computer_turns() -> None:
    """One computer action per tick, the table redrawn; at your turn (or the end) the whole page reruns."""
    p = ss[state.PLAY_PRACTICE]
    if p.waiting_for_computer:
        p = p.step()
        _keep(p)
    table(p)
    if not p.waiting_for_computer:
        st.rerun(scope="app")


if p.waiting_for_computer:
    st.fragment(computer_turns, run_every=STEP_SECONDS)()
    st.caption(t("The computer players are playing…"))
    st.stop()

table(p)
_notice(p)

# --- your turn ------------------------------------------------------------------------------------------


def _act(action) -> None:
    p = ss[state.PLAY_PRACTICE]
    try:
        p = p.play(action)
    except IllegalActionError as e:
        ss[state.PLAY_NOTICE] = ("error", e.verdict.reason)
        return
    ss.pop(state.PLAY_NOTICE, None)
    _keep(p)


def _take_back() -> None:
    _keep(ss[state.PLAY_PRACTICE].take_back())
    ss.pop(state.PLAY_NOTICE, None)


def _claim_sawa() -> None:
    try:
        _keep(ss[state.PLAY_PRACTICE].claim_sawa())
    except PracticeError as e:
        ss[state.PLAY_NOTICE] = ("error", e.msg)


def your_sawa(p: Practice) -> None:
    """The Sawa button, shown only when your team takes every trick left (checked once per position)."""
    if not p.may_claim:
        return
    key = (p.deals[-1].seed, len(p.state.actions))
    got = ss.get(state.PLAY_SAWA_CHECK)
    if not got or got[0] != key:
        got = (key, p.sawa().holds)
        ss[state.PLAY_SAWA_CHECK] = got
    if got[1]:
        once.button(t("Sawa: claim every trick left"), key=state.PLAY_SAWA, on_click=_claim_sawa, type="primary",
                    help=t("Your team takes every trick left whatever the others play: claim them, and the rest "
                           "of the deal is shown at once."))


def _deal_again() -> None:
    _keep(ss[state.PLAY_PRACTICE].deal_again())


def _next_deal() -> None:
    try:
        _keep(ss[state.PLAY_PRACTICE].next_deal())
    except PracticeError as e:  # the most deals a practice keeps
        ss[state.PLAY_NOTICE] = ("error", tuple(as_msg(line) for line in e.lines))
        return
    ss.pop(state.PLAY_NOTICE, None)


def _why(action) -> None:
    p = ss[state.PLAY_PRACTICE]
    v = p.state.why_not(action.by(p.human))
    ss[state.PLAY_NOTICE] = ("error" if not v.legal else "info", v.reason)


def your_calls(p: Practice) -> None:
    g = p.state
    round_two = pv.in_round_two(g.bidding)
    if g.stage is not Stage.BIDDING:
        st.markdown(t("**Your call** (the doubling):"))
    elif round_two:
        st.markdown(t("**Your call** (the bidding, round 2):"))
    else:
        st.markdown(t("**Your call** (the bidding):"))
    with st.container(key="play.calls", horizontal=True, wrap=True, gap="small"):
        for i, v in enumerate(legal_calls(g.bidding)):
            call = v.call
            label = _say(p, pv.call_word(call, round_two=round_two))
            if v.legal:
                once.button(label, key=state.play_call_key(i), on_click=_act, args=(call,),
                            type="primary" if call.kind is not CallKind.PASS else "secondary")
            else:
                st.button(f"~~{label}~~", key=state.play_call_key(i), on_click=_why, args=(call,), type="tertiary",
                          help=t("Not allowed now: tap to see why."))


def your_declaration(p: Practice) -> bool:
    """In trick 1, before your first card: your projects (declared for you, or by you). True when done."""
    g = p.state
    if not any(isinstance(a, Declare) for a in g.legal_actions()):
        return True
    view = g.view(p.human)
    best = find_projects(view.original, g.contract.mode, g.contract.trump).projects
    if p.auto_declare:
        _act(Declare(tuple(pr.cards for pr in best), p.human))
        st.rerun()
    st.markdown(t("**Your projects**: choose what to declare before your first card."))
    options = possible_projects(view.original, g.contract.mode)
    chosen = st.multiselect(t("Projects to declare"), list(range(len(options))), key=state.PLAY_DECLARE,
                            format_func=in_this_language(lambda i: _say(p, Msg("{project}: {cards}", project=options[i].title,
                                                              cards=list(options[i].cards)))))

    def declare() -> None:
        picked = tuple(options[i] for i in ss.get(state.PLAY_DECLARE, []) if isinstance(i, int) and i < len(options))
        _act(Declare(tuple(pr.cards for pr in picked), p.human))
        gap = pv.declaration_gap(best, picked)
        if gap is not None and not ss.get(state.PLAY_NOTICE):
            ss[state.PLAY_NOTICE] = ("info", (gap, Msg("The best declaration was: {projects}.",
                                                       projects=[pr.title for pr in best])))

    once.button(t("Declare") if chosen else t("Declare nothing"), key=state.PLAY_DECLARE_BUTTON, on_click=declare,
                type="primary")
    return False


def your_cards(p: Practice) -> None:
    g = p.state
    view = g.view(p.human)
    ps = view.play_state()
    legal = {a.card for a in g.legal_actions() if isinstance(a, Play)}
    ekka_cards = set(pv.is_ekka_offer(g, p.human))
    if p.tutor:
        line = pv.obligation_line(g, p.human)
        if line is not None:
            st.info(plain(_say(p, line)))
    announce = False
    if ekka_cards:
        announce = st.toggle(_say(p, Msg("Announce Ekka with my lead ({cards})", cards=sorted(ekka_cards,
                                                                                           key=str))),
                             key=state.PLAY_EKKA)
    st.markdown(t("**Your hand**: tap a card to play it (dimmed cards break a rule: tap one to see which)."))
    hand = ui.sort_hand(ps.hand, trump=g.contract.trump)
    with st.container(key="play.hand", horizontal=True, wrap=True, gap="small"):
        for card in hand:
            ok = card in legal
            action = Play(card, announce and card in ekka_cards, p.human)
            if ok:
                once.button(pv.card_button_label(card), key=state.play_card_key(str(card)), on_click=_act,
                            args=(action,), type="secondary")
            else:
                st.button(f":gray[{card.pretty}]", key=state.play_card_key(str(card)), on_click=_why, args=(action,),
                          type="tertiary")


if g.to_act is p.human and g.stage in (Stage.BIDDING, Stage.DOUBLING):
    view = g.view(p.human)
    st.html(ui.hand_html(view.hand, size=sidebar.card_size(), label=t("Your cards")))
    your_calls(p)
elif g.to_act is p.human and g.stage is Stage.PLAY:
    if your_declaration(p):
        your_cards(p)
        your_sawa(p)
    b = st.columns(2)
    if p.tutor and b[0].button(t("Hint"), key=state.PLAY_HINT_BUTTON, help=t("The strong player's card for you, "
                               "with the game points each card is worth on average.")):
        from explorer.engine.players.review import hint
        with st.spinner(t("Thinking about the hidden cards…")):
            ss[state.PLAY_HINT] = (len(g.actions), hint(g, seed=p.deals[-1].seed))
    if p.tutor and p.can_take_back:
        once.button(t("Take back"), key=state.PLAY_TAKE_BACK, on_click=_take_back, where=b[1],
                    help=t("Undo your last card (and the cards played after it)."))
    h = ss.get(state.PLAY_HINT)
    if h and h[0] == len(g.actions):
        choice = h[1]
        st.success(plain(_say(p, Msg("Hint: {card}. {why}", card=choice.action.card, why=choice.why or ""))))
        if choice.values:
            from explorer.view.charts.practice import hint_chart
            st.plotly_chart(hint_chart(choice.values, choice.action), key="play.hint_chart")

# --- the end of a deal -----------------------------------------------------------------------------------

if g.finished:
    record = g.record()
    if g.stage is Stage.REDEAL:
        st.warning(plain(_say(p, pv.redeal_line(g, p.human))))
    else:
        o = check_doc(record, style=pv.style({}, lang.current())).output
        score = o["score"]
        r = g.result
        if r.award is None:
            st.success(plain(_say(p, Msg("Gahwa: {team} wins the deal and the match.", team=r.winner))))
        else:
            us, them = r.award[Team.NS], r.award[Team.EW]
            st.success(plain(_say(p, Msg("This deal: Us {us}, Them {them}.", us=us, them=them))))
        claim = pv.sawa_lines(g, p.deals[-1])
        if claim:
            st.info(plain(_say(p, claim[0])))
            st.markdown("\n".join(f"- {plain(_say(p, m))}" for m in claim[1:]))
        with st.expander(t("How the deal was scored"), expanded=True):
            score_view.show_pipeline(score, chart_key="play.waterfall")
        review_panel.practice(p, record)
    c = st.columns(3)
    c[0].download_button(t("Save the deal (YAML)"), dump_yaml(record), file_name=f"deal-{p.deals[-1].seed}.yaml",
                         key=state.PLAY_DOWNLOAD, width="stretch")
    if c[1].button(t("Open in the Deal checker"), key=state.PLAY_OPEN_CHECKER, width="stretch"):
        inbox.send(state.DEAL, record, t("the practice table"))
        _to_deal_checker()
    once.button(t("Deal again (same cards)"), key=state.PLAY_DEAL_AGAIN, on_click=_deal_again, where=c[2],
                width="stretch")
    if p.over:
        if p.goal == "match":
            w = p.match.winner()
            if w is Team.NS:
                st.balloons()
            st.success(plain(_say(p, pv.match_won(w, p.match.totals()))))
        once.button(t("New match"), key=state.PLAY_NEW_MATCH_END, on_click=_keep, args=(None,), type="primary")
    else:
        once.button(t("Next deal"), key=state.PLAY_NEXT_DEAL, on_click=_next_deal, type="primary", width="stretch")

if p.goal == "match" and len(p.match):
    with st.expander(t("Score sheet: {score}", score=pv.teams_line(p.match.totals()))):
        rows = [{_word(NC_("practice table", "Deal")): i + 1, t("Us"): d.ns, t("Them"): d.ew,
                 _word(NC_("practice table", "Note")): _say(p, note) if (note := pv.deal_note(d)) is not None else ""}
                for i, d in enumerate(p.match.deals)]
        st.dataframe(rows, hide_index=True)
        st.caption(_say(p, pv.match_status(p.match)))

try:
    browser_store.save(STORE, p.to_json())
except (browser_store.StoreError, PracticeError) as e:
    reason = e.message if isinstance(e, browser_store.StoreError) else joined(e.lines)
    st.caption(plain(t("This match is not kept in the browser: {reason}", reason=reason)))
