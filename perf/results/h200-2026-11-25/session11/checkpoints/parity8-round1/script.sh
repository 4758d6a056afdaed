# parity8, GPU checkpoint round 1 (issue 10: every Kokkos strategy within 3 % of its native twin; two cleanups).
# NO BUILD: assumes `.deps/dev.sh` built every target into build/cuda from the integration tree holding branch
# parity8. About 90 s. Files: $OUT/parity8/{log.txt,summary.txt,all.tgz}; the stdout tail is the summary.
#   bash .deps/parity8-gpu.sh
# Changes under test:
#   cleanups (always on): one carveout memo per kernel (an atomic, no mutex/map) on both sides; Kokkos' CUDA team
#     shared layout written once (seis/math/kokkos_cuda_team_shared.hpp). Check: correctness, ratios as session 10.
#   A/B/C SEIS_KOKKOS_SW_COLUMN=pinned|fresh: how the Kokkos sliding_window thread holds its column (split from
#     its team rank) across the z loop. nvcc 13 sm_90, iso z loop: held (main) 502 inst, 14 spill loads a plane;
#     pinned 501, 13; fresh (re-split each plane, a fast division) 552, 8; twin 502, 12. TTI: 1314/21, 1315/21,
#     1427/17. Default held (main's form).
#   A/B SEIS_NATIVE_FEATURE_RING=constant: the st_reg_feat twin's ring slots compile-time as in the Kokkos body
#     (TTI z loop, 10 planes: 4537 inst with 7/3 spill loads/stores, against 4766 and none with RingIndex;
#     Kokkos 4788, none). Default index (main's form).
#   Diagnostics: st_reg_feat twin at @300 with SEIS_NATIVE_FEATURE_GRID=3d; ncu of st_reg_feat@300 / gmem_3d
#     64x2x2 (TTI 512) and sliding_window (iso 512) on both sides: time, inst, L1/L2 hits, bank conflicts, stalls.
O=${OUT:-/tmp/out}/parity8; R=/tmp/parity8-r1; rm -rf $R
mkdir -p $R $O
start=$(date +%s); LIMIT=${LIMIT:-115}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,power.draw --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null; git log --oneline -6 >> $R/gpu.txt 2>/dev/null
log() { echo "parity8 $* t=$(( $(date +%s) - start ))" | tee -a $R/log.txt; }
run() { echo "$*" >> $R/commands.txt; "$@"; }

# 1. Correctness first: every twin against its Kokkos strategy; the Kokkos strategies against gmem_3d (default
#    and pinned sliding_window).
run timeout 40 $B/perf/native/seis_native_cuda_check > $R/check.txt 2>&1
log "native check rc=$? $(tail -1 $R/check.txt)"
SEIS_NATIVE_FEATURE_RING=constant run timeout 15 $B/perf/native/seis_native_cuda_check st_reg_feat >> $R/check.txt 2>&1
log "native check st_reg_feat ring=constant rc=$? $(tail -1 $R/check.txt)"
gtest() {  # gtest BINARY CAP NAME   (environment: the setting)
  local t=$(( $(left) - 70 )); [ $t -gt $2 ] && t=$2
  [ $t -gt 4 ] || { log "skip test (time): $3"; return; }
  echo "SEIS_KOKKOS_SW_COLUMN=${SEIS_KOKKOS_SW_COLUMN:-}" >> $R/commands.txt
  run timeout $t $B/tests/$1 -d yes "$3" >> $R/check.txt 2>&1
  log "$1 rc=$? (124 = its ${t} s timeout) SW_COLUMN=${SEIS_KOKKOS_SW_COLUMN:-}: $3"
}
gtest seis_tests_strategies 15 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<IsoPhysics<float>>"
gtest seis_tests_strategies 15 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<TtiPhysics<float>>"
gtest seis_tests_strategies 8 "strategies leave every point outside their box untouched - seis::test::OnDefaultSpace<IsoPhysics<float>>"
SEIS_KOKKOS_SW_COLUMN=pinned gtest seis_tests_strategies 15 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<IsoPhysics<float>>"
SEIS_KOKKOS_SW_COLUMN=pinned gtest seis_tests_strategies 15 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<TtiPhysics<float>>"
SEIS_KOKKOS_SW_COLUMN=fresh gtest seis_tests_strategies 15 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<IsoPhysics<float>>"
SEIS_KOKKOS_SW_COLUMN=fresh gtest seis_tests_strategies 15 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<TtiPhysics<float>>"

# 2. Paired timing (seis-bench --compare-native: Kokkos and twin in turns, median), A B A B.
bench() {  # bench NAME TIMEOUT ARGS...   (environment: the setting)
  local name=$1 t=$2; shift 2
  [ $(left) -gt $(( t / 2 + ${RES:-35} )) ] || { log "skip $name (time)"; return; }
  echo "SEIS_KOKKOS_SW_COLUMN=${SEIS_KOKKOS_SW_COLUMN:-} SEIS_NATIVE_FEATURE_GRID=${SEIS_NATIVE_FEATURE_GRID:-} SEIS_NATIVE_FEATURE_RING=${SEIS_NATIVE_FEATURE_RING:-}" >> $R/commands.txt
  run timeout $t $B/perf/seis-bench --warmup 2 --repeats 6 --stream-bytes 1048576 --compare-native --json $R/$name.json "$@" > $R/$name.txt 2>&1
  log "$name rc=$?"
}
ISO="--physics iso --sizes 1024 --strategies sliding_window:32x8@128,st_reg_vec:32x8@128"
TTS="--physics tti --sizes 900 --strategies sliding_window:32x8@128"
TTI="--physics tti --sizes 900 --strategies gmem_3d:64x2x2,st_reg_feat:32x8@300,st_reg_feat:32x8@128"
TTF="--physics tti --sizes 900 --strategies st_reg_feat:32x8@300,st_reg_feat:32x8@128"
for i in 1 2; do
  bench iso-base-$i 15 $ISO
  SEIS_KOKKOS_SW_COLUMN=pinned bench iso-pin-$i 15 $ISO
  SEIS_KOKKOS_SW_COLUMN=fresh bench iso-fresh-$i 15 $ISO
  bench ttisw-base-$i 15 $TTS
  SEIS_KOKKOS_SW_COLUMN=pinned bench ttisw-pin-$i 15 $TTS
  SEIS_KOKKOS_SW_COLUMN=fresh bench ttisw-fresh-$i 15 $TTS
  bench tti-base-$i 20 $TTI
  SEIS_NATIVE_FEATURE_RING=constant bench tti-ring-$i 15 $TTF
  SEIS_NATIVE_FEATURE_GRID=3d bench tti-grid3d-$i 15 $TTF
done

# 3. ncu, both sides, 512^3: every launch of the matched kernels (warm-up and timed step of each side).
M=gpu__time_duration.sum,smsp__inst_executed.sum,smsp__thread_inst_executed.sum,launch__registers_per_thread,launch__shared_mem_config_size,l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,smsp__inst_executed_op_local_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,dram__bytes.sum
ncu_run() {  # ncu_run NAME PHYSICS STRATEGY REGEX   (environment: the setting)
  [ $(left) -gt 14 ] || { log "skip ncu $1 (time)"; return; }
  run timeout $(( $(left) - 6 < 25 ? $(left) - 6 : 25 )) ncu --csv --page raw --print-units base --clock-control none \
    --metrics "$M" --kernel-name-base demangled -k "regex:$4" --launch-skip 0 --launch-count 4 \
    $B/perf/seis-bench --physics $2 --sizes 512 --strategies $3 --warmup 1 --repeats 1 --stream-bytes 1048576 --compare-native \
    > $R/ncu-$1.csv 2> $R/ncu-$1.log
  log "ncu $1 rc=$?"
}
ncu_run feat tti st_reg_feat:32x8@300 "FeatureStreaming|feature_streaming"
ncu_run gmem tti gmem_3d:64x2x2 "Gmem3d|gmem_3d"
ncu_run sw iso sliding_window:32x8@128 "SlidingWindow|sliding_window"
SEIS_KOKKOS_SW_COLUMN=fresh ncu_run swfresh iso sliding_window:32x8@128 "SlidingWindow"
SEIS_NATIVE_FEATURE_RING=constant ncu_run featring tti st_reg_feat:32x8@300 "feature_streaming"
SEIS_KOKKOS_SW_COLUMN=pinned ncu_run swpin iso sliding_window:32x8@128 "SlidingWindow"
M="$M" python3 - $R <<'PY' > $R/ncu.txt
import csv, sys, glob, os
want = os.environ["M"].split(",")
short = lambda k: k.replace("smsp__average_warps_issue_stalled_", "stall_").replace("_per_issue_active.ratio", "").replace("launch__", "").replace(".sum", "").replace(".pct", "%")
for f in sorted(glob.glob(sys.argv[1] + "/ncu-*.csv")):
    try: rows = [r for r in csv.reader(open(f)) if len(r) > 5]
    except OSError: rows = []
    if len(rows) < 3: print(os.path.basename(f), "no rows"); continue
    head = rows[0]
    for r in rows[2:]:
        d = dict(zip(head, r)); name = d.get("Kernel Name", "")
        side = "native" if "native" in name else "kokkos"
        print(os.path.basename(f)[4:-4], side, " ".join(f"{short(k)}={d.get(k, '-')}" for k in want))
PY

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
tar -C /tmp -czf $O/all.tgz parity8-r1
cp $R/log.txt $O/log.txt
# Summary (stdout tail and summary.txt): per strategy and setting, ratio rounds 1/2 (Kokkos|twin ms of round 1).
python3 - "$R" <<'PY' | tee $O/summary.txt
import json, glob, os, collections
R = "/tmp/parity8-r1"
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
    for s in ("base", "pin", "fresh", "ring", "grid3d"):
        if s not in d: continue
        rs = [d[s][i] for i in ("1", "2") if i in d[s]]
        cells.append(f"{s} " + "/".join(f"{a/b:.3f}" if b else "-" for a, b, _ in rs) + " (" + " ".join(f"{a:.2f}|{b:.2f}" for a, b, _ in rs) + ")")
    l2 = sorted({str(x[2]) for s in d.values() for x in s.values()})
    print(f"{grp} {k:24s} " + "  ".join(cells) + f"  relL2 {','.join(l2)}")
PY
cut -c1-400 $R/ncu.txt | sed -E 's/smsp__//g' | tee -a $O/summary.txt
grep -E "native check|seis_tests" $R/log.txt | cut -c1-200
grep -E "rc=" $R/log.txt | grep -v "rc=0" | head -6
log "done (all.tgz: $(du -k $O/all.tgz | cut -f1) KiB)"
