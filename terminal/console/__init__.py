"""The Textual console (docs/architecture.md §6).

``view`` (plain frozen dataclasses, no Textual) is what the screen renders; ``app`` is the Textual
application. Importing this package does not import Textual, so headless code can build views.
"""
