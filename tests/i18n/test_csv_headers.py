"""CSV headers for people (issue 29): `?headers=local` names the columns in the page's
language; without it the English names machines read stay, whatever the language."""

from __future__ import annotations

from tests.organizer.test_exports import event, parse, sign_in  # noqa: F401 - a fixture

MACHINE = ["rank", "number", "name", "team", "match_points", "raw", "session_1_mp"]


def test_english_headers_stay_the_default_in_every_language(client, event):  # noqa: F811
    for lang in ("en", "zh-Hant", "zh-Hans"):
        rows = parse(client.get(f"/t/{event['id']}/standings.csv?lang={lang}").data)
        assert rows[0][:len(MACHINE)] == MACHINE


def test_local_headers_in_the_pages_language(client, event):  # noqa: F811
    url = f"/t/{event['id']}/standings.csv?headers=local"
    assert parse(client.get(url + "&lang=en").data)[0][:4] == ["Rank", "No.", "Name", "Team"]
    hant = parse(client.get(url + "&lang=zh-Hant").data)
    assert hant[0][:7] == ["排名", "編號", "姓名", "隊伍", "賽分", "原始分", "第1節賽分"]
    assert hant[1:] == parse(client.get(f"/t/{event['id']}/standings.csv").data)[1:]
    hans = parse(client.get(url + "&lang=zh-Hans").data)
    assert hans[0][:7] == ["排名", "编号", "姓名", "队伍", "赛分", "原始分", "第1轮赛分"]


def test_the_organizers_exports_too(client, event):  # noqa: F811
    sign_in(client, event, event["organizer"], "1234")
    players = parse(client.get(f"/t/{event['id']}/exports/players.csv?headers=local"
                               "&lang=zh-Hans").data)
    assert players[0] == ["编号", "姓名", "队伍", "状态", "加入轮次", "退出轮次", "替补",
                          "会员编号"]
    results = parse(client.get(f"/t/{event['id']}/exports/results.csv?headers=local"
                               "&lang=zh-Hant").data)
    assert results[0][:3] == ["節次", "階段", "桌號"]
    assert results[0][-1].startswith("公佈時間（")
    assert parse(client.get(f"/t/{event['id']}/exports/results.csv").data)[0][0] == "session"
