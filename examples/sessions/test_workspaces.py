"""Two tests that would collide on a shared server: each runs on its own session."""


def test_a_created_workspace_is_listed(api, session):
    created = api("POST", "/api/workspaces", {"name": "Made by pytest"})["data"]
    names = [workspace["name"] for workspace in api("GET", "/api/workspaces")["data"]]
    assert "Made by pytest" in names
    assert created["id"] not in session["workspaceIds"]


def test_every_test_starts_from_the_same_data(api, session):
    listed = [workspace["id"] for workspace in api("GET", "/api/workspaces")["data"]]
    assert listed == session["workspaceIds"]
