"""The laboratory: simulation runs, landing statistics, exact odds and experiments.

* :mod:`pennybags.lab.simulate` plays bot-only games on several processes and summarises
  them (``pennybags simulate``).
* :mod:`pennybags.lab.odds` solves the Markov chain of one token's moves exactly
  (``pennybags odds``): where a roll or a turn leaves the token, and what each deed earns.
* :mod:`pennybags.lab.landing` counts, in real games, where each roll leaves the token, so
  simulations can be compared with the exact odds.
* Experiments (``pennybags lab run`` / ``lab report``, docs/lab.md):
  :mod:`~pennybags.lab.model` (the experiment file, its cells and the games they play),
  :mod:`~pennybags.lab.experiment` (running them, locally or on Ray through
  :mod:`~pennybags.lab.ray_backend`), :mod:`~pennybags.lab.store` (the DuckDB results
  store), :mod:`~pennybags.lab.status` (``status.json``: whether a run is going on, done or
  was interrupted) and :mod:`~pennybags.lab.report` (the HTML report).
"""
