"""What the tests of a game's rules page share: the page as a browser asks it, in English or in
Chinese, and the ids of its sections."""

from __future__ import annotations

import re

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
HAN = re.compile(r"[\u4e00-\u9fff]")


def rules_page(client, key: str, **headers: str) -> str:
    response = client.get(f"/rules/{key}/", **headers)
    assert response.status_code == 200
    return response.content.decode()


def ids(html: str) -> list[str]:
    return re.findall(r'\bid="([^"]+)"', html)
