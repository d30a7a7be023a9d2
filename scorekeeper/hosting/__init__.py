"""Running the app for a real group: `make serve`, the settings' defaults for hosting, and the
health answer for a proxy or a monitor."""
