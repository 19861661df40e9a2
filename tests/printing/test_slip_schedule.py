"""The printed slip can carry a player's later seated sessions (issue 30): an option."""

from __future__ import annotations

from judgeaid.extensions import db
from judgeaid.models import Tournament, User
from judgeaid.services import seating
from tests.printing import page_texts, same_places


def _seat_session_2(app, demo):
    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        organizer = db.session.scalar(db.select(User).where(
            User.tournament_id == tournament.id, User.role == "organizer"))
        seating.seat_session(tournament, 2, organizer)
        db.session.commit()


def test_the_option_prints_the_later_sessions(app, judge, demo):
    _seat_session_2(app, demo)
    plain = judge.get(f"/t/{demo['tournament_id']}/print/slips.pdf?session=1")
    assert not any("Then: S2 T" in text for text in page_texts(plain.data))
    with_schedule = judge.get(f"/t/{demo['tournament_id']}/print/slips.pdf?session=1&schedule=1")
    assert with_schedule.status_code == 200
    texts = page_texts(with_schedule.data)
    # every slip of the 32 (ten to a sheet) names session 2's table and seat
    assert sum(text.count("Then: S2 T") for text in texts) == 32
    page = judge.get(f"/t/{demo['tournament_id']}/print/slips?session=1").get_data(as_text=True)
    assert 'data-testid="slip-schedule"' in page


def test_the_drawn_schedule_sits_where_the_laid_out_one_does(app, demo):
    from judgeaid.printing.slips import render_slips

    _seat_session_2(app, demo)
    with app.test_request_context("/"):
        tournament = db.session.get(Tournament, demo["tournament_id"])
        fast = render_slips(tournament, 1, schedule=True)
        plain = render_slips(tournament, 1, stamped=False, schedule=True)
    same_places(fast, plain)


def test_a_team_keeps_the_first_line_and_the_sessions_take_the_second(app):
    from judgeaid.printing.slips import team_lines, under_lines

    with app.test_request_context("/"):
        assert under_lines({"team": "Kowloon Tigers", "schedule": []}) == team_lines(
            "Kowloon Tigers")
        first, second = under_lines({"team": "Kowloon Tigers",
                                     "schedule": ["S2 T1 East", "S3 T4 West"]})
        assert "Kowloon Tigers" in first and second == "Then: S2 T1 East · S3 T4 West"
        assert under_lines({"team": "", "schedule": ["S2 T1 East"]}) == [
            "Then: S2 T1 East", ""]
