"""pytest fixtures for the workspace-api-mock demo server: each test gets a session of its own (its own
state and credentials), so tests and pytest-xdist workers never see each other's writes.
Start the server first (npx workspace-api-mock); MOCK_URL says where it is."""
import json
import os
import urllib.request

import pytest

MOCK_URL = os.environ.get("MOCK_URL", "http://127.0.0.1:4010")


def call(method, path, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", **(headers or {})}
    request = urllib.request.Request(MOCK_URL + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


@pytest.fixture
def session():
    """A new session: {"id", "apiKey", "apiSecret", "workspaceIds", ...}, deleted after the test."""
    created = call("POST", "/__admin/sessions", {})
    yield created
    call("DELETE", f"/__admin/sessions/{created['id']}")


@pytest.fixture
def api(session):
    """Calls the API as the session's first principal."""
    auth = {"X-API-Key": session["apiKey"], "X-API-Secret": session["apiSecret"]}
    return lambda method, path, body=None: call(method, path, body, auth)
