"""A nickname chat states in lower case is the person's, with their surname too.

"fyi oluwaseun bankole (everyone calls him seun) runs the print shop": after forget,
"Seun Bankole printed the programmes" goes with him and "seun runs the print shop" is
held for review; his sister, who shares the surname, keeps her own facts.
"""

from __future__ import annotations

from affidavit.identity import Identity
from affidavit.text.aliases import stated_aliases


def test_a_lower_case_stated_nickname_is_erased_with_its_person(open_store) -> None:  # type: ignore[no-untyped-def]
    store = open_store(Identity("t1", "a1"))
    loaded = [
        store.remember("Oluwaseun Bankole runs a print shop in Okeho.",
                       "fyi oluwaseun bankole (everyone calls him seun) runs the print shop by the okeho "
                       "market"),
        store.remember("Seun Bankole printed the Okeho carnival programmes.",
                       "Seun Bankole printed the Okeho carnival programmes again this year."),
        store.remember("Titilayo Bankole is a midwife.", "Titilayo Bankole, his sister, is a midwife."),
    ]
    assert [o.status for o in loaded] == ["admitted"] * 3, [o.text for o in loaded]
    before = store.recall("Who printed the Okeho carnival programmes?")
    assert before.status == "answered"  # control: the fact is there to be erased
    done = store.forget("Oluwaseun Bankole")
    assert done.status == "erased", done.text
    assert store.recall("Who printed the Okeho carnival programmes?").status == "abstained"
    assert store.recall("What does Titilayo Bankole do?").status == "answered"  # the sister stays
    again = store.remember("Seun runs the print shop by the Okeho market.",
                           "seun runs the print shop by the okeho market, ask him for flyers")
    assert again.status == "held_for_review", again.text


def test_a_nickname_with_the_surname_and_a_dropped_middle_name_are_not_admitted_again(open_store) -> None:  # type: ignore[no-untyped-def]
    store = open_store(Identity("t1", "a1"))
    assert store.remember("Eemeli Haapaniemi runs the Kemi sauna club.",
                          "Eemeli Haapaniemi — Eemu to everyone up here — runs the Kemi sauna club.").status \
        == "admitted"
    assert store.remember("Leonor Bastos Quaresma owns a bakery in Ericeira.",
                          "Leonor Bastos Quaresma owns a bakery in Ericeira.").status == "admitted"
    bystander = store.remember("Aila Haapaniemi teaches in Kemi.", "Aila Haapaniemi teaches in Kemi.")
    assert store.forget("Eemeli Haapaniemi").status == "erased"
    assert store.forget("Leonor Bastos Quaresma").status == "erased"
    nick_text = "Eemu Haapaniemi runs the Kemi sauna club."
    nick = store.remember(nick_text, nick_text)
    short = store.remember("Leonor Quaresma owns a bakery in Ericeira.",
                           "Leonor Quaresma owns a bakery in Ericeira.")
    assert nick.status != "admitted" and short.status != "admitted", (nick.text, short.text)
    other_text = "Aila Haapaniemi coaches swimming in Kemi."
    other = store.remember(other_text, other_text)
    assert bystander.status == "admitted" and other.status == "admitted"  # the surname alone is no person


def test_the_same_person_stored_under_another_spelling_is_in_the_closure(open_store) -> None:  # type: ignore[no-untyped-def]
    store = open_store(Identity("t1", "a1"))
    said = {
        "Marit Sollie": "Marit Sollie repairs boats in Hamnvik.",
        "Sollie Marit": "Sollie Marit sings in the Hamnvik choir.",
        "Márit Sollie": "Márit Sollie keeps bees in Hamnvik.",
        "Marit Lund": "Marit Lund runs the Hamnvik ferry.",  # same first name: a bystander
        "Ola Sollie": "Ola Sollie fishes off Hamnvik.",  # same surname: a bystander
    }
    for text in said.values():
        assert store.remember(text, text).status == "admitted", text
    assert store.recall("What does Sollie Marit sing in?").status == "answered"  # control
    done = store.forget("Marit Sollie")
    assert done.status == "erased", done.text
    gone = ("Who repairs boats in Hamnvik?", "Who sings in the Hamnvik choir?", "Who keeps bees in Hamnvik?")
    for question in gone:
        assert store.recall(question).status == "abstained", question
    for question in ("Who runs the Hamnvik ferry?", "Who fishes off Hamnvik?"):
        assert store.recall(question).status == "answered", question


def test_a_short_name_with_the_full_name_in_brackets_is_erased_with_its_person(open_store) -> None:  # type: ignore[no-untyped-def]
    """ "Jóa (Jóhanna Ormsdóttir) swims ...": the bracketed full name says whose short name it
    is; a bracketed name after a longer name, or a firm's, says no such thing."""
    store = open_store(Identity("t1", "a1"))
    loaded = [
        store.remember("Jóhanna Ormsdóttir manages the Seyðisfjörður ferry office.",
                       "Jóhanna Ormsdóttir manages the Seyðisfjörður ferry office."),
        store.remember("Jóa swims at the Seyðisfjörður pool every morning.",
                       "Jóa (Jóhanna Ormsdóttir) swims at the Seyðisfjörður pool every morning at six."),
        store.remember("Fríða Ormsdóttir teaches at the Seyðisfjörður school.",
                       "Fríða Ormsdóttir teaches at the Seyðisfjörður school."),
        store.remember("Kim Lee coaches the Seyðisfjörður rowing team.",
                       "Kim Lee (Lena Dahl) coaches the Seyðisfjörður rowing team."),
    ]
    assert [o.status for o in loaded] == ["admitted"] * 4, [o.text for o in loaded]
    assert store.recall("Where does Jóa swim every morning?").status == "answered"  # control
    assert store.forget("Jóhanna Ormsdóttir").status == "erased"
    assert store.recall("Where does Jóa swim every morning?").status == "abstained"
    assert store.recall("Where does Fríða Ormsdóttir teach?").status == "answered"  # shares the surname only
    again = store.remember("Jóa Ormsdóttir swims at the Seyðisfjörður pool every morning.",
                           "jóa ormsdóttir swims at the seyðisfjörður pool every morning, 6am sharp")
    assert again.status != "admitted", again.text
    assert store.recall("Who coaches the Seyðisfjörður rowing team?").status == "answered"


def test_only_a_lone_name_before_a_bracketed_full_name_is_its_alias() -> None:
    assert stated_aliases("Jóa (Jóhanna Ormsdóttir) swims.") == [("Jóhanna Ormsdóttir", "Jóa")]
    assert stated_aliases('Jóhanna Ormsdóttir ("Jóa") swims.') == [("Jóhanna Ormsdóttir", "Jóa")]
    assert stated_aliases("Then Jóa (Jóhanna Ormsdóttir) swam.") == [("Jóhanna Ormsdóttir", "Jóa")]
    assert stated_aliases("Kim Lee (Lena Dahl) coaches.") == []  # the end of a longer name
    assert stated_aliases("Brix (Tessel Holdings) bought it.") == []  # a firm's owner, not its name
    assert stated_aliases("Lena Dahl (Oslo) swims.") == []
