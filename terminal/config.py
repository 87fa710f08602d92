"""The table configuration: YAML validated strictly into typed models, with every error located.

Layers, lowest first (a higher layer overrides a lower one key by key; mappings merge, lists and
scalars replace, ``null`` removes a key so the default applies):

1. built-in defaults (:data:`DEFAULTS`);
2. the main file: ``--config F`` if given, else ``/etc/dealer-terminal/config.yaml`` if it exists,
   else (for ``run``) the built-in demo table ``config/tables/paigow.yaml``;
3. drop-ins: ``conf.d/*.yaml`` beside the main file, in name order (systemd style);
4. environment: ``DEALER_TERMINAL_<SECTION>__<KEY>=value`` (``__`` nests; values read as YAML
   scalars), e.g. ``DEALER_TERMINAL_TABLE__SEATS=6``. Names without ``__`` are settings, not keys:
   ``DEALER_TERMINAL_CONFIG`` (the main file) and ``DEALER_TERMINAL_STATE_DIR`` (where the journal
   goes by default; the systemd unit sets it to ``/var/lib/dealer-terminal``);
5. command line: ``--set table.seats=6`` (repeatable).

Unknown keys are errors. :func:`check_config` returns *every* problem, each naming the file and line
(or the environment variable or ``--set``) and the field; :func:`load_config` raises one
:class:`ConfigError` holding them all.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from terminal.errors import UserError
from terminal.paths import config_dir
from terminal.roles import Role, parse_pin_hash, pin_hash_policy
from terminal.yamlfile import PathKey, load_yaml

ETC_DIR = Path("/etc/dealer-terminal")
ENV_PREFIX = "DEALER_TERMINAL_"
DEFAULT_JOURNAL = "journal.sqlite3"  # relative paths are in the state directory (state_dir())
DEMO_TABLE = "paigow"  # config/tables/<name>.yaml used by `run` when nothing else is configured

DEVICE_KINDS = ("shuffler", "shoe", "dice_cup", "panel", "tile_reader")
URL_SCHEMES = ("emu", "socket", "rfc2217", "usb", "gpio")

DEFAULTS: dict[str, Any] = {
    "journal": {"path": DEFAULT_JOURNAL},
    "console": {"repaint_hz": 10},
    "security": {"max_failures": 5, "lockout_seconds": 300},
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)


class Limits(_Strict):
    """Table limits per wager, in cents."""

    min_cents: int = Field(ge=0)
    max_cents: int = Field(gt=0)

    @model_validator(mode="after")
    def _ordered(self) -> Limits:
        if self.max_cents < self.min_cents:
            raise ValueError(f"max_cents ({self.max_cents}) is below min_cents ({self.min_cents})")
        return self


class TableConfig(_Strict):
    """The table: which game is dealt, how many seats, the limits and the fee schedule."""

    id: str = Field(default="table-1", pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")
    name: str = ""
    game: str
    seats: int = Field(ge=1, le=12)  # Party Craps: up to twelve players (seed 000 L4160)
    limits: Limits
    fee_schedule: str | None = None
    #: The number of decks the table deals from (its shoe); unset: the game file's ``deck.decks``. It must be
    #: within the range the game's filing allows (``shoe:``; ``config check``, and DECKS_NOT_FILED at round
    #: start).
    decks: int | None = Field(default=None, ge=1, le=18)
    #: Whether a device must be paired (docs/technician-guide.md, "Pairing devices") before the table takes
    #: its events; unset: required on a real table, not on a demo or all-emulator one. See
    #: :attr:`TerminalConfig.requires_pairing`.
    pairing_required: bool | None = None

    @field_validator("fee_schedule")
    @classmethod
    def _known_schedule(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None:
            posted = fee_schedule(value)  # ValueError names what is not filed
            game = info.data.get("game")  # validated before (field order); absent when it is bad
            if game is not None:
                check_fee_game(value, posted, game)
            limits = info.data.get("limits")  # validated before fee_schedule (field order)
            if limits is not None:
                from rules.round.table_rules import posted_limits_problem

                problem = posted_limits_problem(posted.limits, limits.min_cents, limits.max_cents)
                if problem:
                    raise ValueError(f"{value!r}: {problem}; post the option filed for this table's limits")
        return value

    @field_validator("game")
    @classmethod
    def _known_game(cls, value: str) -> str:
        from terminal.games import load_games

        games = load_games()
        if value not in games:
            family = value.split("/", 1)[0]
            near = [g for g in games if g.startswith(family + "/")] or sorted(games)
            raise ValueError(f"unknown game {value!r}; known: {', '.join(near[:8])}")
        return value


class DeviceConfig(_Strict):
    """One device: its kind, where it is attached, and the firmware it must run.

    ``url``: ``emu://PROFILE`` (an emulator profile in ``config/emulators/``), a ``/dev/...`` path
    (prefer ``/dev/serial/by-id/...`` or a udev name such as ``/dev/dealer/shoe``), ``socket://host:port``,
    ``rfc2217://host:port``, ``usb://VID:PID[/SERIAL]`` or ``gpio://`` (buttons and lamps; pins in
    ``options``).
    """

    kind: Literal["shuffler", "shoe", "dice_cup", "panel", "tile_reader"]
    url: str
    firmware_sha256: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    baud: int = Field(default=115200, gt=0)
    options: dict[str, Any] = Field(default_factory=dict)

    @field_validator("url")
    @classmethod
    def _url(cls, value: str) -> str:
        if value.startswith("/dev/"):
            return value
        m = re.match(r"^([a-z0-9]+)://(.*)$", value)
        if not m or m.group(1) not in URL_SCHEMES or (not m.group(2) and m.group(1) != "gpio"):
            schemes = ", ".join(f"{s}://" for s in URL_SCHEMES)
            raise ValueError(f"{value!r} is not a device address (a /dev/ path or one of {schemes})")
        scheme, rest = m.groups()
        if scheme == "emu":
            profiles = emulator_profiles()
            if rest.split("?", 1)[0] not in profiles:
                raise ValueError(f"no emulator profile {rest!r}; known: {', '.join(sorted(profiles))}")
        elif scheme == "usb" and not re.match(r"^[0-9a-fA-F]{4}:[0-9a-fA-F]{4}(/.+)?$", rest):
            raise ValueError(f"{value!r}: a USB device is usb://VID:PID[/SERIAL] in hex")
        elif scheme == "socket" and not re.match(r"^[^:/]+:\d+$", rest):
            raise ValueError(f"{value!r}: a socket is socket://host:port")
        return value

    @model_validator(mode="after")
    def _options(self) -> DeviceConfig:
        # An emulator profile is one kind of device (its ``kind:``): a tile tray's profile is not a shoe.
        if self.url.startswith("emu://"):
            name = self.url[len("emu://") :].split("?", 1)[0]
            declared = emulator_kind(name)
            if declared is not None and declared != self.kind:
                raise ValueError(f"emulator profile {name!r} is a {declared}, not a {self.kind}")
        # The driver's own check, so `config check` reports what the device would refuse at start-up.
        if self.kind == "shuffler" and self.options:
            from devices.errors import DeviceConfigError
            from devices.shuffler import shuffler_config_from_options

            try:
                shuffler_config_from_options(self.options)
            except DeviceConfigError as exc:
                raise ValueError(str(exc)) from None
        return self


class RoleConfig(_Strict):
    """A role's PIN, as its scrypt hash (``dealer-terminal config hash-pin`` prints one)."""

    pin_hash: str

    @field_validator("pin_hash")
    @classmethod
    def _hash(cls, value: str) -> str:
        parse_pin_hash(value)  # ValueError says what is wrong
        return value


class JournalConfig(_Strict):
    """Where the journal lives; a relative path is inside :func:`state_dir`."""

    path: str = Field(default=DEFAULT_JOURNAL, min_length=1)
    #: The table's journal key (0600, service user only) and the head anchor; relative paths are in the
    #: state directory; default ``<journal>.key`` / ``<journal>.anchor`` (docs/security.md).
    key_path: str | None = None
    anchor_path: str | None = None
    #: Rows after which the next checkpoint closes the live segment and archives it (docs/performance.md).
    segment_entries: int = Field(default=50_000, ge=100)
    #: Free space on the journal's disk below which the console warns.
    warn_free_mb: int = Field(default=1024, ge=1)

    def resolved_path(self, env: Mapping[str, str] | None = None) -> Path:
        """The journal file: ``path`` if absolute, else ``state_dir() / path``."""
        p = Path(self.path).expanduser()
        return p if p.is_absolute() else state_dir(env) / p

    def resolved_file(self, name: str | None, env: Mapping[str, str] | None = None) -> Path | None:
        """``key_path`` or ``anchor_path`` resolved like ``path`` (None: the journal's default)."""
        if not name:
            return None
        p = Path(name).expanduser()
        return p if p.is_absolute() else state_dir(env) / p


def state_dir(env: Mapping[str, str] | None = None) -> Path:
    """Where the terminal keeps its state: ``$DEALER_TERMINAL_STATE_DIR`` (the systemd unit sets
    ``/var/lib/dealer-terminal``), else ``$XDG_STATE_HOME/dealer-terminal``, else
    ``~/.local/state/dealer-terminal``."""
    environ = os.environ if env is None else env
    if environ.get(ENV_PREFIX + "STATE_DIR"):
        return Path(environ[ENV_PREFIX + "STATE_DIR"])
    base = environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "dealer-terminal"


class ConsoleConfig(_Strict):
    """The console: repaint rate, keymap overrides (binding id -> keys), physical buttons (id -> action)."""

    repaint_hz: float = Field(default=10, ge=1, le=60)
    keymap: dict[str, str] = Field(default_factory=dict)
    buttons: dict[str, str] = Field(default_factory=dict)

    @field_validator("keymap", "buttons")
    @classmethod
    def _known_actions(cls, value: dict[str, str], info: Any) -> dict[str, str]:
        from terminal.console.view import ACTION_IDS

        names = value.keys() if info.field_name == "keymap" else value.values()
        for name in names:
            if name not in ACTION_IDS:
                raise ValueError(f"unknown action {name!r}; actions: {', '.join(ACTION_IDS)}")
        return value


class FloorConfig(_Strict):
    """The floor link (docs/install.md, "The floor"): the table publishes its journal to the room's MQTT
    broker. Off while ``broker`` is unset: a table with no floor works exactly as without one."""

    #: ``mqtt://host[:1883]`` or ``mqtts://host[:8883]`` (TLS).
    broker: str | None = None
    room: str = Field(default="room-1", pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")
    #: TLS: the CA that signed the broker's certificate; this table's client certificate and key.
    ca_file: str | None = None
    cert_file: str | None = None
    key_file: str | None = None
    #: The table's broker credentials: the user name (default: the table's id) and a file holding the
    #: password (0600, service user only; never the password itself in the config).
    username: str | None = None
    password_file: str | None = None
    keepalive_seconds: int = Field(default=30, ge=5, le=600)
    #: Reconnect backoff: doubling from ``retry_min_seconds`` to ``retry_max_seconds``, with jitter.
    retry_min_seconds: float = Field(default=0.5, gt=0, le=60)
    retry_max_seconds: float = Field(default=30, gt=0, le=3600)

    @field_validator("broker")
    @classmethod
    def _broker_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        m = re.fullmatch(r"(mqtts?)://([A-Za-z0-9_.\-]+|\[[0-9A-Fa-f:]+\])(?::(\d{1,5}))?/?", value)
        if m is None:
            raise ValueError(f"{value!r}: give the broker as mqtt://host[:port] or mqtts://host[:port]")
        if m.group(3) is not None and not 0 < int(m.group(3)) < 65536:
            raise ValueError(f"{value!r}: port {m.group(3)} is out of range")
        return value

    @field_validator("ca_file", "cert_file", "key_file", "password_file")
    @classmethod
    def _readable(cls, value: str | None) -> str | None:
        if value is not None:
            p = Path(value).expanduser()
            if not p.is_file():
                raise ValueError(f"{value}: no such file")
            if not os.access(p, os.R_OK):
                raise ValueError(f"{value}: not readable by this user")
        return value

    @model_validator(mode="after")
    def _tls_pairs(self) -> FloorConfig:
        if (self.cert_file is None) != (self.key_file is None):
            raise ValueError(
                "cert_file and key_file go together (the table's client certificate and its key)"
            )
        tls_files = self.ca_file or self.cert_file
        if tls_files and self.broker and self.broker.startswith("mqtt://"):
            raise ValueError("TLS files are set but the broker is mqtt:// (plain); use mqtts://")
        if self.retry_min_seconds > self.retry_max_seconds:
            raise ValueError("retry_min_seconds is above retry_max_seconds")
        return self

    @property
    def enabled(self) -> bool:
        """True when a broker is configured."""
        return self.broker is not None


class SecurityConfig(_Strict):
    """PIN lockout, and whether this is a demo table.

    ``demo: true`` marks a demo or training table: its PIN hashes may be the published demo PINs and use
    other scrypt parameters, and then every device must be an emulator (``emu://``). Without it
    ``config check`` and start-up refuse the demo PINs and any hash not made with the terminal's fixed
    scrypt parameters (docs/security.md, "Roles and PINs").
    """

    max_failures: int = Field(default=5, ge=1, le=20)
    lockout_seconds: float = Field(default=300, ge=0)
    demo: bool = False


class TerminalConfig(_Strict):
    """The whole configuration of one terminal."""

    table: TableConfig
    devices: dict[Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]*$")], DeviceConfig] = Field(
        default_factory=dict
    )
    roles: dict[Role, RoleConfig] = Field(default_factory=dict)
    journal: JournalConfig = Field(default_factory=JournalConfig)
    console: ConsoleConfig = Field(default_factory=ConsoleConfig)
    security: SecurityConfig = Field(default_factory=SecurityConfig)
    floor: FloorConfig = Field(default_factory=FloorConfig)

    @property
    def requires_pairing(self) -> bool:
        """Whether a device that was never paired is refused: ``table.pairing_required``, else on for a
        real table (a device that is not an emulator — ``EMULATED_URLS`` — and not ``security.demo``) and off for a demo or
        training table of emulators. A GPIO panel has no link and never pairs."""
        setting = self.table.pairing_required
        if setting is not None:
            return setting
        real = any(not d.url.startswith(EMULATED_URLS) for d in self.devices.values())
        return real and not self.security.demo

    def pins(self) -> dict[Role, str]:
        """Each role's stored PIN hash, for :class:`terminal.roles.Access`."""
        return {role: rc.pin_hash for role, rc in self.roles.items()}

    def redacted(self) -> dict[str, Any]:
        """The configuration as JSON with the PIN hashes hidden (for logs and the technician screen)."""
        data = self.model_dump(mode="json")
        for role in data.get("roles", {}).values():
            role["pin_hash"] = "<redacted>"
        return data


def fee_schedule(ref: str) -> Any:
    """The posted schedule ``<room>/<game>/<option>`` from ``config/fees/<room>.yaml`` (a
    :class:`rules.fees.Schedule`); ValueError saying what is not filed. The option may itself hold a
    slash (``the101/pai-gow/gega-002034/3``)."""
    from rules.errors import RulesError
    from rules.fees.schedule import RoomFees

    parts = ref.split("/", 2)
    if len(parts) != 3 or not all(parts):
        raise ValueError(f"{ref!r}: a fee schedule is <room>/<game>/<option>, e.g. the101/pai-gow/1")
    room, game, option = parts
    path = config_dir() / "fees" / f"{room}.yaml"
    if not path.exists():
        rooms = sorted(p.stem for p in (config_dir() / "fees").glob("*.yaml"))
        raise ValueError(f"no fee file for room {room!r}; rooms: {', '.join(rooms) or 'none yet'}")
    try:
        fees = RoomFees.from_data(load_yaml(path).data, str(path))
        return fees.schedule(game, option)
    except (RulesError, UserError) as exc:
        raise ValueError(str(exc)) from None


def check_fee_game(ref: str, posted: Any, game: str) -> None:
    """ValueError when the game file names its game in the room's fee file (``banking.fees.game``) and
    the posted schedule is another game's: that table would collect the wrong game's fee (or none)."""
    from terminal.games import load_games

    gf = load_games().get(game)
    banking = gf.data.get("banking") if gf is not None else None
    fees = banking.get("fees") if isinstance(banking, Mapping) else None
    want = fees.get("game") if isinstance(fees, Mapping) else None
    if isinstance(want, str) and posted.game != want:
        raise ValueError(
            f"{ref!r} is the {posted.game} schedule, but {game} collects as {want!r} (its banking.fees.game)"
        )


def emulator_profiles() -> set[str]:
    """The names of the emulator profiles in ``config/emulators/``."""
    base = config_dir() / "emulators"
    return {p.stem for p in base.glob("*.yaml")} | {p.stem for p in base.glob("*.yml")}


def emulator_kind(name: str) -> str | None:
    """The ``kind:`` an emulator profile in ``config/emulators/`` declares (None: unreadable or absent)."""
    for suffix in (".yaml", ".yml"):
        path = config_dir() / "emulators" / f"{name}{suffix}"
        if path.is_file():
            try:
                data = load_yaml(path).data
            except UserError:
                return None
            kind = data.get("kind") if isinstance(data, dict) else None
            return str(kind) if kind is not None else None
    return None


# -- layering with provenance --------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """One configuration error: where (``file:line``, ``env NAME`` or ``--set``), which field, what."""

    where: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.field}: {self.message}"


class ConfigError(UserError):
    """The configuration is invalid; ``problems`` lists every error."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        first = self.problems[0]
        more = f" (and {len(self.problems) - 1} more errors)" if len(self.problems) > 1 else ""
        super().__init__(f"{first}{more}")


class _Layers:
    """The merged data plus, for each key path, where its value came from."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {}
        self.origin: dict[PathKey, str] = {}

    def merge(self, data: Any, origin_of: Any, base: PathKey = ()) -> None:
        """Merge ``data`` into the tree at ``base``; ``origin_of(path)`` names where each key came from."""
        if not isinstance(data, dict):
            return
        target = self._node(base)
        for key, value in data.items():
            path = (*base, key)
            self.origin[path] = origin_of(path)
            if value is None:
                target.pop(key, None)
                self._forget(path)
            elif isinstance(value, dict) and isinstance(target.get(key), dict):
                self.merge(value, origin_of, path)
            else:
                self._forget(path)
                self.origin[path] = origin_of(path)
                target[key] = copy.deepcopy(value)
                self._record_inner(value, path, origin_of)

    def _record_inner(self, value: Any, path: PathKey, origin_of: Any) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                self.origin[(*path, k)] = origin_of((*path, k))
                self._record_inner(v, (*path, k), origin_of)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                self.origin[(*path, i)] = origin_of((*path, i))
                self._record_inner(v, (*path, i), origin_of)

    def _forget(self, path: PathKey) -> None:
        n = len(path)
        for k in [k for k in self.origin if len(k) > n and k[:n] == path]:
            del self.origin[k]

    def _node(self, path: PathKey) -> dict[str, Any]:
        node = self.data
        for k in path:
            node = node.setdefault(k, {})  # type: ignore[arg-type]
        return node

    def where(self, path: PathKey) -> str:
        k = tuple(path)
        while k:
            if k in self.origin:
                return self.origin[k]
            k = k[:-1]
        return self.origin.get((), "defaults")


def _file_layer(layers: _Layers, path: Path, problems: list[Problem]) -> None:
    try:
        doc = load_yaml(path)
    except UserError as exc:
        problems.append(
            Problem(str(path), "(file)", str(exc).removeprefix(f"{path}: ").removeprefix(f"{path}"))
        )
        return
    if doc.data is None:
        return
    if not isinstance(doc.data, dict):
        problems.append(
            Problem(f"{path}:{doc.line_of(()) or 1}", "(top level)", "a configuration is a mapping")
        )
        return
    for key in doc.data:
        if not isinstance(key, str):
            problems.append(Problem(f"{path}:{doc.line_of((key,))}", str(key), "keys are text"))
    layers.merge(doc.data, lambda p: f"{path}:{doc.line_of(p) or 1}")


def _env_layer(layers: _Layers, env: Mapping[str, str], problems: list[Problem]) -> None:
    for name in sorted(env):
        # Only SECTION__KEY names are configuration; single names (CONFIG, STATE_DIR) are settings.
        if not name.startswith(ENV_PREFIX) or "__" not in name[len(ENV_PREFIX) :]:
            continue
        keys = [k.lower() for k in name[len(ENV_PREFIX) :].split("__")]
        if not all(keys):
            problems.append(Problem(f"env {name}", name, "empty key in the variable name"))
            continue
        value = _scalar(env[name])
        tree: Any = value
        for k in reversed(keys):
            tree = {k: tree}
        layers.merge(tree, lambda p, n=name: f"env {n}")


def _set_layer(layers: _Layers, sets: Sequence[str], problems: list[Problem]) -> None:
    for item in sets:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            problems.append(Problem(f"--set {item}", item, "expected KEY.PATH=VALUE"))
            continue
        tree: Any = _scalar(raw)
        for k in reversed(key.strip().split(".")):
            tree = {k: tree}
        layers.merge(tree, lambda p, i=item: f"--set {i}")


def _scalar(text: str) -> Any:
    try:
        return yaml.safe_load(text) if text.strip() else ""
    except yaml.YAMLError:
        return text


def config_files(main: str | Path | None = None, *, demo: bool = False) -> list[Path]:
    """The files that make up the configuration, lowest first (main file, then its conf.d drop-ins)."""
    if main is not None:
        main_path = Path(main)
    elif (ETC_DIR / "config.yaml").exists():
        main_path = ETC_DIR / "config.yaml"
    elif demo:
        return [config_dir() / "tables" / f"{DEMO_TABLE}.yaml"]
    else:
        return []
    return [main_path, *sorted((main_path.parent / "conf.d").glob("*.yaml"))]


def check_config(
    files: Sequence[str | Path],
    *,
    env: Mapping[str, str] | None = None,
    sets: Sequence[str] = (),
) -> tuple[TerminalConfig | None, list[Problem]]:
    """Layer the defaults, ``files``, the environment and ``sets``; validate; return every problem."""
    problems: list[Problem] = []
    layers = _Layers()
    environ = os.environ if env is None else env
    layers.merge(copy.deepcopy(DEFAULTS), lambda p: "defaults")
    for f in files:
        _file_layer(layers, Path(f), problems)
    _env_layer(layers, environ, problems)
    _set_layer(layers, sets, problems)
    if problems:
        return None, problems  # unreadable input: the model errors would only repeat it
    try:
        cfg = TerminalConfig.model_validate(layers.data)
    except ValidationError as exc:
        for err in exc.errors(include_url=False):
            loc = tuple(err["loc"])
            # pydantic adds the value's type to dict-key locations ("[key]"); keep the data path.
            path = tuple(p for p in loc if not (isinstance(p, str) and p.startswith("[")))
            where = layers.where(path[:-1]) if err["type"] == "missing" else layers.where(path)
            message = err["msg"].removeprefix("Value error, ")
            if err["type"] == "extra_forbidden":
                message = "unknown key"
            elif err["type"] == "missing":
                message = "required, missing"
            problems.append(Problem(where, ".".join(str(p) for p in path) or "(top level)", message))
        problems.sort(key=_problem_order)
        return None, problems
    problems = pin_problems(cfg, layers.where) + button_problems(cfg, layers.where)
    problems += pairing_problems(cfg, layers.where) + deck_problems(cfg, layers.where)
    if problems:
        problems.sort(key=_problem_order)
        return None, problems
    return cfg, []


def pin_problems(cfg: TerminalConfig, where: Any) -> list[Problem]:
    """A real table's PINs: no published demo PIN, every hash with the fixed scrypt parameters
    (``terminal.roles.pin_hash_policy``). A demo table (``security.demo``) may have both, but drives
    emulated devices only. ``where(path)`` names the file and line of a key."""
    problems: list[Problem] = []
    if cfg.security.demo:
        for name, d in sorted(cfg.devices.items()):
            if not d.url.startswith("emu://"):
                problems.append(
                    Problem(
                        where(("devices", name, "url")),
                        f"devices.{name}.url",
                        f"{d.url!r} is a real device, but this configuration is a demo (security.demo: "
                        "its PINs may be the published demo PINs); a real table sets its own PINs "
                        "(`dealer-terminal config hash-pin`) and drops security.demo",
                    )
                )
        return problems
    for role, rc in sorted(cfg.roles.items()):
        why = pin_hash_policy(rc.pin_hash)
        if why is not None:
            field = f"roles.{role.value}.pin_hash"
            problems.append(Problem(where(("roles", role.value, "pin_hash")), field, why))
    return problems


#: Addresses with no physical device behind a link: an emulator (``emu://``, or on a pseudo-terminal,
#: ``pty://``) and a GPIO panel (no link, nothing to pair). Any other device is a real one.
EMULATED_URLS = ("emu://", "pty://", "gpio://")


def deck_problems(cfg: TerminalConfig, where: Any) -> list[Problem]:
    """The table's decks (``table.decks``, else the game file's) and each shuffler's ``options.decks`` must
    be within the range the game's filing allows (the family's ``filed_decks``: blackjack's 1-8, 2-8 or 6-8,
    21st Century Baccarat's 3-8): a problem names the game, the filed range and the filing's lines."""
    from terminal.games import family_of, get_game

    try:
        game = get_game(cfg.table.game)
        filed = family_of(game).filed_decks(game.data)
    except UserError:
        return []  # an unknown game is reported where the game is read
    if filed is None:
        return []
    counts: list[tuple[PathKey, int]] = []
    deck = game.data.get("deck")
    own = deck.get("decks", 1) if isinstance(deck, Mapping) else 1
    counts.append((("table", "decks"), cfg.table.decks if cfg.table.decks is not None else own))
    for name, d in sorted(cfg.devices.items()):
        n = d.options.get("decks")
        if d.kind == "shuffler" and isinstance(n, int) and not isinstance(n, bool):
            counts.append((("devices", name, "options", "decks"), n))
    name = f"{game.data.get('name') or game.id} ({game.data.get('room') or game.id})"
    problems = []
    for path, n in counts:
        why = filed.refusal(name, n)
        if why is not None:
            at = path if path != ("table", "decks") or cfg.table.decks is not None else ("table", "game")
            problems.append(Problem(where(at), ".".join(str(p) for p in at), why))
    return problems


def pairing_problems(cfg: TerminalConfig, where: Any) -> list[Problem]:
    """A real table (not ``security.demo``) with a real device on a link cannot turn pairing off: a device
    that has not proved its key could be anything that speaks the protocol (docs/security.md)."""
    real = sorted(n for n, d in cfg.devices.items() if not d.url.startswith(EMULATED_URLS))
    if cfg.table.pairing_required is not False or cfg.security.demo or not real:
        return []
    return [
        Problem(
            where(("table", "pairing_required")),
            "table.pairing_required",
            f"a real table cannot turn pairing off: {', '.join(real)} must prove its key (pair each device "
            "on the technician screen, F2, Pair); only a demo table (security.demo) may take unpaired devices",
        )
    ]


def panel_button_names(device: DeviceConfig) -> dict[str, PathKey]:
    """A panel's button names, each with the key path that names it: ``options.buttons`` (number ->
    name) on a linked panel, ``options.button_pins`` (name -> pin) on GPIO; else the reference panel's."""
    from devices.panel import DEFAULT_BUTTONS

    names: dict[str, PathKey] = {}
    raw = device.options.get("buttons")
    if isinstance(raw, Mapping) and raw:
        names.update({str(v): ("options", "buttons", k) for k, v in raw.items()})
    elif not device.url.startswith("gpio://"):
        names.update({v: ("options",) for v in DEFAULT_BUTTONS.values()})
    pins = device.options.get("button_pins")
    if isinstance(pins, Mapping):
        names.update({str(k): ("options", "button_pins", k) for k in pins})
    return names


def button_problems(cfg: TerminalConfig, where: Any) -> list[Problem]:
    """Every panel button must name a known action — one of the console's actions (``new_round`` is
    ``new-round``) or a button id that ``console.buttons`` maps to one. A staff action (``tech.*``,
    ``maint.*``) is never a button: it needs a PIN, which is entered at the console."""
    from terminal.console.view import ACTION_IDS

    problems: list[Problem] = []
    for name, d in sorted(cfg.devices.items()):
        if d.kind != "panel":
            continue
        for button, path in panel_button_names(d).items():
            action = button.replace("_", "-")
            if action in ACTION_IDS or action in cfg.console.buttons or button in cfg.console.buttons:
                continue
            field = ".".join(str(p) for p in ("devices", name, *path))
            problems.append(
                Problem(
                    where(("devices", name, *path)),
                    field,
                    f"button {button!r} is not an action; a button is one of {', '.join(ACTION_IDS)} "
                    "(underscores for dashes), or an id console.buttons maps to one",
                )
            )
    return problems


def _problem_order(p: Problem) -> tuple[str, int, str]:
    file, _, line = p.where.rpartition(":")
    return (file, int(line), p.field) if line.isdigit() else (p.where, 0, p.field)


def load_config(
    main: str | Path | None = None,
    *,
    env: Mapping[str, str] | None = None,
    sets: Sequence[str] = (),
    demo: bool = True,
) -> TerminalConfig:
    """The effective configuration (see the module docstring for the layers); ConfigError if invalid.

    ``main`` may also come from ``DEALER_TERMINAL_CONFIG``. With nothing configured and ``demo``, the
    built-in demo table.
    """
    environ = os.environ if env is None else env
    if main is None and environ.get(ENV_PREFIX + "CONFIG"):
        main = environ[ENV_PREFIX + "CONFIG"]
    cfg, problems = check_config(config_files(main, demo=demo), env=environ, sets=sets)
    if problems or cfg is None:
        raise ConfigError(problems or [Problem("configuration", "(top level)", "nothing configured")])
    return cfg
