#!/usr/bin/env bash
# tti9 checkpoint 2 (branch tti9 810a6c7; issue 10: TTI st_reg_feat latency), one H200, branch tti9 merged.
# NO BUILD: assumes .deps/dev.sh built seis-bench, seis_native_cuda_check, seis_tests_strategies and app/seis
# into build/cuda. Results under $OUT/tti9/ (summary.txt, log.txt, all.tgz).   bash .deps/tti9-gpu2.sh   (<= 100 s)
#
# Round 1 (tti9-gpu1): the coefficient inputs (n_x, n_y) copied into scratch a plane ahead in a branch of
# their own after the barrier: Kokkos 1.011 of main at 32x8@300, twin 0.974 (13.52 ms, the best of all);
# long scoreboard 1.43 -> 0.52, barrier 1.63 -> 1.03 cycles an issued instruction, but 366 against 342
# instructions a point (Kokkos). The other forms lost and are removed.
# Forms of st_reg_feat now (Kokkos body and native twin alike, picked at run time; TTI only):
#   A  default (main's).
#   B  SEIS_FEAT_POINT=scratch, cheaper: the next plane's inputs copied at the top of the plane, in the block
#      that loads the point (no branch of its own), from pointers one plane on (no 64-bit offset arithmetic),
#      no last-plane test. SASS loop a plane: Kokkos 486 (main 475; round 1's form 496), twin 467 (461; 474).
# Steps: 1. correctness: native check (twin vs CPU reference) in A and B, seis_tests_strategies TTI cases in
#   B, app/seis tti-tilted-layers byte-equal in B; bench rows check Kokkos against twin (rel_l2 0 = bitwise).
#   2. timing: TTI 900^3 st_reg_feat 32x8@300, 32x8@128, 32x4@300, --compare-native, warmup 2, repeats 6,
#   A B x 4 rounds. 3. ncu counters of A and B at 32x8@300, then their stall reasons. 4. compute-sanitizer
#   memcheck and racecheck of B on perf/sanitize/tti-small.toml where time is left.
# Decision: B faster than A at 32x8@300 in every round beyond the rounds' spread, Kokkos and twin, checks
# passing: B becomes the only form; otherwise it is removed.
R=${OUT:-/tmp/out}/tti9
mkdir -p $R/files
start=$(date +%s); LIMIT=${LIMIT:-95}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
cap() { local l=$(left); echo $(( l < $1 ? (l > 5 ? l : 5) : $1 )); }
log() { echo "$*" | tee -a $R/log.txt; }
mark() { log "$(( $(date +%s) - start )) s: $*"; }
B=build/cuda
F=$R/files
FORMS="A B"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv > $F/gpu.txt 2>&1; date -u >> $F/gpu.txt
git rev-parse HEAD >> $F/gpu.txt 2>/dev/null; git log --oneline -1 >> $F/gpu.txt 2>/dev/null
run() { echo "$*" >> $F/commands.txt; "$@"; }
form_env() { case $1 in A) echo "SEIS_FEAT_POINT=registers" ;; B) echo "SEIS_FEAT_POINT=scratch" ;; esac; }
status=()

# 1. Correctness before timing.
check=$(find $B -name seis_native_cuda_check -type f | head -1)
for form in B A; do
  run env $(form_env $form) timeout $(cap 25) $check st_reg_feat > $F/native-check-$form.txt 2>&1
  rc=$?; s="native check st_reg_feat $form rc=$rc $(grep -E 'MATCH|FAIL' $F/native-check-$form.txt | tail -1)"
  log "tti9 $s"; status+=("$s")
done
mark "native checks"
T=$(find $B -name seis_tests_strategies -type f | head -1)
for form in B; do
  run env $(form_env $form) timeout $(cap 35) $T "*OnDefaultSpace<TtiPhysics*" > $F/tests-strategies-tti-$form.txt 2>&1
  rc=$?; s="seis_tests_strategies TTI default space $form rc=$rc $(grep -E 'test cases|All tests passed|No test cases' $F/tests-strategies-tti-$form.txt | tail -1)"
  log "tti9 $s"; status+=("$s")
done
mark "strategy tests"
for form in $FORMS; do
  shape=32x8@300
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

# 2. A B x 4 (the last rounds only where time is left).
SHAPES=st_reg_feat:32x8@300,st_reg_feat:32x8@128,st_reg_feat:32x4@300
bench() {  # bench FORM ROUND
  [ $(left) -gt 30 ] || { log "tti9 bench $1$2 skipped (time)"; return; }
  run env $(form_env $1) timeout $(cap 30) $B/perf/seis-bench --physics tti --sizes 900 --compare-native \
    --strategies $SHAPES --warmup 2 --repeats 6 --stream-bytes 1048576 --json $F/bench-tti-900-$1$2.json > $F/bench-tti-900-$1$2.txt 2>&1
  local rc=$?; log "tti9 bench tti 900 ($1$2: $(form_env $1)) rc=$rc"
  grep -E "^tti +st_reg_feat" $F/bench-tti-900-$1$2.txt | tee -a $R/log.txt
  mark "bench $1$2"
}
for round in 1 2 3 4; do for form in $FORMS; do bench $form $round; done; done

# 3. ncu: counters of both forms at 32x8@300, then their stall reasons.
for form in B A; do
  shape=32x8@300
  [ $(left) -gt 20 ] || { log "tti9 ncu $form skipped (time)"; continue; }
  run env $(form_env $form) timeout $(cap 30) perf/ncu_strategies.sh $B/perf $F/ncu-$form tti 900 \
    st_reg_feat:$shape > $F/ncu-$form.txt 2>&1
  log "tti9 ncu $form rc=$?"; cat $F/ncu-$form.txt >> $R/log.txt
  mark "ncu $form"
done
STALLS=$(for r in barrier long_scoreboard short_scoreboard wait math_pipe_throttle mio_throttle lg_throttle not_selected \
  selected dispatch_stall no_instruction branch_resolving membar sleeping drain misc tex_throttle imc_miss; do
  printf 'smsp__average_warps_issue_stalled_%s_per_issue_active.ratio,' $r; done | sed 's/,$//')
for form in B A; do
  [ $(left) -gt 10 ] || { log "tti9 ncu stalls $form skipped (time)"; continue; }
  run env $(form_env $form) timeout $(cap 30) ncu --section WarpStateStats --section SchedulerStats --section Occupancy --metrics $STALLS \
    --clock-control none --kernel-name-base mangled -k 'regex:FeatureStreamingBody' --launch-skip 1 --launch-count 1 \
    $B/perf/seis-bench --physics tti --sizes 900 --strategies st_reg_feat:32x8@300 --warmup 1 --repeats 1 \
    --stream-bytes 1048576 > $F/ncu-stalls-$form.txt 2>&1
  log "tti9 ncu stalls $form rc=$?"
  grep -E "stalled_(barrier|long_scoreboard|short_scoreboard|wait|mio_throttle|lg_throttle|not_selected|selected)_|Issued Warp|No Eligible|Active Warps|Eligible Warps|Achieved Occupancy|Theoretical Occupancy|Block Limit|==ERROR" \
    $F/ncu-stalls-$form.txt | sed "s/^/  $form /" | tee -a $R/log.txt | head -30
  mark "ncu stalls $form"
done

# 4. compute-sanitizer of B (the copies past a tile's last plane read the grid's z halo): memcheck and
# racecheck of the Kokkos kernel on perf/sanitize/tti-small.toml (as perf/sanitize.sh runs it).
for tool in memcheck racecheck; do
  [ $(left) -gt 25 ] || { log "tti9 sanitizer $tool skipped (time)"; continue; }
  run env $(form_env B) timeout $(cap 40) compute-sanitizer --tool $tool --error-exitcode 99 $B/app/seis run \
    perf/sanitize/tti-small.toml --strategy st_reg_feat:32x8@300 --output $F/san-run --overwrite --quiet --no-stream \
    > $F/sanitizer-$tool-B.txt 2>&1
  rc=$?; s="compute-sanitizer $tool B rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $F/sanitizer-$tool-B.txt | tail -1)"
  log "tti9 $s"; status+=("$s")
  mark "sanitizer $tool"
done

# Summary: ms/step per shape and run (Kokkos; twin in brackets), X/A, ncu, checks.
python3 - $F "$FORMS" <<'PY' | tee $R/summary.txt
import glob, json, os, re, sys
F, forms = sys.argv[1], sys.argv[2].split()
rounds = "1234"
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
print("tti9 round 2 summary: TTI 900^3 st_reg_feat ms/step, Kokkos (twin); A main, B coefficient inputs ahead (copied at the top of the plane before)")
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
        m = re.search(r"FeatureStreamingBodyINS3_10TtiPhysicsIfEES5_Li32E(Lb[01]E)?", open(raw).read())
        if m: print(f"ncu {form}: kernel FeatureStreamingBody<TtiPhysics, ..., 32{', PointAhead ' + m.group(1) if m.group(1) else ''}>")
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
