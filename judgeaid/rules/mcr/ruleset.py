"""MCR as one `Ruleset`: the MCR text's answers wired to the services' questions.

WORK IN PROGRESS (issue 16): this record starts as a copy of Zung Jung's, and each part is
replaced by the MCR package's own module as it lands. No ZJ field may remain when issue 16
is resolved.
"""

from __future__ import annotations

import dataclasses

from judgeaid.rules.mcr import guide, lateness, penalties, sections
from judgeaid.rules.ruleset import Guide, Rubric
from judgeaid.rules.zj.ruleset import ZJ

MCR = dataclasses.replace(
    ZJ,
    code="mcr",
    name="MCR",
    # MCR §3.11 fouls and penalties, appeals within 30 minutes (MCR §3.12.2)
    rubric=Rubric(
        categories=penalties.CATEGORY_IDS,
        kinds=penalties.PENALTY_KINDS,
        kind_labels=penalties.KIND_LABELS,
        rubric_json=penalties.rubric_json,
        suggest=penalties.suggest_penalty,
        check_choice=penalties.check_choice,
        departure_note=penalties.departure_note,
        find_infraction=penalties.find_infraction,
        get_category=penalties.get_category,
        counts_for_resignation=penalties.counts_for_resignation,
        is_repeat_time_penalty=penalties.is_repeat_time_penalty,
        line_label=penalties.line_label,
        payees=penalties.payees,
        check_payees=penalties.check_payees,
        appeal_minutes=30,
    ),
    guide=Guide(
        guide_json=guide.guide_json,
        entry=guide.get,
        search=guide.search,
        sections_json=sections.sections_json,
        is_section=sections.is_section,
        section=sections.get,
    ),
    # MCR §3.11.2.1 late arrival (the mcr-fouls part of timing; the rest is mcr-card's)
    timing=dataclasses.replace(ZJ.timing, late_arrival=lateness.late_arrival,
                               absent_after_ms=lateness.MAJOR_MS,
                               timeout_penalty=lateness.LATE_PENALTY),
    # missed sessions cost only their table points: MCR has no ZJ §3.7 deduction
    ranking=dataclasses.replace(ZJ.ranking, late_arrival_deduction=0.0),
)
