"""`affidavit verify-certificate FILE [--public-key PEMFILE]`: checks with the public key alone."""

from __future__ import annotations

import argparse

from test_erasure import load

from affidavit.certificates import to_json
from affidavit.cli import erasure_cmds


def _run(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    erasure_cmds.add_parsers(sub)
    args = parser.parse_args(["verify-certificate", *argv])
    return int(args.func(args))


def test_verify_certificate_command_rejects_a_changed_byte_and_accepts_the_original(
        open_store, store_dirs, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A one-byte change exits 1 (INVALID); the same certificate unchanged exits 0 under signing.pub."""
    store = open_store()
    load(store)
    out = store.forget("Dana Kim")
    assert out.certificate is not None
    raw = to_json(out.certificate)
    good, bad = tmp_path / "cert.json", tmp_path / "bad.json"
    good.write_bytes(raw)
    i = raw.index(b'"claims_erased":') + len(b'"claims_erased":')
    bad.write_bytes(raw[:i] + bytes([raw[i] ^ 0x01]) + raw[i + 1:])
    pub = str(store_dirs[0] / "signing.pub")
    assert _run(str(bad), "--public-key", pub) == 1
    assert "INVALID" in capsys.readouterr().out
    assert _run(str(good), "--public-key", pub) == 0
    assert "VALID" in capsys.readouterr().out
    assert _run(str(good)) == 0  # integrity only, and it says so
    assert "--public-key" in capsys.readouterr().out
    not_pem = tmp_path / "not.pem"
    not_pem.write_text("hello")
    assert _run(str(good), "--public-key", str(not_pem)) == 2
