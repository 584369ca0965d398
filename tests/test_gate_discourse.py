"""Context set in one place of a message and holding in another: hearsay opened by an
earlier sentence, a correction opened on a later line, an offer, the month "May", and
the direction of a movement.

Each case pairs a claim the gate must refuse with one it must admit over the same
evidence, so a gate that refuses everything fails as surely as one that admits
everything. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import RESOLVER_VERSION, decide_write

ADMIT = ("ACCEPT", "RESCUE")

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    # An earlier heard-it line governs what the paragraph says next.
    (
        "modality_dropped",
        "Heard something from the Tarn office today. Ragna Vold is leaving Kestrel Mills in June.",
        "Ragna Vold is leaving Kestrel Mills in June.",
        "Reportedly, Ragna Vold is leaving Kestrel Mills in June.",
    ),
    # An opening "apparently" carries to the next sentence of its paragraph.
    (
        "modality_dropped",
        "apparently Ottilie Brann quit on friday. she starts at Norvik Freight in March",
        "Ottilie Brann starts at Norvik Freight in March.",
        "Apparently Ottilie Brann starts at Norvik Freight in March.",
    ),
    # A correction that opens a later line after a filler word ("Actually, scratch that:").
    (
        "numeral_invented",
        "The induction with Sefa Idowu is in room 31.\nActually, scratch that: it is in room 33.",
        "The induction with Sefa Idowu is in room 31.",
        "The induction with Sefa Idowu is in room 33.",
    ),
    # An offer is not a deed: "can" before a verb, "happy to".
    (
        "modality_dropped",
        "Brede Lunde can collect Ivo Marsh from the station on Sunday.",
        "Brede Lunde collected Ivo Marsh from the station on Sunday.",
        "Brede Lunde can collect Ivo Marsh from the station on Sunday.",
    ),
    (
        "modality_dropped",
        "Greta Hallan is happy to take the Thursday stand-up this week.",
        "Greta Hallan takes the Thursday stand-up this week.",
        "Greta Hallan is happy to take the Thursday stand-up this week.",
    ),
    # "May" after "in", a day number or before a year is the month, not the hedge.
    (
        "temporal_shifted",
        "Hedda Sture moved to Tromsø in June.",
        "Hedda Sture moved to Tromsø in May.",
        "Hedda Sture moved to Tromsø in June.",
    ),
    (
        "temporal_shifted",
        "Hedda Sture signs the Tromsø lease on 3 June.",
        "Hedda Sture signs the Tromsø lease on 3 May.",
        "Hedda Sture signs the Tromsø lease on 3 June.",
    ),
    # A condition after the clause with no comma: "assuming", "once" before a clause,
    # and an absolute "X permitting".
    (
        "modality_dropped",
        "Norvik Freight ships the Tarn order on Friday assuming QA passes.",
        "Norvik Freight ships the Tarn order on Friday.",
        "Norvik Freight ships the Tarn order on Friday assuming QA passes.",
    ),
    (
        "modality_dropped",
        "Norvik Freight ships the Tarn order on Friday once QA signs off.",
        "Norvik Freight ships the Tarn order on Friday.",
        "Norvik Freight ships the Tarn order on Friday once QA signs off.",
    ),
    (
        "modality_dropped",
        "QA permitting, Norvik Freight ships the Tarn order on Friday.",
        "Norvik Freight ships the Tarn order on Friday.",
        "QA permitting, Norvik Freight ships the Tarn order on Friday.",
    ),
    # "up for doing" offers it.
    (
        "modality_dropped",
        "Ola Brekke is up for covering the Monday shift.",
        "Ola Brekke covers the Monday shift.",
        "Ola Brekke is up for covering the Monday shift.",
    ),
    # A later sentence that takes the one before back as a whole and says another thing.
    (
        "unknown_subject",
        "Ola Brekke covers the Monday shift.\nActually no, scratch that: Lise Vatne covers the Monday shift.",
        "Ola Brekke covers the Monday shift.",
        "Lise Vatne covers the Monday shift.",
    ),
    # A time moved to another conjunct's place.
    (
        "temporal_shifted",
        "Pia Solli moved to Bodø in June and to Tromsø in August.",
        "Pia Solli moved to Tromsø in June.",
        "Pia Solli moved to Tromsø in August.",
    ),
    (
        "temporal_shifted",
        "Pia Solli - joining Norvik Freight as CFO in 2025; previously at Tarn Bank (2019–2023).",
        "Pia Solli joined Norvik Freight in 2023.",
        "Pia Solli is joining Norvik Freight as CFO in 2025.",
    ),
    # Asking is not getting; a gerund after a weak report verb is reported.
    (
        "modality_dropped",
        "HR note: Pia Solli has requested parental leave from 1 May.",
        "Pia Solli is on parental leave from 1 May.",
        "Pia Solli has requested parental leave from 1 May.",
    ),
    (
        "modality_dropped",
        "HR note: employee Pia Solli reports being locked out of the Bodø portal.",
        "Pia Solli was locked out of the Bodø portal.",
        "Pia Solli reports being locked out of the Bodø portal.",
    ),
    # Unnamed hearsay the clause reader did not frame.
    (
        "modality_dropped",
        "Rumour in the canteen: Norvik Freight is closing its Bodø depot.",
        "Norvik Freight is closing its Bodø depot.",
        "Reportedly, Norvik Freight is closing its Bodø depot.",
    ),
    (
        "modality_dropped",
        "Norvik Freight is closing its Bodø depot, or so the rumour goes.",
        "Norvik Freight is closing its Bodø depot.",
        "Reportedly, Norvik Freight is closing its Bodø depot.",
    ),
    # Wanting, asking to, an offer to: not done.
    (
        "modality_dropped",
        "Ticket: Pia Solli wants a standing desk for the Bodø office.",
        "Pia Solli has a standing desk for the Bodø office.",
        "Pia Solli wants a standing desk for the Bodø office.",
    ),
    (
        "modality_dropped",
        "HR note: Pia Solli asked to work from home on Fridays.",
        "Pia Solli works from home on Fridays.",
        "Pia Solli asked to work from home on Fridays.",
    ),
    # Attribution in a parenthesis or an "as reported by" phrase.
    (
        "modality_dropped",
        "HR note (employee's account): Pia Solli was shouted at by her team lead.",
        "Pia Solli was shouted at by her team lead.",
        "Reportedly, Pia Solli was shouted at by her team lead.",
    ),
    (
        "modality_dropped",
        "Ticket #55: as reported by the customer, Pia Solli was charged twice for May.",
        "Pia Solli was charged twice for May.",
        "Reportedly, Pia Solli was charged twice for May.",
    ),
    # A weak report verb before a pronoun and a finite verb frames that clause.
    (
        "modality_dropped",
        "HR note: Pia Solli feels she was passed over for the Bodø role.",
        "Pia Solli was passed over for the Bodø role.",
        "Pia Solli feels she was passed over for the Bodø role.",
    ),
    # Each action's owner is the party its conjunct opens with.
    (
        "relation_transposed",
        "AP: Ola Berg to book the venue in Bodø, Tom Aas to send the invites.",
        "Tom Aas is to book the venue in Bodø.",
        "Ola Berg is to book the venue in Bodø.",
    ),
    # A chat question without its "?": an inverted auxiliary, or an open tag.
    (
        "modality_dropped",
        "Has Runa Eide signed the Voss lease yet",
        "Runa Eide signed the Voss lease.",
        "Has Runa Eide signed the Voss lease yet?",
    ),
    (
        "modality_dropped",
        "Runa Eide signed the Voss lease, or did she",
        "Runa Eide signed the Voss lease.",
        "Runa Eide signed the Voss lease, or did she?",
    ),
    # Not settled: "TBC", "to be confirmed", "must have", "due to", "offered a job".
    (
        "modality_dropped",
        "Runa Eide signed the Voss lease - TBC",
        "Runa Eide signed the Voss lease.",
        "Runa Eide signed the Voss lease (TBC).",
    ),
    (
        "modality_dropped",
        "Runa Eide has been offered a job at Norvik Freight.",
        "Runa Eide works at Norvik Freight.",
        "Runa Eide has been offered a job at Norvik Freight.",
    ),
    (
        "modality_dropped",
        "Runa Eide, Norvik Freight's incoming CFO, spoke at the Voss fair.",
        "Runa Eide is Norvik Freight's CFO.",
        "Runa Eide is Norvik Freight's incoming CFO.",
    ),
    # "has yet to", "stopped short of": not done.
    (
        "negation_flipped",
        "Runa Eide has yet to sign the Voss lease.",
        "Runa Eide signed the Voss lease.",
        "Runa Eide has not signed the Voss lease.",
    ),
    # An arrangement (a progressive or present verb with a time still to come) is not
    # yet done; the same verb in the past is refused.
    (
        "temporal_shifted",
        "Runa Eide is signing the Voss lease on Friday.",
        "Runa Eide signed the Voss lease.",
        "Runa Eide is signing the Voss lease on Friday.",
    ),
    (
        "temporal_shifted",
        "Runa Eide joins Norvik Freight next month",
        "Runa Eide joined Norvik Freight.",
        "Runa Eide joins Norvik Freight next month.",
    ),
    # Reports and attitudes in tickets and HR notes: a participle ("..., saying"), a
    # complaint, "told HR", a passive "was told", "read online that", a group speaker.
    (
        "modality_dropped",
        "Ticket 77: Pia Solli called in, saying she was charged twice for May.",
        "Pia Solli was charged twice for May.",
        "Pia Solli said she was charged twice for May.",
    ),
    (
        "modality_dropped",
        "Ticket 77: Pia Solli complains she was charged twice for May.",
        "Pia Solli was charged twice for May.",
        "Pia Solli complains she was charged twice for May.",
    ),
    (
        "modality_dropped",
        "HR case 12: Pia Solli informed HR that she was shouted at by her manager.",
        "Pia Solli was shouted at by her manager.",
        "Pia Solli informed HR that she was shouted at by her manager.",
    ),
    (
        "modality_dropped",
        "HR: Pia Solli read online that the Bodø depot will close in June.",
        "The Bodø depot will close in June.",
        "Pia Solli read online that the Bodø depot will close in June.",
    ),
    (
        "modality_dropped",
        "HR: staff were told the Bodø depot will close in June.",
        "The Bodø depot will close in June.",
        "Reportedly, the Bodø depot will close in June.",
    ),
    (
        "modality_dropped",
        "HR: Pia Solli fears the Bodø depot will close in June.",
        "The Bodø depot will close in June.",
        "Pia Solli fears the Bodø depot will close in June.",
    ),
    # From and to swapped: the places keep every word, the direction changes.
    (
        "relation_transposed",
        "Aksel Fjeld flew from Bodø to Riga on Monday for the audit.",
        "Aksel Fjeld flew from Riga to Bodø.",
        "Aksel Fjeld flew from Bodø to Riga.",
    ),
    (
        "relation_transposed",
        "Ticket: Ines Varo moved €400 from her savings account to her current account.",
        "Ines Varo moved €400 from her current account to her savings account.",
        "Ines Varo moved €400 from her savings account to her current account.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_refused_and_admitted_over_one_evidence(
    code: str, evidence: str, refused: str, admitted: str
) -> None:
    """The changed claim is refused for the named reason; the faithful one is admitted."""
    bad = decide_write(refused, evidence)
    assert bad.verdict not in ADMIT, bad
    assert bad.refusal is not None and bad.refusal.code == code, bad.refusal
    good = decide_write(admitted, evidence)
    assert good.verdict in ADMIT, good.refusal


def test_a_blank_line_ends_an_opening_hearsay() -> None:
    """Hearsay opened in one paragraph does not reach the next; in the same one it does."""
    claim = "Ragna Vold is leaving Kestrel Mills in June."
    apart = "Apparently the canteen is shut again.\n\nRagna Vold is leaving Kestrel Mills in June."
    together = "Apparently the canteen is shut again. Ragna Vold is leaving Kestrel Mills in June."
    assert decide_write(claim, apart).verdict in ADMIT
    assert decide_write(claim, together).verdict not in ADMIT


def test_a_performative_offer_word_opens_a_statement() -> None:
    """ "happy to announce that X" states X; "happy to chair X" only offers it."""
    claim = "Lotte Arnesen joined Norvik Freight as finance director."
    stated = "We are happy to announce that Lotte Arnesen joined Norvik Freight as finance director."
    offered = "Lotte Arnesen is happy to join Norvik Freight as finance director."
    assert decide_write(claim, stated).verdict in ADMIT
    assert decide_write(claim, offered).verdict not in ADMIT


def test_an_elided_conjunct_keeps_its_partner() -> None:
    """ "won in 2011 and again in 2013": the second time belongs to the same win."""
    ev = "Chiara Vik won the Bodø chess championship in 2011 and again in 2013."
    assert decide_write("Chiara Vik won the Bodø chess championship in 2013.", ev).verdict in ADMIT
    assert decide_write("Chiara Vik won the Bodø chess championship in 2012.", ev).verdict not in ADMIT


def test_a_shared_verb_is_no_other_partys_clause() -> None:
    """ "Lobato runs the Thursday session and Vik the Friday one": the verb is shared, so
    Vik's conjunct is no other party's; the Thursday session is still Lobato's."""
    ev = "Henrik Lobato will run the Thursday session and Iona Vik the Friday one."
    gapped = decide_write("Iona Vik will run the Friday session.", ev)
    assert gapped.refusal is None or gapped.refusal.code != "relation_transposed", gapped.refusal
    assert decide_write("Iona Vik will run the Thursday session.", ev).verdict not in ADMIT


def test_an_arrangement_in_another_clause_leaves_a_past_one() -> None:
    """ "signed it yesterday and is moving in next week": the signing is done."""
    ev = "Runa Eide signed the Voss lease yesterday and is moving in next week."
    assert decide_write("Runa Eide signed the Voss lease.", ev).verdict in ADMIT
    assert decide_write("Runa Eide moved in to the Voss flat.", ev).verdict not in ADMIT


def test_once_as_a_count_is_no_condition() -> None:
    """ "ships once a week" states a frequency; "once QA signs off" a condition."""
    ev = "Norvik Freight ships the Tarn order once a week from Hamar."
    assert decide_write("Norvik Freight ships the Tarn order once a week.", ev).verdict in ADMIT
    assert decide_write("Norvik Freight ships the Tarn order twice a week.", ev).verdict not in ADMIT


def test_the_resolver_version_names_this_gate() -> None:
    assert RESOLVER_VERSION.startswith("write-gate/3.140+")
