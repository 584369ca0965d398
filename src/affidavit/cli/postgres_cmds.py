"""`affidavit postgres-setup`: the deployment step for a PostgreSQL ledger or key database.

Run it once as the schema owner role. It installs the schema objects (tables and the
append-only triggers) and grants the application role what it needs, and no more:
SELECT and INSERT on events, SELECT and UPDATE on the head seal, read on the rest. With
``--keyring`` the URL is a key database instead (a separate database with its own role).
``--print`` shows the grants without running anything. See docs/postgres.md.
"""

from __future__ import annotations

import argparse
from typing import Any

from affidavit.crypto.keystore import DEFAULT_KEYRING_SCHEMA
from affidavit.ledger.location import PostgresLocation


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser("postgres-setup", help="install a PostgreSQL ledger (or key database) "
                                                     "schema as its owner and grant the app role")
    p.add_argument("url", metavar="URL", help="postgresql:// URL, connecting as the owner role")
    p.add_argument("--app-role", required=True, metavar="ROLE",
                   help="the role the application (or the keyring) connects as")
    p.add_argument("--keyring", action="store_true", help="the URL is a shared key database")
    p.add_argument("--print", dest="print_only", action="store_true",
                   help="print the grants; change nothing")
    p.set_defaults(func=cmd_setup)


def cmd_setup(args: argparse.Namespace) -> int:
    from affidavit.ledger import pgsetup

    default = DEFAULT_KEYRING_SCHEMA if args.keyring else "affidavit"
    location = PostgresLocation.parse(args.url, default_schema=default)
    sql = (pgsetup.keyring_sql if args.keyring else pgsetup.ledger_sql)(location, args.app_role)
    if args.print_only:
        print(sql.strip())
        return 0
    (pgsetup.set_up_keyring if args.keyring else pgsetup.set_up_ledger)(location, args.app_role)
    print(f"set up {'key database' if args.keyring else 'ledger'} at {location.display()} "
          f"for role {args.app_role}")
    return 0
