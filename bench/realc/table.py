"""The per-program table of issue 11 (real C): inka's answers beside random
testing's coverage of the same functions.

    python3 bench/realc/table.py [--md] OUTDIR FILE.c...

For each FILE.c, OUTDIR holds NAME.inka.json (`inka cover --format json`)
and NAME.random.json (bench/random, one JSON object per function), NAME
being the file's path with "/" replaced by "_". Prints one row per file:
goals, covered, unreachable, unknown, the functions inka refused, the goals
random testing covers (a goal of function f counts when random testing's
runs of f take it: an inlined helper's decision is a goal of each caller,
covered for each caller apart), and those random covers that inka does not;
then the unknown goals with their reasons grouped, per file and for the
whole table, and the totals per directory. --md prints the rows as a
markdown table.
"""
import collections
import json
import os
import re
import sys

# The reasons of unknown goals, by the first pattern that matches; the
# group names what inka does not do (or which bound it stopped at).
GROUPS = [
    (r"free of (the|a pointer that is no heap object|an input)", "free of an input object (inputs are not heap objects)"),
    (r"does not follow realloc|calls realloc", "realloc the model does not follow"),
    (r"address of a pointer as an integer|pointer to integer|as an integer \(", "a pointer's address as an integer"),
    (r"bytes of the pointer|pointer made of", "a pointer's bytes copied or read as data"),
    (r"6\.5p7", "an access C11 6.5p7 leaves undefined (cut)"),
    (r"floating-point|long double", "floating-point value the model cuts"),
    (r"flexible array", "flexible array member"),
    (r"bit-field", "bit-field operation in the field's width"),
    (r"then stop with [^;]*undefined behaviour", "reached only by runs that then have undefined behaviour (no test exists)"),
    (r"then stop with [^;]*(assert|abort|exit)", "reached only by runs that then stop in an assertion or exit"),
    (r"reached only by runs that then|then stop with", "reached only by runs that then stop at a cut"),
    (r"see --max-len", "length bound (--max-len) of inputs"),
    (r"levels deep|--max-depth", "depth bound of linked inputs (--max-depth)"),
    (r"input model only", "inka's input model (one object per pointer input, no aliasing)"),
    (r"unrolled|--max-unroll|unrolling", "loop unrolling bound (--max-unroll)"),
    (r"--max-inline|recursion", "recursion or inlining bound (--max-inline)"),
    (r"not modell?ed|library function|undefined function|extern", "a library or undefined function's effect"),
    (r"step budget|steps\)", "step budget exhausted (--steps)"),
    (r"time guard|--timeout", "time guard (--timeout, load-dependent)"),
]


def group(reason):
    m = re.search(r"input model only \(([^)]*)\), not for every caller: ([^(]*)", reason)
    if m and not re.search(r"free of|realloc|as an integer|bytes of the pointer|6\.5p7", reason):
        # which part of the input model the search depended on, as inka names it
        return "inka's input model only: " + m.group(2).strip().rstrip(";")
    for pat, name in GROUPS:
        if re.search(pat, reason):
            return name
    # an unnamed reason: its first clause, positions left out
    first = re.sub(r"\S+\.c:\d+:\d+:\s*", "", reason.split(";")[0]).strip()
    return "other: " + first[:90]


def load_random(path):
    per_fn = collections.defaultdict(set)
    runs = {}
    try:
        for line in open(path):
            line = line.strip()
            if line:
                r = json.loads(line)
                per_fn[r["function"]].update(r.get("covered") or [])
                runs[r["function"]] = r.get("runs", 0)
    except (OSError, ValueError):
        pass
    return per_fn, runs


def main():
    args = sys.argv[1:]
    md = args[:1] == ["--md"]
    if md:
        args = args[1:]
    out, files = args[0], args[1:]
    fmt = "%-30s %5s %5s %4s %4s %4s | %6s %4s  %s"
    if md:
        fmt = "| %s | %s | %s | %s | %s | %s | %s | %s | %s |"
    print(fmt % ("file", "goals", "cov", "unr", "unk", "ref", "random", "r-only", "refused functions / goals random covers and inka does not"))
    if md:
        print("|---" * 9 + "|")
    total = collections.Counter()
    per_dir = collections.defaultdict(collections.Counter)
    all_groups = collections.Counter()
    details = []
    for f in files:
        name = f.replace("/", "_")
        try:
            run = json.load(open(os.path.join(out, name + ".inka.json")))
        except (OSError, ValueError):
            run = {}
        rand, _ = load_random(os.path.join(out, name + ".random.json"))
        goals = run.get("goals") or []
        st = collections.Counter(g["status"] for g in goals)
        rcov = [g for g in goals if g["id"] in rand.get(g["function"], ())]
        ronly = ["%s[%s]" % (g["id"].rsplit("/", 1)[-1], g["function"]) for g in rcov if g["status"] != "covered"]
        skipped = run.get("skipped") or []
        refused = [s.get("function", "?") + ": " + s.get("reason", s.get("error", ""))[:80] if isinstance(s, dict) else str(s) for s in skipped]
        row = collections.Counter(goals=len(goals), covered=st["covered"], unreachable=st["unreachable"],
                                  unknown=st["unknown"], refused=len(skipped), random=len(rcov), ronly=len(ronly))
        total.update(row)
        per_dir[os.path.dirname(f)].update(row)
        print(fmt % (f.replace("testdata/", ""), row["goals"], row["covered"], row["unreachable"], row["unknown"],
                     row["refused"], row["random"], row["ronly"], "; ".join(refused + ronly)))
        groups = collections.Counter()
        for g in goals:
            if g["status"] == "unknown":
                groups[group(g.get("reason", ""))] += 1
        all_groups.update(groups)
        if groups:
            details.append((f, groups))
    print()
    for d, row in sorted(per_dir.items()):
        print(fmt % (d.replace("testdata/", "") + "/ (total)", row["goals"], row["covered"], row["unreachable"],
                     row["unknown"], row["refused"], row["random"], row["ronly"], ""))
    pct = lambda n: "%d (%.1f %%)" % (n, 100.0 * n / max(total["goals"], 1))
    print("\nall: %d goals; inka covers %s, unreachable %d, unknown %d, %d functions refused; random covers %s; "
          "%d goals random covers and inka does not" % (total["goals"], pct(total["covered"]), total["unreachable"],
                                                          total["unknown"], total["refused"], pct(total["random"]), total["ronly"]))
    print("\nunknown goals by reason:")
    for name, n in all_groups.most_common():
        print("  %4d  %s" % (n, name))
    print("\nper file:")
    for f, groups in details:
        print("  " + f.replace("testdata/", "") + ": " + "; ".join("%d %s" % (n, name) for name, n in groups.most_common()))


if __name__ == "__main__":
    main()
