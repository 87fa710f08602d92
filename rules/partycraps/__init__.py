"""Party Craps (The 101 Casino, GEGA-004251; seed 000 L4072-4705): craps decided by two cards from an augmented
deck of aces to sixes. A start, not yet a game family: the deck and the exact two-card totals
(:mod:`rules.partycraps.deck`), the come-out and point cycle of the line bets (:mod:`rules.partycraps.cycle`),
and the filed settlement order by the two cards dealt (:mod:`rules.partycraps.order`, its data in
``config/partycraps/the101-settlement-order.yaml``)."""
