"""The engine's sentences about a seat, said to the reader sitting in it (the practice table's South).

A sentence names seats in the third person: "{seat} passes.", "It is {now}'s turn, not {seat}'s.". Said to
the player who sits there, "You passes." and "not You's." are wrong: each such sentence has a form for the
reader here, keyed by the parameters that are the reader's seat (joined by "+" when two are). A template
not listed names the reader "you" where the seat stands, which reads right wherever the seat is an object
("starting with you", "bought by you", "not you"), and the sentence's first word gets its capital.

Each form is a msgid of its own: its Arabic is written for "you" (a verb in the second person, the pronoun
attached: «عليك», «دورك»), not made from the third-person sentence.

>>> from explorer.engine.core.cards import Seat
>>> from explorer.engine.core.i18n import Msg, Style
>>> you = Style(seats={Seat.S: "You", Seat.N: "Noura"}, you=Seat.S)
>>> Msg("It is {now}'s turn, not {seat}'s.", now=Seat.N, seat=Seat.S).render(you)
"It is Noura's turn, not yours."
>>> Msg("{seat} passes.", seat=Seat.S).render(you), Msg("Sun bought by {buyer}", buyer=Seat.S).render(you)
('You pass.', 'Sun bought by you')
"""

from __future__ import annotations


def N_(text: str, /) -> str:
    """A msgid (as :func:`explorer.engine.core.i18n.N_`; this module is imported by it, so it has its own)."""
    return text


FORMS: dict[str, dict[str, str]] = {
    # the game model (game.py): whose turn, Ekka, projects, the actions
    "It is {now}'s turn, not {seat}'s.": {"seat": N_("It is {now}'s turn, not yours."),
                                          "now": N_("It is your turn, not {seat}'s.")},
    "Ekka is announced with the lead; {seat} is not leading this trick.":
        {"seat": N_("Ekka is announced with the lead; you are not leading this trick.")},
    "{seat} has already declared its projects.": {"seat": N_("You have already declared your projects.")},
    "{card} is not in {seat}'s hand.": {"seat": N_("{card} is not in your hand.")},
    "{seat} declares no project.": {"seat": N_("You declare no project.")},
    "{seat} declares {projects}.": {"seat": N_("You declare {projects}.")},
    "{seat} declares {cards}.": {"seat": N_("You declare {cards}.")},
    "{seat} plays {card} and announces Ekka.": {"seat": N_("You play {card} and announce Ekka.")},
    "{seat} plays {card}.": {"seat": N_("You play {card}.")},
    "{seat} passes (Wala).": {"seat": N_("You pass (Wala).")},
    "{seat} passes.": {"seat": N_("You pass.")},
    # the bidding (bidding.py): each call's verdict, and where the bidding stands
    "{seat}'s {call} {suit:sym}": {"seat": N_("your {call} {suit:sym}")},
    "{seat}'s {call}": {"seat": N_("your {call}")},
    "{seat} passes; in round 2 that is final.": {"seat": N_("You pass; in round 2 that is final.")},
    "{seat} passes and keeps its Hokum.": {"seat": N_("You pass and keep your Hokum.")},
    "{seat} passes: it declines its chance and is not asked again.":
        {"seat": N_("You pass: you decline your chance and are not asked again.")},
    "Ashkal is for the third seat ({third}) or the dealer ({dealer}), not {seat}.":
        {"seat": N_("Ashkal is for the third seat ({third}) or the dealer ({dealer}), and you are neither.")},
    "{bid} stands; {seat}, a later seat, can beat it only with Sun.":
        {"seat": N_("{bid} stands; you come later, and can beat it only with Sun.")},
    "{seat} could call Ashkal only at its own turn in the first circuit.":
        {"seat": N_("You could call Ashkal only at your own turn in the first circuit.")},
    "{seat} calls Ashkal: a Sun for its partner {partner}, who takes the upcard and is the declarer.":
        {"seat": N_("You call Ashkal: a Sun for your partner {partner}, who takes the upcard and is the declarer."),
         "partner": N_("{seat} calls Ashkal: a Sun for you, its partner: you take the upcard and are the declarer.")},
    "{seat} already kept its Hokum; it is not asked again.":
        {"seat": N_("You already kept your Hokum; you are not asked again.")},
    "{seat} declined its extra chance and is not asked again.":
        {"seat": N_("You declined your extra chance and are not asked again.")},
    "{seat} calls Hokum: {suit} ({suit:sym}), the upcard's suit, are trumps.":
        {"seat": N_("You call Hokum: {suit} ({suit:sym}), the upcard's suit, are trumps.")},
    "{seat} already holds the Hokum.": {"seat": N_("You already hold the Hokum.")},
    "With this profile {seat} may not take over {bid}; its chance is to call Sun.":
        {"seat": N_("With this profile you may not take over {bid}; your chance is to call Sun.")},
    "{seat}, an earlier seat, takes over {bid} (option earlier_seat_takes_hokum).":
        {"seat": N_("You, an earlier seat, take over {bid} (option earlier_seat_takes_hokum).")},
    "{seat} calls Hokum in {suit} ({suit:sym}), a suit other than the upcard's.":
        {"seat": N_("You call Hokum in {suit} ({suit:sym}), a suit other than the upcard's.")},
    "{seat} calls Sun; in round 2 a Sun ends the bidding.": {"seat": N_("You call Sun; in round 2 a Sun ends the bidding.")},
    "{seat} calls Sun over {bid}: Sun beats Hokum, and a Sun ends round 2.":
        {"seat": N_("You call Sun over {bid}: Sun beats Hokum, and a Sun ends round 2.")},
    "{seat} calls Sun: no trumps.": {"seat": N_("You call Sun: no trumps.")},
    "{seat} calls Sun over {bid}: Sun beats Hokum.": {"seat": N_("You call Sun over {bid}: Sun beats Hokum.")},
    "{seat}, earlier than {bidder}, takes the Sun: a Sun may be replaced from an earlier seat.":
        {"seat": N_("You, earlier than {bidder}, take the Sun: a Sun may be replaced from an earlier seat.")},
    "{bid} stands; {seat} comes after {bidder}, and a Sun can be replaced only by an earlier seat.":
        {"seat": N_("{bid} stands; you come after {bidder}, and a Sun can be replaced only by an earlier seat.")},
    "{seat} changes its own Hokum to Sun (option hokum_bidder_may_upgrade).":
        {"seat": N_("You change your own Hokum to Sun (option hokum_bidder_may_upgrade).")},
    "With this profile {seat} may not change its own Hokum to Sun.":
        {"seat": N_("With this profile you may not change your own Hokum to Sun.")},
    "{seat} does not Double.": {"seat": N_("You do not Double.")},
    "{seat} does not raise; the escalation ends.": {"seat": N_("You do not raise; the escalation ends.")},
    "Only an opponent of the declarer {buyer} may Double; {seat} is on {buyer}'s team.":
        {"seat": N_("Only an opponent of the declarer {buyer} may Double; you are on {buyer}'s team."),
         "buyer+seat": N_("Only an opponent of the declarer may Double, and the declarer is you."),
         "buyer": N_("Only an opponent of the declarer (you) may Double; {seat} is on your team.")},
    "{seat} already passed its chance.": {"seat": N_("You already passed your chance.")},
    "{seat}, an opponent of {buyer}, doubles the Sun: the match is inside the threshold ({threshold}).":
        {"seat": N_("You, an opponent of {buyer}, double the Sun: the match is inside the threshold ({threshold}).")},
    "{seat}, an opponent of {buyer}, doubles locked.": {"seat": N_("You, an opponent of {buyer}, double locked.")},
    "{seat}, an opponent of {buyer}, doubles open.": {"seat": N_("You, an opponent of {buyer}, double open.")},
    "{seat}, the declarer, answers the Double with Triple (open).":
        {"seat": N_("You, the declarer, answer the Double with Triple (open).")},
    "{seat}, the doubler, answers the Triple with Quadruple locked.":
        {"seat": N_("You, the doubler, answer the Triple with Quadruple locked.")},
    "{seat}, the doubler, answers the Triple with Quadruple open.":
        {"seat": N_("You, the doubler, answer the Triple with Quadruple open.")},
    "{seat}, the declarer, calls Gahwa: the team that wins this deal wins the match.":
        {"seat": N_("You, the declarer, call Gahwa: the team that wins this deal wins the match.")},
    "Everyone passed twice: the deal is cancelled and {seat} deals next.":
        {"seat": N_("Everyone passed twice: the deal is cancelled and you deal next.")},
    "Everyone passed twice: no score; {seat} deals next.": {"seat": N_("Everyone passed twice: no score; you deal next.")},
    "The bidding is not over: {seat} is still to call, so no {call} yet.":
        {"seat": N_("The bidding is not over: you are still to call, so no {call} yet.")},
    "{now} is asked now, not {seat}.": {"now": N_("You are asked now, not {seat}.")},
    "{contract}; {taker} takes the upcard.": {"taker": N_("{contract}; you take the upcard.")},
    "{contract}, {level} locked; {taker} takes the upcard.": {"taker": N_("{contract}, {level} locked; you take the upcard.")},
    "{contract}, {level}; {taker} takes the upcard.": {"taker": N_("{contract}, {level}; you take the upcard.")},
    "Round 1: {seat} (the dealer's right) is asked first.": {"seat": N_("Round 1: you (the dealer's right) are asked first.")},
    "Round {round}: {bid} stands; {seat} is asked.": {"seat": N_("Round {round}: {bid} stands; you are asked.")},
    "Round {round}: nobody has bid; {seat} is asked.": {"seat": N_("Round {round}: nobody has bid; you are asked.")},
    # projects (projects.py) and the score (scoring.py) at the end of a deal
    "Only {team} showed projects; {seat}'s {project} is the best.":
        {"seat": N_("Only {team} showed projects; your {project} is the best.")},
    "{seat}'s {project} beats {rival}'s {rival_project}: {why}.":
        {"seat": N_("Your {project} beats {rival}'s {rival_project}: {why}."),
         "rival": N_("{seat}'s {project} beats your {rival_project}: {why}.")},
    "exactly equal, and {seat} sits earlier from the dealer's right than {rival}":
        {"seat": N_("exactly equal, and you sit earlier from the dealer's right than {rival}")},
    "{seat}'s Baloot is inside its shown project (five-card run with K and Q, or four K or four Q): no separate 2.":
        {"seat": N_("Your Baloot is inside your shown project (five-card run with K and Q, or four K or four Q): "
                    "no separate 2.")},
    "Reverse Kaboot: the dealer's right ({buyer}) bought Sun with an Ace and its team took no trick: {award} × 2 "
    "(doubled like a Kaboot under 'multiply'; our reading)":
        {"buyer": N_("Reverse Kaboot: the dealer's right (you) bought Sun with an Ace and your team took no trick: "
                     "{award} × 2 (doubled like a Kaboot under 'multiply'; our reading)")},
    "Reverse Kaboot: the dealer's right ({buyer}) bought Sun with an Ace and its team took no trick: {award} (kept, "
    "as a doubled Kaboot keeps 44 under 'fixed'; our reading)":
        {"buyer": N_("Reverse Kaboot: the dealer's right (you) bought Sun with an Ace and your team took no trick: "
                     "{award} (kept, as a doubled Kaboot keeps 44 under 'fixed'; our reading)")},
    "Reverse Kaboot: the dealer's right ({buyer}) bought Sun with an Ace and its team took no trick: {award}":
        {"buyer": N_("Reverse Kaboot: the dealer's right (you) bought Sun with an Ace and your team took no trick: "
                     "{award}")},
}
"""Template → {the reader's parameters: the template said to them}; every key is a template the engine writes
(a test checks each against the catalogue)."""

