"""Links of the judge console's answers: services return plain data, the web layer adds where
each item leads next."""

from __future__ import annotations

from flask import url_for


def ruling_form_url(tournament_id: int, call_up_id: int) -> str:
    """Return the ruling form started from a call-up."""
    return url_for("judge.new_ruling", tournament_id=tournament_id, callup=call_up_id)


def ruling_url(tournament_id: int, ruling_id: int) -> str:
    """Return the page of one log entry."""
    return url_for("judge.ruling", tournament_id=tournament_id, ruling_id=ruling_id)


def with_ruling_forms(queue: dict, tournament_id: int) -> dict:
    """Give each call-up of the queue the link that writes its ruling."""
    for item in queue["items"]:
        item["ruling_url"] = ruling_form_url(tournament_id, item["id"])
    return queue


def taken(answer: dict, tournament_id: int) -> dict:
    """Give a taken call-up the link that writes its ruling."""
    return {**answer, "ruling_url": ruling_form_url(tournament_id, answer["call_up"]["id"])}


def recorded(answer: dict, tournament_id: int) -> dict:
    """Give a recorded ruling the link to its page."""
    return {**answer, "url": ruling_url(tournament_id, answer["ruling"]["id"])}


def with_departure_links(rows: list[dict], tournament_id: int) -> list[dict]:
    """Link each departure to its ruling, or to the player's record when it has none."""
    for row in rows:
        row["url"] = (ruling_url(tournament_id, row["ruling_id"]) if row["ruling_id"] else
                      url_for("judge.player", tournament_id=tournament_id,
                              number=row["player"]))
    return rows


def home(page: dict, tournament_id: int) -> dict:
    """Give the judge home's call-ups and departures their links."""
    with_ruling_forms(page["queue"], tournament_id)
    if page["departures"] is not None:
        with_departure_links(page["departures"], tournament_id)
    return page
