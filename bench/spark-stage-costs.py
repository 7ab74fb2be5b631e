#!/usr/bin/env python3
"""Spark's per-stage metrics of one run of bench/spark-solve.sh, summed by stage kind and divided by
the boards it handled: executor run time and CPU time per state, shuffle bytes per state.
    bench/spark-stage-costs.py bench/results/spark-solve-DATE/SHAPE-local2
Reads stages.tsv (StageMetrics) and spark.json (the totals); prints a table."""
import collections
import json
import os
import sys

run = sys.argv[1]
totals = json.load(open(os.path.join(run, "spark.json")))
states, afters = totals["states"], totals["afterstates"]
kinds = collections.OrderedDict()
with open(os.path.join(run, "stages.tsv")) as f:
    header = f.readline().rstrip("\n").split("\t")
    for line in f:
        row = dict(zip(header, line.rstrip("\n").split("\t")))
        name = row["name"]
        pass_, _, kind = name.partition(": ")
        key = pass_.split(" ")[0] + ": " + kind
        k = kinds.setdefault(key, collections.Counter())
        k["stages"] += 1
        k["tasks"] += int(row["tasks"])
        for col in ("wall_s", "run_s", "cpu_s"):
            k[col] += float(row[col])
        for col in ("shuffle_write_bytes", "shuffle_write_records", "shuffle_read_bytes", "disk_spill_bytes"):
            k[col] += int(row[col])
print(f"{run}: {states:,} states, {afters:,} afterstates")
print(f"{'stage kind':34s} {'stages':>6s} {'tasks':>6s} {'wall s':>8s} {'run s':>8s} {'cpu s':>8s} "
      f"{'cpu us/state':>12s} {'shuffle B':>12s} {'B/state':>8s} {'records':>8s}")
total = collections.Counter()
for key, k in kinds.items():
    total.update(k)
    print(f"{key:34s} {k['stages']:6d} {k['tasks']:6d} {k['wall_s']:8.1f} {k['run_s']:8.1f} {k['cpu_s']:8.1f} "
          f"{1e6 * k['cpu_s'] / states:12.3f} {k['shuffle_write_bytes']:12d} {k['shuffle_write_bytes'] / states:8.2f} "
          f"{k['shuffle_write_records']:8d}")
print(f"{'all':34s} {total['stages']:6d} {total['tasks']:6d} {total['wall_s']:8.1f} {total['run_s']:8.1f} {total['cpu_s']:8.1f} "
      f"{1e6 * total['cpu_s'] / states:12.3f} {total['shuffle_write_bytes']:12d} {total['shuffle_write_bytes'] / states:8.2f} "
      f"{total['shuffle_write_records']:8d}")
