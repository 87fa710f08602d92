"""``dealer-terminal devices list|diagnose|pair``: what is attached; handshake and self-tests; pairing.

``devices list`` shows each configured device (kind, address, expected firmware) and whether its
address is present, plus the serial ports the system sees. ``devices diagnose [NAME ...]`` opens each
device: handshake (identity, firmware version and hash), an echo round trip, the link counters on both
ends, and the firmware hash against ``firmware_sha256`` from the configuration (PROGRAM_INTEGRITY on a
mismatch). Exit 0 if every device passed, 1 if any failed, 2 on bad input. ``devices pair NAME``
gives the device a new pairing key of its own (docs/technician-guide.md, docs/protocol.md §3.2): the
device must be in pairing mode (its button; an emulated device is put in it by the command); the key
goes to the keystore and is never shown, only its fingerprint.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
from typing import Any

from terminal.config import load_config
from terminal.errors import UserError
from terminal.paths import config_dir


def register(sub: Any) -> None:
    p = sub.add_parser("devices", help="what is attached; device self-tests")
    dsub = p.add_subparsers(dest="devices_command", metavar="ACTION", parser_class=type(p))
    lst = dsub.add_parser("list", help="configured devices, whether present, and the system's serial ports")
    lst.add_argument("--config", metavar="F", help="main configuration file (default: the demo table)")
    lst.add_argument("--json", action="store_true", help="one JSON object for other programs")
    lst.set_defaults(handler=run_list)
    diag = dsub.add_parser("diagnose", help="handshake, echo, counters and firmware check of each device")
    diag.add_argument("names", nargs="*", metavar="NAME", help="devices to test (default: all)")
    diag.add_argument("--config", metavar="F", help="main configuration file (default: the demo table)")
    diag.add_argument(
        "--timeout", type=float, default=5.0, help="seconds to wait for each answer (default 5)"
    )
    diag.add_argument("--json", action="store_true", help="one JSON object for other programs")
    diag.set_defaults(handler=run_diagnose)
    pair = dsub.add_parser("pair", help="pair a device: a new key of its own, kept in the keystore")
    pair.add_argument("name", metavar="NAME", help="the device to pair")
    pair.add_argument("--config", metavar="F", help="main configuration file (default: the demo table)")
    pair.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for each answer")
    pair.set_defaults(handler=run_pair)

    def need_action(args: argparse.Namespace) -> int:
        raise UserError("devices: choose an action: list, diagnose or pair")

    p.set_defaults(handler=need_action)


def _specs(config: str | None) -> list[Any]:
    from devices.spec import DeviceSpec

    cfg = load_config(config)
    keys = _keystore()
    return [
        DeviceSpec(
            name, d.kind, d.url, d.firmware_sha256, d.baud, dict(d.options), pairing_key=keys.key_for(name)
        )
        for name, d in cfg.devices.items()
    ]


def _keystore() -> Any:
    from devices.keystore import FILE_NAME, Keystore
    from terminal.config import state_dir

    return Keystore(state_dir() / FILE_NAME)


def emulator_keys() -> Any:
    """Where emulated devices keep their pairing keys (their flash): the state directory."""
    from terminal.config import state_dir

    return state_dir() / "emulator-keys"


def run_pair(args: argparse.Namespace) -> int:
    from devices.errors import DeviceError
    from firmware_bridge.transport import TransportClosed

    specs = {s.name: s for s in _specs(args.config)}
    if args.name not in specs:
        raise UserError(f"devices pair: no device {args.name!r}; configured: {', '.join(sorted(specs))}")
    from devices.pairing import pair_device

    try:
        r = asyncio.run(
            pair_device(
                specs[args.name],
                _keystore(),
                emulator_dir=config_dir() / "emulators",
                emulator_keys=emulator_keys(),
                timeout=args.timeout,
            )
        )
    except (DeviceError, TransportClosed, OSError) as exc:
        print(f"devices pair: {exc}")
        return 1
    print(f"paired {r.name} on {r.port} (serial {r.serial}); key fingerprint {r.fingerprint}")
    print("The key is kept in the keystore and is never shown.")
    return 0


def _presence(url: str) -> str:
    emu_dir = config_dir() / "emulators"
    if url.startswith("emu://"):
        name = url[6:].split("?", 1)[0]
        return "emulated" if (emu_dir / f"{name}.yaml").exists() else "missing profile"
    path = url[6:] if url.startswith("pty://") else url
    if path.startswith("/dev/"):
        status = "present" if os.path.exists(path) else "absent"
        if re.match(r"^/dev/tty(USB|ACM)\d+$", path):
            # Kernel names change with plug order; config should use /dev/serial/by-id/ or a udev name.
            status += " (unstable name: use /dev/serial/by-id/... or a udev name)"
        return status
    return "not checked"


def run_list(args: argparse.Namespace) -> int:
    specs = _specs(args.config)
    rows = [
        {
            "name": s.name,
            "kind": s.kind,
            "url": s.url,
            "firmware_sha256": s.expected_firmware_hash,
            "status": _presence(s.url),
        }
        for s in specs
    ]
    try:
        from serial.tools import list_ports  # type: ignore[import-untyped]

        ports = [
            {"device": p.device, "description": p.description, "hwid": p.hwid} for p in list_ports.comports()
        ]
    except Exception:  # noqa: BLE001 - a host without sysfs still lists the configuration
        ports = []
    if args.json:
        print(json.dumps({"devices": rows, "serial_ports": ports}, indent=1))
        return 0
    for r in rows:
        fw = r["firmware_sha256"][:12] + "…" if r["firmware_sha256"] else "-"
        print(f"{r['name']:<12} {r['kind']:<9} {r['url']:<36} firmware {fw:<14} {r['status']}")
    print(f"{len(rows)} devices configured; {len(ports)} serial ports on this system")
    for p in ports:
        print(f"  {p['device']}  {p['description']}  {p['hwid']}")
    return 0


async def _diagnose_one(spec: Any, timeout: float) -> dict[str, Any]:
    from devices.api import open_device
    from devices.errors import DeviceError
    from firmware_bridge.transport import TransportClosed

    out: dict[str, Any] = {"name": spec.name, "kind": spec.kind, "url": spec.url, "ok": False, "alerts": []}
    if spec.scheme == "gpio":
        out.update(ok=True, note="GPIO panel: no link to test")
        return out
    try:
        async with open_device(  # diagnostics read no events: acknowledge frames on arrival
            spec,
            emulator_dir=config_dir() / "emulators",
            handshake_timeout=timeout,
            ack_after_commit=False,
            emulator_keys=emulator_keys(),
        ) as dev:
            ident = dev.identity
            out["identity"] = {
                "kind": ident.kind,
                "model": ident.model,
                "serial": ident.serial,
                "firmware_version": ident.firmware_version,
                "firmware_hash": ident.firmware_hash,
                "protocol_version": ident.protocol_version,
            }
            probe = os.urandom(16)
            echoed = await dev.echo(probe, timeout=timeout)
            out["echo"] = "ok" if echoed == probe else "mismatch"
            c = await dev.device_counters(timeout=timeout)
            out["device_counters"] = {
                "frames_in": c.frames_in,
                "frames_out": c.frames_out,
                "bad_frames": c.bad_frames,
                "retransmits": c.retransmits,
                "duplicates": c.duplicates,
            }
            h = dev.counters
            out["host_counters"] = {
                "frames_in": h.frames_in,
                "frames_out": h.frames_out,
                "bad_frames": h.bad_frames,
                "retransmits": h.retransmits,
                "duplicates": h.duplicates,
                "gaps": h.gaps,
            }
            expected = spec.expected_firmware_hash
            if expected is None:
                out["firmware_check"] = "no expected hash configured"
            elif expected.lower() == ident.firmware_hash:
                out["firmware_check"] = "match"
            else:
                out["firmware_check"] = "MISMATCH"
                out["alerts"].append("PROGRAM_INTEGRITY")
            if ident.kind != spec.kind:
                out["alerts"].append("DEVICE_FAULT")
                out["error"] = f"device reports kind {ident.kind}, configured as {spec.kind}"
            out["ok"] = out["echo"] == "ok" and not out["alerts"]
    except (DeviceError, TransportClosed, TimeoutError, OSError) as exc:
        out["error"] = str(exc) or type(exc).__name__
        out["alerts"].append("COMMS_LOST")
    return out


def run_diagnose(args: argparse.Namespace) -> int:
    specs = _specs(args.config)
    if args.names:
        known = {s.name for s in specs}
        for n in args.names:
            if n not in known:
                raise UserError(f"devices diagnose: no device {n!r}; configured: {', '.join(sorted(known))}")
        specs = [s for s in specs if s.name in args.names]

    async def run_all() -> list[dict[str, Any]]:
        return [await _diagnose_one(s, args.timeout) for s in specs]

    results = asyncio.run(run_all())
    if args.json:
        print(json.dumps({"devices": results}, indent=1))
    else:
        for r in results:
            status = "PASS" if r["ok"] else "FAIL"
            print(f"{r['name']} ({r['kind']}, {r['url']}): {status}")
            if "identity" in r:
                i = r["identity"]
                print(
                    f"  {i['model']}  serial {i['serial']}  firmware {i['firmware_version']}  protocol {i['protocol_version']}"
                )
                print(f"  firmware sha256 {i['firmware_hash']}: {r['firmware_check']}")
                print(
                    f"  echo {r['echo']}; device counters {r['device_counters']}; host counters {r['host_counters']}"
                )
            for key in ("note", "error"):
                if key in r:
                    print(f"  {r[key]}")
            for a in r["alerts"]:
                print(f"  alert {a}")
    return 0 if all(r["ok"] for r in results) else 1
