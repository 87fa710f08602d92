"""Exact odds of the bets that compare two House Way hands dealt from one deck, over every pair of hands.

Ultimate Pai Gow Poker's Player, Banker, Push and Tie bets and Triple Bonus's Ultimate Push are decided on two
seven-card hands from one 53-card deck, both set the House Way. This script counts all
C(53, 7) x C(46, 7) = 8,250,459,031,214,400 ordered pairs of disjoint hands into the 36 cells of
``rules.paigow.twohands`` and stores them as ``config/analysis/<chart>-two-hands.yaml``, which
``dealer-terminal analyze`` reads. No sampling:

1. every class of seven-card hands (rank counts, joker, the flush suit's ranks: 292,253 classes) is set the
   House Way by the room's chart (``rules.paigow.twohands.class_values``);
2. ``paigow_two_hands.c`` gives each of the 154,143,080 hands its class's front and back value, and counts the
   pairs of disjoint hands by inclusion-exclusion over the cards two hands share (its header explains);
3. the alternating sum is taken here with exact integers and checked: every pair is counted once, the two
   hands are exchangeable, and each R_k adds up to C(53, k) x C(53 - k, 7 - k)^2.

    .venv/bin/python benchmarks/paigow_two_hands.py                     # the101-paigow, writes the table
    .venv/bin/python benchmarks/paigow_two_hands.py --game paigow/triple-bonus-the101 --check

Needs a C compiler (``cc``, with OpenMP where available).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from math import comb
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.paigow.house_way import load_house_way  # noqa: E402
from rules.paigow.twohands import PAIRS_53_7, TwoHandTable, class_values, disjoint_counts  # noqa: E402
from rules.paigow.variant import PaiGowVariant  # noqa: E402
from terminal.progress import Progress, progress_bar  # noqa: E402

SOURCE = Path(__file__).with_name("paigow_two_hands.c")


def compile_kernel(out_dir: Path, cc: str | None = None) -> Path:
    """Build the counting program; with OpenMP when the compiler has it. Raises RuntimeError without a compiler."""
    cc = cc or os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not cc:
        raise RuntimeError("no C compiler (cc) on this machine")
    exe = out_dir / "paigow_two_hands"
    base = [cc, "-O3", "-o", str(exe), str(SOURCE)]
    for extra in (["-fopenmp"], []):
        r = subprocess.run([*base[:2], *extra, *base[2:]], capture_output=True, text=True)
        if r.returncode == 0:
            return exe
    raise RuntimeError(f"{cc} failed to build {SOURCE.name}: {r.stderr.strip()[:400]}")


def write_input(
    path: Path,
    *,
    ranks: int,
    jokers: int,
    hand: int,
    fronts: int,
    tau: int,
    backs: int,
    table: Sequence[tuple[int, int, int]],
    need: int = 5,
) -> None:
    """The program's binary input: the header, then (key, front id, back id) for every class."""
    with path.open("wb") as fh:
        fh.write(struct.pack("<8i", ranks, jokers, hand, need, fronts, tau, backs, len(table)))
        for key, f, b in table:
            fh.write(struct.pack("<QII", key, f, b))


def run_kernel(exe: Path, inp: Path, threads: int | None = None) -> tuple[int, list[list[int]]]:
    """Run the program: (hands, R_k's 36 cells for k = 0..hand)."""
    env = dict(os.environ)
    if threads:
        env["OMP_NUM_THREADS"] = str(threads)
    r = subprocess.run([str(exe), str(inp)], capture_output=True, text=True, env=env)
    if r.returncode != 0:
        raise RuntimeError(f"paigow_two_hands failed: {r.stderr.strip()}")
    hands = 0
    per_k: list[list[int]] = []
    for line in r.stdout.splitlines():
        parts = line.split()
        if parts[0] == "hands":
            hands = int(parts[1])
        elif parts[0] == "k":
            assert int(parts[1]) == len(per_k)
            per_k.append([int(x) for x in parts[4:]])
    return hands, per_k


def compute(
    game: str, threads: int | None = None, workdir: Path | None = None, progress: Progress | None = None
) -> tuple[TwoHandTable, dict[str, float]]:
    """The exact table for a game's chart and ranking, and the time each step took (seconds);
    ``progress`` moves between the three steps (classes, the pair count, the check), not inside one."""
    step = progress or (lambda done, total: None)
    step(0, 3)
    data = yaml.safe_load((ROOT / "config" / "games" / f"{game}.yaml").read_text())
    variant = PaiGowVariant.from_data(data)
    if variant.chart is None or variant.hand_rules.hand_cards != 7:
        raise SystemExit(f"{game}: needs a seven-card game with a House Way chart")
    chart_path = ROOT / "config" / "house_ways" / f"{variant.chart}.yaml"
    way = load_house_way(yaml.safe_load(chart_path.read_text()), variant.hand_rules)
    times: dict[str, float] = {}
    t0 = time.perf_counter()
    cv = class_values(way)
    times["classes"] = time.perf_counter() - t0
    step(1, 3)
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        t = Path(tmp)
        exe = compile_kernel(t)
        inp = t / "classes.bin"
        write_input(
            inp,
            ranks=13,
            jokers=1,
            hand=7,
            fronts=cv.fronts,
            tau=cv.tau,
            backs=cv.backs,
            table=list(zip(cv.keys, cv.front_ids, cv.back_ids, strict=True)),
        )
        t1 = time.perf_counter()
        hands, per_k = run_kernel(exe, inp, threads)
        times["pairs"] = time.perf_counter() - t1
    step(2, 3)
    if hands != comb(53, 7):
        raise SystemExit(f"the program enumerated {hands} hands, not C(53, 7)")
    for k, r in enumerate(per_k):
        want = comb(53, k) * comb(53 - k, 7 - k) ** 2
        if sum(r) != want:
            raise SystemExit(f"R_{k} counts {sum(r)} pairs, not C(53,{k}) x C({53 - k},{7 - k})^2 = {want}")
    counts = disjoint_counts(per_k)
    r = variant.hand_rules
    table = TwoHandTable(
        chart=variant.chart,
        chart_sha256=hashlib.sha256(chart_path.read_bytes()).hexdigest(),
        evaluator={
            "joker": "bug",
            "wheel": r.wheel,
            "joker_flush": r.joker_flush,
            "front_cards": r.front_cards,
        },
        cells=counts,
        pairs=PAIRS_53_7,
        source="exact over all C(53,7) x C(46,7) ordered pairs of disjoint hands, benchmarks/paigow_two_hands.py",
    )
    table.check()
    step(3, 3)
    return table, times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--game",
        default="paigow/ultimate-the101",
        help="a seven-card Pai Gow game id (its chart and ranking)",
    )
    ap.add_argument("--threads", type=int, default=None, help="OpenMP threads (default: every core)")
    ap.add_argument(
        "--out",
        type=Path,
        default=None,
        help="where to write the table (default config/analysis/<chart>-two-hands.yaml)",
    )
    ap.add_argument(
        "--check", action="store_true", help="compare with the stored table instead of writing it"
    )
    args = ap.parse_args()
    t0 = time.perf_counter()
    with progress_bar(f"{args.game}: two hands", timed=True) as progress:
        table, times = compute(args.game, args.threads, progress=progress)
    wall = time.perf_counter() - t0
    out = args.out or ROOT / "config" / "analysis" / f"{table.chart}-two-hands.yaml"
    print(f"{args.game}: chart {table.chart}, {table.pairs:,} ordered pairs of disjoint hands")
    print(
        f"  classes set the House Way: {times['classes']:.1f} s; pairs counted: {times['pairs']:.1f} s; wall {wall:.1f} s"
    )
    for row in table.to_data()["cells"]:
        if row["pairs"]:
            print(
                f"  back {row['back']} front {row['front']} A3s {row['a_front_3s']!s:5} B3s {row['b_front_3s']!s:5} {row['pairs']:>22,}"
            )
    if args.check:
        stored = TwoHandTable.from_data(yaml.safe_load(out.read_text()))
        same = stored.cells == table.cells and stored.chart_sha256 == table.chart_sha256
        print("matches the stored table" if same else "DIFFERS from the stored table")
        return 0 if same else 1
    out.parent.mkdir(parents=True, exist_ok=True)
    header = (
        f"# Exact counts of ordered pairs of disjoint seven-card hands, both set the House Way by {table.chart}.\n"
        f"# Written by: .venv/bin/python benchmarks/paigow_two_hands.py --game {args.game}\n"
        f"# ({times['pairs']:.0f} s to count the pairs, {wall:.0f} s wall). Read by rules/paigow/twohands.py.\n"
        "# Cells: back/front = how hand A's back/front compares with hand B's (<, =, >);\n"
        "# a_front_3s/b_front_3s = that hand's front is a pair of 3s or better.\n"
    )
    out.write_text(header + yaml.safe_dump(table.to_data(), sort_keys=False, width=120))
    print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
