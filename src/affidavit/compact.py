"""The compact body encoding (ledger format 2): positional msgpack, hashes and ids as bytes.

A JSON body spells every field name, writes a 32-byte hash as 64 hex characters and
ciphertext as base64, and repeats an entity id in every field that names it. This
encoding writes, after the format byte ``0x01`` (a JSON text cannot start with it)::

    value(struct) = array of the fields in declaration order, trailing fields that
                    equal their default left out (a reader fills them in)
    value(tuple)  = array;  bytes = bin;  None, bool, int = themselves
    value(str)    = str, except a *token*:
                    lowercase hex, even length >= 8        -> ext 1: the bytes
                    prefix "_" hex (prefix 1-15 a-z, hex as above)
                                                           -> ext 2: len(prefix) || prefix || bytes
                    a token equal to an earlier one        -> ext 0: u8 or u16be index of that one

Tokens are numbered 0, 1, 2, … in the order their ext 1 / ext 2 appear in the body. The
mapping is exact both ways (only strings that round-trip are tokens), and the stored
bytes are what the chain hashes, so nothing here is re-encoded to verify. Decoding is one
typed msgpack parse into a positional twin of the struct, whose extension hook rebuilds
the strings, then one conversion into the struct itself that checks every field.
docs/ledger-format.md is the specification; ``affidavit_verify`` reads it independently.
"""

from __future__ import annotations

import functools
import inspect
import operator
import re
import threading
import types
import typing
from collections.abc import Callable
from typing import Any, Final, cast

import msgspec

FORMAT_BYTE: Final = 0x01
PREFIX: Final = bytes([FORMAT_BYTE])
EXT_REF, EXT_HEX, EXT_PREFIXED = 0, 1, 2
_HEX = re.compile(r"(?:[0-9a-f]{2}){4,}")
_PREFIXED = re.compile(r"([a-z]{1,15})_((?:[0-9a-f]{2}){4,})")
_NO_DEFAULT: Final = object()


def is_compact(body: bytes) -> bool:
    return body[:1] == PREFIX


# -- the positional twin of a struct -------------------------------------------------


@functools.cache
def twin(cls: type) -> type:
    """``cls`` as an array-like struct with the same fields (nested structs twinned too).

    Its text fields are typed ``Any``: there the decoder's extension hook may put the
    string a token stands for (a field typed ``str`` refuses an extension). Converting the
    twin into ``cls`` then checks every field against its real type.
    """
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for f in msgspec.structs.fields(cls):
        tp = _twin_type(f.type)
        if f.default is not msgspec.NODEFAULT:
            fields.append((f.name, tp, f.default))
        elif f.default_factory is not msgspec.NODEFAULT:
            fields.append((f.name, tp, msgspec.field(default_factory=f.default_factory)))
        else:
            fields.append((f.name, tp))
    return msgspec.defstruct(f"{cls.__name__}Positional", fields, array_like=True,
                             kw_only=True, frozen=True, gc=False)


def _twin_type(tp: Any) -> Any:
    if tp is str:
        return Any
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return twin(tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return functools.reduce(operator.or_, [_twin_type(a) for a in args])
    if origin is tuple:
        return tuple[tuple(a if a is Ellipsis else _twin_type(a) for a in args)]  # type: ignore[misc]
    return tp


@functools.cache
def _layout(cls: type) -> tuple[tuple[str, ...], tuple[object, ...]]:
    """Field names in order, and their defaults (``_NO_DEFAULT`` for a required field)."""
    names, defaults = [], []
    for f in msgspec.structs.fields(cls):
        names.append(f.name)
        if f.default is not msgspec.NODEFAULT:
            defaults.append(f.default)
        elif f.default_factory is not msgspec.NODEFAULT:
            defaults.append(f.default_factory())
        else:
            defaults.append(_NO_DEFAULT)
    return tuple(names), tuple(defaults)


# -- encoding ----------------------------------------------------------------------


_SCALARS: Final = frozenset({int, bool, bytes, type(None)})


def positional(value: object, token: Callable[[str], object] | None = None) -> object:
    """``value`` as the tree this module encodes (``token`` rewrites strings, if given)."""
    kind = type(value)  # dispatch on the exact type first: this runs for every value written
    if kind is str:
        return value if token is None else token(cast(str, value))
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        return [positional(v, token) for v in cast("tuple[object, ...]", value)]
    if isinstance(value, msgspec.Struct):
        names, defaults = _layout(type(value))
        items = [getattr(value, name) for name in names]
        end = len(items)
        while end and defaults[end - 1] is not _NO_DEFAULT and items[end - 1] == defaults[end - 1]:
            end -= 1
        return [positional(v, token) for v in items[:end]]
    return value


class _Tokens:
    """The encoder's side of token numbering: one per body."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}  # token -> the number of its first definition
        self.defined = 0  # definitions written so far (the decoder counts the same way)

    def __call__(self, text: str) -> object:
        seen = self.index.get(text)
        if seen is not None and seen <= 0xFFFF:
            return msgspec.msgpack.Ext(EXT_REF, seen.to_bytes(1 if seen <= 0xFF else 2, "big"))
        if _HEX.fullmatch(text):
            ext = msgspec.msgpack.Ext(EXT_HEX, bytes.fromhex(text))
        elif (m := _PREFIXED.fullmatch(text)) is not None:
            prefix = m.group(1).encode()
            ext = msgspec.msgpack.Ext(EXT_PREFIXED, bytes([len(prefix)]) + prefix
                                      + bytes.fromhex(m.group(2)))
        else:
            return text
        # Past the reach of a reference (more than 65,536 tokens) a token is defined again.
        self.index.setdefault(text, self.defined)
        self.defined += 1
        return ext


_encoder = msgspec.msgpack.Encoder()


def encode(value: msgspec.Struct) -> bytes:
    """The compact body of one event struct."""
    return PREFIX + _encoder.encode(positional(value, _Tokens()))


def encode_plain(value: msgspec.Struct) -> bytes:
    """A struct as a positional msgpack array, no tokens (sealed payloads)."""
    return _encoder.encode(positional(value))


# -- decoding ----------------------------------------------------------------------


def _hook_for(seen: list[str]) -> Callable[[int, memoryview], str]:
    """The extension hook that turns tokens back into strings, numbering them in ``seen``.

    Ids recur across bodies (a subject in each of its claims): each token's text is kept
    per thread, bounded, so a recurring one costs a lookup and is one string in memory.
    """
    append = seen.append
    prefixed: dict[bytes, str] = {}
    hexes: dict[bytes, str] = {}

    def hook(code: int, data: memoryview) -> str:
        # Replay calls this for every token of every body: the common cases come first.
        if code == EXT_REF:
            return seen[data[0] if len(data) == 1 else int.from_bytes(data, "big")]
        if code == EXT_PREFIXED:
            raw = data.tobytes()
            text = prefixed.get(raw)
            if text is None:
                n = raw[0] + 1
                text = raw[1:n].decode("ascii") + "_" + raw[n:].hex()
                if len(prefixed) >= _TEXTS_KEPT:
                    prefixed.clear()
                prefixed[raw] = text
        elif code == EXT_HEX:
            raw = data.tobytes()
            text = hexes.get(raw)
            if text is None:
                text = raw.hex()
                if len(hexes) >= _TEXTS_KEPT:
                    hexes.clear()
                hexes[raw] = text
        else:
            raise ValueError(f"unknown extension type {code}")
        append(text)
        return text

    return hook


_TEXTS_KEPT: Final = 1 << 16


class _Decoders(threading.local):
    """One thread's decoders: they share a token list, filled afresh for each body."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.hook = _hook_for(self.seen)
        self.by_class: dict[tuple[type, type], Callable[[bytes], Any]] = {}


_local = _Decoders()


def decoder_for(cls: type, into: type | None = None) -> Callable[[bytes], Any]:
    """This thread's decoder of compact bodies of ``cls`` (format byte included).

    One typed parse into the positional twin of ``cls`` (tokens rebuilt by the hook),
    then one conversion into ``into`` (``cls`` unless given: a struct with the same
    fields, some of them typed ``Any`` to keep what the twin parsed as it is) that checks
    every other field; anything malformed is a ``msgspec.DecodeError``. Replay's loop
    calls the result once per body: it is bound to the thread's decoder and token list.
    """
    local = _local
    target = cls if into is None else into
    found = local.by_class.get((cls, target))
    if found is not None:
        return found
    parse: Callable[[memoryview], Any] = msgspec.msgpack.Decoder(twin(cls), ext_hook=local.hook).decode
    start, convert, errors = local.seen.clear, msgspec.convert, (ValueError, IndexError)
    build = builder(target)

    def decode_one(body: bytes) -> Any:
        start()
        try:
            value = parse(memoryview(body if type(body) is bytes else bytes(body))[1:])
        except msgspec.DecodeError:
            raise
        except errors as exc:  # raised by the hook: a bad token or reference
            raise msgspec.DecodeError(f"malformed compact body: {exc}") from None
        if build is not None:
            try:
                return build(value)
            except Mismatch:
                pass  # the conversion decides, and names what is wrong
        return convert(value, target, from_attributes=True)

    local.by_class[(cls, target)] = decode_one
    return decode_one


# -- building a struct from its parsed twin ------------------------------------------
#
# The twin's parse has checked every field but its text (typed ``Any`` there, so a token
# can land in it). ``msgspec.convert`` re-walks every field to check that text; replay
# converts every body, so for the types events use a builder made once per class checks
# only the text positions (``type(v) is str``) and constructs the struct directly. Any
# value it does not accept as is goes to ``msgspec.convert``, which decides and names the
# fault, so the result (or the error) is always the one the conversion gives.


class Mismatch(Exception):
    """A twin value the builder does not take as is (the conversion then decides)."""


class _Unsupported(Exception):
    """A field type the builder does not handle: the class keeps ``msgspec.convert``."""


_AS_IS: Final = frozenset({int, bool, bytes, float, type(None)})


class _Code:
    """Statements of one generated builder, and the names they use."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.env: dict[str, Any] = {"Mismatch": Mismatch}
        self.count = 0

    def name(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def value(self, tp: Any, expr: str, indent: str) -> str:
        """Statements (at ``indent``) that check ``expr`` against ``tp``; returns the
        expression of the value to use (``expr`` itself unless a struct was built)."""
        if tp is Any or tp in _AS_IS or typing.get_origin(tp) is typing.Literal:
            return expr  # parsed with its own type in the twin
        if tp is str:
            self.lines.append(f"{indent}if type({expr}) is not str: raise Mismatch")
            return expr
        if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
            built = builder(tp)
            if built is None:
                raise _Unsupported(tp)
            fn, out = self.name("b"), self.name("v")
            self.env[fn] = built
            self.lines.append(f"{indent}{out} = {fn}({expr})")
            return out
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            rest = [a for a in args if a is not type(None)]
            if len(rest) != 1 or len(rest) == len(args):
                if all(self._as_is(a) for a in args):
                    return expr
                raise _Unsupported(tp)
            out = self.name("v")
            self.lines.append(f"{indent}{out} = {expr}")
            self.lines.append(f"{indent}if {out} is not None:")
            inner = self.value(rest[0], out, indent + "    ")
            self.lines.append(f"{indent}    {out} = {inner}")
            return out
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                if self._as_is(args[0]):
                    return expr
                item, out = self.name("x"), self.name("v")
                mark = len(self.lines)
                self.lines.append(f"{indent}for {item} in {expr}:")
                converted = self.value(args[0], item, indent + "    ")
                if converted == item:  # checked only: the parsed tuple is kept
                    return expr
                # something was built: collect the items into a new tuple
                self.lines.insert(mark, f"{indent}{out} = []")
                self.lines.append(f"{indent}    {out}.append({converted})")
                self.lines.append(f"{indent}{out} = tuple({out})")
                return out
            if all(self._as_is(a) for a in args):
                return expr
            parts = []
            for i, a in enumerate(args):
                parts.append(self.value(a, f"{expr}[{i}]", indent))
            if all(p == f"{expr}[{i}]" for i, p in enumerate(parts)):
                return expr
            return "(" + ", ".join(parts) + ",)"
        raise _Unsupported(tp)

    @staticmethod
    def _as_is(tp: Any) -> bool:
        probe = _Code()
        try:
            return probe.value(tp, "x", "") == "x" and not probe.lines
        except _Unsupported:
            return False


@functools.cache
def builder(target: type) -> Callable[[Any], Any] | None:
    """A function building ``target`` from a parsed twin with its fields' names, raising
    ``Mismatch`` for a value it does not take as is; None for a class whose field types
    it does not handle (those keep ``msgspec.convert``)."""
    code = _Code()
    code.env["T"] = target
    args = []
    try:
        for f in msgspec.structs.fields(target):
            if not f.name.isidentifier():
                return None
            local = code.name("f")
            code.lines.append(f"    {local} = tw.{f.name}")
            args.append(f"{f.name}={code.value(f.type, local, '    ')}")
    except _Unsupported:
        return None
    source = "def build(tw):\n" + "\n".join(code.lines) + f"\n    return T({', '.join(args)})\n"
    exec(compile(source, f"<compact builder {target.__name__}>", "exec"), code.env)  # noqa: S102
    built: Callable[[Any], Any] = code.env["build"]
    return built


def decode(cls: type, body: bytes) -> Any:
    """A compact body (format byte included) as an instance of ``cls`` (``decoder_for``)."""
    return decoder_for(cls)(body)


def decode_plain(cls: type, data: bytes) -> Any:
    """A positional msgpack array (``encode_plain``) as an instance of ``cls``."""
    return _plain_decoder(cls)(data)


@functools.cache
def _plain_decoder(cls: type) -> Callable[[bytes], Any]:
    """A plain array holds no tokens, so a flat ``cls`` (the sealed payloads: text, bytes,
    tuples of them) decodes with its own field types, checked by the parse itself, and is
    built from the values in order. Anything else goes through the twin and a conversion."""
    fields = msgspec.structs.fields(cls)
    flat = all(_flat(f.type) for f in fields) and all(
        p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        for p in inspect.signature(cls).parameters.values())
    if not flat:
        parse_twin: Callable[[bytes], Any] = msgspec.msgpack.Decoder(twin(cls)).decode
        return lambda data: msgspec.convert(parse_twin(data), cls, from_attributes=True)
    typed = msgspec.defstruct(f"{cls.__name__}Plain", [
        (f.name, f.type) if f.required else
        (f.name, f.type, f.default if f.default is not msgspec.NODEFAULT
         else msgspec.field(default_factory=f.default_factory))
        for f in fields], array_like=True, frozen=True, gc=False)
    parse, values = msgspec.msgpack.Decoder(typed).decode, msgspec.structs.astuple
    return lambda data: cls(*values(parse(data)))


def _flat(tp: Any) -> bool:
    """Whether ``tp`` involves no struct (whose plain encoding is positional too)."""
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return False
    return all(_flat(a) for a in typing.get_args(tp) if a is not Ellipsis)


def is_array(data: bytes) -> bool:
    """Whether msgpack ``data`` starts with an array (fixarray, array16, array32)."""
    return bool(data) and (0x90 <= data[0] <= 0x9F or data[0] in (0xDC, 0xDD))
