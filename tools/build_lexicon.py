"""Build the pinned lexicon the gates share, from Princeton WordNet 3.0.

    apt-get install wordnet-base wordnet-sense-index     # the Princeton database files
    pip install -e '.[build-lexicon]'                    # nltk, a build-time tool only
    python tools/build_lexicon.py                        # writes src/affidavit/text/data/

Why WordNet: it is the one freely licensed, hand-built English resource that states
the relations the gates need (derivationally related forms between verb and noun
senses, antonym pointers, hypernym and instance-hypernym chains, sense ranks from
SemCor tag counts), and its 3.0 release is frozen, so a build is reproducible.
Why this shape: the gates must never get more from the lexicon than was decided
here, so every table is cut down at build time (sense ranks, hop bounds, a
generality floor) and the runtime (``affidavit.text.lexicon``) only looks things up;
it cannot widen a relation because the wider relation is not in the file.

Source: Debian's ``wordnet-base`` (``/usr/share/wordnet``: data.*, index.*, *.exc,
cntlist.rev) and ``wordnet-sense-index`` (index.sense, which nltk's reader opens).
The ``lexnames`` table that nltk also wants is not shipped as a file by Debian; it
is read from the lexnames(5) man page that ``wordnet-base`` installs (the same
45 rows as Princeton's dict/lexnames). nltk's ``WordNetCorpusReader`` reads the
files; nltk is not a runtime dependency.

Output (deterministic: sorted keys, fixed zlib level):
  lexicon-wn30.msgpack      the tables: a msgpack envelope of zlib-compressed msgpack
                            sections (relations, nouns, categories, synonyms), each
                            inflated only when a lookup first needs it
  lexicon-wn30.json         manifest: WordNet version, parameters, source hashes,
                            counts, SHA-256 of the data file
  LICENSE-WordNet           Princeton's licence, required on all copies
and rewrites the ``PINNED_SHA256`` line of ``src/affidavit/text/lexicon.py``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import shutil
import sys
import tempfile
import time
import zlib
from array import array
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "affidavit" / "text" / "data"
RUNTIME = ROOT / "src" / "affidavit" / "text" / "lexicon.py"
DATA_NAME = "lexicon-wn30.msgpack"

# The parameters are recorded in the manifest; changing one changes the file's hash
# and so LEXICON_VERSION, which is part of both gates' resolver versions.
PARAMS: dict[str, Any] = {
    # derivations: a verb sense and a noun sense are linked only when each is among
    # the first DERIV_SENSES senses of its own lemma (employ's 'hire' sense is its 2nd).
    "deriv_senses": 3,
    # antonyms: pointers from the first ANTONYM_SENSES senses of a lemma only.
    "antonym_senses": 3,
    # categories: the first sense always; senses 2..CATEGORY_SENSES only when SemCor
    # tagged them at least once and at least CATEGORY_RATIO times as often as sense 1,
    # so a rare sense (nurse as 'nanny' is kept, 2 vs 1; cold as 'temperature' is too)
    # cannot make a noun a member of a category it is rarely used for.
    "category_senses": 3,
    "category_ratio": 0.25,
    # ancestors at most CATEGORY_HOPS hypernym / instance-hypernym links up ...
    "category_hops": 6,
    # ... and never one whose shortest path to 'entity' is under CATEGORY_MIN_DEPTH
    # links (entity, object, whole, person, state, event, location ...) nor one with more
    # than CATEGORY_MAX_BELOW hyponyms in its closure (living thing, organism, artifact,
    # act, instrumentality): such categories are too general to answer "which X" and
    # would let nearly every noun match every such question. Kept: sport 176,
    # disease 605, musical instrument 163, health professional 151, city 914, animal 4016.
    "category_min_depth": 4,
    "category_max_below": 5000,
    # synonyms: the lemmas of the first synset of a noun or verb only (loose).
    "synonym_senses": 1,
}

# Transfer frames of WordNet's verb frame table (frames.vrb): a converse pair is an
# antonym pair where one verb has a "to somebody" frame and the other a "from somebody"
# one (lend~borrow, sell~buy, give~take), so the pair swaps source and recipient;
# win~lose or open~close are antonyms, not converses.
TO_FRAMES = frozenset({14, 15})  # Somebody ----s somebody something / something to somebody
FROM_FRAMES = frozenset({16})  # Somebody ----s something from somebody

# Noun roles, relative to the linked verb sense: agent = its subject (employer),
# patient = its object (employee). A person noun is a patient when its gloss describes
# it with a passive of that very verb ("a worker who is hired", "a person to whom money
# is paid"), an agent when it has an agentive suffix; otherwise, or when the verb sense
# has both a "to" and a "from" frame (rent: let or hire), or when the senses disagree,
# it is "person": a gate must not read a direction into it.
_PASSIVE_GLOSS = re.compile(
    r"\b(?:who|that|which|whom) (?:is|are|was|were|has been|have been)(?: being)? (?:\w+ )?(\w+(?:ed|en|t))\b"
    r"|\bto whom (?:\w+ ){0,3}(?:is|are|was|were|has been|have been) (\w+)\b"
)
_AGENT_SUFFIX = ("er", "or", "ist", "ant", "ent", "ar", "ian", "eer")
_PERSON_ROLES = frozenset({"agent", "patient", "person"})
_EVENT_FILES = frozenset({"noun.act", "noun.event", "noun.process", "noun.phenomenon"})
_STATE_FILES = frozenset({"noun.state", "noun.attribute"})

_WORDNET_FILES = (
    "data.noun", "data.verb", "data.adj", "data.adv", "index.noun", "index.verb",
    "index.adj", "index.adv", "noun.exc", "verb.exc", "adj.exc", "adv.exc",
    "cntlist.rev", "index.sense",
)  # fmt: skip


def noun_role(wn: Any, noun: Any, verb_synset: Any) -> str:
    """agent / patient / person / event / state / other for a noun lemma (nltk Lemma)."""
    synset = noun.synset()
    lexname = synset.lexname()
    if lexname == "noun.person":
        verb_frames = set(verb_synset.frame_ids()).union(*(lem.frame_ids() for lem in verb_synset.lemmas()))
        if verb_frames & TO_FRAMES and verb_frames & FROM_FRAMES:
            return "person"
        verbs = {lem.name().lower() for lem in verb_synset.lemmas()}
        for match in _PASSIVE_GLOSS.finditer(synset.definition()):
            participle = match.group(1) or match.group(2)
            if wn.morphy(participle, "v") in verbs:
                return "patient"
        if noun.name().lower().endswith(_AGENT_SUFFIX):
            return "agent"
        return "person"
    if lexname in _EVENT_FILES:
        return "event"
    if lexname in _STATE_FILES:
        return "state"
    return "other"


def key(name: str) -> str:
    return name.lower().replace("_", " ")


def prepare_corpus(wordnet_dir: Path, man_page: Path, tmp: Path) -> tuple[Path, dict[str, str]]:
    """Copy the database into an nltk data root; write lexnames from the man page."""
    target = tmp / "corpora" / "wordnet"
    target.mkdir(parents=True)
    hashes = {}
    for name in _WORDNET_FILES:
        src = wordnet_dir / name
        if not src.is_file():
            sys.exit(f"missing {src}: apt-get install wordnet-base wordnet-sense-index")
        shutil.copyfile(src, target / name)
        hashes[name] = hashlib.sha256(src.read_bytes()).hexdigest()
    if not man_page.is_file():
        sys.exit(f"missing {man_page} (lexnames(5), from wordnet-base)")
    rows = [
        line.split("\t")
        for line in gzip.decompress(man_page.read_bytes()).decode().splitlines()
        if re.match(r"^\d\d\t", line)
    ]
    pos_numbers = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}
    lines = [f"{n}\t{name.strip()}\t{pos_numbers[name.strip().split('.')[0]]}\n" for n, name, *_ in rows]
    if len(lines) != 45:
        sys.exit(f"expected 45 lexnames rows in {man_page}, found {len(lines)}")
    (target / "lexnames").write_text("".join(lines))
    hashes["lexnames"] = hashlib.sha256("".join(lines).encode()).hexdigest()
    return target, hashes


def senses(wn: Any, name: str, pos: str) -> list[Any]:
    """The synsets of ``name`` in index order, i.e. by sense rank (SemCor frequency)."""
    offsets = wn._lemma_pos_offset_map.get(name, {}).get(pos, [])
    return [wn.synset_from_pos_and_offset(pos, off) for off in offsets]


def lemma_in(synset: Any, name: str) -> Any:
    return next(lem for lem in synset.lemmas() if lem.name().lower() == name)


def frames(lemma: Any) -> set[int]:
    return set(lemma.frame_ids()) | set(lemma.synset().frame_ids())


def build_derivations(wn: Any) -> dict[str, list[tuple[str, str]]]:
    """verb -> [(noun, role), ...] over derivationally related forms, sense-bounded."""
    cap = PARAMS["deriv_senses"]
    out: dict[str, dict[str, set[str]]] = {}
    for name in wn.all_lemma_names("v"):
        for synset in senses(wn, name, "v")[:cap]:
            for other in lemma_in(synset, name).derivationally_related_forms():
                if other.synset().pos() != "n":
                    continue
                noun = other.name().lower()
                if other.synset() not in senses(wn, noun, "n")[:cap]:
                    continue
                roles = out.setdefault(key(name), {}).setdefault(key(noun), set())
                roles.add(noun_role(wn, other, synset))
    result = {}
    for verb, nouns in sorted(out.items()):
        links: list[tuple[str, str]] = []
        for noun, roles in sorted(nouns.items()):
            people = roles & _PERSON_ROLES
            if len(people) > 1:  # the senses disagree on the direction
                roles = (roles - people) | {"person"}
            links.extend((noun, role) for role in sorted(roles))
        result[verb] = links
    return result


def build_antonyms(wn: Any) -> tuple[dict[str, dict[str, list[str]]], dict[str, list[str]]]:
    """pos -> lemma -> antonyms (n, v, a), and verb -> converses (the transfer pairs)."""
    cap = PARAMS["antonym_senses"]
    antonyms: dict[str, dict[str, set[str]]] = {"n": {}, "v": {}, "a": {}}
    converses: dict[str, set[str]] = {}
    for pos in ("n", "v", "a"):
        for name in wn.all_lemma_names(pos):
            for synset in senses(wn, name, pos)[:cap]:
                here = lemma_in(synset, name)
                for other in here.antonyms():
                    antonyms[pos].setdefault(key(name), set()).add(key(other.name()))
                    possession = synset.lexname() == other.synset().lexname() == "verb.possession"
                    if pos == "v" and possession:
                        mine, theirs = frames(here), frames(other)
                        if (mine & TO_FRAMES and theirs & FROM_FRAMES) or (
                            mine & FROM_FRAMES and theirs & TO_FRAMES
                        ):
                            converses.setdefault(key(name), set()).add(key(other.name()))
    # WordNet's antonym pointers are reciprocal, but the sense bound is applied per side;
    # keep a pair only when both sides kept it, so the relation is symmetric by construction.
    sym = {
        pos: {w: sorted(o for o in others if w in table.get(o, ())) for w, others in sorted(table.items())}
        for pos, table in antonyms.items()
    }
    sym = {pos: {w: o for w, o in table.items() if o} for pos, table in sym.items()}
    conv = {
        w: sorted(o for o in others if w in converses.get(o, ())) for w, others in sorted(converses.items())
    }
    return sym, {w: o for w, o in conv.items() if o}


def category_senses(wn: Any, name: str) -> list[Any]:
    ranked = senses(wn, name, "n")[: PARAMS["category_senses"]]
    if not ranked:
        return []
    counts = [lemma_in(s, name).count() for s in ranked]
    kept = [ranked[0]]
    for synset, count in zip(ranked[1:], counts[1:], strict=True):
        if count > 0 and count >= PARAMS["category_ratio"] * counts[0]:
            kept.append(synset)
    return kept


def hyponym_counts(wn: Any) -> dict[str, int]:
    """Synset name -> size of its hyponym / instance-hyponym closure."""
    below: dict[str, list[str]] = {}
    for synset in wn.all_synsets("n"):
        for up in synset.hypernyms() + synset.instance_hypernyms():
            below.setdefault(up.name(), []).append(synset.name())
    closure: dict[str, frozenset[str]] = {}

    def close(name: str) -> frozenset[str]:
        if name not in closure:
            found: set[str] = set()
            for child in below.get(name, ()):
                found.add(child)
                found |= close(child)
            closure[name] = frozenset(found)
        return closure[name]

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    return {name: len(close(name)) for name in below}


def build_categories(wn: Any) -> tuple[dict[str, list[int]], list[str]]:
    """noun -> indices of ancestor synsets; the synset table lists each one's lemmas."""
    hops, floor, cap = PARAMS["category_hops"], PARAMS["category_min_depth"], PARAMS["category_max_below"]
    counts = hyponym_counts(wn)
    out: dict[str, set[str]] = {}
    for name in wn.all_lemma_names("n"):
        found: set[str] = set()
        for synset in category_senses(wn, name):
            frontier, seen = [synset], {synset}
            for _ in range(hops):
                frontier = [
                    up for s in frontier for up in s.hypernyms() + s.instance_hypernyms() if up not in seen
                ]
                seen.update(frontier)
                found.update(s.name() for s in frontier if s.min_depth() >= floor and counts[s.name()] <= cap)
        if found:
            out[key(name)] = found
    names = sorted({s for found in out.values() for s in found})
    index = {s: i for i, s in enumerate(names)}
    table = ["\t".join(sorted({key(lem.name()) for lem in wn.synset(s).lemmas()})) for s in names]
    return {w: sorted(index[s] for s in found) for w, found in sorted(out.items())}, table


def build_synonyms(wn: Any) -> tuple[dict[str, dict[str, int]], list[str]]:
    """pos -> lemma -> index of its first synset (n, v); the table lists the lemmas."""
    synsets: dict[str, int] = {}
    table: list[str] = []
    out: dict[str, dict[str, int]] = {"n": {}, "v": {}}
    for pos in ("n", "v"):
        for name in sorted(wn.all_lemma_names(pos)):
            first = senses(wn, name, pos)[0]
            members = sorted({key(lem.name()) for lem in first.lemmas()})
            if len(members) < 2:
                continue
            if first.name() not in synsets:
                synsets[first.name()] = len(table)
                table.append("\t".join(members))
            out[pos][key(name)] = synsets[first.name()]
    return out, table


def licence_text(data_file: Path) -> str:
    """Princeton's licence, as every WordNet data file carries it in its header lines."""
    lines = []
    for line in data_file.read_text().splitlines():
        if not line.startswith("  "):
            break
        lines.append(re.sub(r"^\s+\d+ ?", "", line).rstrip())
    return "\n".join(lines).strip() + "\n"


def _le(code: str, values: list[int]) -> bytes:
    out = array(code, values)
    if sys.byteorder == "big":
        out.byteswap()
    return out.tobytes()


def pin(digest: str) -> None:
    text = RUNTIME.read_text()
    new, n = re.subn(r'^PINNED_SHA256 = "[0-9a-f]*"$', f'PINNED_SHA256 = "{digest}"', text, flags=re.M)
    if n != 1:
        sys.exit(f"no PINNED_SHA256 line in {RUNTIME}")
    RUNTIME.write_text(new)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wordnet-dir", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--lexnames-man", type=Path, default=Path("/usr/share/man/man5/lexnames.5WN.gz"))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--no-pin", action="store_true", help="do not rewrite PINNED_SHA256")
    args = parser.parse_args(argv)

    import msgspec
    import nltk

    from affidavit.text.lexicon import FORMAT, NO_ID, Categories, Envelope, Nouns, Relations, Synonyms

    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        corpus, source_hashes = prepare_corpus(args.wordnet_dir, args.lexnames_man, Path(tmp))
        nltk.data.path.insert(0, tmp)
        from nltk.corpus.reader.wordnet import WordNetCorpusReader

        wn = WordNetCorpusReader(str(corpus), None)
        version = wn.get_version()
        derivations = build_derivations(wn)
        antonyms, converses = build_antonyms(wn)
        categories, category_synsets = build_categories(wn)
        synonyms, synonym_synsets = build_synonyms(wn)
    noun_keys = sorted(set(categories) | set(synonyms["n"]))
    starts, ids = [0], list[int]()
    for noun in noun_keys:
        ids.extend(categories.get(noun, ()))
        starts.append(len(ids))
    noun_derivations: dict[str, set[tuple[str, str]]] = {}
    for verb, links in derivations.items():
        for noun, role in links:
            noun_derivations.setdefault(noun, set()).add((verb, role))
    sections = {
        "relations": Relations(
            derivations=derivations,
            noun_derivations={n: sorted(v) for n, v in sorted(noun_derivations.items())},
            antonyms=antonyms,
            converses=converses,
        ),
        "nouns": Nouns(keys=noun_keys),
        "categories": Categories(starts=_le("I", starts), ids=_le("H", ids), synsets=category_synsets),
        "synonyms": Synonyms(
            noun_ids=_le("I", [synonyms["n"].get(noun, NO_ID) for noun in noun_keys]),
            verb_keys=sorted(synonyms["v"]),
            verb_ids=_le("I", [synonyms["v"][verb] for verb in sorted(synonyms["v"])]),
            synsets=synonym_synsets,
        ),
    }
    raw = {name: msgspec.msgpack.encode(section) for name, section in sections.items()}
    blob = msgspec.msgpack.encode(
        Envelope(format=FORMAT, wordnet=version, **{n: zlib.compress(b, 9) for n, b in raw.items()})
    )
    digest = hashlib.sha256(blob).hexdigest()
    counts = {
        "derivations": len(derivations),
        "derivation_links": sum(len(v) for v in derivations.values()),
        "antonyms": {pos: len(t) for pos, t in antonyms.items()},
        "converses": len(converses),
        "categories": len(categories),
        "category_links": len(ids),
        "nouns": len(noun_keys),
        "category_synsets": len(category_synsets),
        "synonyms": {pos: len(t) for pos, t in synonyms.items()},
        "synonym_synsets": len(synonym_synsets),
    }
    manifest = {
        "file": DATA_NAME,
        "sha256": digest,
        "version": f"wn30-{digest[:12]}",
        "format": FORMAT,
        "wordnet": f"Princeton WordNet {version}",
        "source": "Debian wordnet-base + wordnet-sense-index (1:3.0), read by nltk "
        f"{nltk.__version__} WordNetCorpusReader",
        "source_sha256": dict(sorted(source_hashes.items())),
        "params": PARAMS,
        "converse_frames": {"to": sorted(TO_FRAMES), "from": sorted(FROM_FRAMES)},
        "counts": counts,
        "bytes": len(blob),
        "bytes_uncompressed": {name: len(b) for name, b in raw.items()},
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / DATA_NAME).write_bytes(blob)
    (args.out / "lexicon-wn30.json").write_text(json.dumps(manifest, indent=2) + "\n")
    (args.out / "LICENSE-WordNet").write_text(licence_text(args.wordnet_dir / "data.noun"))
    if not args.no_pin:
        pin(digest)

    from affidavit.text.lexicon import load

    t0 = time.perf_counter()
    loaded = load(blob, digest)
    stats = loaded.stats()  # inflates and indexes every section
    load_ms = (time.perf_counter() - t0) * 1000
    assert loaded.status == "ok" and all(stats.values()), (loaded.status, stats)
    print(f"WordNet {version}; built in {time.perf_counter() - started:.1f} s")
    print(f"{DATA_NAME}: {len(blob):,} bytes ({sum(map(len, raw.values())):,} uncompressed), sha256 {digest}")
    print(f"version wn30-{digest[:12]}; verified load of every section {load_ms:.0f} ms")
    for name, count in counts.items():
        print(f"  {name:18} {count}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
