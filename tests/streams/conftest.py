import pytest

from .server import StreamServer


@pytest.fixture
def stream_server(transactional_db):
    """The app with streams on a port of its own, for one test (data must be committed)."""
    server = StreamServer()
    server.start()
    yield server
    server.stop()
