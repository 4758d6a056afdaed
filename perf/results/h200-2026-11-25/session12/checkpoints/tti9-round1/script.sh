#!/usr/bin/env bash
# tti9 checkpoint 1 (branch tti9 1c337af; issue 10: TTI st_reg_feat latency), one H200, branch tti9 merged.
# NO BUILD: assumes .deps/dev.sh built seis-bench, seis_native_cuda_check, seis_tests_strategies and app/seis
# into build/cuda. Results under $OUT/tti9/ (summary.txt, log.txt, all.tgz).   bash .deps/tti9-gpu.sh   (<= 120 s)
#
# Forms of st_reg_feat (Kokkos body and native twin alike, picked at run time; TTI only). A Kokkos CUDA team has
# at most 40936 B of scratch (48 KiB less Kokkos' reduce space); main's form uses 33280 B at 32x8:
#   A  default (main's): prev level + model (7 floats) loaded into registers at the top of their plane; the
#      incoming plane z+R+1 loaded into a register queue, stored into the scratch ring at z+E.
#   B  SEIS_FEAT_POINT=scratch: the model values coeffs() reads first (its coefficient inputs, TTI n_x, n_y)
#      copied with cp.async into scratch one plane ahead (with the next halo) and read from there; the other
#      5 floats load as before (used at the end of the plane). 38400 B at 32x8.
#   C  SEIS_FEAT_VALUES=scratch: the tile interior of plane z+R+1 copied with cp.async into the ring (6 planes
#      instead of 5; queues and unrolled loop 12 instead of 10), no value queue in registers. 38400 B at 32x8.
#   D  C at 3 teams an SM (LaunchBudget::features_three_teams: 80 registers; spills ~15 LDL + 5 STL a plane).
#   E  C with the halo and interior copied two planes ahead (SEIS_FEAT_LEAD=2; ring 7 planes, loop 14): the
#      barrier waits for the older cp.async group only. 43520 B at 32x8: too much for a Kokkos team there
#      (that row fails by design), so E is timed at 32x4@300 (32000 B) against A, B, C there.
#   F  SEIS_FEAT_SUM_FIRST=1: main's form with the off-centre planes summed before coeffs() reads n_x, n_y
#      (more work between those loads and their first use; the same sums in the same order).
#   SASS (twin, nvcc 13, sm_90): 127-128 registers, 0 spills in A, B, C, E (F: 4 B); static instructions a
#   plane of the unrolled loop A 461, B 474, C 463, D 488, E 468, F 462. Kokkos: 128 registers (D 80), 0 spills
#   between the loop's barriers (B, C, E: 8-28 B in the prologue/epilogue).
# Steps (each GPU command under timeout):
#   1. correctness: seis_native_cuda_check st_reg_feat per form (twin vs CPU reference); seis_tests_strategies
#      TTI default-space cases per form (Kokkos vs gmem_3d); app/seis run of tti-tilted-layers with each form,
#      outputs compared byte for byte with A's (the forms change no arithmetic); every bench row checks
#      Kokkos against its twin (rel_l2 0 = bitwise).
#   2. timing: TTI 900^3 st_reg_feat 32x8@300 and 32x4@300, --compare-native, warmup 2, repeats 6,
#      A B C D E F x 3 rounds (same binary, alternating: drift shows; round 3 where time is left).
#   3. ncu counters of every form at 32x8@300 (E at 32x4@300), then stall reasons of B, A, C.
# Decision: a form faster than A at @300 in every round beyond the rounds' spread (Kokkos and twin), bitwise
# and tests passing, becomes the only form; the others are removed.
R=${OUT:-/tmp/out}/tti9
mkdir -p $R/files
start=$(date +%s); LIMIT=${LIMIT:-115}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
cap() { local l=$(left); echo $(( l < $1 ? (l > 5 ? l : 5) : $1 )); }
log() { echo "$*" | tee -a $R/log.txt; }
mark() { log "$(( $(date +%s) - start )) s: $*"; }
B=build/cuda
F=$R/files
FORMS="A B C D E F"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv > $F/gpu.txt 2>&1; date -u >> $F/gpu.txt
git rev-parse HEAD >> $F/gpu.txt 2>/dev/null; git log --oneline -1 >> $F/gpu.txt 2>/dev/null
run() { echo "$*" >> $F/commands.txt; "$@"; }
form_env() { case $1 in A) echo "SEIS_FEAT_POINT=registers SEIS_FEAT_VALUES=registers" ;;
  B) echo "SEIS_FEAT_POINT=scratch SEIS_FEAT_VALUES=registers" ;; C) echo "SEIS_FEAT_POINT=registers SEIS_FEAT_VALUES=scratch" ;;
  D) echo "SEIS_FEAT_VALUES=scratch SEIS_FEAT_TEAMS=3" ;; E) echo "SEIS_FEAT_VALUES=scratch SEIS_FEAT_LEAD=2" ;;
  F) echo "SEIS_FEAT_SUM_FIRST=1" ;; esac; }
status=()

# 1. Correctness before timing.
check=$(find $B -name seis_native_cuda_check -type f | head -1)
for form in F E D C B A; do
  run env $(form_env $form) timeout $(cap 25) $check st_reg_feat > $F/native-check-$form.txt 2>&1
  rc=$?; s="native check st_reg_feat $form rc=$rc $(grep -E 'MATCH|FAIL' $F/native-check-$form.txt | tail -1)"
  log "tti9 $s"; status+=("$s")
done
mark "native checks"
T=$(find $B -name seis_tests_strategies -type f | head -1)
for form in F E D C B; do
  run env $(form_env $form) timeout $(cap 35) $T "*OnDefaultSpace<TtiPhysics*" > $F/tests-strategies-tti-$form.txt 2>&1
  rc=$?; s="seis_tests_strategies TTI default space $form rc=$rc $(grep -E 'test cases|All tests passed|No test cases' $F/tests-strategies-tti-$form.txt | tail -1)"
  log "tti9 $s"; status+=("$s")
done
mark "strategy tests"
for form in $FORMS; do
  shape=32x8@300; [ $form = E ] && shape=32x4@300
  run env $(form_env $form) timeout $(cap 30) $B/app/seis run app/scenarios/tti-tilted-layers.toml \
    --strategy st_reg_feat:$shape --steps 60 --output $F/run-$form --overwrite --no-stream > $F/run-$form.txt 2>&1
  rc=$?
  if [ $form = A ]; then s="seis run tti-tilted-layers A rc=$rc (reference)"; else
    same=0; diff=""; for f in $(cd $F/run-A && find . -type f | sort); do
      if cmp -s $F/run-A/$f $F/run-$form/$f; then same=$((same + 1)); else diff="$diff $f"; fi; done
    s="seis run tti-tilted-layers $form rc=$rc: $same files byte-equal to A's; differing:${diff:- none}"
  fi
  log "tti9 $s"; status+=("$s")
done
mark "bitwise runs"

# 2. A B C D E F x 3 (a third round only where time is left).
SHAPES=st_reg_feat:32x8@300,st_reg_feat:32x4@300
bench() {  # bench FORM ROUND
  [ $(left) -gt 40 ] || { log "tti9 bench $1$2 skipped (time)"; return; }
  run env $(form_env $1) timeout $(cap 30) $B/perf/seis-bench --physics tti --sizes 900 --compare-native \
    --strategies $SHAPES --warmup 2 --repeats 6 --stream-bytes 1048576 --json $F/bench-tti-900-$1$2.json > $F/bench-tti-900-$1$2.txt 2>&1
  local rc=$?; log "tti9 bench tti 900 ($1$2: $(form_env $1)) rc=$rc"
  grep -E "^tti +st_reg_feat" $F/bench-tti-900-$1$2.txt | tee -a $R/log.txt
  mark "bench $1$2"
}
for round in 1 2 3; do for form in $FORMS; do bench $form $round; done; done

# 3. ncu: counters of every form (E at 32x4@300, the others at 32x8@300), then the stall reasons of B, A, C.
for form in F E D C B A; do
  shape=32x8@300; [ $form = E ] && shape=32x4@300
  [ $(left) -gt 20 ] || { log "tti9 ncu $form skipped (time)"; continue; }
  run env $(form_env $form) timeout $(cap 30) perf/ncu_strategies.sh $B/perf $F/ncu-$form tti 900 \
    st_reg_feat:$shape > $F/ncu-$form.txt 2>&1
  log "tti9 ncu $form rc=$?"; cat $F/ncu-$form.txt >> $R/log.txt
  mark "ncu $form"
done
STALLS=$(for r in barrier long_scoreboard short_scoreboard wait math_pipe_throttle mio_throttle lg_throttle not_selected \
  selected dispatch_stall no_instruction branch_resolving membar sleeping drain misc tex_throttle imc_miss; do
  printf 'smsp__average_warps_issue_stalled_%s_per_issue_active.ratio,' $r; done | sed 's/,$//')
for form in B A C; do
  [ $(left) -gt 12 ] || { log "tti9 ncu stalls $form skipped (time)"; continue; }
  run env $(form_env $form) timeout $(cap 30) ncu --section WarpStateStats --section SchedulerStats --section Occupancy --metrics $STALLS \
    --clock-control none --kernel-name-base mangled -k 'regex:FeatureStreamingBody' --launch-skip 1 --launch-count 1 \
    $B/perf/seis-bench --physics tti --sizes 900 --strategies st_reg_feat:32x8@300 --warmup 1 --repeats 1 \
    --stream-bytes 1048576 > $F/ncu-stalls-$form.txt 2>&1
  log "tti9 ncu stalls $form rc=$?"
  grep -E "stalled_(barrier|long_scoreboard|short_scoreboard|wait|mio_throttle|lg_throttle|not_selected|selected)_|Issued Warp|No Eligible|Active Warps|Eligible Warps|Achieved Occupancy|Theoretical Occupancy|Block Limit|==ERROR" \
    $F/ncu-stalls-$form.txt | sed "s/^/  $form /" | tee -a $R/log.txt | head -30
  mark "ncu stalls $form"
done

# Summary: ms/step per shape and run (Kokkos; twin in brackets), X/A, ncu, checks.
python3 - $F "$FORMS" <<'PY' | tee $R/summary.txt
import glob, json, os, re, sys
F, forms = sys.argv[1], sys.argv[2].split()
rounds = "123"
runs = [f + r for r in rounds for f in forms]
table = {}
for tag in runs:
    p = os.path.join(F, f"bench-tti-900-{tag}.json")
    if not os.path.exists(p): continue
    try:
        for row in json.load(open(p)).get("results", []):
            if row.get("strategy") == "st_reg_feat" and row.get("status") in (None, "ok"):
                table.setdefault(row["shape"], {})[tag] = (row["median_ms"], row.get("native", {}).get("median_ms", float("nan")))
    except (ValueError, OSError, KeyError):
        pass
print("tti9 summary: TTI 900^3 st_reg_feat ms/step, Kokkos (twin); A main, B coefficient inputs ahead, C values ahead, D C at 3 teams, E C two planes ahead (32x4 only), F sums before coeffs")
for shape, d in table.items():
    print(shape)
    for f in forms:
        cells = "".join("%18s" % ("%.3f (%.3f)" % d[f + r] if f + r in d else "-") for r in rounds)
        def mean(g, i):
            v = [d[g + r][i] for r in rounds if g + r in d]
            return sum(v) / len(v) if v else None
        ratio = ["%.3f" % (mean(f, i) / mean("A", i)) if mean("A", i) and mean(f, i) else "-" for i in (0, 1)]
        print("  %s %s   /A %s (twin %s)" % (f, cells, ratio[0], ratio[1]))
for f in forms:
    rel, bad = [], []
    for r in rounds:
        p = os.path.join(F, f"bench-tti-900-{f}{r}.json")
        if not os.path.exists(p): continue
        try:
            for row in json.load(open(p)).get("results", []):
                if row.get("status") not in (None, "ok"): bad.append(f"{row.get('shape')}: {row.get('status')[:80]}"); continue
                rel.append(row.get("native", {}).get("rel_l2_vs_kokkos", float("nan")))
        except (ValueError, OSError) as e:
            bad.append(str(e))
    if rel or bad: print(f"form {f}: Kokkos vs twin rel_l2 max {max(rel) if rel else 'n/a'} over {len(rel)} rows" + (f"; status {bad}" if bad else ""))
for form in forms:
    p = os.path.join(F, f"ncu-{form}", "ncu-tti-900.csv")
    if os.path.exists(p):
        rows = open(p).read().split("\n")
        if len(rows) > 1 and rows[1]: print(f"ncu {form}: " + rows[0] + " = " + rows[1])
    for raw in glob.glob(os.path.join(F, f"ncu-{form}", "*.raw.csv")):  # which form ran (the template arguments)
        m = re.search(r"FeatureStreamingBodyINS3_10TtiPhysicsIfEES5_Li32E(Lb[01]E)(Lb[01]E)(LNS3_12LaunchBudgetE\d+E)(Li\d+E)", open(raw).read())
        if m: print(f"ncu {form}: kernel FeatureStreamingBody<TtiPhysics, ..., 32, PointAhead {m.group(1)}, ValuesAhead {m.group(2)}, {m.group(3)}, Lead {m.group(4)}>")
for form in forms:
    p = os.path.join(F, f"ncu-stalls-{form}.txt")
    if not os.path.exists(p): continue
    vals = {}
    for line in open(p):
        m = re.search(r"stalled_(\w+?)_per_issue_active\.ratio\s+\S*\s+([\d.]+)", line)
        if m: vals[m.group(1)] = float(m.group(2))
    if vals:
        top = sorted(vals.items(), key=lambda kv: -kv[1])[:6]
        print(f"stalls {form} (cycles per issued instruction): " + ", ".join(f"{k} {v:.2f}" for k, v in top))
PY
for s in "${status[@]}"; do echo "tti9 check: $s" | tee -a $R/summary.txt; done
echo "tti9 done in $(( $(date +%s) - start )) s" | tee -a $R/summary.txt
tar -czf $R/all.tgz -C $R files && rm -rf $F
