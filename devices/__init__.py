"""Device drivers: typed events and commands, one driver per device kind, and the transports."""
