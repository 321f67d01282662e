"""A Swift-aware scanner for the lint checks: tokens without comments and string contents,
the functions of a file with their lines, and the types a file declares.

The tokenizer knows what can hide a brace or a keyword: line comments, nested block comments,
string literals (single-line, multi-line `\"\"\"`, raw `#"..."#` with any number of `#`, and
their interpolations `\\(...)` / `\\#(...)`, which hold code with strings of their own), and
extended regex literals `#/.../#`. Bare `/.../` regex literals are not recognised (Sources has
none); `scan.py --verify` compares the functions found here with the compiler's own parse
(`swift-frontend -dump-parse`), so a construct this scanner misreads shows there.

A function is a body the rule "no function over 60 lines" is about: `func`, `init`, `deinit`,
`subscript`, and accessors (a computed property's or subscript's implicit getter, and explicit
`get`, `set`, `willSet`, `didSet`, `_read`, `_modify`, `init` accessors). Closures are part of
the function that holds them; a stored property's initial value (`let x = { ... }()`) is not a
function. A function's length is the number of lines from its keyword (`func`, `init`, the
property's `var`, the accessor's `get`, ...) to its closing brace, both included.
"""

from __future__ import annotations

import dataclasses
import re

IDENT_START = re.compile(r"[A-Za-z_$\u00C0-\uFFFF]")
IDENT_REST = re.compile(r"[A-Za-z0-9_$\u00C0-\uFFFF]*")
NUMBER = re.compile(r"[0-9][0-9A-Za-z_]*(?:\.[0-9][0-9A-Za-z_]*)?")
OPERATOR_CHARS = set("/=-+!*%<>&|^~?")
PUNCTUATION = set("{}()[],;:@\\")


@dataclasses.dataclass
class Token:
    kind: str  # "id", "op", "punct", "str", "num", "directive"
    text: str
    line: int
    backticked: bool = False


class ScanError(Exception):
    pass


class _Tokenizer:
    def __init__(self, source: str):
        self.s = source
        self.i = 0
        self.line = 1
        self.tokens: list[Token] = []

    # The main loop. With `until_paren`, stops after the `)` that closes an interpolation and
    # emits nothing (the interpolation belongs to the string token).
    def run(self, until_paren: bool = False) -> None:
        s = self.s
        depth = 0
        emit = not until_paren
        while self.i < len(s):
            c = s[self.i]
            if c == "\n":
                self.line += 1
                self.i += 1
            elif c in " \t\r\f\v":
                self.i += 1
            elif s.startswith("//", self.i):
                end = s.find("\n", self.i)
                self.i = len(s) if end < 0 else end
            elif s.startswith("/*", self.i):
                self._block_comment()
            elif c == "#" or c == '"':
                start_line = self.line
                hashes = 0
                j = self.i
                while j < len(s) and s[j] == "#":
                    hashes += 1
                    j += 1
                if j < len(s) and s[j] == '"':
                    self.i = j
                    self._string(hashes)
                    if emit:
                        self.tokens.append(Token("str", "", start_line))
                elif hashes and j < len(s) and s[j] == "/":
                    self.i = j
                    self._regex(hashes)
                    if emit:
                        self.tokens.append(Token("str", "", start_line))
                elif hashes == 1 and j < len(s) and IDENT_START.match(s[j]):
                    m = IDENT_REST.match(s, j + 1)
                    if emit:
                        self.tokens.append(Token("directive", "#" + s[j:m.end()], self.line))
                    self.i = m.end()
                else:
                    self.i = j
                    if emit:
                        self.tokens.append(Token("punct", "#", self.line))
            elif c == "`":
                end = s.find("`", self.i + 1)
                if end < 0 or "\n" in s[self.i:end]:
                    raise ScanError(f"line {self.line}: unterminated backtick identifier")
                if emit:
                    self.tokens.append(Token("id", s[self.i + 1:end], self.line, backticked=True))
                self.i = end + 1
            elif IDENT_START.match(c):
                m = IDENT_REST.match(s, self.i + 1)
                if emit:
                    self.tokens.append(Token("id", s[self.i:m.end()], self.line))
                self.i = m.end()
            elif c.isdigit():
                m = NUMBER.match(s, self.i)
                if emit:
                    self.tokens.append(Token("num", m.group(0), self.line))
                self.i = m.end()
            elif c == ".":
                j = self.i
                while j < len(s) and (s[j] == "." or (j > self.i and s[j] in "<")):
                    j += 1
                text = s[self.i:j]
                if emit:
                    self.tokens.append(Token("op" if len(text) > 1 else "punct", text, self.line))
                self.i = j
            elif c in OPERATOR_CHARS:
                j = self.i
                while j < len(s) and s[j] in OPERATOR_CHARS and not s.startswith(("//", "/*"), j):
                    j += 1
                if emit:
                    self.tokens.append(Token("op", s[self.i:j], self.line))
                self.i = j
            elif c in PUNCTUATION:
                if until_paren:
                    if c == "(":
                        depth += 1
                    elif c == ")":
                        if depth == 0:
                            self.i += 1
                            return
                        depth -= 1
                if emit:
                    self.tokens.append(Token("punct", c, self.line))
                self.i += 1
            else:
                # Any other character (a stray byte): not code we need to understand.
                self.i += 1
        if until_paren:
            raise ScanError(f"line {self.line}: unterminated string interpolation")

    def _block_comment(self) -> None:
        s = self.s
        depth = 0
        start = self.line
        while self.i < len(s):
            if s.startswith("/*", self.i):
                depth += 1
                self.i += 2
            elif s.startswith("*/", self.i):
                depth -= 1
                self.i += 2
                if depth == 0:
                    return
            else:
                if s[self.i] == "\n":
                    self.line += 1
                self.i += 1
        raise ScanError(f"line {start}: unterminated block comment")

    def _string(self, hashes: int) -> None:
        """At the opening quote of a string with `hashes` leading `#`."""
        s = self.s
        start = self.line
        multiline = s.startswith('"""', self.i)
        self.i += 3 if multiline else 1
        close = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while self.i < len(s):
            if s.startswith(close, self.i):
                self.i += len(close)
                return
            c = s[self.i]
            if s.startswith(escape, self.i):
                self.i += len(escape)
                if self.i < len(s) and s[self.i] == "(":
                    self.i += 1
                    self.run(until_paren=True)
                elif self.i < len(s):
                    if s[self.i] == "\n":
                        self.line += 1
                    self.i += 1
            elif c == "\n":
                if not multiline:
                    raise ScanError(f"line {start}: unterminated string")
                self.line += 1
                self.i += 1
            else:
                self.i += 1
        raise ScanError(f"line {start}: unterminated string")

    def _regex(self, hashes: int) -> None:
        """At the `/` of an extended regex literal `#/.../#`."""
        close = "/" + "#" * hashes
        end = self.s.find(close, self.i + 1)
        if end < 0:
            raise ScanError(f"line {self.line}: unterminated regex literal")
        self.line += self.s.count("\n", self.i, end)
        self.i = end + len(close)


def scan_file(path, analyse, label=None):
    """`analyse` (functions, imported_modules, ...) of the Swift file at `path`, or None after
    printing `LABEL: cannot be scanned: why` for a file the scanner cannot read."""
    try:
        return analyse(path.read_text(encoding="utf-8"))
    except ScanError as error:
        print(f"{label or path}: cannot be scanned: {error}")
        return None


def tokenize(source: str) -> list[Token]:
    t = _Tokenizer(source)
    t.run()
    return t.tokens


@dataclasses.dataclass
class Function:
    name: str
    line: int  # the keyword's line
    body_start: int  # the line of the opening brace
    end: int = 0  # the line of the closing brace

    @property
    def length(self) -> int:
        return self.end - self.line + 1


TYPE_KEYWORDS = {"struct", "enum", "protocol", "extension", "actor", "class"}
NOT_A_TYPE_NAME = {
    "func", "var", "let", "subscript", "init", "deinit", "override", "final", "static",
    "public", "private", "internal", "fileprivate", "package", "open", "mutating",
    "nonmutating", "convenience", "required", "dynamic", "lazy", "weak", "unowned",
    "nonisolated", "typealias",
}
ACCESSOR_KEYWORDS = {
    "get", "set", "willSet", "didSet", "_read", "_modify", "init", "unsafeAddress",
    "unsafeMutableAddress",
}
ACCESSOR_MODIFIERS = {"mutating", "nonmutating", "__consuming", "borrowing", "consuming"}
# What may follow an accessor's keyword: its body, `(newValue)`, effects, the next accessor
# (`{ get set }`), or the end of the block.
AFTER_ACCESSOR = ACCESSOR_KEYWORDS | ACCESSOR_MODIFIERS | {"async", "throws", "rethrows"}
# `var` after these binds a value in a statement (`if var x {`, `for var x in`, `case var x`),
# never a property with accessors.
BINDS_IN_A_STATEMENT = {"if", "guard", "while", "for", "case", "catch", ",", "("}
# A new declaration ends a pending one that never got a body (a protocol requirement).
ENDS_PENDING = {"let", "case", "typealias", "import", "associatedtype", "operator", "precedencegroup"}


@dataclasses.dataclass
class _Pending:
    kind: str  # "type", "func", "var", "subscript", "accessor"
    name: str
    line: int
    depth: int  # brace depth where the declaration stands
    parens: int  # paren/bracket depth where it stands
    assigned: bool = False  # a var whose initial value began (`=`)


@dataclasses.dataclass
class _Scope:
    kind: str  # "file", "type", "func", "accessors", "block"
    name: str
    function: Function | None = None


def _opens_accessors(tokens: list[Token], k: int) -> bool:
    """Whether the block whose first token is tokens[k] lists accessors (`get {`, `set(v) {`,
    `didSet {`, `mutating get`, `@attr get`, `{ get set }`) rather than being a getter's body."""
    while k < len(tokens):
        tok = tokens[k]
        if tok.kind == "punct" and tok.text == "@" and k + 1 < len(tokens):
            k += 2  # the attribute's name
            if k < len(tokens) and tokens[k].text == "(":
                depth = 0
                while k < len(tokens):
                    depth += {"(": 1, ")": -1}.get(tokens[k].text, 0) if tokens[k].kind == "punct" else 0
                    k += 1
                    if depth == 0:
                        break
        elif tok.kind == "id" and not tok.backticked and tok.text in ACCESSOR_MODIFIERS:
            k += 1
        else:
            break
    if k >= len(tokens) or tokens[k].kind != "id" or tokens[k].backticked:
        return False
    if tokens[k].text not in ACCESSOR_KEYWORDS:
        return False
    after = tokens[k + 1] if k + 1 < len(tokens) else None
    if after is None:
        return False
    if after.kind == "punct":
        return after.text in "{(}@"
    return after.kind == "id" and after.text in AFTER_ACCESSOR


def functions(source: str) -> list[Function]:
    """Every function body of a Swift file, in the order they close."""
    tokens = tokenize(source)
    scopes = [_Scope("file", "")]
    parens = 0
    pending: _Pending | None = None
    found: list[Function] = []

    def path(name: str) -> str:
        names = [s.name for s in scopes if s.kind in ("type", "func", "accessors") and s.name]
        return ".".join(names + [name])

    def next_token(k: int) -> Token | None:
        return tokens[k + 1] if k + 1 < len(tokens) else None

    for k, tok in enumerate(tokens):
        prev = tokens[k - 1] if k else None
        member = prev is not None and prev.kind == "punct" and prev.text in (".", "\\")
        depth = len(scopes)
        if pending and pending.kind == "var" and not pending.assigned and tok.line > pending.line:
            # `var x: T` takes its getter's brace after the type, on its line or alone on the
            # next; anything else on a later line is a statement (`var s: String` then `switch`).
            if not (tok.kind == "punct" and tok.text == "{" and tok.line == pending.line + 1):
                pending = None
        if tok.kind == "punct" and tok.text in "([":
            parens += 1
        elif tok.kind == "punct" and tok.text in ")]":
            parens -= 1
        elif tok.kind == "punct" and tok.text == "{":
            if pending and pending.depth == depth and pending.parens == parens:
                p, pending = pending, None
                nxt = next_token(k)
                if p.kind == "type":
                    scopes.append(_Scope("type", p.name))
                elif p.kind in ("func", "accessor"):
                    scopes.append(_Scope("func", p.name, Function(path(p.name), p.line, tok.line)))
                elif _opens_accessors(tokens, k + 1):
                    scopes.append(_Scope("accessors", p.name))
                elif not p.assigned:
                    # A computed property's or a subscript's implicit getter.
                    scopes.append(_Scope("func", p.name, Function(path(p.name), p.line, tok.line)))
                else:
                    scopes.append(_Scope("block", ""))
            else:
                scopes.append(_Scope("block", ""))
        elif tok.kind == "punct" and tok.text == "}":
            if len(scopes) == 1:
                raise ScanError(f"line {tok.line}: unbalanced closing brace")
            scope = scopes.pop()
            if scope.function is not None:
                scope.function.end = tok.line
                found.append(scope.function)
            if pending and pending.depth > len(scopes):
                pending = None
        elif tok.kind == "op" and tok.text == "=" and pending and pending.kind == "var":
            if pending.depth == depth and pending.parens == parens:
                pending.assigned = True
        elif tok.kind == "id" and not tok.backticked and not member:
            word = tok.text
            scope = scopes[-1]
            nxt = next_token(k)
            if scope.kind == "accessors" and parens == 0 and word in ACCESSOR_KEYWORDS:
                pending = _Pending("accessor", word, tok.line, depth, parens)
            elif word == "func":
                name = nxt.text if nxt is not None else "?"
                pending = _Pending("func", name, tok.line, depth, parens)
            elif word == "init" and nxt is not None and (
                (nxt.kind == "punct" and nxt.text == "(") or (nxt.kind == "op" and nxt.text[0] in "<?!")
            ):
                pending = _Pending("func", "init", tok.line, depth, parens)
            elif word == "deinit":
                pending = _Pending("func", "deinit", tok.line, depth, parens)
            elif word == "subscript" and scope.kind in ("type", "file"):
                pending = _Pending("subscript", "subscript", tok.line, depth, parens)
            elif word == "var" and not (prev is not None and prev.text in BINDS_IN_A_STATEMENT):
                name = nxt.text if nxt is not None and nxt.kind == "id" else "?"
                pending = _Pending("var", name, tok.line, depth, parens)
            elif word in TYPE_KEYWORDS and nxt is not None and nxt.kind == "id" and (
                word != "class" or nxt.text not in NOT_A_TYPE_NAME
            ):
                names = [nxt.text]
                j = k + 2
                while j + 1 < len(tokens) and tokens[j].text == "." and tokens[j + 1].kind == "id":
                    names.append(tokens[j + 1].text)
                    j += 2
                pending = _Pending("type", ".".join(names), tok.line, depth, parens)
            elif word in ENDS_PENDING and pending and pending.depth == depth:
                pending = None
            elif word == "in" and pending and pending.kind == "var" and pending.depth == depth:
                pending = None  # `for var x in ...`
    if len(scopes) != 1:
        raise ScanError(f"{len(scopes) - 1} unclosed brace(s) at the end of the file")
    return found


def conditional_lines(source: str) -> set[int]:
    """The lines between an outermost `#if` and its `#endif`."""
    lines: set[int] = set()
    depth = 0
    start = 0
    for tok in tokenize(source):
        if tok.kind != "directive":
            continue
        if tok.text == "#if":
            if depth == 0:
                start = tok.line
            depth += 1
        elif tok.text == "#endif" and depth:
            depth -= 1
            if depth == 0:
                lines.update(range(start, tok.line + 1))
    return lines


DECLARES = {"struct", "enum", "protocol", "actor", "class", "typealias", "associatedtype"}


def declared_types(source: str) -> set[str]:
    """The names of the types (and type aliases) a Swift file declares, nested ones included."""
    tokens = tokenize(source)
    names = set()
    for k, tok in enumerate(tokens[:-1]):
        if tok.kind != "id" or tok.backticked or tok.text not in DECLARES:
            continue
        if k and tokens[k - 1].kind == "punct" and tokens[k - 1].text == ".":
            continue
        nxt = tokens[k + 1]
        if nxt.kind != "id" or (tok.text == "class" and nxt.text in NOT_A_TYPE_NAME):
            continue
        names.add(nxt.text)
    return names


def imported_modules(source: str) -> list[tuple[int, str]]:
    """(line, module) of every `import` declaration, whatever its attributes, access level or
    kind (`import struct M.T`)."""
    tokens = tokenize(source)
    kinds = {"typealias", "struct", "class", "enum", "protocol", "let", "var", "func"}
    result = []
    for k, tok in enumerate(tokens):
        if tok.kind != "id" or tok.backticked or tok.text != "import":
            continue
        if k and tokens[k - 1].kind == "punct" and tokens[k - 1].text == ".":
            continue
        j = k + 1
        if j < len(tokens) and tokens[j].kind == "id" and tokens[j].text in kinds:
            j += 1
        if j < len(tokens) and tokens[j].kind == "id":
            result.append((tok.line, tokens[j].text))
    return result
