"""The players' table display: a page served by the table itself (Starlette, server-rendered Jinja2,
no asset from the internet) with the game, its limits, its filed pay tables, recent results and, for the
banker/player games, the shoe's roads; live updates by server-sent events from the journal."""
