"""Emulator profiles: YAML files under config/emulators/, validated strictly (unknown keys are errors).

This module does not know where the configuration directory is (firmware_bridge never imports the
terminal): callers pass a path, or a name plus the directory to look in.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from firmware_bridge.emulators.tiles_profile import TilesProfile
from kernel.cards import JOKER, STANDARD_CARDS, Card, parse_card, parse_read
from kernel.errors import CardParseError
from kernel.safeyaml import YamlLimitError, load_text


class ProfileError(ValueError):
    """A profile that cannot be used; the message names the file and the field."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_card(value: str, allow_unread: bool = False) -> str:
    try:
        if allow_unread:
            parse_read(value)
        else:
            parse_card(value)
    except CardParseError as exc:
        raise ValueError(str(exc)) from None
    return value


class IdentityProfile(_Strict):
    """What the emulated device reports in its handshake."""

    model: str
    serial: str
    firmware_version: str
    firmware_hash: str | None = Field(
        default=None, description="64 hex digits; default: SHA-256 of model+version"
    )

    @field_validator("firmware_hash")
    @classmethod
    def _hex64(cls, v: str | None) -> str | None:
        if v is not None:
            try:
                raw = bytes.fromhex(v)
            except ValueError:
                raise ValueError("firmware_hash must be 64 hex digits") from None
            if len(raw) != 32:
                raise ValueError("firmware_hash must be 64 hex digits")
            return v.lower()
        return v

    def hash_bytes(self) -> bytes:
        """The firmware hash as 32 bytes."""
        if self.firmware_hash:
            return bytes.fromhex(self.firmware_hash)
        return hashlib.sha256(f"{self.model}\n{self.firmware_version}".encode()).digest()


class LinkProfile(_Strict):
    """Link timing of the emulated firmware (seconds)."""

    window: int = Field(default=8, ge=1, le=127)
    rto: float = Field(default=0.25, gt=0)
    heartbeat_interval: float = Field(default=0.5, gt=0)
    comms_timeout: float = Field(default=2.0, gt=0)
    hello_interval: float = Field(default=0.5, gt=0)


class DeckProfile(_Strict):
    """The cards physically loaded (before any wrong-deck fault): ``decks`` standard decks less the ranks
    ``ranks_removed`` strips from each (Panguingue's forty-card decks: 8, 9 and 10 removed), and ``jokers``.
    The same composition as a game file's ``deck:`` (``rules.decks``)."""

    decks: int = Field(default=1, ge=1, le=8)
    jokers: int = Field(default=0, ge=0, le=8)
    ranks_removed: list[int] = Field(
        default_factory=list, description="ranks stripped from every deck, 2-14 (11 jack … 14 ace)"
    )

    @field_validator("ranks_removed")
    @classmethod
    def _ranks(cls, value: list[int]) -> list[int]:
        bad = [r for r in value if not 2 <= r <= 14]
        if bad:
            raise ValueError(f"ranks are 2-14 (11 jack, 12 queen, 13 king, 14 ace), not {bad}")
        return value

    def cards(self) -> list[Card]:
        """The loaded cards in deck order, before the shuffle."""
        return self.shoe(self.decks, self.jokers)

    def shoe(self, decks: int, jokers: int) -> list[Card]:
        """The cards of ``decks`` decks of this composition (its ``ranks_removed``) and ``jokers`` jokers: what
        a shuffler configured for that many decks expects to find (Party Craps' 24-card A-6 decks)."""
        kept = [c for c in STANDARD_CARDS if int(c.rank) not in self.ranks_removed]
        return kept * decks + [JOKER] * jokers


class ReadsProfile(_Strict):
    """Where a shoe's reads come from: the shuffled deck, seeded-random cards, or a script."""

    source: Literal["deck", "random", "script"] = "deck"
    count: int | None = Field(default=None, ge=0, description="random: how many reads")
    cards: list[str] = Field(default_factory=list, description="script: cards in order, '??' unread")
    interval: float = Field(
        default=0.0, ge=0, description="seconds between reads; 0 = as fast as the link allows"
    )
    on_demand: bool = Field(
        default=False,
        description="draw only when told (the 'draw' fault key, one card each): the dealer's hand on the shoe",
    )
    face_up: list[int] = Field(default_factory=list, description="1-based read numbers that come out face up")
    cut_card_after: int | None = Field(default=None, ge=1, description="the cut card follows this read")

    @field_validator("cards")
    @classmethod
    def _cards(cls, v: list[str]) -> list[str]:
        for c in v:
            _check_card(c, allow_unread=True)
        return v


class DiceProfile(_Strict):
    """The dice cup's behaviour once armed for a round."""

    shake_quality: int = Field(default=85, ge=0, le=100)
    results: list[tuple[int, int, int]] = Field(
        default_factory=list, description="scripted results; else seeded"
    )
    step: float = Field(default=0.05, gt=0, description="seconds between the cup's actions")

    @field_validator("results")
    @classmethod
    def _dice(cls, v: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        for r in v:
            if any(not 1 <= d <= 6 for d in r):
                raise ValueError(f"dice are 1-6, not {list(r)}")
        return v


class ButtonPress(_Strict):
    """One scripted button press of an emulated panel."""

    at: float = Field(ge=0, description="seconds after the session opens")
    button: int = Field(ge=0, le=255)
    held_ms: int = Field(default=120, ge=0, le=65535)


class DisconnectFault(_Strict):
    """Go silent (both directions) after ``after_events`` events for ``duration`` seconds."""

    after_events: int = Field(ge=0)
    duration: float = Field(gt=0)


class FaultsProfile(_Strict):
    """The fault schedule. Rates are per frame (line faults) or per card (misreads), seeded."""

    garble_rate: float = Field(default=0.0, ge=0, le=1)
    drop_rate: float = Field(default=0.0, ge=0, le=1)
    duplicate_rate: float = Field(default=0.0, ge=0, le=1)
    misread_rate: float = Field(default=0.0, ge=0, le=1)
    disconnect: DisconnectFault | None = None
    reboot_after_events: int | None = Field(default=None, ge=1)
    jam_after_cards: int | None = Field(default=None, ge=1)
    short_dispense_packet: int | None = Field(
        default=None, ge=1, description="1-based packet that comes out short"
    )
    door_open_after_cards: int | None = Field(default=None, ge=1)
    face_up_in_shuffle: str | None = None
    deck_missing: list[str] = Field(default_factory=list)
    deck_extra: list[str] = Field(default_factory=list)
    deck_duplicates: list[str] = Field(default_factory=list)
    cover_opened_early: bool = False
    double_result: bool = False

    @field_validator("deck_missing", "deck_extra", "deck_duplicates")
    @classmethod
    def _cards(cls, v: list[str]) -> list[str]:
        for c in v:
            _check_card(c)
        return v

    @field_validator("face_up_in_shuffle")
    @classmethod
    def _card(cls, v: str | None) -> str | None:
        return None if v is None else _check_card(v, allow_unread=True)


class Profile(_Strict):
    """One emulated device."""

    kind: Literal["shuffler", "shoe", "dice_cup", "panel", "tile_reader"]
    description: str = ""
    identity: IdentityProfile
    seed: int = 0
    link: LinkProfile = LinkProfile()
    deck: DeckProfile = DeckProfile()
    reads: ReadsProfile = ReadsProfile()
    dice: DiceProfile = DiceProfile()
    tiles: TilesProfile = TilesProfile()
    buttons: list[ButtonPress] = Field(default_factory=list)
    faults: FaultsProfile = FaultsProfile()


def _explain(exc: ValidationError, where: str) -> ProfileError:
    first = exc.errors()[0]
    loc = ".".join(str(p) for p in first["loc"]) or "(top level)"
    if first["type"] == "extra_forbidden":
        return ProfileError(f"{where}: {loc}: unknown field")
    return ProfileError(f"{where}: {loc}: {first['msg']}")


def parse_profile(data: Any, where: str = "<profile>") -> Profile:
    """Validate already-loaded YAML data. Raises :class:`ProfileError` naming the field."""
    if not isinstance(data, dict):
        raise ProfileError(f"{where}: a profile is a mapping of fields")
    try:
        return Profile.model_validate(data)
    except ValidationError as exc:
        raise _explain(exc, where) from None


def load_profile(name_or_path: str | Path, profile_dir: str | Path | None = None) -> Profile:
    """Load a profile by path, or by name (``shoe-basic``) from ``profile_dir``."""
    p = Path(name_or_path)
    if not p.suffix and profile_dir is not None:
        p = Path(profile_dir) / f"{name_or_path}.yaml"
    elif not p.is_absolute() and profile_dir is not None and not p.exists():
        p = Path(profile_dir) / p
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProfileError(f"{p}: no such emulator profile") from None
    except OSError as exc:
        raise ProfileError(f"{p}: cannot read: {exc}") from None
    try:
        data = load_text(text)  # within kernel.safeyaml's limits: size, depth, alias expansion
    except YamlLimitError as exc:
        raise ProfileError(f"{p}: refused: {exc}") from None
    except (yaml.YAMLError, RecursionError) as exc:
        raise ProfileError(f"{p}: not valid YAML: {exc}") from None
    return parse_profile(data, str(p))


def profile_names(profile_dir: str | Path) -> list[str]:
    """The profile names available in ``profile_dir``."""
    return sorted(f.stem for f in Path(profile_dir).glob("*.yaml"))
