"""Banking units: the electronic banks of the banking editions, over the engine's ledger.

* :mod:`~pennybags.banking.amounts`: amounts in K and M (``600K``, ``1.75M``);
* :mod:`~pennybags.banking.unit`: what units share (bank cards over ledger accounts, the
  keypad entry, the display);
* :mod:`~pennybags.banking.electronic`: the Monopoly Electronic Banking unit;
* :mod:`~pennybags.banking.narration`: payments told as unit operations in digital games;
* :mod:`~pennybags.banking.store` and :mod:`~pennybags.banking.companion`: the unit at the
  terminal for a physical board (``pennybags bank electronic-banking``), saved in SQLite.

See docs/banking-unit.md.
"""
