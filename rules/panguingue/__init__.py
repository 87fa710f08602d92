"""Panguingue (Pan), the Oaks Card Club's filing (seed 001 L282-354, fees 001 §3.6): a rummy game of 6 to 12
decks of forty cards, melds and conditions paid at once, going out with eleven cards (``docs/panguingue.md``).

- :mod:`rules.panguingue.melds`: sets, ropes and the conditions' chips;
- :mod:`rules.panguingue.play`: the play folded from the events (draws, melds, discards, going out);
- :mod:`rules.panguingue.round`: the family's hooks (the deal to the right, the eldest hand, the settlement);
- :mod:`rules.panguingue.analyze`: the exact chance that a dealt hand holds each condition.
"""

import rules.panguingue.round  # noqa: F401 - registers the family
