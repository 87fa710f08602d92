"""The link over TLS as deployed (deploy/mosquitto/mosquitto-floor.conf): the broker's certificate
checked against the room's CA, and each client showing a certificate of its own."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import aiomqtt
import pytest

from tests.floor.harness import FloorProcess, Table, assert_exactly_once, keys_dir
from tests.floor.servers import Mosquitto


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def make_room_ca(d: Path, clients: list[str]) -> None:
    """A throwaway CA, the broker's certificate for 127.0.0.1, and one client certificate each."""
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=room CA",
             "-keyout", "ca.key", "-out", "ca.crt", cwd=d)  # fmt: skip
    (d / "san.cnf").write_text("subjectAltName=IP:127.0.0.1\n")
    for name in ["broker", *clients]:
        _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={name}", "-keyout", f"{name}.key",
                 "-out", f"{name}.csr", cwd=d)  # fmt: skip
        extra = ["-extfile", "san.cnf"] if name == "broker" else []
        _openssl("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                 "-days", "2", "-out", f"{name}.crt", *extra, cwd=d)  # fmt: skip


async def _connect(port: int, tls: aiomqtt.TLSParameters) -> None:
    async with aiomqtt.Client("127.0.0.1", port, identifier="no-cert", tls_params=tls, timeout=30):
        pass


def test_the_link_over_tls_with_client_certificates(tmp_path: Path, database: str) -> None:
    pki = tmp_path / "pki"
    pki.mkdir()
    make_room_ca(pki, ["t1", "floor"])
    broker = Mosquitto(
        conf_extra="cafile {dir}/ca.crt\ncertfile {dir}/broker.crt\nkeyfile {dir}/broker.key\n"
        "require_certificate true\ntls_version tlsv1.2\n",
        files={n: (pki / n).read_text() for n in ("ca.crt", "broker.crt", "broker.key")},
    )
    broker.start()
    t1 = Table(tmp_path, "t1", broker.port)
    t1.address = t1.address.__class__(
        "127.0.0.1", broker.port, True, str(pki / "ca.crt"), str(pki / "t1.crt"), str(pki / "t1.key")
    )
    t1.open()
    floor = FloorProcess(database, broker.port, keys_dir(tmp_path, [t1]), tmp_path / "floor.log")
    floor.argv[floor.argv.index(f"mqtt://127.0.0.1:{broker.port}")] = f"mqtts://127.0.0.1:{broker.port}"
    floor.argv += [
        "--ca-file",
        str(pki / "ca.crt"),
        "--cert-file",
        str(pki / "floor.crt"),
        "--key-file",
        str(pki / "floor.key"),
    ]
    floor.start()
    try:
        t1.deal(2)
        assert_exactly_once(database, [t1])
        # Without a client certificate the broker refuses the connection.
        with pytest.raises(aiomqtt.MqttError):
            asyncio.run(_connect(broker.port, aiomqtt.TLSParameters(ca_certs=str(pki / "ca.crt"))))
    finally:
        floor.stop()
        t1.close()
        broker.cleanup()
