"""Recall answers a slot asked in other words than the claim's, and only that slot.

Every frame of ``text.slots`` has a pair over one chat-register store
(``chat_store``): a paraphrase that must be answered by the claim that fills the slot,
and a near-miss that must abstain (the slot absent for that person, the converse
relation, a near-miss name), naming the user's word.
"""

from __future__ import annotations

import pytest
from chat_store import ask, build, ids, index_of

from affidavit.gates.read_index import MemoryReadIndex


@pytest.fixture(scope="module")
def store() -> MemoryReadIndex:
    return build()


# (frame, answered question, claim that must answer, near-miss question, term it names)
PAIRS = [
    ("education", "where did lena go to university?", "study",
     "Where did Sam Reed go to university?", "university"),
    ("education", "What is Lena Moss's alma mater?", "study",
     "What is Sam Reed's alma mater?", "alma mater"),
    ("employer", "Who is Lena Moss's employer?", "works",
     "Who is Sam Reed's employer?", "employer"),  # Sam employs Tom: the converse
    ("employer", "Who employs Tom Hale?", "employs", "Who employs Ola Berg?", "employs"),
    ("staff", "Who does Sam Reed employ?", "employs", "Who does Tom Hale employ?", "employ"),
    ("residence", "where's lena based these days?", "oslo",
     "Where is Sam Reed based?", "based"),
    ("location", "Where is Tessel located?", "tessel_hq", "Where is Reed Labs located?",
     "located"),
    ("hometown", "What is Lena Moss's hometown?", "grew", "What is Sam Reed's hometown?",
     "hometown"),
    ("landlord", "who's lena's landlord?", "rent", "Who is Sam Reed's landlord?", "landlord"),
    ("tenant", "Who is Sam Reed's tenant?", "lets", "Who is Lena Moss's tenant?", "tenant"),
    ("kinship", "How many siblings does Lena Moss have?", "brothers",
     "How many siblings does Sam Reed have?", "siblings"),
    ("spouse", "Who is Lena Moss's husband?", "married", "Who is Sam Reed's wife?", "wife"),
    ("boss", "Who is Lena Moss's boss?", "reports", "Who is Ivan Petrov's boss?", "boss"),
    ("boss", "Who manages Lena Moss?", "reports", "Who manages Ivan Petrov?", "manages"),
    ("reports", "Who does Ivan Petrov manage?", "reports", "Who does Lena Moss manage?",
     "manage"),
    ("ceo", "Who is Brix Systems's CEO?", "ceo", "Who is Tessel's CEO?", "CEO"),
    ("stake", "What stake does Lena Moss hold in Brix Systems?", "stake",
     "What stake does Ivan Petrov hold in Brix Systems?", "stake"),
    ("founder", "Who is the founder of Reed Labs?", "founded",
     "Who is the founder of Brix Systems?", "founder"),
    ("birth", "How old is Lena Moss?", "born", "How old is Sam Reed?", "old"),
    ("tenure", "When did Lena Moss start at Brix Systems?", "joined",
     "When did Ivan Petrov start at Brix Systems?", "start"),
    ("price", "What is the price of a ticket to the Harlow Gala?", "gala",
     "What is the price of a ticket to the Harlow Gala's after-party?", "after-party"),
    ("size", "What is the headcount of Brix Systems?", "headcount",
     "What is the headcount of Tessel?", "headcount"),
    ("illness", "What illness does Lena Moss have?", "asthma",
     "What illness does Sam Reed have?", "illness"),
    ("medication", "What medication is Lena Moss on?", "inhaler",
     "What medication is Sam Reed on?", "medication"),
    ("sport", "what sport does lena play", "hockey", "What sport does Sam Reed play?", "sport"),
    ("instrument", "What instrument does Sam Reed play?", "piano",
     "What instrument does Lena Moss play?", "instrument"),
    ("hobby", "What are Lena Moss's hobbies?", "hockey", "What are Ivan Petrov's hobbies?",
     "hobbies"),
    ("who-object", "Who studied at Harlow College?", "study", "Who taught at Harlow College?",
     "taught"),
]  # fmt: skip


@pytest.mark.parametrize(("frame", "question", "claim", "miss", "term"), PAIRS,
                         ids=[f"{p[0]}-{i}" for i, p in enumerate(PAIRS)])
def test_paraphrase_answers_and_its_near_miss_abstains(
    store: MemoryReadIndex, frame: str, question: str, claim: str, miss: str, term: str
) -> None:
    """The paraphrase is answered by the claim that fills the slot; the near-miss over the
    same store abstains and names the word the user asked with."""
    answered = ask(store, question)
    assert answered.status == "answered", (frame, answered.text)
    assert claim in ids(answered)
    abstained = ask(store, miss)
    assert abstained.status == "abstained", (frame, abstained.text)
    assert term.casefold() in (abstained.ungrounded_term or "").casefold(), abstained.text


def test_go_to_university_is_not_answered_by_working_at_one(store: MemoryReadIndex) -> None:
    """Once "go" is absorbed into the education frame, the word "university" in a claim's
    object name ("Oslo University") no longer grounds the question on its own."""
    d = ask(store, "Which university did Sam Reed go to?")
    assert d.status == "abstained"
    assert ask(store, "Which university does Sam Reed teach at?").status == "answered"


def test_a_relation_noun_said_of_the_target_is_not_read_through_its_frame(
    store: MemoryReadIndex,
) -> None:
    """ "Is Lena a landlord?" is not answered by Lena renting from Ola (she is the tenant)."""
    assert ask(store, "Is Lena Moss a landlord?").status == "abstained"
    assert ask(store, "Is Sam Reed a landlord?").status == "abstained"  # literal word only


def test_a_light_verb_outside_its_frame_still_demands(store: MemoryReadIndex) -> None:
    """ "play its home games" is not a sport question: "game" is not the question's type."""
    d = ask(store, "What sport does Lena Moss coach?")
    assert d.status == "abstained" and d.ungrounded_term == "coach"


def test_abstention_suggests_slots_in_the_users_words(store: MemoryReadIndex) -> None:
    """The next step lists what is known as slots a user would ask for, not frame keys."""
    d = ask(store, "What is Lena Moss's salary?")
    assert d.ungrounded_term == "salary"
    assert "where they live" in d.next and "who they rent from" in d.next


def test_a_typed_name_that_runs_on_past_a_known_short_name_is_not_that_name(store: MemoryReadIndex) -> None:
    """ "brix sensors" is not Brix Systems: the typed name goes on with a word that can only be a
    noun, followed by the question's verb; "brix" alone, or "brix make", is Brix Systems."""
    assert ask(store, "what does brix make?").status == "answered"  # control
    assert ids(ask(store, "what does brix systems make?")) == ["makes"]
    near = ask(store, "what does brix sensors make?")
    assert near.status == "abstained" and near.ungrounded_term is not None
    assert "sensors" in near.ungrounded_term.casefold()


def test_an_office_title_and_its_abbreviation_ground_each_other() -> None:
    """ "md" asks for the managing director, "finance director" finds "FD"; another title does not."""
    index = _index(("md", "Llinos Beynon is the managing director of Cynan Holdings."),
                   ("fd", "Kabiru Inuwa is the FD of Gumel Agro Mills."))
    assert ids(ask(index, "do u know who the md of cynan holdings is")) == ["md"]
    assert ids(ask(index, "who is the finance director of Gumel Agro Mills?")) == ["fd"]
    assert ask(index, "who is the fd of cynan holdings?").status == "abstained"
    assert ask(index, "who is the general manager of Gumel Agro Mills?").status == "abstained"


def test_a_typed_name_may_open_with_a_word_of_english() -> None:
    """ "davit" is a word (a ship's crane) and a first name: with the surname after it the run is
    read as the name the store knows; a surname the store does not know is not."""
    index = _index(("works", "Davit Kapanadze is a furnace engineer at Lagodekhi Glassworks."),
                   ("makes", "Lagodekhi Glassworks makes wine bottles."))
    hop = ask(index, "what does the company davit kapanadze works for make?")
    assert sorted(ids(hop)) == ["makes", "works"], hop.text
    assert ask(index, "what does the company davit kapanadzi works for make?").status == "abstained"


def _index(*claims: tuple[str, str]) -> MemoryReadIndex:
    """A store of ``(claim id, text)`` claims, each its own evidence."""
    return index_of(tuple((claim_id, text, None) for claim_id, text in claims))
