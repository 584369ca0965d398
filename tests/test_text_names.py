"""Names, lemmas and numbers: the pure text layer the gates share."""

from __future__ import annotations

from affidavit.text.lemmas import canonical, content_lemmas, equivalent, lemma, phrase_matches, phrase_terms
from affidavit.text.names import NameIndex, find_names, name_key, refers_to
from affidavit.text.numbers import dates, quantities


def test_similar_company_does_not_resolve() -> None:
    """ "Brightwater Capital" never resolves to "Brightwater Analytics"."""
    index = NameIndex()
    index.add("e1", "Brightwater Analytics")
    assert index.resolve("Brightwater Capital") == []
    assert index.resolve("Brightwater Analytics") == ["e1"]


def test_shared_first_name_is_ambiguous() -> None:
    """A first name shared by two entities resolves to neither; a unique one resolves."""
    index = NameIndex()
    index.add("e1", "Dana Kim")
    index.add("e2", "Dana Ortiz")
    assert index.resolve("Dana") == []
    assert sorted(index.candidates("Dana")) == ["e1", "e2"]
    assert index.resolve("Kim") == ["e1"]


def test_remove_forgets_every_name() -> None:
    """After remove, the entity no longer resolves (the erasure tombstone relies on it)."""
    index = NameIndex()
    index.add("e1", "Dana Kim")
    index.remove("e1")
    assert index.resolve("Dana Kim") == [] and len(index) == 0


def test_name_key_drops_titles_and_possessives() -> None:
    """Titles, possessives and case do not change a name's key."""
    assert name_key("Mayor Declan Moore's") == name_key("declan  moore") == "declan moore"
    assert name_key("Dr. Ada Vries") == "ada vries"


def test_refers_to_requires_all_tokens() -> None:
    """A multi-token mention must match every token; a single token a first or last name."""
    assert refers_to("Vries", "Ada Vries") and refers_to("Ada", "Ada Vries")
    assert not refers_to("Ada Pike", "Ada Vries")
    assert not refers_to("Pike", "Ada Vries")


def test_find_names_skips_sentence_initial_function_words() -> None:
    """ "After", "The", "Doctors" open sentences but are not names; possessives end a run."""
    text = "After a storm, The ferry left. Doctors say Ada Vries's son Tom sails."
    assert [n for n, _, _ in find_names(text)] == ["Ada Vries", "Tom"]


def test_lemmas_and_equivalences() -> None:
    """Irregular forms lemmatise; buy~purchase are equivalent; buy~sell are not."""
    assert lemma("wrote") == lemma("written") == "write"
    assert lemma("went") == "go"
    assert equivalent("bought", "purchased") and not equivalent("bought", "sold")
    assert content_lemmas("The mills produced cloth") == ("mill", "produce", "cloth")


def test_numbers_normalise() -> None:
    """Equal amounts written differently compare equal; different ones do not."""
    assert quantities("£2,000")[0].value == quantities("two thousand pounds")[0].value
    assert quantities("£2,000")[0].unit == quantities("two thousand pounds")[0].unit == "gbp"
    assert quantities("5 mg")[0].value == quantities("5mg")[0].value
    assert quantities("48,000")[0].value != quantities("84,000")[0].value


def test_dates_normalise() -> None:
    """Three spellings of one date are the same date; a different year is not."""
    a, b, c = (dates(t)[0][0] for t in ("March 3, 2021", "3 March 2021", "2021-03-03"))
    assert (a.year, a.month, a.day) == (b.year, b.month, b.day) == (c.year, c.month, c.day)
    assert not dates("3 March 2022")[0][0].covered_by(a)


def test_coach_and_train_are_one_class() -> None:
    """ "trains the team" and "coaches the team" say the same; "teach" stays apart."""
    assert equivalent("trains", "coached") and canonical(lemma("trained")) == canonical("coach")
    assert not equivalent("train", "teach")


def test_phrase_terms() -> None:
    """A multi-word phrase adds the term it says; the words must be adjacent and in order."""
    assert phrase_terms("Who plays in goal for Westfield Rovers?") == ("goalkeeper",)
    assert phrase_terms("She played in goal twice.") == ("goalkeeper",)
    assert phrase_terms("Who is in charge of the depot?") == ("manage",)
    assert phrase_terms("Ada works for Vantor.") == ("employ",)
    assert phrase_terms("The goal was in play.") == ()
    (match,) = phrase_matches("Who plays in goal for Westfield Rovers?")
    assert (match.start, match.end, match.term) == (4, 17, "goalkeeper")


def test_find_names_in_long_text() -> None:
    """Sentence-initial detection looks back a few characters, not over the whole prefix."""
    text = "The committee met on a Tuesday. " * 400 + "Ada Vries spoke."
    assert [n for n, _, _ in find_names(text)] == ["Ada Vries"]
    assert find_names('He said "go." Then Ada Vries left.')[-1][0] == "Ada Vries"


def _names(text: str) -> list[str]:
    return [n for n, _, _ in find_names(text)]


def test_particle_surnames_are_one_name_everywhere() -> None:
    """ "Pieter van der Berg", "Karim el-Masri", "Ana dos Reis": one name, one key, wherever they stand."""
    people = ("Pieter van der Berg", "Karim el-Masri", "Ana dos Reis", "Lotte ter Haar", "Idris ibn Tariq")
    for name in people:
        assert _names(f"{name} repairs violins in Leiden.")[0] == name  # sentence start
        assert _names(f"The violin was repaired by {name}.") == [name]  # mid-sentence
        assert _names(f"Who is {name}'s mother?") == [name]  # question, possessive
        assert name_key(name.upper()) == name_key(name) == " ".join(name.casefold().split())
    # Control: particles join names, "and" does not; a lower-case word is no particle.
    assert _names("Ana dos Reis and Karim el-Masri met.") == ["Ana dos Reis", "Karim el-Masri"]
    assert _names("Pieter Berg and sons left.") == ["Pieter Berg"]


def test_month_and_auxiliary_given_names() -> None:
    """ "May Lindgren joined", "April Okafor", "Will Ashworth": names; "in May 2019" is a date."""
    assert _names("May Lindgren joined Orbit Labs in May 2019.") == ["May Lindgren", "Orbit Labs"]
    assert _names("April Okafor is a nurse.") == ["April Okafor"]
    assert _names("Will Ashworth repairs boats.") == ["Will Ashworth"]
    assert _names("The letter was from June Halloway.") == ["June Halloway"]
    assert _names("Jan Brouwer met Jan van Dijk.") == ["Jan Brouwer", "Jan van Dijk"]
    # Controls: dates and questions do not become people.
    assert _names("In May 2019 the firm moved.") == []
    assert _names("On 3 June Priya Halloway left.") == ["Priya Halloway"]
    assert _names("Since May, Priya has led the team.") == ["Priya"]
    assert _names("The clinic opened on the 3rd of May Street.") == ["Street"]
    assert _names("Will Orbit Labs ship the order?") == ["Orbit Labs"]
    assert _names("May I ask?") == ["I"]  # unchanged: "I" mid-sentence reads as a name


def test_firm_names_are_one_entity_apart_from_people() -> None:
    """ "Okafor & Brandt" is one firm; a lone "Okafor" never reaches it; two full names stay two."""
    assert _names("Okafor & Brandt has an office in Lyon.") == ["Okafor & Brandt", "Lyon"]
    assert _names("She buys shirts at Marks & Spencer.") == ["Marks & Spencer"]
    assert _names("Procter & Gamble sells soap.") == ["Procter & Gamble"]
    assert _names("Smith and Wesson Inc makes locks.") == ["Smith and Wesson Inc"]
    assert name_key("Okafor & Brandt") == name_key("Okafor and Brandt") == "okafor and brandt"
    assert name_key("AT&T") == name_key("AT & T")
    # Controls: people joined by "and" or "&" stay two people.
    assert _names("Tunde Okafor and Lena Brandt met.") == ["Tunde Okafor", "Lena Brandt"]
    assert _names("Tunde Okafor & Lena Brandt met.") == ["Tunde Okafor", "Lena Brandt"]
    assert not refers_to("Okafor", "Okafor & Brandt") and not refers_to("Tunde Okafor", "Okafor & Brandt")
    index = NameIndex()
    index.add("p1", "Tunde Okafor")
    index.add("f1", "Okafor & Brandt")
    assert index.resolve("Okafor") == ["p1"] and index.candidates("Okafor") == ["p1"]
    assert index.resolve("Okafor and Brandt") == ["f1"] and index.resolve("Tunde Okafor") == ["p1"]
    index.remove("f1")
    assert index.resolve("Okafor & Brandt") == [] and index.resolve("Okafor") == ["p1"]


def test_product_names_at_sentence_start() -> None:
    """A common word opening a sentence is a name before a version number or if capitalised elsewhere."""
    assert _names("Lantern 2.4 adds offline maps.") == ["Lantern"]
    assert _names("Lantern v3 ships today.") == ["Lantern"]
    assert _names("Lantern is fast. Many teams use Lantern daily.") == ["Lantern", "Lantern"]
    # Controls: numbered nouns, amounts and a lone common word are not names.
    assert _names("Figure 2.1 shows the trend.") == []
    assert _names("Revenue 3.2 million was reported.") == []
    assert _names("Nearly 3.5 kg of rice was lost.") == _names("Almost 4.5 tonnes arrived.") == []
    assert _names("Lantern oil is cheap.") == []


def test_known_words_joined_by_hyphens_opening_a_sentence_are_no_name() -> None:
    """ "Return-to-work meeting held ..." opens with a compound of English words; "Jean-Luc
    Picard" and "Abu-Bakr Ali" are names."""
    found = [n for n, _, _ in find_names("Return-to-work meeting held 19 May with Shafiq Sarker.")]
    assert found == ["Shafiq Sarker"]
    assert [n for n, _, _ in find_names("Jean-Luc Picard met Ada Obi.")] == ["Jean-Luc Picard", "Ada Obi"]


def test_a_post_in_capitals_is_no_name_and_joins_none() -> None:
    """ "the CEO of Grup Feixes" names Grup Feixes; the post is no entity (it was read as
    one name, "CEO of Grup Feixes", and stored as an entity). An acronym firm still is."""
    assert _names("Eudald Casademunt is the CEO of Grup Feixes.") == ["Eudald Casademunt", "Grup Feixes"]
    assert _names("Ana Ruiz, CFO of Brix, said the plant will close.") == ["Ana Ruiz", "Brix"]
    assert _names("Radu Stan (CFO) took the minutes.") == ["Radu Stan"]
    assert _names("IBM hired Ana Ruiz.") == ["IBM", "Ana Ruiz"]
    assert _names("The Bank of England kept rates.") == ["Bank of England"]
