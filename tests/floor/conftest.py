"""Fixtures of the floor tests: one throwaway PostgreSQL per test module (a fresh database per test) and
a broker per test (the fault tests kill and restart it)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import psycopg
import pytest

from tests.floor.servers import Mosquitto, Postgres

_names = itertools.count(1)


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL cluster for the module (initdb costs a second or two of CPU: once per module)."""
    pg = Postgres()
    pg.start()
    try:
        yield pg
    finally:
        pg.cleanup()


@pytest.fixture
def database(postgres: Postgres) -> str:
    """A new, empty database in the module's cluster; its connection string."""
    name = f"floor_{next(_names)}"
    with psycopg.connect(postgres.dsn, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return postgres.dsn.replace("dbname=postgres", f"dbname={name}")


@pytest.fixture
def broker() -> Iterator[Mosquitto]:
    """A running Mosquitto broker with persistence, anonymous, on a loopback port."""
    m = Mosquitto()
    m.start()
    try:
        yield m
    finally:
        m.cleanup()
