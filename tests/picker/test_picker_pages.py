"""The picker pages as served: the MCR fan picker's fans and notes, and the links from the home
page and a player's page to their ruleset's picker (issue 16)."""

import json
import re

from judgeaid.rules import get_ruleset
from judgeaid.services.picker_pages import tier_picker_page
from tests.factories import token_of, use_ruleset


def fan_buttons(html):
    return re.findall(r'<button type="button" class="pattern" data-fan="(\d+)"', html)


def test_the_mcr_picker_offers_each_fan_once_by_value_tier(client):
    response = client.get("/picker/mcr")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    fans = get_ruleset("mcr").scoring.catalogue_json()["fans"]
    assert sorted(map(int, fan_buttons(html))) == sorted(f["number"] for f in fans) == list(
        range(1, 82))
    for fan in fans:
        assert fan["chinese"] in html
        if fan["max_count"] > 1:  # a fan that repeats, and the flowers, have a count control
            assert f'data-step-for="{fan["number"]}"' in html
    headings = [int(v) for v in re.findall(r'<h2 class="category">(\d+) points?</h2>', html)]
    assert headings == sorted({f["value"] for f in fans}, reverse=True)
    assert "MCR §3.9.1.1" in html and "MCR §3.9.1.3" in html and "MCR §3.9.1.6" in html
    catalogue = get_ruleset("mcr").scoring.catalogue_json()
    assert f"gives the winner {catalogue['rules']['payoff']['extra']} points" in html
    for principle in catalogue["principles"]:  # the counting principles, as the fans say them
        assert principle["section"] in html
    embedded = re.search(r'<script type="application/json" id="mcr-catalogue"[^>]*>(.*?)</script>',
                         html, re.S).group(1)
    # the script's copy is the API's, less what the page shows itself (issue 31)
    english = get_ruleset("mcr").scoring.catalogue_json()
    script = json.loads(embedded)
    assert "principles" not in script and script["rules"] == english["rules"]
    assert script["fans"] == [{k: v for k, v in f.items() if k != "description"}
                              for f in english["fans"]]


def test_the_mcr_tiers_run_highest_first_and_by_number_within():
    page = tier_picker_page("mcr")
    tiers = page["tiers"]
    catalogue = get_ruleset("mcr").scoring.catalogue_json()
    assert str(page["flowers"]["number"]) == catalogue["flower"]  # shown apart, on top
    shown = [f for tier in tiers for f in tier["fans"]] + [page["flowers"]]
    assert sorted(f["number"] for f in shown) == sorted(f["number"] for f in catalogue["fans"])
    values = [tier["value"] for tier in tiers]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    for tier in tiers:
        numbers = [int(f["number"]) for f in tier["fans"]]
        assert numbers == sorted(numbers)
        assert {f["value"] for f in tier["fans"]} == {tier["value"]}
    assert page["minimum"] == get_ruleset("mcr").scoring.min_hand_value


def test_the_zung_jung_picker_stays_where_it_is(client):
    html = client.get("/picker").get_data(as_text=True)
    assert 'data-pattern="4.2.3"' in html and "data-fan=" not in html


def test_the_home_page_serves_both_rulesets_and_links_both_pickers(client):
    html = client.get("/").get_data(as_text=True)
    assert 'href="/picker"' in html and 'href="/picker/mcr"' in html
    assert "Zung Jung" in html and "MCR" in html


def test_a_players_page_links_their_tournaments_picker(app, client, demo):
    tid = demo["tournament_id"]
    page = f"/p/{token_of(app, tid, 1)}"
    link = re.compile(r'<a class="button" href="([^"]+)" data-testid="player-picker">')
    assert link.search(client.get(page).get_data(as_text=True)).group(1) == "/picker"
    use_ruleset(app, tid, "mcr")
    assert link.search(client.get(page).get_data(as_text=True)).group(1) == "/picker/mcr"


def test_the_service_worker_keeps_the_mcr_picker_and_its_scoring_for_offline(client):
    worker = client.get("/sw.js").get_data(as_text=True)
    assert '"/picker/mcr"' in worker
    assert re.search(r'"/static/js/mcr\.js\?v=\w+"', worker)
    assert re.search(r'"/static/js/picker\.js\?v=\w+"', worker)


def test_the_top_bar_links_a_signed_in_judge_to_their_rulesets_picker(app, client, demo):
    from tests.conftest import login
    from tests.factories import use_ruleset

    anonymous = client.get("/").get_data(as_text=True)
    assert 'href="/picker" data-testid="nav-picker"' in anonymous
    use_ruleset(app, demo["tournament_id"])
    login(client, demo, "judge")
    page = client.get(f"/t/{demo['tournament_id']}/judge").get_data(as_text=True)
    assert 'href="/picker/mcr" data-testid="nav-picker"' in page


def test_a_tournaments_page_and_its_judge_home_link_its_rulesets_picker(app, client, demo):
    from tests.conftest import login

    tid = demo["tournament_id"]
    public = re.compile(r'<a class="button" href="([^"]+)" data-testid="tournament-picker">')
    judge = re.compile(r'<a class="button" href="([^"]+)" data-testid="judge-picker">')
    assert public.search(client.get(f"/t/{tid}").get_data(as_text=True)).group(1) == "/picker"
    login(client, demo, "judge")
    assert judge.search(client.get(f"/t/{tid}/judge").get_data(as_text=True)).group(1) == (
        "/picker")
    use_ruleset(app, tid, "mcr")
    html = client.get(f"/t/{tid}").get_data(as_text=True)
    assert public.search(html).group(1) == "/picker/mcr" and ">Fan picker</a>" in html
    html = client.get(f"/t/{tid}/judge").get_data(as_text=True)
    assert judge.search(html).group(1) == "/picker/mcr"


def test_the_offline_page_offers_both_pickers(client):
    html = client.get("/offline").get_data(as_text=True)
    assert 'href="/picker"' in html
    assert 'href="/picker/mcr" data-testid="offline-picker-mcr"' in html


def test_the_top_bar_on_an_mcr_events_public_pages_links_the_mcr_picker(app, client, demo):
    tid = demo["tournament_id"]
    pages = (f"/t/{tid}", f"/p/{token_of(app, tid, 1)}")
    for page in pages:
        assert 'href="/picker" data-testid="nav-picker"' in client.get(page).get_data(as_text=True)
    use_ruleset(app, tid, "mcr")
    for page in pages:
        html = client.get(page).get_data(as_text=True)
        assert 'href="/picker/mcr" data-testid="nav-picker"' in html
    assert 'href="/picker" data-testid="nav-picker"' in client.get("/").get_data(as_text=True)
