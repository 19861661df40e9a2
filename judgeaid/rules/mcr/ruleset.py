"""MCR as one `Ruleset`: the MCR text's answers wired to the services' questions.

WORK IN PROGRESS (issue 16): this record starts as a copy of Zung Jung's, and each part is
replaced by the MCR package's own module as it lands. No ZJ field may remain when issue 16
is resolved.
"""

from __future__ import annotations

import dataclasses

from judgeaid.rules.mcr.catalogue import MINIMUM, VERSION, catalogue_json
from judgeaid.rules.mcr.hand import (
    implied_label,
    recorded_lines,
    recorded_value_fits,
    score_hand,
)
from judgeaid.rules.mcr.payoff import payoff, payoff_request
from judgeaid.rules.ruleset import Scoring
from judgeaid.rules.zj.ruleset import ZJ

MCR = dataclasses.replace(
    ZJ,
    code="mcr",
    name="MCR",
    scoring=Scoring(version=VERSION, catalogue_json=catalogue_json, score_hand=score_hand,
                    recorded_lines=recorded_lines, implied_label=implied_label,
                    recorded_value_fits=recorded_value_fits, payoff=payoff,
                    payoff_request=payoff_request, min_hand_value=MINIMUM),
)
