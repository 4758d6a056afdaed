# parity9, GPU checkpoint round 1 (issue 10: every Kokkos strategy within 3 % of its native twin; two cleanups).
# NO BUILD: assumes `.deps/dev.sh` built every target into build/cuda from the integration tree holding branch
# parity9. About 100 s. Files: $OUT/parity9/{log.txt,summary.txt,all.tgz}; the stdout tail is the summary.
#   bash .deps/parity9-gpu.sh
# Changes under test:
#   cleanups (always on): the twins' opt-in above 48 KiB of dynamic shared memory set in the per-kernel carveout
#     memo (only when the launch shape changes), not on every launch; SEIS_NATIVE_FEATURE_GRID and the st_reg_feat
#     twin's 3D-grid form removed. Check: correctness, ratios as session 11.
#   gmem_3d: the Kokkos and twin plane loops are the same PTX, but ptxas schedules them differently (nvcc 13
#     sm_90, static count of loads in flight along a thread's path, TTI: Kokkos 4.69, twin 5.37; iso: Kokkos
#     fresh 5.53, twin plain 5.98). Kokkos forms, SEIS_KOKKOS_GMEM=: plain (iso 6.09, 181 inst as the twin;
#     TTI 56 regs), plain_bounded (launch bounds (512, 3): TTI 40 regs, 5.61, 747 inst), fresh_constant (the
#     functor in constant memory, HeavyWeightLaunch: TTI 40 regs 5.05, 696 inst; iso 6.22), plain_constant
#     (iso 6.31). Twin forms, SEIS_NATIVE_GMEM=team-plain-bounded|team-fresh-bounded (bounds (512, 3): TTI fresh
#     7.07 in flight, 711 inst; plain 7.60, 785). Default: main's forms. Both sides in one run, A B C D A B C D:
#     TTI 900^3: default | K plain_bounded + N team-plain-bounded | K fresh_constant + N team-fresh-bounded |
#     default with the twin asking Kokkos' team-reduce bytes of shared memory (SEIS_NATIVE_SHARED_PAD=kokkos,
#     diagnostic). Iso 512^3: default | K plain | K fresh_constant | K plain_constant; 1024^3: default | K plain.
#   A/B SEIS_KOKKOS_SW_COLUMN=fresh_compute: Kokkos iso sliding_window's column held in the pass ahead of the
#     barrier and re-split (fresh) in the pass after it (z loop 529 inst, 11 spill loads a plane, against fresh
#     552/8, held 502/14, the twin 502/12; last session fresh 1.032, held 1.046, fresh before the barrier only
#     1.046). Default fresh (main's form).
#   ncu of TTI gmem_3d 512^3, both sides: warps launched, grid/block, DRAM read/write, L2 sectors/misses, and the
#     per-SASS-instruction source counters (executed instructions, stall samples) to explain Kokkos' 5 % fewer
#     instructions but more long-scoreboard stalls.
O=${OUT:-/tmp/out}/parity9; R=/tmp/parity9-r1; rm -rf $R
mkdir -p $R $O
start=$(date +%s); LIMIT=${LIMIT:-115}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,power.draw --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null; git log --oneline -6 >> $R/gpu.txt 2>/dev/null
log() { echo "parity9 $* t=$(( $(date +%s) - start ))" | tee -a $R/log.txt; }
run() { echo "$*" >> $R/commands.txt; "$@"; }

# 1. Correctness first: every twin against its Kokkos strategy (default forms, then the A/B forms), the Kokkos
#    strategies against gmem_3d.
run timeout 40 $B/perf/native/seis_native_cuda_check > $R/check.txt 2>&1
log "native check rc=$? $(tail -1 $R/check.txt)"
for g in plain fresh_constant plain_constant plain_bounded; do
  SEIS_KOKKOS_GMEM=$g run timeout 15 $B/perf/native/seis_native_cuda_check gmem_3d >> $R/check.txt 2>&1
  log "native check gmem_3d KOKKOS_GMEM=$g rc=$? $(tail -1 $R/check.txt)"
done
for g in team-plain-bounded team-fresh-bounded; do
  SEIS_NATIVE_GMEM=$g run timeout 15 $B/perf/native/seis_native_cuda_check gmem_3d >> $R/check.txt 2>&1
  log "native check gmem_3d NATIVE_GMEM=$g rc=$? $(tail -1 $R/check.txt)"
done
for c in fresh_compute; do
  SEIS_KOKKOS_SW_COLUMN=$c run timeout 15 $B/perf/native/seis_native_cuda_check sliding_window >> $R/check.txt 2>&1
  log "native check sliding_window SW_COLUMN=$c rc=$? $(tail -1 $R/check.txt)"
done
gtest() {  # gtest BINARY CAP NAME   (environment: the setting)
  local t=$(( $(left) - 75 )); [ $t -gt $2 ] && t=$2
  [ $t -gt 4 ] || { log "skip test (time): $3"; return; }
  echo "SEIS_KOKKOS_SW_COLUMN=${SEIS_KOKKOS_SW_COLUMN:-} SEIS_KOKKOS_GMEM=${SEIS_KOKKOS_GMEM:-}" >> $R/commands.txt
  run timeout $t $B/tests/$1 -d yes "$3" >> $R/check.txt 2>&1
  log "$1 rc=$? (124 = its ${t} s timeout) SW_COLUMN=${SEIS_KOKKOS_SW_COLUMN:-} GMEM=${SEIS_KOKKOS_GMEM:-}: $3"
}
AG="every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace"
gtest seis_tests_strategies 15 "$AG<IsoPhysics<float>>"
gtest seis_tests_strategies 15 "$AG<TtiPhysics<float>>"
gtest seis_tests_strategies 8 "strategies leave every point outside their box untouched - seis::test::OnDefaultSpace<IsoPhysics<float>>"
SEIS_KOKKOS_SW_COLUMN=fresh_compute gtest seis_tests_strategies 15 "$AG<IsoPhysics<float>>"
SEIS_KOKKOS_GMEM=plain gtest seis_tests_strategies 15 "$AG<IsoPhysics<float>>"
SEIS_KOKKOS_GMEM=fresh_constant gtest seis_tests_strategies 15 "$AG<IsoPhysics<float>>"
SEIS_KOKKOS_GMEM=fresh_constant gtest seis_tests_strategies 15 "$AG<TtiPhysics<float>>"
SEIS_KOKKOS_GMEM=plain_bounded gtest seis_tests_strategies 15 "$AG<TtiPhysics<float>>"

# 2. Paired timing (seis-bench --compare-native: Kokkos and twin in turns, median), A B C A B C.
bench() {  # bench NAME TIMEOUT ARGS...   (environment: the setting)
  local name=$1 t=$2; shift 2
  [ $(left) -gt $(( t / 2 + ${RES:-8} )) ] || { log "skip $name (time)"; return; }
  echo "$name: SEIS_KOKKOS_SW_COLUMN=${SEIS_KOKKOS_SW_COLUMN:-} SEIS_KOKKOS_GMEM=${SEIS_KOKKOS_GMEM:-} SEIS_NATIVE_GMEM=${SEIS_NATIVE_GMEM:-} SEIS_NATIVE_SHARED_PAD=${SEIS_NATIVE_SHARED_PAD:-}" >> $R/commands.txt
  run timeout $t $B/perf/seis-bench --warmup 2 --repeats ${REPS:-6} --stream-bytes 1048576 --compare-native --json $R/$name.json "$@" > $R/$name.txt 2>&1
  log "$name rc=$?"
}
ISW="--physics iso --sizes 1024 --strategies sliding_window:32x8@128"
IGM="--physics iso --sizes 1024 --strategies gmem_3d:32x4x4"
IG5="--physics iso --sizes 512 --strategies gmem_3d:32x4x4"
TGM="--physics tti --sizes 900 --strategies gmem_3d:64x2x2"
for i in 1 2; do
  RES=40 bench ttigmem-fresh-$i 15 $TGM
  SEIS_KOKKOS_GMEM=plain_bounded SEIS_NATIVE_GMEM=team-plain-bounded RES=40 bench ttigmem-pbounded-$i 15 $TGM
  SEIS_KOKKOS_GMEM=fresh_constant SEIS_NATIVE_GMEM=team-fresh-bounded RES=40 bench ttigmem-constKfbN-$i 15 $TGM
  SEIS_NATIVE_SHARED_PAD=kokkos RES=40 bench ttigmem-pad-$i 15 $TGM
  RES=40 bench isosw-fresh-$i 12 $ISW
  SEIS_KOKKOS_SW_COLUMN=fresh_compute RES=40 bench isosw-freshcompute-$i 12 $ISW
  for g in fresh plain fresh_constant plain_constant; do
    SEIS_KOKKOS_GMEM=$g REPS=10 RES=40 bench iso512gmem-${g/_/}-$i 10 $IG5
  done
  for g in fresh plain; do
    SEIS_KOKKOS_GMEM=$g RES=40 bench isogmem-$g-$i 12 $IGM
  done
done

# 3. ncu, TTI gmem_3d 512^3, both sides (every launch of the matched kernels: warm-up and timed step of each side).
M=gpu__time_duration.sum,smsp__inst_executed.sum,smsp__warps_launched.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,launch__shared_mem_per_block_dynamic,launch__shared_mem_config_size,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct
[ $(left) -gt 14 ] && { run timeout $(( $(left) - 8 < 20 ? $(left) - 8 : 20 )) ncu --csv --page raw --print-units base --clock-control none \
    --metrics "$M" --kernel-name-base demangled -k "regex:Gmem3d|gmem_3d" --launch-skip 0 --launch-count 4 \
    $B/perf/seis-bench --physics tti --sizes 512 --strategies gmem_3d:64x2x2 --warmup 1 --repeats 1 --stream-bytes 1048576 --compare-native \
    > $R/ncu-gmem.csv 2> $R/ncu-gmem.log; log "ncu gmem rc=$?"; }
# Source counters: one launch of each side (Kokkos' first, the twin's first), exported per SASS instruction.
[ $(left) -gt 16 ] && { run timeout $(( $(left) - 8 < 30 ? $(left) - 8 : 30 )) ncu -f -o $R/gmem-src --kernel-name-base demangled --set none --section SourceCounters --section WarpStateStats \
    --clock-control none -k "regex:Gmem3d.*Tti|gmem_3d_team_kernel.*Tti" --launch-skip 0 --launch-count 2 \
    $B/perf/seis-bench --physics tti --sizes 512 --strategies gmem_3d:64x2x2 --warmup 1 --repeats 1 --stream-bytes 1048576 --compare-native \
    > $R/ncu-src.log 2>&1; log "ncu source rc=$?"
  timeout 10 ncu -i $R/gmem-src.ncu-rep --page source --csv --print-source sass > $R/ncu-src-sass.csv 2>> $R/ncu-src.log; log "ncu source export rc=$?"
  timeout 5 ncu -i $R/gmem-src.ncu-rep --page details --csv > $R/ncu-src-details.csv 2>> $R/ncu-src.log; }

# If time is left: iso 512^3 sliding_window, Kokkos fresh and fresh_compute and the twin (local loads, stalls).
MS=gpu__time_duration.sum,smsp__inst_executed.sum,smsp__inst_executed_op_local_ld.sum,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,l1tex__t_sector_hit_rate.pct
for c in fresh fresh_compute; do
  [ $(left) -gt 10 ] || { log "skip ncu sw $c (time)"; continue; }
  SEIS_KOKKOS_SW_COLUMN=$c run timeout $(( $(left) - 4 < 12 ? $(left) - 4 : 12 )) ncu --csv --page raw --print-units base --clock-control none \
    --metrics "$MS" --kernel-name-base demangled -k "regex:SlidingWindow|sliding_window" --launch-skip 0 --launch-count 3 \
    $B/perf/seis-bench --physics iso --sizes 512 --strategies sliding_window:32x8@128 --warmup 1 --repeats 1 --stream-bytes 1048576 --compare-native \
    > $R/ncu-sw-$c.csv 2> $R/ncu-sw-$c.log; log "ncu sw $c rc=$?"
done

M="$M,$MS" python3 - $R <<'PY' > $R/ncu.txt
import csv, sys, glob, os
want = list(dict.fromkeys(os.environ["M"].split(",")))
short = lambda k: k.replace("smsp__average_warps_issue_stalled_", "stall_").replace("_per_issue_active.ratio", "").replace("launch__", "").replace(".sum", "").replace(".pct", "%")
for f in sorted(glob.glob(sys.argv[1] + "/ncu-gmem.csv") + glob.glob(sys.argv[1] + "/ncu-sw-*.csv")):
    try: rows = [r for r in csv.reader(open(f)) if len(r) > 5]
    except OSError: rows = []
    if len(rows) < 3: print(os.path.basename(f), "no rows"); continue
    head = rows[0]
    for r in rows[2:]:
        d = dict(zip(head, r)); name = d.get("Kernel Name", "")
        side = "native" if "native" in name else "kokkos"
        print(os.path.basename(f)[4:-4], side, " ".join(f"{short(k)}={d[k]}" for k in want if k in d))
PY
tar -C /tmp -czf $O/all.tgz parity9-r1
cp $R/log.txt $O/log.txt
# Summary (stdout tail and summary.txt): per group and setting, Kokkos/twin ratio rounds 1/2 (Kokkos|twin ms).
python3 - "$R" <<'PY' | tee $O/summary.txt
import json, glob, os, collections, sys
R = sys.argv[1]
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
        cells.append(f"{s} " + "/".join(f"{a/b:.3f}" if b else "-" for a, b, _ in rs) + " (" + " ".join(f"{a:.3f}|{b:.3f}" for a, b, _ in rs) + ")" + miss)
    l2 = sorted({str(x[2]) for s in d.values() for x in s.values()})
    print(f"{grp} {k:24s} " + "  ".join(cells) + f"  relL2 {','.join(l2)}")
PY
cut -c1-700 $R/ncu.txt | sed -E 's/smsp__//g' | tee -a $O/summary.txt
grep -E "native check|seis_tests" $R/log.txt | cut -c1-200
grep -E "rc=" $R/log.txt | grep -v "rc=0" | head -6
log "done (all.tgz: $(du -k $O/all.tgz | cut -f1) KiB)"
