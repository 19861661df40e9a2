"""Replay issue 12's and issue 28's attacks against a running judgeaid and print what each got.

    python scripts/replay_attacks.py http://127.0.0.1:5000 instance/demo.json [FRESH_URL]

The server must hold the demo (`flask --app app demo`) and be reached from this machine;
FRESH_URL, a second server on an empty database, takes the restores. The
script writes to that demo (rounds, penalties, players, restores): use a throwaway database.
Each line names the attack and what came back (status, and the detail that matters). It is a
tool for the people checking the app, not part of the suite (the suite has a regression test
for each attack). The sign-in flood of issue 28 tells addresses apart only when the server
believes X-Forwarded-For (TRUST_PROXIES=1, as behind the venue's proxy); without it every
request is this machine's and the flood's budget is the organizer's too.
"""

from __future__ import annotations

import copy
import json
import re
import statistics
import sys
import threading
import time
import uuid

import requests

ROWS: list[tuple[str, str]] = []


def row(attack: str, outcome: str) -> None:
    ROWS.append((attack, outcome))
    print(f"{attack:62} | {outcome}", flush=True)


def op() -> str:
    return str(uuid.uuid4())


def csrf(session: requests.Session, url: str) -> str:
    page = session.get(url).text
    match = re.search(r'name="csrf_token" value="([^"]+)"', page)
    return match.group(1) if match else ""


def api_login(base: str, demo: dict, role: str) -> requests.Session:
    session = requests.Session()
    who = demo[role]
    answer = session.post(f"{base}/api/login", json={"tournament_id": demo["tournament_id"],
                                                     "name": who["name"], "pin": who["pin"]})
    if answer.status_code != 200:
        raise SystemExit(f"cannot sign in as {role}: {answer.status_code} {answer.text[:200]}")
    return session


def status(answer: requests.Response) -> str:
    try:
        message = answer.json().get("message", "")
    except ValueError:
        message = ""
    return f"{answer.status_code} {message[:70]}".strip()


def main(base: str, demo_path: str, fresh: str) -> None:
    with open(demo_path) as file:
        demo = json.load(file)
    tid = demo["tournament_id"]
    cards = [c["api"] for c in demo["cards"]]
    judge = api_login(base, demo, "judge")
    organizer = api_login(base, demo, "organizer")
    card_a = judge.get(base + cards[0]).json()
    # The backup for the restore attacks: taken first, with one round line in it.
    card_c = judge.get(base + cards[2]).json()
    judge.post(base + cards[2] + "/rounds", json={
        "round": 1, "result": "win", "winner": card_c["players"][0]["number"], "value": 8,
        "win": "self", "op_id": op()})
    backup = organizer.get(f"{base}/t/{tid}/exports/tournament.json")

    # ---- 500s from unvalidated input
    for path in ("/cards/100000000000000000000", "/t/100000000000000000000",
                 "/api/cards/2147483648", f"/t/{tid}/sessions/2147483648/tables"):
        row(f"GET {path}", status(requests.get(base + path)))
    for body in ({"tournament_id": True, "name": "x", "pin": "1234"},
                 {"tournament_id": 2**40, "name": "x", "pin": "1234"}):
        row(f"POST /api/login {json.dumps(body)[:40]}",
            status(requests.post(f"{base}/api/login", json=body)))
    deep = "[" * 100_000 + "]" * 100_000
    row("POST /api/zj/score, JSON nested 100,000 deep",
        status(requests.post(f"{base}/api/zj/score", data=deep,
                             headers={"Content-Type": "application/json"})))
    player = card_a["players"][0]["number"]
    for label, reason in (("NUL", "late\u0000"), ("lone surrogate", "late\ud800")):
        body = json.dumps({"player": player, "points": 5, "reason": reason, "op_id": op()})
        answer = judge.post(base + cards[0] + "/penalties", data=body,
                            headers={"Content-Type": "application/json"})
        row(f"card penalty with a {label} in its reason", status(answer))
    for value in ("²", "٣"):
        answer = organizer.get(f"{base}/t/{tid}/print/slips.pdf", params={"session": value})
        row(f"slips.pdf?session={value}", str(answer.status_code))
    token = csrf(organizer, f"{base}/t/{tid}/organizer")
    for label, name in (("200-character name", "N" * 200),
                        ("bidi name Ali\\u202egnp.exe", "Ali\u202egnp.exe"),
                        ("name with NUL", "Ann\u0000")):
        answer = organizer.post(f"{base}/t/{tid}/organizer/players",
                                data={"csrf_token": token, "name": name, "team": ""},
                                allow_redirects=False)
        added = name.replace("\u0000", "") in organizer.get(f"{base}/t/{tid}/organizer").text
        row(f"register a player: {label}", f"{answer.status_code}, "
            f"{'ADDED' if added else 'not added'}")

    # ---- idempotency edges
    round_body = {"round": 1, "result": "win", "winner": card_a["players"][0]["number"],
                  "value": 8, "win": "self", "op_id": op()}
    first = judge.post(base + cards[0] + "/rounds", json=round_body)
    again = judge.post(base + cards[1] + "/rounds", json=round_body)
    same = again.status_code == 200 and again.json().get("card", {}).get("id") == \
        first.json().get("card", {}).get("id")
    row("card A's op_id and body sent to card B", f"{status(again)}"
        f"{' (answered with card A' + chr(39) + 's body)' if same else ''}")
    revision = first.json().get("revision", 1)
    results: list[int] = []

    def correct(value: int) -> None:
        body = {**round_body, "value": value, "op_id": op(), "correction": True,
                "reason": "race", "base_revision": revision}
        results.append(judge.post(base + cards[0] + "/rounds", json=body).status_code)

    threads = [threading.Thread(target=correct, args=(10 + i,)) for i in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    others = sorted(set(results) - {200, 409})
    # a process works on a few writes at once and answers the rest 503 "busy" (Retry-After),
    # which a phone's outbox sends again under the same op_id: none of them is written
    row("20 concurrent corrections of one round", f"{results.count(200)} accepted, "
        f"{results.count(409)} refused (409)"
        + "".join(f", {results.count(code)}×{code}" for code in others))

    # ---- open redirect and sessions
    browser = requests.Session()
    token = csrf(browser, f"{base}/login")
    who = demo["organizer"]
    answer = browser.post(f"{base}/login?next=/%09/evil.example",
                          data={"csrf_token": token, "tournament_id": tid, "name": who["name"],
                                "pin": who["pin"]}, allow_redirects=False)
    row("sign in with next=/%09/evil.example", f"{answer.status_code} -> "
        f"{answer.headers.get('Location')}")
    cookie = organizer.cookies.get("session")
    organizer.post(f"{base}/api/logout", json={})
    replay = requests.get(f"{base}/api/me", cookies={"session": cookie})
    row("old session cookie replayed after sign-out", f"{replay.status_code} user="
        f"{(replay.json().get('user') or {}).get('name')}")
    headers = requests.get(base + "/").headers
    row("security headers on /", ", ".join(f"{h}={'yes' if h in headers else 'NO'}" for h in (
        "Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy")))
    row("Set-Cookie Secure behind an https proxy (X-Forwarded-Proto)",
        "yes" if "Secure" in requests.post(f"{base}/api/login", json={
            "tournament_id": tid, **{k: demo["judge"][k] for k in ("name", "pin")}},
            headers={"X-Forwarded-Proto": "https"}).headers.get("Set-Cookie", "") else "no")

    # ---- restore
    if backup.status_code != 200:
        row("download the backup", str(backup.status_code))
        original = None
    original = backup.json()

    def restore(label: str, data: bytes) -> None:
        # Into an empty server (a restore beside the original is refused as a clash).
        session = requests.Session()
        token = csrf(session, f"{fresh}/new")
        answer = session.post(f"{fresh}/new/restore", data={"csrf_token": token,
                                                           "pin": "975310",
                                                           "organizer_pin": "975310"},
                              files={"backup": ("backup.json", data, "application/json")},
                              allow_redirects=False)
        said = re.search(r'class="[^"]*(?:error|alert)[^"]*"[^>]*>(.*?)<', answer.text, re.S)
        home = requests.get(fresh + "/").status_code
        row(f"restore: {label}", f"{answer.status_code} "
            f"{(said.group(1).strip() if said else '')[:60]!r}; then GET / -> {home}")

    def forged(change) -> bytes:
        data = copy.deepcopy(original)
        change(data["tables"])
        # New player links, so each forged file is not refused as a copy of the one before.
        mark = uuid.uuid4().hex[:6]
        for player_row in data["tables"].get("player", []):
            player_row["token"] = player_row["token"][:-6] + mark
        for rows in data["tables"].values():
            for one in rows:
                if one.get("op_id"):
                    one["op_id"] = one["op_id"][:50] + mark
        if "checksum" in data:
            import hashlib
            text = json.dumps(data["tables"], sort_keys=True, separators=(",", ":"),
                              ensure_ascii=False)
            data["checksum"] = "sha256:" + hashlib.sha256(text.encode()).hexdigest()
        return json.dumps(data).encode()

    def bogus_format(tables):
        tables["tournament"][0]["format"] = "bogus"

    def plus_thousand(tables):
        rounds = tables.get("card_round") or []
        if rounds:
            first_key = next(iter(rounds[0]["deltas"]))
            rounds[0]["deltas"][first_key] += 1000

    def round_99(tables):
        rounds = tables.get("card_round") or []
        if rounds:
            rounds[0]["round"] = 99

    def string_deltas(tables):
        rounds = tables.get("card_round") or []
        if rounds:
            rounds[0]["deltas"] = {k: str(v) for k, v in rounds[0]["deltas"].items()}

    for label, change in () if original is None else (
            ("a round line +1000", plus_thousand), ("round 99", round_99),
            ("deltas as strings", string_deltas),
            ("tournament format 'bogus' (last: it broke the server)", bogus_format)):
        restore(label, forged(change))
    restore("a 60 MB file", b'{"format": "' + b"x" * (60 * 1024 * 1024) + b'"}')

    # ---- sign-in throttling (the head judge is the target; the others keep working)
    def attempt(name: str, pin: str, out: list) -> None:
        answer = requests.post(f"{base}/api/login", json={"tournament_id": tid, "name": name,
                                                          "pin": pin})
        out.append(answer.status_code)

    def median_ms(name: str) -> float:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            attempt(name, "000000", [])
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times)

    known, unknown = median_ms(demo["judge"]["name"]), median_ms("Nobody Here")
    row("wrong PIN: known name vs unknown name", f"{known:.0f} ms vs {unknown:.0f} ms")
    out: list[int] = []
    threads = [threading.Thread(target=attempt, args=(demo["head_judge"]["name"], f"{i:06d}",
                                                      out)) for i in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    row("40 concurrent wrong PINs for one name", f"{out.count(401)} guesses checked, "
        f"{out.count(429)} refused (429)")
    for i in range(20):
        attempt(f"Made Up {i}", "123456", [])
    final: list[int] = []
    attempt(demo["organizer"]["name"], demo["organizer"]["pin"], final)
    row("20 failures on made-up names, then the organizer's right PIN", str(final[0]))
    hostile_hall(base, demo)


def _flood(base: str, tid: int, worker: int, stop, counts) -> None:
    """Eight clients sending made-up names from one address until told to stop."""
    def client(number: int) -> None:
        n = 0
        while not stop.is_set():
            n += 1
            try:
                code = requests.post(f"{base}/api/login", timeout=10, json={
                    "tournament_id": tid, "name": f"Made up {worker}-{number}-{n}",
                    "pin": "123456"}, headers={"X-Forwarded-For": "203.0.113.7"}).status_code
            except requests.RequestException:
                code = 0
            slot = {429: 0, 503: 1, 401: 2}.get(code, 3)
            with counts.get_lock():
                counts[slot] += 1

    threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def hostile_hall(base: str, demo: dict) -> None:
    """Issue 28: a sign-in flood, a stranger's lockout, call-ups without a link, look-alike
    names, a direction override, backup growth, private pages and the OpenAPI document."""
    tid = demo["tournament_id"]

    # ---- a sign-in flood from one address must not block another address (the flood runs
    # in processes of its own, so its threads do not slow this one's measurement)
    import multiprocessing

    stop = multiprocessing.Event()
    counts = multiprocessing.Array("i", 4)
    floods = [multiprocessing.Process(target=_flood, args=(base, tid, w, stop, counts))
              for w in range(2)]
    for process in floods:
        process.start()
    time.sleep(1.0)
    timings, firsts = [], []
    for attempt in range(10):
        time.sleep(0.8)
        started = time.perf_counter()
        answer = requests.post(f"{base}/api/login", timeout=10, json={
            "tournament_id": tid, "name": demo["organizer"]["name"],
            "pin": demo["organizer"]["pin"]},
            headers={"X-Forwarded-For": f"198.51.100.{attempt + 1}"})
        timings.append((time.perf_counter() - started) * 1000)
        firsts.append(answer.status_code)
    stop.set()
    for process in floods:
        process.join()
    row("flood: 16 clients, new names, one address, ~10 s; organizer elsewhere",
        f"organizer {firsts.count(200)}/10 at first try, p50 {statistics.median(timings):.0f} "
        f"ms, max {max(timings):.0f} ms; flood {counts[0]}×429 {counts[1]}×503 "
        f"{counts[2]}×401 {counts[3]}×other")

    # ---- call-ups need a link
    card = demo["cards"][3]
    api = base + card["api"] + "/call-up"
    bare = requests.post(api, json={"reason": "fake", "op_id": op()})
    token = card.get("link", "").partition("?t=")[2]
    linked = requests.post(api, json={"reason": "real", "op_id": op()},
                           headers={"X-Table-Token": token})
    row("call-up without a link / with the table's link", f"{status(bare)} / {linked.status_code}")
    spree = requests.Session()
    statuses = []
    for other in demo["cards"][4:9]:
        other_token = other.get("link", "").partition("?t=")[2]
        statuses.append(spree.post(base + other["api"] + "/call-up",
                                   json={"reason": "spree", "op_id": op()},
                                   headers={"X-Table-Token": other_token,
                                            "X-Forwarded-For": "203.0.113.50"}).status_code)
    row("one phone calls a judge to 5 tables", " ".join(map(str, statuses)))
    public = requests.get(base + card["api"])
    row("read a card without a token (public); tokens in it",
        f"{public.status_code}; {'YES' if token and token in public.text else 'none'}")

    # ---- names that impersonate
    organizer = api_login(base, demo, "organizer")
    target = demo["players"][0]["name"]
    twins = {"a": "\u0430", "o": "\u043e", "e": "\u0435", "A": "\u0410", "B": "\u0412",
             "O": "\u041e", "E": "\u0415", "K": "\u041a", "M": "\u041c", "T": "\u0422"}
    at = next(i for i, ch in enumerate(target) if ch in twins)
    fake = target[:at] + twins[target[at]] + target[at + 1:]  # one Cyrillic letter
    for label, name in (("a Cyrillic look-alike of " + target, fake),
                        ("a zero-width space", target.replace(" ", "\u200b", 1))):
        answer = organizer.post(f"{base}/t/{tid}/organizer/players", data={
            "csrf_token": csrf(organizer, f"{base}/t/{tid}/organizer"), "name": name},
            allow_redirects=True)
        refused = "looks like" in answer.text or "invisible character" in answer.text
        row(f"register {label}", f"{answer.status_code}, {'refused' if refused else 'ACCEPTED'}")
    csv = f"name\nFresh Person\n{fake}\n".encode()
    answer = organizer.post(f"{base}/t/{tid}/organizer/players/import",
                            data={"csrf_token": csrf(organizer, f"{base}/t/{tid}/organizer")},
                            files={"file": ("players.csv", csv, "text/csv")})
    row("CSV import with a look-alike on line 3",
        "refused whole" if "Nothing was imported" in answer.text else "IMPORTED")
    judge = api_login(base, demo, "judge")
    card_view = judge.get(base + demo["cards"][0]["api"]).json()
    answer = judge.post(f"{base}/api/t/{tid}/penalties", json={
        "card_id": int(demo["cards"][0]["api"].rsplit("/", 1)[1]),
        "player": card_view["players"][0]["number"], "category": "procedural",
        "infraction": "tiles_mishandled", "kind": "points", "points": 5,
        "reason": "slow \u202eyalp", "op_id": op()})
    row("judge penalty with a right-to-left override in its reason", status(answer))

    # ---- backups stay small
    first = organizer.get(f"{base}/t/{tid}/exports/tournament.json").content
    target_card = demo["cards"][5]
    seats = judge.get(base + target_card["api"]).json()["players"]
    writes = 0
    for number in range(1, 9):
        answer = judge.post(base + target_card["api"] + "/rounds", json={
            "round": number, "result": "win", "winner": seats[number % 4]["number"],
            "value": 8, "win": "self", "op_id": op()})
        writes += answer.status_code == 200
    second = organizer.get(f"{base}/t/{tid}/exports/tournament.json").content
    row("backup growth per recorded round",
        f"{(len(second) - len(first)) / max(writes, 1):.0f} bytes over {writes} writes "
        f"(backup {len(second) / 1e6:.2f} MB)")

    # ---- private pages, the OpenAPI document
    page = judge.get(base + demo["cards"][0]["url"])
    row("Cache-Control of the judge's card page", page.headers.get("Cache-Control", "none"))
    null = requests.post(f"{base}/api/zj/score", data="null",
                         headers={"Content-Type": "application/json"})
    row("POST /api/zj/score with a null body", status(null))
    trace = requests.request("TRACE", f"{base}/api/time")
    row("TRACE /api/time", f"{trace.status_code}, Allow: {trace.headers.get('Allow', 'none')}")
    spec = requests.get(f"{base}/api/openapi.json").json()
    card_id = spec["paths"]["/api/cards/{card_id}"]["get"]
    row("OpenAPI: card_id's minimum; 414 documented",
        f"{card_id['parameters'][0]['schema'].get('minimum')}; "
        f"{'414' in card_id['responses']}")
    long_url = requests.get(f"{base}/api/time?" + "x" * 9000)
    row("a request line of 9000 bytes", str(long_url.status_code))


    # ---- a stranger's 50 wrong PINs must not shut the judge out
    who = demo["judge"]
    own_phone = requests.Session()
    own_phone.get(f"{base}/login")  # the phone's device cookie
    own_phone.post(f"{base}/api/login", json={"tournament_id": tid, "name": who["name"],
                                              "pin": who["pin"]})
    own_phone.post(f"{base}/api/logout", json={})
    for n in range(50):
        stranger = requests.Session()
        stranger.cookies.set("judgeaid_device", f"{n // 5:032d}")
        stranger.post(f"{base}/api/login", json={"tournament_id": tid, "name": who["name"],
                                                 "pin": f"{n:06d}"},
                      headers={"X-Forwarded-For": f"192.0.2.{n // 5 + 1}"})
    new_phone = requests.Session()
    new_phone.get(f"{base}/login", headers={"X-Forwarded-For": "198.51.100.200"})
    by_pin = new_phone.post(f"{base}/api/login", headers={"X-Forwarded-For": "198.51.100.200"},
                            json={"tournament_id": tid, "name": who["name"], "pin": who["pin"]})
    by_code = new_phone.post(f"{base}/api/login", headers={"X-Forwarded-For": "198.51.100.200"},
                             json={"tournament_id": tid, "name": who["name"],
                                   "recovery": who.get("recovery", "")})
    old_phone = own_phone.post(f"{base}/api/login", json={"tournament_id": tid,
                                                           "name": who["name"],
                                                           "pin": who["pin"]})
    row("50 wrong PINs on the judge's name, then: new phone PIN / recovery / old phone",
        f"{by_pin.status_code} / {by_code.status_code} / {old_phone.status_code}")

if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"), sys.argv[2],
         (sys.argv[3] if len(sys.argv) > 3 else sys.argv[1]).rstrip("/"))
