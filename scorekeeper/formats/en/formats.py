DATE_FORMAT = "j M Y"  # 27 Nov 2026: read the same by the app's English readers everywhere
