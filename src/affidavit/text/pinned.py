"""Loading the pinned lexical resources before the first question needs them.

Every question the read gate parses, and every claim the write gate reads, lemmatises
words (simplemma's English dictionary, ``text.lemma_dict``) and looks up the WordNet
tables of derivations, nouns and their categories (``text.lexicon``). Each is loaded
once per process, on first use: about a fifth of a second, most of a server's first
answer on a small store. Much of it is decompression and hashing, which run without
the GIL, so a server loads them on a thread of their own while it starts and replays
(``affidavit.api``), and the first answer finds them loaded.

What is loaded, and so every answer, is the same whenever this runs or whether it
runs at all: the resources are the pinned files, verified as on first use, and a
lookup's result does not depend on the lookups made before it.
"""

from __future__ import annotations

# Imported with this module, not inside the loading thread: both are light (the heavy
# part is what ``load_pinned`` reads), and a thread that imports nothing of ours cannot
# meet another thread's import half done.
from affidavit.text.lemma_dict import english
from affidavit.text.lexicon import lexicon


def load_pinned() -> None:
    """Load the lemmatiser's English dictionary and the lexicon's derivation, noun and
    category tables (the ones a question's parse reads; the synonym table is left for
    the first lookup that needs it)."""
    english()
    pinned = lexicon()
    pinned.derivations("employ", "v")  # inflates and decodes the relations table
    pinned.categories("company")  # the noun index and the category table
