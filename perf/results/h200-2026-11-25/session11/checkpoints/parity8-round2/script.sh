# parity8, GPU checkpoint round 2 (issue 10: every Kokkos strategy within 3 % of its native twin).
# NO BUILD: assumes `.deps/dev.sh` built every target into build/cuda from the integration tree holding branch
# parity8. About 90 s. Files: $OUT/parity8/{log.txt,summary.txt,all.tgz}; the stdout tail is the summary.
#   bash .deps/parity8-gpu2.sh
# Round 1 (tree b4c8675): iso sliding_window Kokkos/twin held 1.046/1.049, pinned 1.036/1.035, fresh 1.031/1.033;
# TTI sliding_window held 0.991/0.992, pinned 1.000, fresh 1.020; st_reg_feat twin with compile-time ring slots
# 0.877 (spills; removed). Now: iso sliding_window defaults to fresh, TTI to held (by the field count).
# A/B/C SEIS_KOKKOS_SW_COLUMN=held|fresh|fresh_scatter (fresh_scatter: re-split only in the scatter pass ahead of
# the barrier, pinned after it; iso z loop 526 inst, 11 spill loads a plane, none ahead of the barrier).
# A/B SEIS_NATIVE_FEATURE_RING=fresh: the st_reg_feat twin's ring slots compile-time (the Kokkos body's), each
# plane address from a fresh plane stride (TTI z loop of 10 planes: 4606 inst, no spills, against 4766 with
# RingIndex; Kokkos 4788). Default RingIndex.
# Then every strategy once at session 10's shapes (iso 1024^3, TTI 900^3): the ratios with the cleanups.
O=${OUT:-/tmp/out}/parity8; R=/tmp/parity8-r2; rm -rf $R
mkdir -p $R $O
start=$(date +%s); LIMIT=${LIMIT:-98}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,power.draw --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null; git log --oneline -6 >> $R/gpu.txt 2>/dev/null
log() { echo "parity8 $* t=$(( $(date +%s) - start ))" | tee -a $R/log.txt; }
run() { echo "$*" >> $R/commands.txt; "$@"; }

# 1. Correctness first: twins against the Kokkos strategies (default forms; sliding_window's fresh_scatter and
#    held), the Kokkos strategies against gmem_3d.
run timeout 40 $B/perf/native/seis_native_cuda_check > $R/check.txt 2>&1
log "native check rc=$? $(tail -1 $R/check.txt)"
SEIS_NATIVE_FEATURE_RING=fresh run timeout 15 $B/perf/native/seis_native_cuda_check st_reg_feat >> $R/check.txt 2>&1
log "native check st_reg_feat RING=fresh rc=$? $(tail -1 $R/check.txt)"
for c in fresh_scatter held; do
  SEIS_KOKKOS_SW_COLUMN=$c run timeout 15 $B/perf/native/seis_native_cuda_check sliding_window >> $R/check.txt 2>&1
  log "native check sliding_window SW_COLUMN=$c rc=$? $(tail -1 $R/check.txt)"
done
gtest() {  # gtest BINARY CAP NAME   (environment: the setting)
  local t=$(( $(left) - 65 )); [ $t -gt $2 ] && t=$2
  [ $t -gt 4 ] || { log "skip test (time): $3"; return; }
  echo "SEIS_KOKKOS_SW_COLUMN=${SEIS_KOKKOS_SW_COLUMN:-}" >> $R/commands.txt
  run timeout $t $B/tests/$1 -d yes "$3" >> $R/check.txt 2>&1
  log "$1 rc=$? (124 = its ${t} s timeout) SW_COLUMN=${SEIS_KOKKOS_SW_COLUMN:-}: $3"
}
gtest seis_tests_strategies 15 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<IsoPhysics<float>>"
gtest seis_tests_strategies 15 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<TtiPhysics<float>>"
gtest seis_tests_strategies 8 "strategies leave every point outside their box untouched - seis::test::OnDefaultSpace<IsoPhysics<float>>"
SEIS_KOKKOS_SW_COLUMN=fresh_scatter gtest seis_tests_strategies 15 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<IsoPhysics<float>>"

# 2. Paired timing (seis-bench --compare-native: Kokkos and twin in turns, median), A B C A B C.
bench() {  # bench NAME TIMEOUT ARGS...   (environment: the setting)
  local name=$1 t=$2; shift 2
  [ $(left) -gt $(( t / 2 + ${RES:-8} )) ] || { log "skip $name (time)"; return; }
  echo "SEIS_KOKKOS_SW_COLUMN=${SEIS_KOKKOS_SW_COLUMN:-} SEIS_NATIVE_FEATURE_RING=${SEIS_NATIVE_FEATURE_RING:-}" >> $R/commands.txt
  run timeout $t $B/perf/seis-bench --warmup 2 --repeats ${REPS:-6} --stream-bytes 1048576 --compare-native --json $R/$name.json "$@" > $R/$name.txt 2>&1
  log "$name rc=$?"
}
ISO="--physics iso --sizes 1024 --strategies sliding_window:32x8@128,st_reg_vec:32x8@128"
TTS="--physics tti --sizes 900 --strategies sliding_window:32x8@128"
TTF="--physics tti --sizes 900 --strategies st_reg_feat:32x8@300,st_reg_feat:32x8@128"
ISF="--physics iso --sizes 1024 --strategies st_reg_feat:32x8@128"
for i in 1 2; do
  RES=50 bench iso-fresh-$i 15 $ISO
  SEIS_KOKKOS_SW_COLUMN=fresh_scatter RES=50 bench iso-scatter-$i 15 $ISO
  SEIS_KOKKOS_SW_COLUMN=held RES=50 bench iso-held-$i 15 $ISO
  RES=50 bench ttisw-held-$i 15 $TTS
  SEIS_KOKKOS_SW_COLUMN=fresh_scatter RES=50 bench ttisw-scatter-$i 15 $TTS
  RES=40 bench ttifeat-index-$i 15 $TTF
  SEIS_NATIVE_FEATURE_RING=fresh RES=40 bench ttifeat-fresh-$i 15 $TTF
  RES=40 bench isofeat-index-$i 12 $ISF
  SEIS_NATIVE_FEATURE_RING=fresh RES=40 bench isofeat-fresh-$i 12 $ISF
done
# Every strategy, session 10's lists (bench/commands.txt there), default forms.
REPS=3 bench all-iso-1 30 --physics iso --sizes 1024 --strategies st_reg_vec:32x8@128,st_reg_feat:32x8@128,st_reg_fixed:32x8@128,gmem_3d:32x4x4,semi_b_a:32x16,semi_2z:32x8@128,semi_b:32x16@128,swic:32x8@128,st_reg_shift:32x8@64,semi_25d:32x16@128,sliding_window:32x8@128,smem_3d:16x8x2
REPS=3 bench all-tti-1 40 --physics tti --sizes 900 --strategies st_reg_feat:32x8@300,st_reg_feat:32x8@128,st_reg_vec:32x8,st_reg_shift:32x8@64,st_reg_fixed:32x8@128,semi_25d:32x16@128,semi_2z:32x8@128,semi_b_a:16x16@128,semi_b:16x16@128,gmem_3d:64x2x2,sliding_window:32x8@128,swic:16x8@8,smem_3d:16x8x2

# 3. ncu, iso 512^3 sliding_window, Kokkos forms (local loads, instructions, stalls), if time is left.
M=gpu__time_duration.sum,smsp__inst_executed.sum,smsp__inst_executed_op_local_ld.sum,l1tex__t_sector_hit_rate.pct,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio
ncu_run() {  # ncu_run NAME   (environment: the setting)
  [ $(left) -gt 10 ] || { log "skip ncu $1 (time)"; return; }
  run timeout $(( $(left) - 4 < 12 ? $(left) - 4 : 12 )) ncu --csv --page raw --print-units base --clock-control none \
    --metrics "$M" --kernel-name-base demangled -k "regex:SlidingWindow" --launch-skip 1 --launch-count 1 \
    $B/perf/seis-bench --physics iso --sizes 512 --strategies sliding_window:32x8@128 --warmup 1 --repeats 1 --stream-bytes 1048576 \
    > $R/ncu-$1.csv 2> $R/ncu-$1.log
  log "ncu $1 rc=$?"
}
ncu_run fresh
SEIS_KOKKOS_SW_COLUMN=fresh_scatter ncu_run scatter

python3 - "$R" <<'PY' > $R/ratios.txt
import json, sys, os, glob
R = sys.argv[1]
print(f"{'run':16s} {'strategy:shape':26s} kokkos ms  native ms  ratio  relL2")
for f in sorted(glob.glob(R + "/*.json"), key=os.path.getmtime):
    run = os.path.basename(f)[:-5]
    try: rows = json.load(open(f))["results"]
    except Exception as e: print(run, "unreadable", e); continue
    for r in rows:
        k = r["strategy"] + ":" + r["shape"]; n = r.get("native") or {}
        a, b = r.get("median_ms", 0), n.get("median_ms", 0); c = a / b if b else 0
        miss = "" if 0.97 <= c <= 1.03 else " MISS"
        print(f"{run:16s} {k:26s} {a:8.3f}  {b:8.3f}  {c:.3f}{miss}  {n.get('rel_l2_vs_kokkos', '-')}")
PY
python3 - $R <<'PY' > $R/ncu.txt
import csv, sys, glob, os
for f in sorted(glob.glob(sys.argv[1] + "/ncu-*.csv")):
    try: rows = [r for r in csv.reader(open(f)) if len(r) > 5]
    except OSError: rows = []
    if len(rows) < 3: print(os.path.basename(f), "no rows"); continue
    head = rows[0]
    for r in rows[2:]:
        d = dict(zip(head, r))
        print(os.path.basename(f)[4:-4], " ".join(f"{k.replace('smsp__average_warps_issue_stalled_', 'stall_').replace('_per_issue_active.ratio', '')}={d.get(k, '-')}" for k in head if "__" in k and not k.startswith("device")))
PY
tar -C /tmp -czf $O/all.tgz parity8-r2
cp $R/log.txt $O/log.txt
# Summary (stdout tail and summary.txt).
python3 - "$R" <<'PY' | tee $O/summary.txt
import json, glob, os, collections
R = "/tmp/parity8-r2"
t = collections.defaultdict(dict)
for f in glob.glob(R + "/*.json"):
    run = os.path.basename(f)[:-5]; grp, setting, rnd = run.split("-")
    try: rows = json.load(open(f))["results"]
    except Exception: continue
    for r in rows:
        n = r.get("native") or {}; a, b = r.get("median_ms", 0), n.get("median_ms", 0)
        t[(grp, r["strategy"] + ":" + r["shape"])].setdefault(setting, {})[rnd] = (a, b, n.get("rel_l2_vs_kokkos", "-"))
for (grp, k), d in sorted(t.items()):
    cells = []
    for s in sorted(d):
        rs = [d[s][i] for i in ("1", "2") if i in d[s]]
        miss = "" if all(b and 0.97 <= a / b <= 1.03 for a, b, _ in rs) else " MISS"
        cells.append(f"{s} " + "/".join(f"{a/b:.3f}" if b else "-" for a, b, _ in rs) + " (" + " ".join(f"{a:.2f}|{b:.2f}" for a, b, _ in rs) + ")" + miss)
    l2 = sorted({str(x[2]) for s in d.values() for x in s.values()})
    print(f"{grp} {k:24s} " + "  ".join(cells) + f"  relL2 {','.join(l2)}")
PY
cut -c1-300 $R/ncu.txt | tee -a $O/summary.txt
grep -E "native check|seis_tests" $R/log.txt | cut -c1-200
grep -E "rc=" $R/log.txt | grep -v "rc=0" | head -6
log "done (all.tgz: $(du -k $O/all.tgz | cut -f1) KiB)"
