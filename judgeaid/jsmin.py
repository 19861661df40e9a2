"""Scripts without their comments and spacing, for phones on venue Wi-Fi (issue 31).

The modules in static/js are written to be read: a third of each file is comments and
indentation, and a phone on a slow access point pays for every byte before a page is ready.
This takes them out and changes nothing else. It reads the script as JavaScript's lexical
grammar does (strings, template literals with their nested ${...} parts, regular expression
literals, comments) and copies every token as it was written; only the gaps between tokens
change:

- a gap holding a line break stays one line break (so automatic semicolon insertion, and
  the rules that forbid a line break after `return` or before `++`, read it as before),
  unless the token before it is one after which a line break can never matter
  (`{`, `(`, `[`, `,`, `;`);
- any other gap becomes one space, or nothing where a space could not change how the two
  tokens beside it are read (one of them is `{ } ( ) [ ] ; , :` or `=`).

Where the reading is ambiguous (a `/` after `}` or `)` may start a regular expression or
divide), it takes the common case, and anything it cannot read to the end (an unterminated
string, a regular expression running into a line break) raises `ScriptUnreadable`: the
server then sends the file as written (judgeaid.assets), and the suite checks that every
module in static/js is read to the end (tests/test_jsmin.py).

The readable sources stay in the repository; this runs once per version of each file.
"""

from __future__ import annotations

import re

# Tokens after which a `/` starts a regular expression rather than dividing (ECMA-262 §12:
# no expression can end with them).
_REGEX_AFTER_WORDS = frozenset({
    "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case",
    "do", "else", "yield", "await"})
_DIVIDES_AFTER = frozenset(")]")  # `}` is taken as a block's end: a regex may follow
_WORD = re.compile(r"[\w$\u0080-\uffff]+")
_SPACE = re.compile(r"[ \t\f\v\u00a0\ufeff\r\n\u2028\u2029]+")
_LINE_BREAKS = "\n\r\u2028\u2029"
# one of these beside a gap without a line break: the space between can go
_NO_SPACE_NEEDED = frozenset("{}()[];,:=")
# a line break after one of these never ends a statement nor meets a restricted production
_BREAK_NOT_NEEDED_AFTER = frozenset("{([,;")


class ScriptUnreadable(ValueError):
    """The script could not be read to its end; send it as written."""


def minify(source: str) -> str:
    """Return the script without comments and spacing; its tokens unchanged."""
    return _Reader(source).read()


class _Reader:
    """One pass over a script, copying tokens and shrinking the gaps between them."""

    def __init__(self, source: str) -> None:
        self.src = source
        self.pos = 0
        self.out: list[str] = []
        self.last = ""  # the last token copied (empty at the start)
        self.gap: str | None = None  # None: no gap; " " or "\n": a gap before the next token
        # one entry per template literal whose ${...} part is being read: the braces opened
        # inside it and not yet closed
        self.templates: list[int] = []

    def read(self) -> str:
        src, n = self.src, len(self.src)
        while self.pos < n:
            c = src[c_at := self.pos]
            if (space := _SPACE.match(src, c_at)) is not None:
                self._gap(any(ch in _LINE_BREAKS for ch in space.group()))
                self.pos = space.end()
            elif src.startswith("//", c_at):
                end = _line_end(src, c_at)
                self._gap(False)
                self.pos = end
            elif src.startswith("/*", c_at):
                end = src.find("*/", c_at + 2)
                if end < 0:
                    raise ScriptUnreadable(f"a comment is not closed (at {c_at})")
                self._gap(any(ch in _LINE_BREAKS for ch in src[c_at:end]))
                self.pos = end + 2
            elif c in "'\"":
                self._token(self._string(c_at, c))
            elif c == "`":
                self._template(c_at + 1, c_at)
            elif c == "/" and self._regex_allowed():
                self._token(self._regex(c_at))
            elif c == "{":
                if self.templates:
                    self.templates[-1] += 1
                self._token("{")
            elif c == "}" and self.templates and self.templates[-1] == 0:
                self.templates.pop()
                self._template(c_at + 1, c_at)  # the template goes on after its ${...}
            elif c == "}":
                if self.templates:
                    self.templates[-1] -= 1
                self._token("}")
            elif (word := _WORD.match(src, c_at)) is not None:
                self._token(word.group())
            else:
                self._token(c)
        if self.templates:
            raise ScriptUnreadable("a template literal is not closed")
        return "".join(self.out) + "\n"

    # what the reader meets

    def _gap(self, line_break: bool) -> None:
        if line_break or self.gap == "\n":
            self.gap = "\n"
        else:
            self.gap = " "

    def _token(self, text: str) -> None:
        if self.out and self.gap is not None:
            before, after = self.last[-1], text[0]
            if self.gap == "\n":
                if before not in _BREAK_NOT_NEEDED_AFTER:
                    self.out.append("\n")
            elif before not in _NO_SPACE_NEEDED and after not in _NO_SPACE_NEEDED:
                self.out.append(" ")
        self.gap = None
        self.out.append(text)
        self.last = text
        self.pos += len(text)

    def _regex_allowed(self) -> bool:
        if not self.last:
            return True
        if _WORD.fullmatch(self.last):
            return self.last in _REGEX_AFTER_WORDS
        return self.last not in _DIVIDES_AFTER

    def _string(self, start: int, quote: str) -> str:
        src, i = self.src, start + 1
        while i < len(src):
            c = src[i]
            if c == "\\":
                i += 2
                continue
            if c == quote:
                return src[start:i + 1]
            if c in "\n\r":
                break
            i += 1
        raise ScriptUnreadable(f"a string is not closed (at {start})")

    def _regex(self, start: int) -> str:
        src, i, in_class = self.src, start + 1, False
        while i < len(src):
            c = src[i]
            if c in _LINE_BREAKS:
                break
            if c == "\\":
                i += 2
                continue
            if c == "[":
                in_class = True
            elif c == "]":
                in_class = False
            elif c == "/" and not in_class:
                flags = _WORD.match(src, i + 1)
                return src[start:i + 1 + (len(flags.group()) if flags else 0)]
            i += 1
        raise ScriptUnreadable(f"a regular expression is not closed (at {start})")

    def _template(self, i: int, start: int) -> None:
        """Copy a template literal's text from `start` up to its end or its next ${."""
        src = self.src
        while i < len(src):
            c = src[i]
            if c == "\\":
                i += 2
                continue
            if c == "`":
                self._token(src[start:i + 1])
                return
            if src.startswith("${", i):
                self._token(src[start:i + 2])
                self.templates.append(0)
                return
            i += 1
        raise ScriptUnreadable(f"a template literal is not closed (at {start})")


def _line_end(src: str, start: int) -> int:
    """Return where the line holding `start` ends (before its line break)."""
    ends = [end for end in (src.find(ch, start) for ch in _LINE_BREAKS) if end >= 0]
    return min(ends, default=len(src))
