DATE_FORMAT = "Y年n月j日"  # 2026年11月27日, not "27 十一月 2026"
