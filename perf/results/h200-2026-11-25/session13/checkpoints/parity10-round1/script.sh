# parity10, GPU checkpoint round 1 (issue 10: every Kokkos strategy within 3 % of its native twin).
# NO BUILD: assumes `.deps/dev.sh` built every target into build/cuda from the integration tree holding branch
# parity10. About 80 s. Files: $OUT/parity10/{log.txt,summary.txt,all.tgz}; the stdout tail is the summary.
#   bash .deps/parity10-gpu.sh
# gmem_3d A/B (both sides in one run, A B A B):
#   A = main's forms: SEIS_KOKKOS_GMEM=team (Kokkos TeamPolicy, 1D grid, rank split) + SEIS_NATIVE_GMEM=team
#       (the twin launched the same way).
#   B = the new defaults: Kokkos MDRangePolicy (3D grid of tiles, 3D blocks, no split, no team-reduce shared
#       memory, the thread ended after its point) + the twin's 3D-grid kernel (gmem_3d_kernel), which ran faster
#       than its team form before (iso 1024^3 9.16 against 9.37 ms, 512^3 0.920 against 0.991).
#   Rows: iso 1024^3 and 512^3 gmem_3d:32x4x4, TTI 900^3 and 512^3 gmem_3d:64x2x2.
# sliding_window A/B (A B A B): A = main's form; B = SEIS_KOKKOS_SW_LANES=1: the Kokkos team launched in lanes of a
#   tile row (vector length = the shape's threads along x: a 32 x 8 block, as the twin's 2D block), the thread's
#   column its lane and row (threadIdx.x/y, read where used) instead of a split of its rank. nvcc 13 sm_90, iso z
#   loop: main (fresh) 552 instructions, 8 spill loads a plane; lanes 518, 11; the twin 502, 12. Rows: iso 1024^3
#   and TTI 900^3 sliding_window:32x8@128 (the twin unchanged).
# Then ncu of TTI 512^3 gmem_3d, both forms, both sides.
O=${OUT:-/tmp/out}/parity10; R=/tmp/parity10-r1; rm -rf $R
mkdir -p $R $O
start=$(date +%s); LIMIT=${LIMIT:-115}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,power.draw --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null; git log --oneline -6 >> $R/gpu.txt 2>/dev/null
log() { echo "parity10 $* t=$(( $(date +%s) - start ))" | tee -a $R/log.txt; }
run() { echo "$*" >> $R/commands.txt; "$@"; }

# 1. Correctness first: every twin against its Kokkos strategy (defaults, then gmem_3d's team forms), the Kokkos
#    strategies against gmem_3d (the test reference is the MDRange form; with SEIS_KOKKOS_GMEM=team the strategy
#    under test "gmem_3d" is the team form, checked against it).
run timeout 40 $B/perf/native/seis_native_cuda_check > $R/check.txt 2>&1
log "native check rc=$? $(tail -1 $R/check.txt)"
SEIS_KOKKOS_GMEM=team SEIS_NATIVE_GMEM=team run timeout 15 $B/perf/native/seis_native_cuda_check gmem_3d >> $R/check.txt 2>&1
log "native check gmem_3d GMEM=team rc=$? $(tail -1 $R/check.txt)"
gtest() {  # gtest BINARY CAP NAME   (environment: the setting)
  local t=$(( $(left) - 75 )); [ $t -gt $2 ] && t=$2
  [ $t -gt 4 ] || { log "skip test (time): $3"; return; }
  echo "SEIS_KOKKOS_GMEM=${SEIS_KOKKOS_GMEM:-} SEIS_KOKKOS_SW_LANES=${SEIS_KOKKOS_SW_LANES:-}" >> $R/commands.txt
  run timeout $t $B/tests/$1 -d yes "$3" >> $R/check.txt 2>&1
  log "$1 rc=$? (124 = its ${t} s timeout) GMEM=${SEIS_KOKKOS_GMEM:-} SW_LANES=${SEIS_KOKKOS_SW_LANES:-}: $3"
}
AG="every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace"
gtest seis_tests_strategies 15 "$AG<IsoPhysics<float>>"
gtest seis_tests_strategies 15 "$AG<TtiPhysics<float>>"
gtest seis_tests_strategies 8 "strategies leave every point outside their box untouched - seis::test::OnDefaultSpace<IsoPhysics<float>>"
SEIS_KOKKOS_GMEM=team gtest seis_tests_strategies 12 "$AG<IsoPhysics<float>>"
SEIS_KOKKOS_GMEM=team gtest seis_tests_strategies 12 "$AG<TtiPhysics<float>>"
SEIS_KOKKOS_SW_LANES=1 run timeout 15 $B/perf/native/seis_native_cuda_check sliding_window >> $R/check.txt 2>&1
log "native check sliding_window SW_LANES=1 rc=$? $(tail -1 $R/check.txt)"
SEIS_KOKKOS_SW_LANES=1 gtest seis_tests_strategies 12 "$AG<IsoPhysics<float>>"
SEIS_KOKKOS_SW_LANES=1 gtest seis_tests_strategies 12 "$AG<TtiPhysics<float>>"
SEIS_KOKKOS_SW_LANES=1 gtest seis_tests_strategies 8 "strategies leave every point outside their box untouched - seis::test::OnDefaultSpace<IsoPhysics<float>>"

# 2. Paired timing (seis-bench --compare-native: Kokkos and twin in turns, median), A B A B.
bench() {  # bench NAME TIMEOUT ARGS...   (environment: the setting)
  local name=$1 t=$2; shift 2
  [ $(left) -gt $(( t / 2 + ${RES:-8} )) ] || { log "skip $name (time)"; return; }
  echo "$name: SEIS_KOKKOS_GMEM=${SEIS_KOKKOS_GMEM:-} SEIS_NATIVE_GMEM=${SEIS_NATIVE_GMEM:-} SEIS_KOKKOS_SW_LANES=${SEIS_KOKKOS_SW_LANES:-}" >> $R/commands.txt
  run timeout $t $B/perf/seis-bench --warmup 2 --repeats ${REPS:-6} --stream-bytes 1048576 --compare-native --json $R/$name.json "$@" > $R/$name.txt 2>&1
  log "$name rc=$?"
}
for i in 1 2; do
  SEIS_KOKKOS_GMEM=team SEIS_NATIVE_GMEM=team RES=30 bench gmem-team-$i 30 --physics iso --sizes 1024,512 --strategies gmem_3d:32x4x4
  RES=30 bench gmem-mdrange-$i 30 --physics iso --sizes 1024,512 --strategies gmem_3d:32x4x4
  SEIS_KOKKOS_GMEM=team SEIS_NATIVE_GMEM=team RES=30 bench tgmem-team-$i 30 --physics tti --sizes 900,512 --strategies gmem_3d:64x2x2
  RES=30 bench tgmem-mdrange-$i 30 --physics tti --sizes 900,512 --strategies gmem_3d:64x2x2
  RES=25 bench isosw-main-$i 12 --physics iso --sizes 1024 --strategies sliding_window:32x8@128
  SEIS_KOKKOS_SW_LANES=1 RES=25 bench isosw-lanes-$i 12 --physics iso --sizes 1024 --strategies sliding_window:32x8@128
  RES=25 bench ttisw-main-$i 15 --physics tti --sizes 900 --strategies sliding_window:32x8@128
  SEIS_KOKKOS_SW_LANES=1 RES=25 bench ttisw-lanes-$i 15 --physics tti --sizes 900 --strategies sliding_window:32x8@128
done

# 3. ncu, TTI gmem_3d 512^3: both forms, both sides (launches of the matched kernels: Kokkos timing, check step, then the paired steps).
M=gpu__time_duration.sum,smsp__inst_executed.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,launch__shared_mem_per_block_dynamic,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,dram__bytes_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct
for g in team mdrange; do
  [ $(left) -gt 12 ] || { log "skip ncu $g (time)"; continue; }
  e=""; [ $g = team ] && e=team
  SEIS_KOKKOS_GMEM=$e SEIS_NATIVE_GMEM=$e run timeout $(( $(left) - 5 < 20 ? $(left) - 5 : 20 )) ncu --csv --page raw --print-units base --clock-control none \
    --metrics "$M" --kernel-name-base demangled -k "regex:Gmem3d|gmem_3d" --launch-skip 0 --launch-count 5 \
    $B/perf/seis-bench --physics tti --sizes 512 --strategies gmem_3d:64x2x2 --warmup 1 --repeats 1 --stream-bytes 1048576 --compare-native \
    > $R/ncu-gmem-$g.csv 2> $R/ncu-gmem-$g.log; log "ncu gmem $g rc=$?"
done
M="$M" python3 - $R <<'PY' > $R/ncu.txt
import csv, sys, glob, os
want = list(dict.fromkeys(os.environ["M"].split(",")))
short = lambda k: k.replace("smsp__average_warps_issue_stalled_", "stall_").replace("_per_issue_active.ratio", "").replace("launch__", "").replace(".sum", "").replace(".pct", "%").replace("lts__t_sectors_srcunit_tex_op_read_lookup_miss", "l2_read_miss").replace("sm__warps_active.avg.pct_of_peak_sustained_active", "warps_active%")
for f in sorted(glob.glob(sys.argv[1] + "/ncu-gmem-*.csv")):
    try: rows = [r for r in csv.reader(open(f)) if len(r) > 5]
    except OSError: rows = []
    if len(rows) < 3: print(os.path.basename(f), "no rows"); continue
    head = rows[0]
    for r in rows[2:]:
        d = dict(zip(head, r)); name = d.get("Kernel Name", "")
        side = "native" if "native" in name else "kokkos"
        print(os.path.basename(f)[4:-4], side, " ".join(f"{short(k)}={d[k]}" for k in want if k in d))
PY

tar -C /tmp -czf $O/all.tgz parity10-r1
cp $R/log.txt $O/log.txt
# Summary (stdout tail and summary.txt): per group, row and setting, Kokkos/twin ratio rounds 1/2 (Kokkos|twin ms).
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
        key = (grp, f'{r["physics"]} {r["nx"]} {r["strategy"]}:{r["shape"]}')
        t[key].setdefault(setting, {})[rnd] = (a, b, n.get("rel_l2_vs_kokkos", "-"))
for (grp, k), d in sorted(t.items()):
    cells = []
    for s in sorted(d):
        rs = [d[s][i] for i in ("1", "2") if i in d[s]]
        miss = "" if all(b and 0.97 <= a / b <= 1.03 for a, b, _ in rs) else " MISS"
        cells.append(f"{s} " + "/".join(f"{a/b:.3f}" if b else "-" for a, b, _ in rs) + " (" + " ".join(f"{a:.3f}|{b:.3f}" for a, b, _ in rs) + ")" + miss)
    l2 = sorted({str(x[2]) for s in d.values() for x in s.values()})
    print(f"{k:36s} " + "  ".join(cells) + f"  relL2 {','.join(l2)}")
PY
cut -c1-600 $R/ncu.txt | sed -E 's/smsp__//g' | tee -a $O/summary.txt
grep -E "native check|seis_tests" $R/log.txt | cut -c1-200
grep -E "rc=" $R/log.txt | grep -v "rc=0" | head -6
log "done (all.tgz: $(du -k $O/all.tgz | cut -f1) KiB)"
