"""Pure game logic: cards, decks, evaluators, games, dealing procedures, rulings, House Ways, banking, fees.

Nothing here does I/O, touches asyncio or reads a clock; nothing here imports the rest of the package.
"""
