"""The framed link to device firmware (frames, CRC, sequence/ack, handshake, heartbeat) and emulators."""
