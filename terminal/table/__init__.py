"""The table around the round engine: its state machine (:mod:`terminal.table.machine`) and the remedies
the terminal gives for device faults (:mod:`terminal.table.remedies`)."""
