"""The banking units at the terminal: a front for people playing on a physical board.

The units themselves belong to their editions and are found through the edition registry
(``get_edition(...).unit``): the Electronic Banking unit in
:mod:`pennybags.editions.electronic_banking.unit` (with its K/M amounts and the payment
narration beside it), the Ultimate Banking unit in
:mod:`pennybags.editions.ultimate_banking.unit`. Here are the fronts over them:

* :mod:`~pennybags.banking.companion`: ``pennybags bank electronic-banking`` and
  ``pennybags bank ultimate-banking``;
* :mod:`~pennybags.banking.store`: the Electronic Banking unit's state in SQLite;
* :mod:`~pennybags.banking.ultimate`: the Ultimate Banking unit's typed lines and its JSON
  state file;
* keys and lines (with a timeout) come from :mod:`pennybags.keyboard`, shared with the
  terminal game.

See docs/banking-unit.md and docs/ultimate-banking-unit.md.
"""
