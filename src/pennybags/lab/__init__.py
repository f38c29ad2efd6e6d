"""The laboratory: simulation runs, landing statistics and exact odds.

* :mod:`pennybags.lab.odds` solves the Markov chain of one token's moves exactly
  (``pennybags odds``): where a roll or a turn leaves the token, and what each deed earns.
* :mod:`pennybags.lab.landing` counts, in real games, where each roll leaves the token, so
  simulations can be compared with the exact odds.
"""
