# parity10, GPU checkpoint round 2 (issue 10: every Kokkos strategy within 3 % of its native twin).
# NO BUILD: assumes `.deps/dev.sh` built every target into build/cuda from the integration tree holding branch
# parity10. About 60 s. Files: $OUT/parity10/{log.txt,summary.txt,all.tgz}; the stdout tail is the summary.
#   bash .deps/parity10-gpu2.sh
# Round 1 (H200, A B A B): Kokkos iso sliding_window:32x8@128 with its column from lanes (the team launched as a
#   32 x 8 block) 1.020/1.020 (13.11 ms) against 1.035 split from the rank -> now the only form for one field where
#   the shape allows; TTI lanes no faster (0.996 against 0.994) -> TTI held. gmem_3d as a Kokkos MDRangePolicy
#   slower than the team launch (iso 1024^3 9.98 against 9.41 ms) -> removed, main's gmem_3d on both sides.
# Round 2: no A/B; the final forms, two rounds: the rows concerned (iso 1024^3 sliding_window 32x8@128 and the
#   default 64x4@128, TTI 900^3 sliding_window 32x8@128, gmem_3d iso 1024^3/512^3 and TTI 900^3/512^3), then every
#   strategy once at the parity table's shapes (iso 1024^3, TTI 900^3: tiled_strategy.hpp changed every team launch's
#   host side), then ncu of iso 512^3 sliding_window 32x8@128 (instructions, local loads, stalls), both sides.
O=${OUT:-/tmp/out}/parity10; R=/tmp/parity10-r2; rm -rf $R
mkdir -p $R $O
start=$(date +%s); LIMIT=${LIMIT:-97}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,power.draw --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null; git log --oneline -6 >> $R/gpu.txt 2>/dev/null
log() { echo "parity10 $* t=$(( $(date +%s) - start ))" | tee -a $R/log.txt; }
run() { echo "$*" >> $R/commands.txt; "$@"; }

# 1. Correctness first: every twin against its Kokkos strategy, the Kokkos strategies against gmem_3d.
run timeout 40 $B/perf/native/seis_native_cuda_check > $R/check.txt 2>&1
log "native check rc=$? $(tail -1 $R/check.txt)"
gtest() {  # gtest BINARY CAP NAME
  local t=$(( $(left) - 60 )); [ $t -gt $2 ] && t=$2
  [ $t -gt 4 ] || { log "skip test (time): $3"; return; }
  run timeout $t $B/tests/$1 -d yes "$3" >> $R/check.txt 2>&1
  log "$1 rc=$? (124 = its ${t} s timeout): $3"
}
AG="every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace"
gtest seis_tests_strategies 15 "$AG<IsoPhysics<float>>"
gtest seis_tests_strategies 15 "$AG<TtiPhysics<float>>"
gtest seis_tests_strategies 8 "strategies leave every point outside their box untouched - seis::test::OnDefaultSpace<IsoPhysics<float>>"

# 2. Paired timing (seis-bench --compare-native: Kokkos and twin in turns, median), the final forms, two rounds.
bench() {  # bench NAME TIMEOUT ARGS...
  local name=$1 t=$2; shift 2
  [ $(left) -gt $(( t / 2 + ${RES:-8} )) ] || { log "skip $name (time)"; return; }
  echo "$name:" >> $R/commands.txt
  run timeout $t $B/perf/seis-bench --warmup 2 --repeats ${REPS:-6} --stream-bytes 1048576 --compare-native --json $R/$name.json "$@" > $R/$name.txt 2>&1
  log "$name rc=$?"
}
for i in 1 2; do
  RES=35 bench sw-final-$i 20 --physics iso --sizes 1024 --strategies sliding_window:32x8@128,sliding_window:64x4@128
  RES=35 bench ttisw-final-$i 15 --physics tti --sizes 900 --strategies sliding_window:32x8@128
  RES=35 bench gmem-final-$i 30 --physics iso --sizes 1024,512 --strategies gmem_3d:32x4x4
  RES=35 bench tgmem-final-$i 30 --physics tti --sizes 900,512 --strategies gmem_3d:64x2x2
done
# Every strategy, the parity table's lists (perf/results/h200-2026-11-25/session12/bench/commands.txt).
REPS=3 RES=14 bench all-iso-1 30 --physics iso --sizes 1024 --strategies st_reg_vec:32x8@128,st_reg_feat:32x8@128,st_reg_fixed:32x8@128,gmem_3d:32x4x4,semi_b_a:32x16,semi_2z:32x8@128,semi_b:32x16@128,swic:32x8@128,st_reg_shift:32x8@64,semi_25d:32x16@128,sliding_window:32x8@128,smem_3d:16x8x2
REPS=3 RES=14 bench all-tti-1 40 --physics tti --sizes 900 --strategies st_reg_feat:32x8@300,st_reg_feat:32x8@128,st_reg_vec:32x8,st_reg_shift:32x8@64,st_reg_fixed:32x8@128,semi_25d:32x16@128,semi_2z:32x8@128,semi_b_a:16x16@128,semi_b:16x16@128,gmem_3d:64x2x2,sliding_window:32x8@128,swic:16x8@8,smem_3d:16x8x2

# 3. ncu, iso 512^3 sliding_window:32x8@128, both sides (launches of the matched kernels: Kokkos timing, check step,
#    then the paired steps).
M=gpu__time_duration.sum,smsp__inst_executed.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,launch__shared_mem_per_block_dynamic,smsp__inst_executed_op_local_ld.sum,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,l1tex__t_sector_hit_rate.pct
[ $(left) -gt 12 ] && { run timeout $(( $(left) - 5 < 20 ? $(left) - 5 : 20 )) ncu --csv --page raw --print-units base --clock-control none \
    --metrics "$M" --kernel-name-base demangled -k "regex:SlidingWindow|sliding_window" --launch-skip 0 --launch-count 5 \
    $B/perf/seis-bench --physics iso --sizes 512 --strategies sliding_window:32x8@128 --warmup 1 --repeats 1 --stream-bytes 1048576 --compare-native \
    > $R/ncu-sw-final.csv 2> $R/ncu-sw-final.log; log "ncu sw rc=$?"; }

M="$M" python3 - $R <<'PY' > $R/ncu.txt
import csv, sys, glob, os
want = list(dict.fromkeys(os.environ["M"].split(",")))
short = lambda k: k.replace("smsp__average_warps_issue_stalled_", "stall_").replace("_per_issue_active.ratio", "").replace("launch__", "").replace(".sum", "").replace(".pct", "%").replace("lts__t_sectors_srcunit_tex_op_read_lookup_miss", "l2_read_miss").replace("sm__warps_active.avg.pct_of_peak_sustained_active", "warps_active%")
for f in sorted(glob.glob(sys.argv[1] + "/ncu-*.csv")):
    try: rows = [r for r in csv.reader(open(f)) if len(r) > 5]
    except OSError: rows = []
    if len(rows) < 3: print(os.path.basename(f), "no rows"); continue
    head = rows[0]
    for r in rows[2:]:
        d = dict(zip(head, r)); name = d.get("Kernel Name", "")
        side = "native" if "native" in name else "kokkos"
        print(os.path.basename(f)[4:-4], side, " ".join(f"{short(k)}={d[k]}" for k in want if k in d))
PY

tar -C /tmp -czf $O/all.tgz parity10-r2
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
