"""Forensics and portability: replay to a point, re-resolve, signed checkpoints, export.

Everything here reads the ledger as stored; only ``checkpoints.sign_checkpoint``
writes, and it does so through the one sealed write path (``Engine.transact``).
"""
