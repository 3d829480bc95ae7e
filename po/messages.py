#!/usr/bin/env python3
"""The program's message catalogs: extract, update, compile, check.

    po/messages.py pot      write po/splitview.pot from every String(translated:) in Sources/
    po/messages.py update   pot, then msgmerge each po/LANG.po and compile it with msgfmt into
                            Resources/locale/LANG/LC_MESSAGES/splitview.mo (needs gettext)
    po/messages.py check    every language complete: each message of the sources translated (no
                            fuzzy, none missing, none left over), the same {N} placeholders as the
                            English, as many plural forms as its Plural-Forms header says, and the
                            compiled .mo saying exactly what the .po says. Exit 1 with one line per
                            problem.

SPLITVIEW_MESSAGES_ROOT names another tree to work on (the tests' own).

A message is the literal right after `String(translated:` (and after `plural:` for a count,
its msgctxt after `context:`):
its text with `{0}`, `{1}`, … in place of each `\\(…)`, exactly as the core's LocalizationValue
builds the key at run time. xgettext reads no Swift, hence this reader. Standard library only.
"""

import glob
import os
import re
import struct
import subprocess
import sys

ROOT = os.environ.get("SPLITVIEW_MESSAGES_ROOT") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO = os.path.join(ROOT, "po")
DOMAIN = "splitview"
CALL = re.compile(r"String\(\s*translated:\s*")
PLACEHOLDER = re.compile(r"\{([0-9]+)\}")


class SourceError(Exception):
    pass


def read_literal(text, start, where):
    """The Swift string literal at text[start]: (key, [interpolated expressions], end)."""
    if text.startswith('"""', start) or text[start] != '"':
        raise SourceError(f"{where}: String(translated:) takes a one-line string literal")
    i = start + 1
    key, expressions, literal = [], [], [""]
    while True:
        if i >= len(text) or text[i] == "\n":
            raise SourceError(f"{where}: unterminated string literal")
        c = text[i]
        if c == '"':
            if any(PLACEHOLDER.search(part) for part in literal):
                raise SourceError(f"{where}: a literal {{N}} would read as a placeholder")
            return "".join(key), expressions, i + 1
        if c != "\\":
            key.append(c)
            literal[-1] += c
            i += 1
            continue
        e = text[i + 1]
        if e == "(":
            depth, j = 1, i + 2
            in_string = False
            while depth:
                if j >= len(text) or text[j] == "\n":
                    raise SourceError(f"{where}: unterminated interpolation")
                ch = text[j]
                if in_string:
                    if ch == "\\":
                        j += 1
                    elif ch == '"':
                        in_string = False
                elif ch == '"':
                    in_string = True
                elif ch == "(":
                    depth += 1
                elif ch == ")":
                    depth -= 1
                j += 1
            key.append("{%d}" % len(expressions))
            literal.append("")
            expressions.append(text[i + 2 : j - 1].strip())
            i = j
            continue
        simple = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r", "'": "'", "0": "\0"}
        if e in simple:
            key.append(simple[e])
            literal[-1] += simple[e]
            i += 2
            continue
        if e == "u":
            close = text.index("}", i)
            key.append(chr(int(text[i + 3 : close], 16)))
            literal[-1] += key[-1]
            i = close + 1
            continue
        raise SourceError(f"{where}: unknown escape \\{e}")


def extract():
    """Every message of the sources: {(msgid, msgid_plural or None): {"refs": [...], "notes": [...]}}."""
    messages = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)):
        text = open(path, encoding="utf-8").read()
        relative = os.path.relpath(path, ROOT)
        for match in CALL.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            before = text[text.rfind("\n", 0, match.start()) + 1 : match.start()]
            if before.lstrip().startswith("///") or before.lstrip().startswith("//"):
                continue
            where = f"{relative}:{line}"
            key, expressions, end = read_literal(text, match.end(), where)
            plural, context = None, None
            rest = re.match(r"\s*,\s*plural:\s*", text[end:])
            if rest:
                plural, plural_expressions, end = read_literal(text, end + rest.end(), where)
                if len(plural_expressions) < len(expressions):
                    raise SourceError(f"{where}: the plural form has fewer values than the singular")
                expressions = plural_expressions
            rest = re.match(r"\s*,\s*context:\s*", text[end:])
            if rest:
                context, context_expressions, end = read_literal(text, end + rest.end(), where)
                if context_expressions:
                    raise SourceError(f"{where}: a context is plain text")
            entry = messages.setdefault((context, key, plural), {"refs": [], "notes": []})
            entry["refs"].append(f"{relative}:{line}")
            for index, expression in enumerate(expressions):
                note = "{%d}: %s" % (index, expression)
                if note not in entry["notes"]:
                    entry["notes"].append(note)
    return messages


def po_quote(s):
    s = s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\r", "\\r")
    if "\n" in s[:-1]:
        parts = s.split("\n")
        lines = [p + "\\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
        return '""\n' + "\n".join(f'"{l}"' for l in lines)
    return '"' + s.replace("\n", "\\n") + '"'


def write_pot(messages):
    out = [
        "# The messages of SplitView's programs, to translate into po/LANG.po (see README.md).",
        "# Made by po/messages.py pot from the sources: do not edit.",
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: splitview\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"',
        "",
    ]
    for (context, key, plural), entry in sorted(messages.items(), key=lambda item: min(item[1]["refs"])):
        for note in entry["notes"]:
            out.append(f"#. {note}")
        for ref in entry["refs"]:
            out.append(f"#: {ref}")
        if "{" in key or (plural and "{" in plural):
            out.append("#, no-c-format")
        if context is not None:
            out.append("msgctxt " + po_quote(context))
        out.append("msgid " + po_quote(key))
        if plural is None:
            out.append('msgstr ""')
        else:
            out.append("msgid_plural " + po_quote(plural))
            out.append('msgstr[0] ""')
            out.append('msgstr[1] ""')
        out.append("")
    path = os.path.join(PO, DOMAIN + ".pot")
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    os.replace(path + ".tmp", path)
    return path


def po_unquote(s):
    s = s.strip()
    assert s.startswith('"') and s.endswith('"'), s
    body, out, i = s[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            e = body[i + 1]
            out.append({"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}.get(e, "\\" + e))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def read_po(path):
    """Entries of a .po file: list of dicts with id, plural, strs (list), fuzzy, obsolete, line."""
    entries, entry, field = [], None, None

    def finish():
        if entry is not None and "id" in entry:
            entries.append(entry)

    for number, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.rstrip("\n")
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line.strip():
            finish()
            entry, field = None, None
            continue
        if line.startswith("#"):
            if entry is not None and "id" in entry:
                finish()
                entry, field = None, None
            entry = entry or {"fuzzy": False, "obsolete": False, "strs": {}, "line": number}
            if line.startswith("#,") and "fuzzy" in line:
                entry["fuzzy"] = True
            continue
        entry = entry or {"fuzzy": False, "obsolete": False, "strs": {}, "line": number}
        entry["obsolete"] = entry["obsolete"] or obsolete
        keyword, _, value = line.partition(" ")
        if line.startswith('"'):
            text = po_unquote(line)
            if field == "id":
                entry["id"] += text
            elif field == "plural":
                entry["plural"] += text
            elif field == "ctxt":
                entry["ctxt"] += text
            else:
                entry["strs"][field] += text
        elif keyword == "msgctxt":
            if "id" in entry:
                finish()
                entry = {"fuzzy": False, "obsolete": obsolete, "strs": {}, "line": number}
            entry["ctxt"], field = po_unquote(value), "ctxt"
        elif keyword == "msgid":
            if "id" in entry:
                finish()
                entry = {"fuzzy": False, "obsolete": obsolete, "strs": {}, "line": number}
            entry["id"], field = po_unquote(value), "id"
        elif keyword == "msgid_plural":
            entry["plural"], field = po_unquote(value), "plural"
        elif keyword == "msgstr":
            entry["strs"][0], field = po_unquote(value), 0
        elif keyword.startswith("msgstr["):
            index = int(keyword[7:-1])
            entry["strs"][index], field = po_unquote(value), index
        else:
            raise SourceError(f"{path}:{number}: cannot read {line!r}")
    finish()
    for e in entries:
        e.setdefault("plural", None)
        e.setdefault("ctxt", None)
        e["strs"] = [e["strs"][k] for k in sorted(e["strs"])]
    return entries


def read_mo(path):
    """A compiled catalog: {msgid (with \\0 msgid_plural): msgstr (forms joined by \\0)}."""
    data = open(path, "rb").read()
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _, count, originals, translations = struct.unpack(order + "4I", data[4:20])
    result = {}
    for n in range(count):
        length, offset = struct.unpack(order + "2I", data[originals + 8 * n : originals + 8 * n + 8])
        key = data[offset : offset + length].decode("utf-8")
        length, offset = struct.unpack(order + "2I", data[translations + 8 * n : translations + 8 * n + 8])
        result[key] = data[offset : offset + length].decode("utf-8")
    return result


def languages():
    return sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(PO, "*.po")))


def mo_path(language):
    return os.path.join(ROOT, "Resources", "locale", language, "LC_MESSAGES", DOMAIN + ".mo")


def plural_count(header):
    match = re.search(r"nplurals\s*=\s*([0-9]+)", header)
    return int(match.group(1)) if match else None


def check():
    problems = []
    messages = extract()
    wanted = set(messages)
    for language in languages():
        path = os.path.join(PO, language + ".po")
        relative = os.path.relpath(path, ROOT)
        entries = read_po(path)
        header = next((e for e in entries if e["id"] == ""), None)
        forms = plural_count(header["strs"][0]) if header else None
        if forms is None:
            problems.append(f"{relative}: no Plural-Forms header")
            forms = 2
        have = {}
        for e in entries:
            if e["id"] == "" or e["obsolete"]:
                continue
            where = f"{relative}:{e['line']}"
            key = (e["ctxt"], e["id"], e["plural"])
            have[key] = e
            if key not in wanted:
                problems.append(f"{where}: {e['id']!r} is in no source any more (po/messages.py update)")
                continue
            if e["fuzzy"]:
                problems.append(f"{where}: {e['id']!r} is fuzzy: check the translation, then remove the flag")
            if any(not s for s in e["strs"]):
                problems.append(f"{where}: {e['id']!r} is not translated")
                continue
            if e["plural"] is not None and len(e["strs"]) != forms:
                problems.append(f"{where}: {e['id']!r} has {len(e['strs'])} forms, the language has {forms}")
            english = set(PLACEHOLDER.findall(e["id"])) | set(PLACEHOLDER.findall(e["plural"] or ""))
            for index, text in enumerate(e["strs"]):
                said = set(PLACEHOLDER.findall(text))
                if said - english:
                    problems.append(f"{where}: {e['id']!r} form {index} names {sorted(said - english)}, which the English has not")
                elif e["plural"] is None and said != english:
                    problems.append(f"{where}: {e['id']!r} leaves out {sorted(english - said)}")
                elif e["plural"] is not None and len(e["strs"]) > 1 and index == len(e["strs"]) - 1 and said != english:
                    problems.append(f"{where}: {e['id']!r} plural form leaves out {sorted(english - said)}")
        for key in sorted(wanted - set(have), key=lambda k: k[1]):
            problems.append(f"{relative}: misses {key[1]!r} ({messages[key]['refs'][0]})")
        compiled = mo_path(language)
        if not os.path.exists(compiled):
            problems.append(f"{os.path.relpath(compiled, ROOT)}: missing (po/messages.py update)")
            continue
        catalog = read_mo(compiled)
        expected = {}
        for e in entries:
            if e["obsolete"] or e["fuzzy"] or any(not s for s in e["strs"]):
                continue
            key = e["id"] if e["plural"] is None else e["id"] + "\0" + e["plural"]
            if e["ctxt"] is not None:
                key = e["ctxt"] + "\x04" + key
            expected[key] = "\0".join(e["strs"])
        if catalog != expected:
            differing = sorted(set(catalog) ^ set(expected) | {k for k in catalog if k in expected and catalog[k] != expected[k]})
            problems.append(
                f"{os.path.relpath(compiled, ROOT)}: says other than {relative} ({len(differing)} messages, first "
                f"{differing[0].split(chr(0))[0][:60]!r}): po/messages.py update")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


def update():
    path = write_pot(extract())
    for language in languages():
        po = os.path.join(PO, language + ".po")
        subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", "--no-wrap", po, path], check=True)
        subprocess.run(["msgattrib", "--no-obsolete", "--no-wrap", "-o", po, po], check=True)
        target = mo_path(language)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        subprocess.run(["msgfmt", "--check", "-o", target + ".tmp", po], check=True)
        os.replace(target + ".tmp", target)
    return 0


def main(argv):
    command = argv[1] if len(argv) > 1 else ""
    try:
        if command == "pot":
            print(write_pot(extract()))
            return 0
        if command == "update":
            return update()
        if command == "check":
            return check()
    except SourceError as error:
        print(f"messages.py: {error}", file=sys.stderr)
        return 1
    print(__doc__.strip(), file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
