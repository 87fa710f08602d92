"""The floor link: the table publishes its journal to the room's MQTT broker (docs/install.md, "The
floor"). ``topics`` names the topics (the floor service uses the same), ``wire`` is what an entry looks
like on the wire (card order never), ``link`` is the publisher."""
