"""The cache one machine's workers share without a cache server: Django's file cache, a file per
entry in a folder beside the SQLite database (settings.py).

Django's file cache lists its whole folder on every write, to see whether it is full; on a game
night that is a write for each deal's spectators' answer and chart, and the listing cost more
than the write. Here each process looks at most once a second: the folder may pass its limit by
what the machine writes in a second before a third of it is removed, as Django does.
"""

from __future__ import annotations

import time

from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY = 1.0  # seconds
_last_cull = [float("-inf")]  # per process: Django makes a cache object per thread


class FolderCache(FileBasedCache):
    def _cull(self) -> None:
        now = time.monotonic()
        if now - _last_cull[0] < CULL_EVERY:
            return
        _last_cull[0] = now
        super()._cull()
