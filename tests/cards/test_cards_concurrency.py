"""Two judges recording the same round at the same moment never both win."""

import threading
import uuid

import pytest

from tests.conftest import LiveServer, is_postgres

pytestmark = pytest.mark.committed  # judges writing from threads


@pytest.mark.skipif(not is_postgres(), reason="the race is proven on PostgreSQL (CI runs it)")
def test_two_judges_racing_on_one_round(app, demo):
    import json
    import urllib.request
    from http.cookiejar import CookieJar

    with LiveServer(app) as server:
        card = demo["cards"][0]
        card_body = json.loads(urllib.request.urlopen(server.url + card["api"]).read())
        winds = {w: int(p) for p, w in card_body["rounds"][0]["winds"].items()}
        openers = []
        for role in ("judge", "head_judge"):
            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
            req = urllib.request.Request(
                server.url + "/api/login", method="POST",
                data=json.dumps({"tournament_id": demo["tournament_id"], **demo[role]}).encode(),
                headers={"Content-Type": "application/json"})
            opener.open(req).read()
            openers.append(opener)
        for attempt in range(5):
            barrier = threading.Barrier(2)
            statuses = []

            def record(opener, winner, round_no=attempt + 1, barrier=barrier, statuses=statuses):
                body = {"round": round_no, "result": "win", "winner": winner, "value": 30,
                        "win": "self", "op_id": str(uuid.uuid4())}
                req = urllib.request.Request(
                    f"{server.url}/api/cards/{card_body['id']}/rounds", method="POST",
                    data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
                barrier.wait()
                try:
                    statuses.append(opener.open(req).status)
                except urllib.error.HTTPError as error:
                    statuses.append(error.code)

            threads = [threading.Thread(target=record, args=(o, winds[w]))
                       for o, w in zip(openers, "ES", strict=True)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(10)
            assert sorted(statuses) == [200, 409], statuses
            final = json.loads(urllib.request.urlopen(server.url + card["api"]).read())
            line = final["rounds"][attempt]
            assert line["revision"] == 1 and line["history"] == []
