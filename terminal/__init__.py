"""The application: table controller, journal, configuration, roles, command line and Textual console."""
