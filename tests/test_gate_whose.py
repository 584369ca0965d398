"""Write gates 3.93-3.94: whose it is, and who did it.

Along a possessive chain and in a speaker's description (3.93):

"X's sister's job" says nothing of X's job; "her husband's card" (her: the caller) nothing
of the caller's card; "X's mother's train" is not said by "X: hey mum, train delayed";
and "X's mother" reporting is not X, nor X's father. Each case refuses one claim and admits
its neighbour over the same evidence. A passive in a relative clause names its own doer
("paid for the plant, which was completed by Vantec Systems" gives no "Brix Energy
completed the plant"), and a post named only as what another noun relates a name to ("the
rival of the chair of the Kesteven Trust, Ysolde Marrack, said") is not that name's post
(3.94); a reduced passive names its doer too ("Motion: proposed by Vesna, seconded by
Teodor", 3.98), and so does a record's field ("Line manager: Ilse Ostrander", 3.102;
"supervisor: Prof. Kalvis Briedis", "Covering: Ilse Ostrander", 3.106).
Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from tests.gate_pairs import assert_pair

MINUTES = (
    "Board of Trustees, Orrin Library, 22 Oct 2025\nPresent: Ilka Brandt (chair), Ruben Aalto, Vesna"
    " Varga, Teodor Brisk\n4. Saturday opening motion: proposed by Vesna, seconded by Teodor, carried 3-1."
)

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    (
        "unknown_subject",
        "Ottilie Varga's sister's job was cut in March.",
        "Ottilie Varga's job was cut in March.",
        "Ottilie Varga's sister's job was cut in March.",
    ),
    (
        "unknown_subject",
        "Ottilie Varga's mum's flat was sold in May.",
        "Ottilie Varga's flat was sold in May.",
        "Ottilie Varga's mother's flat was sold in May.",
    ),
    (
        "unknown_subject",
        "Ticket #4411\nCaller: Signy Holtby\nIssue: her husband's card was charged twice for one order.",
        "Signy Holtby's card was charged twice for one order.",
        "Signy Holtby's husband's card was charged twice for one order.",
    ),
    (
        "unknown_subject",
        "[SMS] Ilse Ostrander, 18:40: hey mum train delayed again, wont get to Arlen till 9",
        "Ilse Ostrander's mother's train to Arlen is delayed.",
        "Ilse Ostrander's train to Arlen is delayed.",
    ),
    (
        "asserts_more_than_evidence",
        "Clinic note: Ilse Brandvold, 6.\nAccompanied by her father.\nFather reports a cough for ten days.",
        "Ilse Brandvold's mother reports that Ilse has had a cough for ten days.",
        "Ilse Brandvold's father reports a cough for ten days.",
    ),
    # Who did it: a passive in a relative clause names its own doer (3.94).
    (
        "relation_transposed",
        "Brix Energy paid for the plant, which was completed by Vantec Systems in May.",
        "Brix Energy completed the plant.",
        "Vantec Systems completed the plant.",
    ),
    (
        "relation_transposed",
        "In 2019, Orrin Biotech was acquired by the Danish group Halden Pharma.",
        "Orrin Biotech acquired Halden Pharma in 2019.",
        "Halden Pharma acquired Orrin Biotech in 2019.",
    ),
    (
        "asserts_more_than_evidence",
        "The grant was a mistake, the rival of the chair of the Kesteven Trust, Ysolde Marrack, said.",
        "Ysolde Marrack is the chair of the Kesteven Trust.",
        "Ysolde Marrack said the grant was a mistake.",
    ),
    (
        "asserts_more_than_evidence",
        "Ysolde Marrack, a friend of the chair of the Kesteven Trust, spoke first.",
        "Ysolde Marrack is the chair of the Kesteven Trust.",
        "Ysolde Marrack spoke first.",
    ),
    (
        "asserts_more_than_evidence",
        "Ysolde Marrack, one of the trustees of the Kesteven Trust, spoke first.",
        "Ysolde Marrack is the chair of the Kesteven Trust.",
        "Ysolde Marrack is a trustee of the Kesteven Trust.",
    ),
    # An owner that is itself owned ("the Kesteven Trust's rival") is another party (3.108).
    (
        "relation_transposed",
        "Ysolde Marrack, the chair of the Kesteven Trust's rival, opened the fete.",
        "Ysolde Marrack is the chair of the Kesteven Trust.",
        "Ysolde Marrack is the chair of the Kesteven Trust's rival.",
    ),
    # A reduced passive in minutes names its own doer (3.98).
    (
        "relation_transposed",
        MINUTES,
        "Teodor Brisk proposed the Saturday opening motion.",
        "Vesna Varga proposed the Saturday opening motion.",
    ),
    (
        "relation_transposed",
        MINUTES,
        "Vesna Varga seconded the Saturday opening motion.",
        "Teodor Brisk seconded the Saturday opening motion.",
    ),
    # A record's field names the post's holder ("Line manager: X"), 3.102.
    (
        "relation_transposed",
        "HR note, 14 Jan 2026: Tarmo Vesk (warehouse) moves to the day shift from 1 February. Line"
        " manager: Ilse Ostrander. Probation 3 months.",
        "Tarmo Vesk is Ilse Ostrander's line manager.",
        "Tarmo Vesk's line manager is Ilse Ostrander.",
    ),
    # A record's field whose label is an agent noun or an "-ing" names that verb's doer (3.106).
    (
        "relation_transposed",
        "RUTA OZOLA\n2016-2020 PhD in Botany, Orrin University; supervisor: Prof. Kalvis Briedis\n"
        "2020-present Lecturer, Orrin University",
        "Ruta Ozola supervised Kalvis Briedis's PhD.",
        "Ruta Ozola's PhD supervisor was Kalvis Briedis.",
    ),
    (
        "relation_transposed",
        "HR note, 11 Apr 2025. Sick leave: Tarmo Vesk (night shift) off from 7 Apr. Covering: Ilse"
        " Ostrander plus one agency worker.",
        "Tarmo Vesk is covering for Ilse Ostrander.",
        "Ilse Ostrander is covering.",
    ),
]


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_pair(code: str, evidence: str, refused: str, admitted: str) -> None:
    assert_pair(code, evidence, refused, admitted)
