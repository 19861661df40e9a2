"""MCR as one `Ruleset`: the MCR text's answers wired to the services' questions.

WORK IN PROGRESS (issue 16): this record starts as a copy of Zung Jung's, and each part is
replaced by the MCR package's own module as it lands. No ZJ field may remain when issue 16
is resolved.
"""

from __future__ import annotations

import dataclasses

from judgeaid.rules.zj.ruleset import ZJ

MCR = dataclasses.replace(
    ZJ,
    code="mcr",
    name="MCR",
)
