"""Pai Gow Poker: variants, House Ways, setting checks, settlement, bonuses, analysis; the round hooks."""

from rules.paigow.round import FAMILY, PaiGowFamily, data_files  # registers the round engine's hooks

__all__ = ["FAMILY", "PaiGowFamily", "data_files"]
