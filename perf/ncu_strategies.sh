#!/usr/bin/env bash
# Nsight Compute counters of one strategy kernel per strategy, per output
# point: thread instructions (smsp__thread_inst_executed.sum / points),
# DRAM bytes, registers per thread, local-memory (spill) instructions, issue
# slots busy, achieved occupancy, kernel time. One profiled step each, after
# one warm-up step, on an NxNxN grid whose whole interior is updated.
#
#   perf/ncu_strategies.sh BIN OUT PHYSICS N SPEC [SPEC...]
#     BIN: folder with seis-bench; SPEC: NAME:SHAPE
# Writes OUT/ncu-PHYSICS-N.csv and prints the table.
set -u
bin=$1 out=$2 physics=$3 n=$4
shift 4
mkdir -p "$out"
metrics=smsp__thread_inst_executed.sum,dram__bytes.sum,launch__registers_per_thread,\
smsp__inst_executed_op_local_ld.sum,smsp__inst_executed_op_local_st.sum,\
sm__inst_issued.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,\
gpu__time_duration.sum
csv=$out/ncu-$physics-$n.csv
echo "spec,inst_per_point,dram_bytes_per_point,registers,local_ld,local_st,issue_active_pct,warps_active_pct,kernel_ms" > "$csv"
ran=0
for spec in "$@"; do
  raw=$out/ncu-$physics-$n-${spec//[:@\/]/_}.raw.csv
  ncu --csv --page raw --print-units base --clock-control none --metrics "$metrics" --kernel-name-base mangled -k 'regex:Body|Gmem|Kernel' \
    --launch-skip 1 --launch-count 1 \
    "$bin/seis-bench" --physics "$physics" --sizes "$n" --strategies "$spec" --warmup 1 --repeats 1 \
    --stream-bytes 1048576 > "$raw" 2> "$raw.log"
  python3 - "$raw" "$spec" "$n" >> "$csv" <<'PY' && ran=$((ran + 1))
import csv, sys
raw, spec, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = [r for r in csv.reader(open(raw)) if len(r) > 5]
head = rows[0]
data = [r for r in rows[2:] if r[0].isdigit()]
if not data:
    sys.exit(1)
r = dict(zip(head, data[0]))
def num(k):
    return float(r[k].replace(",", ""))
pts = float(n) ** 3
print("%s,%.1f,%.2f,%d,%d,%d,%.1f,%.1f,%.3f" % (
    spec, num("smsp__thread_inst_executed.sum") / pts, num("dram__bytes.sum") / pts,
    num("launch__registers_per_thread"), num("smsp__inst_executed_op_local_ld.sum"),
    num("smsp__inst_executed_op_local_st.sum"), num("sm__inst_issued.avg.pct_of_peak_sustained_active"),
    num("sm__warps_active.avg.pct_of_peak_sustained_active"), num("gpu__time_duration.sum") / 1e6))
PY
done
if command -v column > /dev/null; then column -s, -t < "$csv"; else cat "$csv"; fi
[ "$ran" -eq "$#" ] || { echo "ncu_strategies: profiled $ran of $# kernels" >&2; exit 1; }
