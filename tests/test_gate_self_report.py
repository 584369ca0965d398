"""An organisation's own report of what it did or will do, and reported speech's tenses.

"Brix Foods will close its Tavy plant, the company said" is the company's account of its
own plan; a careful reader (and every annotator of our corpora) takes "Brix Foods will close
its Tavy plant" from it. Not when someone else says it, nor when the verb casts doubt
("claimed", "denied"), nor when the reported clause is about another party. "X said it would
close" reports X's "will close"; its "would" is no hedge.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")

CASES = [  # (evidence, claim, admitted)
    ('Penhallow Foods will close its Tavy plant on Monday, the company said.',
     'Penhallow Foods will close its Tavy plant on Monday.', True),
    ('Penhallow Foods said on Monday it had bought Trelowen Mills.',
     'Penhallow Foods bought Trelowen Mills.', True),
    ('Penhallow Foods said it would close its Tavy plant.',
     'Penhallow Foods will close its Tavy plant.', True),
    ('Penhallow Foods said it would close its Tavy plant.',
     'Penhallow Foods said it would close its Tavy plant.', True),
    ('Penhallow Foods said it would close its Tavy plant.',
     'According to Penhallow Foods, it will close its Tavy plant.', True),
    # negative controls over the same kinds of evidence
    ('Penhallow Foods will close its Tavy plant on Monday, the company said.',
     'Penhallow Foods closed its Tavy plant on Monday.', False),
    ('Penhallow Foods will close its Tavy plant on Monday, a union spokesman said.',
     'Penhallow Foods will close its Tavy plant on Monday.', False),
    ('Penhallow Foods will close its Tavy plant on Monday, the company claimed.',
     'Penhallow Foods will close its Tavy plant on Monday.', False),
    ('Penhallow Foods said Trelowen Mills would close its Tavy plant.',
     'Trelowen Mills will close its Tavy plant.', False),
    ('Penhallow Foods said it may close its Tavy plant.',
     'Penhallow Foods will close its Tavy plant.', False),
    ('Penhallow Foods said it would close its Tavy plant if sales fell.',
     'Penhallow Foods will close its Tavy plant.', False),
    ('Penhallow Foods said on Monday it had not bought Trelowen Mills.',
     'Penhallow Foods bought Trelowen Mills.', False),
    ('Penhallow Foods said on Monday it had bought Trelowen Mills.',
     'Trelowen Mills bought Penhallow Foods.', False),
    ('Ffion Gwyn said she would resign.',
     'Ffion Gwyn will resign.', False),
    ('Ffion Gwyn said she would probably resign.',
     'Ffion Gwyn said she would resign.', False),
]


@pytest.mark.parametrize(("evidence", "claim", "admitted"), CASES)
def test_self_reports(evidence: str, claim: str, admitted: bool) -> None:
    decision = decide_write(claim, evidence)
    assert (decision.verdict in ADMIT) is admitted, (claim, evidence, decision.refusal)


def test_an_indefinite_speaker_reports() -> None:
    """ "..., a union spokesman said." is a report like "..., the union said."."""
    evidence = "Penhallow Foods will cut 40 jobs at Tavy, a union spokesman said."
    assert decide_write("Penhallow Foods will cut 40 jobs at Tavy.", evidence).verdict not in ADMIT
    yes = decide_write("According to a union spokesman, Penhallow Foods will cut 40 jobs at Tavy.", evidence)
    assert yes.verdict in ADMIT, yes.refusal
