"""Write the Traditional -> Simplified character table that search folds names with.

    python scripts/hanzi_table.py     # needs opencc-python-reimplemented (requirements.txt)

Run by hand when the table should change, never by the app: it writes judgeaid/hanzi_table.py
(Python) and static/js/hanzi.js (the same table for the browser), both committed as data, so
the app has no build step. The table is OpenCC's one-character Traditional -> Simplified
mappings (TSCharacters) limited to the characters names are written in: a Traditional
character that Big5 encodes whose Simplified form GB2312 encodes (about 2,400 pairs: 陳 陈,
劉 刘, 張 张 ...). Kwan's 么 (as in 斷么九) folds to 幺, as Simplified writes it.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Beyond OpenCC's characters: the variant a mahjong name uses for the other script's form
EXTRA = {"么": "幺"}


def _encodes(char: str, codec: str) -> bool:
    try:
        char.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


def table() -> dict[str, str]:
    """Return Traditional character -> Simplified character."""
    import opencc

    source = Path(opencc.__file__).parent / "dictionary" / "TSCharacters.txt"
    pairs: dict[str, str] = {}
    for line in source.read_text(encoding="utf-8").splitlines():
        trad, simps = line.split("\t")
        simp = simps.split()[0]
        if (len(trad) == 1 and len(simp) == 1 and trad != simp and _encodes(trad, "big5")
                and _encodes(simp, "gb2312")):
            pairs[trad] = simp
    pairs.update(EXTRA)
    return {trad: EXTRA.get(simp, simp) for trad, simp in sorted(pairs.items())}


def main() -> None:
    pairs = "".join(t + s for t, s in table().items())
    lines = [pairs[i:i + 40] for i in range(0, len(pairs), 40)]
    note = ("Traditional -> Simplified, one character each, as pairs: written by\n"
            "scripts/hanzi_table.py from OpenCC's TSCharacters; do not edit by hand.")
    py = ROOT / "judgeaid" / "hanzi_table.py"
    py.write_text(f'"""{note}"""\n\n# fmt: off\nPAIRS = (\n'
                  + "".join(f'    "{line}"\n' for line in lines) + ")\n", encoding="utf-8")
    js = ROOT / "static" / "js" / "hanzi.js"
    header = "// " + note.replace("\n", "\n// ")
    js.write_text(header + "\n// static/js/find.js folds names with it (陳 finds 陈).\n"
                  "export const PAIRS =\n"
                  + " +\n".join(f'  "{line}"' for line in lines) + ";\n", encoding="utf-8")
    print(f"{len(pairs) // 2} pairs -> {py.relative_to(ROOT)}, {js.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
