#!/usr/bin/env python3
"""The engine's largest types and functions: every struct with more than 15
fields and every function longer than 100 lines under engine/src (issue 51:
"no struct over 15 fields and no function over 100 lines in the engine").

    python3 bench/sizes.py [--fields 15] [--lines 100] [DIR]

How it counts, from the source text: a struct's fields are the `name:` lines
at the first level of its braces (tuple structs and unit structs have none);
a function's length is its lines from `fn` to its closing brace, comments and
blank lines included, tests too. The rule-set file's serde model (`RuleSet`,
and `Canonical`, its fingerprinted copy) is reported but not counted against
the rule. Exits 0 whatever it finds: a report, not a gate.
"""

from __future__ import annotations

import argparse
import re
import signal
import sys
from pathlib import Path

# The rule-set file's serde model and its canonical copy.
MODELS = {"RuleSet", "Canonical"}

STRUCT = re.compile(r"\s*(pub(\([^)]*\))?\s+)?struct\s+(\w+)[^;(]*\{\s*$")
FIELD = re.compile(r"\s*(pub(\([^)]*\))?\s+)?\w+\s*:")
FN = re.compile(r"\s*(pub(\([^)]*\))?\s+)?(const\s+)?(unsafe\s+)?fn\s+(\w+)")


def braces(line: str) -> int:
    # Braces inside string and char literals are rare enough in the engine
    # to ignore; a doc comment's braces are skipped.
    code = line.split("//", 1)[0]
    return code.count("{") - code.count("}")


def scan(path: Path):
    lines = path.read_text().split("\n")
    structs, fns = [], []
    for i, line in enumerate(lines):
        if m := STRUCT.match(line):
            depth, j, fields = braces(line), i + 1, 0
            while depth > 0 and j < len(lines):
                text = lines[j]
                if depth == 1 and FIELD.match(text) and not text.strip().startswith("//"):
                    fields += 1
                depth += braces(text)
                j += 1
            structs.append((fields, m.group(3), path, i + 1))
        elif (m := FN.match(line)) and not line.rstrip().endswith(";"):
            depth, j, opened = 0, i, False
            while j < len(lines):
                change = braces(lines[j])
                opened |= "{" in lines[j].split("//", 1)[0]
                depth += change
                if opened and depth <= 0:
                    break
                j += 1
            fns.append((j - i + 1, m.group(5), path, i + 1))
    return structs, fns


def main() -> int:
    # Quietly stop when the reader does (`| head`).
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fields", type=int, default=15)
    parser.add_argument("--lines", type=int, default=100)
    parser.add_argument("dir", nargs="?", default=str(Path(__file__).parent.parent / "engine" / "src"))
    args = parser.parse_args()
    root = Path(args.dir)
    structs, fns = [], []
    for path in sorted(root.rglob("*.rs")):
        s, f = scan(path)
        structs += s
        fns += f
    wide = sorted((s for s in structs if s[0] > args.fields), reverse=True)
    long = sorted((f for f in fns if f[0] > args.lines), reverse=True)
    counted = [s for s in wide if s[1] not in MODELS]
    print(f"{len(structs)} structs, {len(counted)} over {args.fields} fields"
          f" (and {len(wide) - len(counted)} of the rule-set file's model):")
    for fields, name, path, line in wide:
        model = "  (the rule-set model)" if name in MODELS else ""
        print(f"  {fields:4} fields  {name}  {path.relative_to(root.parent.parent)}:{line}{model}")
    print(f"{len(fns)} functions, {len(long)} over {args.lines} lines:")
    for length, name, path, line in long:
        print(f"  {length:4} lines   {name}  {path.relative_to(root.parent.parent)}:{line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
