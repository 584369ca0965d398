"""The use cases: each a module of functions over an ``affidavit.engine.Engine``.

remember (with linking and conflicts), recall, forget (closure, report), review and
freeze, sources, tombstones, audit, history. They import the engine
and the pure layers below it, never the facade (``affidavit.store.Store``) above.
"""
