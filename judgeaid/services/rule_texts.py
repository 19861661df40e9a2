"""A ruleset's guide, sections and penalty rubric as a page shows them: in the page's language.

The rulesets keep their texts in English (judgeaid/rules/<code>/); their `texts_guide.py` lists
them for the catalogues, and these helpers turn the rulesets' JSON-ready data into the page's
language at the boundary (`judgeaid.wording.rule_text`, the ruleset's code as message context).
Stored data (a ruling's text, a penalty's recorded explanation) is never passed through here.
"""

from __future__ import annotations

from typing import Any

from judgeaid.i18n import DEFAULT, page_lang
from judgeaid.wording import rule_text


def guide_json(code: str, data: dict[str, Any]) -> dict[str, Any]:
    """Return a ruleset's `guide_json()` with its titles, steps, penalties and the sections'
    titles in the page's language (its version names the language, for the browser's cache)."""
    lang = page_lang()
    if lang == DEFAULT:
        return data
    entries = [{**e, "title": rule_text(code, e["title"]),
                "steps": [rule_text(code, s) for s in e["steps"]],
                "usual_penalty": rule_text(code, e["usual_penalty"]) if e["usual_penalty"]
                else e["usual_penalty"],
                "sections": [{**s, "title": rule_text(code, s["title"])} for s in e["sections"]]}
               for e in data["entries"]]
    return {**data, "version": f"{data['version']}-{lang}", "entries": entries}


def section_title(code: str, section: Any) -> str:
    """Return a section's title (a ruleset's `Section`) in the page's language."""
    return rule_text(code, section.title)


def citation(code: str, section: Any) -> str:
    """Return a section's citation ('§1.8 Dead hands', 'MCR §3.11.1 Warning') in the page's
    language: the number as the ruleset cites it, the title translated."""
    cite = section.citation
    if not section.title or not cite.endswith(section.title):
        return cite
    return cite[: len(cite) - len(section.title)] + rule_text(code, section.title)


def sections_json(code: str, rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """Return a ruleset's `sections_json()` rows with their titles (and citations) translated."""
    if page_lang() == DEFAULT:
        return rows
    out = []
    for row in rows:
        title = rule_text(code, row["title"])
        new = {**row, "title": title}
        if row.get("citation", "").endswith(row["title"]) and row["title"]:
            new["citation"] = row["citation"][: len(row["citation"]) - len(row["title"])] + title
        out.append(new)
    return out


def rubric_json(code: str, data: dict[str, Any]) -> dict[str, Any]:
    """Return a ruleset's `rubric_json()` with its ladder, kinds, categories and infractions in
    the page's language."""
    if page_lang() == DEFAULT:
        return data

    def text(value: Any) -> Any:
        return rule_text(code, value) if isinstance(value, str) else value

    return {
        **data,
        "ladder": [{**s, "label": text(s["label"])} for s in data.get("ladder", [])],
        "kinds": [{**k, "label": text(k["label"])} for k in data.get("kinds", [])],
        "categories": [
            {**c, "title": text(c["title"]), "summary": text(c.get("summary")),
             "typical": text(c.get("typical")),
             "infractions": [{**i, "label": text(i["label"])} for i in c["infractions"]]}
            for c in data["categories"]
        ],
    }
