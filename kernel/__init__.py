"""The shared kernel every layer may import (``docs/architecture.md``): the card model and safe YAML.

It imports nothing of ours; ``rules``, ``devices``, ``firmware_bridge`` and ``terminal`` all sit above it.
"""
