"""The app's own date formats, per language (settings.FORMAT_MODULE_PATH): one way of writing a
day on every page and in every message, "27 Nov 2026" and "2026年11月27日"; templates write a
day as `{{ day|date }}`, Python as `date_format(day)`."""
