"""Device drivers: typed events and commands, one driver per device kind, and the transports.

The controller's entry point is :func:`open_device` with a :class:`DeviceSpec`::

    async with open_device(DeviceSpec("shoe", "shoe", "/dev/serial/by-id/…")) as shoe:
        async for event in shoe.events():
            ...

Events are in :mod:`devices.events`.
"""

from __future__ import annotations

from devices.api import DRIVERS, make_device, open_device, transport_for
from devices.spec import DeviceSpec

__all__ = ["DRIVERS", "DeviceSpec", "make_device", "open_device", "transport_for"]
