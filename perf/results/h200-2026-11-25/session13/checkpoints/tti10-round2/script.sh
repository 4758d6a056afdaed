#!/usr/bin/env bash
# OBSOLETE after tti10 0d67db8: SEIS_FEAT_ROWS, SEIS_FEAT_CELLS and SEIS_FEAT_HALO are gone (the H200 decided).
# tti10 checkpoint 2 (branch tti10; issue 10: fewer instructions a TTI st_reg_feat point), one H200.
# NO BUILD: assumes .deps/dev.sh built seis-bench, seis_native_cuda_check, seis_tests_strategies and app/seis
# into build/cuda. Results under $OUT/tti10/ (summary.txt, log.txt, all.tgz).   bash .deps/tti10-gpu2.sh  (<= 100 s)
#
# Round 1 (tti10-gpu1): compile-time rows for 8-row blocks (B) beat main's form (A) on TTI beyond the spread
# (Kokkos 0.986 @300, 0.990 @128; twin 0.996, 0.996; 340 against 349 instructions a point) but iso 1024^3
# @128 ran 1.017 (twin 0.998); the cell-major planes (C) were no faster than B and are removed.
# Forms of st_reg_feat now (Kokkos body and native twin alike, picked at run time):
#   A  SEIS_FEAT_ROWS=runtime: main's form (run-time plane sizes) for every block.
#   B  default: compile-time plane sizes for 8-row blocks.
#   D  SEIS_FEAT_HALO=last: B with the halo copies dealt from the team's last thread down, so that the warps
#      staging the features of the rows beyond the tile (the first 4 rows of threads, TTI) copy no halo: less
#      work between the first and the last warp at the barrier (B: barrier stalls 1.35 cycles an issued
#      instruction). Same arithmetic: bitwise equal.
# Steps: 1. correctness: native check in B and D, seis_tests_strategies TTI in D and iso in B, app/seis
#   tti-tilted-layers byte-equal B, D vs A. 2. timing: TTI 900^3 st_reg_feat 32x8@300, 32x8@128 A B D x 3;
#   iso 1024^3 st_reg_feat 32x8@128, 32x8@300 A B D x 2. 3. ncu: TTI B, D; iso A, B (registers, inst/pt);
#   stalls of TTI B, D.
# Decision: B stays the default for TTI (round 1); iso in B slower than A again beyond the spread -> the
# run-time form for iso's blocks too (what decides which blocks get compile-time rows is then the physics'
# field count, as the launch budget's), otherwise B for every physics. D faster than B at TTI 32x8@300 and
# @128 in every round beyond the spread (Kokkos and twin), iso not slower: the only form; otherwise removed.
R=${OUT:-/tmp/out}/tti10
mkdir -p $R/files
start=$(date +%s); LIMIT=${LIMIT:-96}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
cap() { local l=$(left); echo $(( l < $1 ? (l > 5 ? l : 5) : $1 )); }
log() { echo "$*" | tee -a $R/log.txt; }
mark() { log "$(( $(date +%s) - start )) s: $*"; }
B=build/cuda
F=$R/files
FORMS="A B D"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv > $F/gpu.txt 2>&1; date -u >> $F/gpu.txt
git rev-parse HEAD >> $F/gpu.txt 2>/dev/null; git log --oneline -1 >> $F/gpu.txt 2>/dev/null
run() { echo "$*" >> $F/commands.txt; "$@"; }
form_env() { case $1 in A) echo "SEIS_FEAT_ROWS=runtime" ;; B) echo "SEIS_FEAT_ROWS=default" ;; D) echo "SEIS_FEAT_HALO=last" ;; esac; }
status=()

# 1. Correctness before timing.
check=$(find $B -name seis_native_cuda_check -type f | head -1)
for form in D B; do
  run env $(form_env $form) timeout $(cap 25) $check st_reg_feat > $F/native-check-$form.txt 2>&1
  rc=$?; s="native check st_reg_feat $form rc=$rc $(grep -E 'MATCH|FAIL' $F/native-check-$form.txt | tail -1)"
  log "tti10 $s"; status+=("$s")
done
mark "native checks"
T=$(find $B -name seis_tests_strategies -type f | head -1)
for pf in Tti:D Iso:B; do
  phys=${pf%:*} form=${pf#*:}
  run env $(form_env $form) timeout $(cap 30) $T "*OnDefaultSpace<${phys}Physics*" > $F/tests-strategies-$phys-$form.txt 2>&1
  rc=$?; s="seis_tests_strategies $phys default space $form rc=$rc $(grep -E 'test cases|All tests passed|No test cases' $F/tests-strategies-$phys-$form.txt | tail -1)"
  log "tti10 $s"; status+=("$s")
done
mark "strategy tests"
for form in $FORMS; do
  run env $(form_env $form) timeout $(cap 30) $B/app/seis run app/scenarios/tti-tilted-layers.toml \
    --strategy st_reg_feat:32x8@300 --steps 60 --output $F/run-$form --overwrite --no-stream > $F/run-$form.txt 2>&1
  rc=$?
  if [ $form = A ]; then s="seis run tti-tilted-layers A rc=$rc (reference)"; else
    same=0; diff=""; for f in $(cd $F/run-A && find . -type f | sort); do
      if cmp -s $F/run-A/$f $F/run-$form/$f; then same=$((same + 1)); else diff="$diff $f"; fi; done
    s="seis run tti-tilted-layers $form rc=$rc: $same files byte-equal to A's; differing:${diff:- none}"
  fi
  log "tti10 $s"; status+=("$s")
done
mark "bitwise runs"

# 2. A B x 3 (TTI), A B x 2 (iso).
bench() {  # bench PHYSICS SIZE SHAPES FORM ROUND
  [ $(left) -gt 30 ] || { log "tti10 bench $1 $4$5 skipped (time)"; return; }
  run env $(form_env $4) timeout $(cap 30) $B/perf/seis-bench --physics $1 --sizes $2 --compare-native \
    --strategies $3 --warmup 2 --repeats 6 --stream-bytes 1048576 --json $F/bench-$1-$2-$4$5.json > $F/bench-$1-$2-$4$5.txt 2>&1
  local rc=$?; log "tti10 bench $1 $2 ($4$5: $(form_env $4)) rc=$rc"
  grep -E "^$1 +st_reg_feat " $F/bench-$1-$2-$4$5.txt | tee -a $R/log.txt
  mark "bench $1 $4$5"
}
for round in 1 2 3; do for form in $FORMS; do bench tti 900 st_reg_feat:32x8@300,st_reg_feat:32x8@128 $form $round; done; done
for round in 1 2; do for form in $FORMS; do bench iso 1024 st_reg_feat:32x8@128,st_reg_feat:32x8@300 $form $round; done; done

# 3. ncu: counters of both forms, then TTI stall reasons.
for form in D B A; do
  [ $(left) -gt 14 ] || { log "tti10 ncu $form skipped (time)"; continue; }
  if [ $form != A ]; then
    run env $(form_env $form) timeout $(cap 25) perf/ncu_strategies.sh $B/perf $F/ncu-$form tti 900 \
      st_reg_feat:32x8@300 > $F/ncu-$form.txt 2>&1
    log "tti10 ncu tti $form rc=$?"; cat $F/ncu-$form.txt >> $R/log.txt
  fi
  if [ $form != D ]; then
    run env $(form_env $form) timeout $(cap 25) perf/ncu_strategies.sh $B/perf $F/ncu-$form iso 1024 \
      st_reg_feat:32x8@128 > $F/ncu-iso-$form.txt 2>&1
    log "tti10 ncu iso $form rc=$?"; cat $F/ncu-iso-$form.txt >> $R/log.txt
  fi
  mark "ncu $form"
done
STALLS=$(for r in barrier long_scoreboard short_scoreboard wait math_pipe_throttle mio_throttle lg_throttle not_selected \
  selected dispatch_stall no_instruction branch_resolving membar sleeping drain misc tex_throttle imc_miss; do
  printf 'smsp__average_warps_issue_stalled_%s_per_issue_active.ratio,' $r; done | sed 's/,$//')
for form in D B; do
  [ $(left) -gt 10 ] || { log "tti10 ncu stalls $form skipped (time)"; continue; }
  run env $(form_env $form) timeout $(cap 25) ncu --section WarpStateStats --section SchedulerStats --section Occupancy --metrics $STALLS \
    --clock-control none --kernel-name-base mangled -k 'regex:FeatureStreamingBody' --launch-skip 1 --launch-count 1 \
    $B/perf/seis-bench --physics tti --sizes 900 --strategies st_reg_feat:32x8@300 --warmup 1 --repeats 1 \
    --stream-bytes 1048576 > $F/ncu-stalls-$form.txt 2>&1
  log "tti10 ncu stalls $form rc=$?"
  grep -E "stalled_(barrier|long_scoreboard|short_scoreboard|wait|mio_throttle|not_selected|selected)_|Issued Warp|No Eligible|Eligible Warps|Achieved Occupancy|==ERROR" \
    $F/ncu-stalls-$form.txt | sed "s/^/  $form /" | tee -a $R/log.txt | head -14
  mark "ncu stalls $form"
done

# Summary: ms/step per shape and run (Kokkos; twin in brackets), X/A, ncu, checks.
python3 - $F "$FORMS" <<'PY' | tee $R/summary.txt
import glob, json, os, re, sys
F, forms = sys.argv[1], sys.argv[2].split()
print("tti10 round 2 summary: st_reg_feat ms/step, Kokkos (twin); A SEIS_FEAT_ROWS=runtime (main's), B default (compile-time plane sizes, 8-row blocks), D SEIS_FEAT_HALO=last (B, halo from the last thread down)")
for phys, size, rounds, fs in (("tti", 900, "123", forms), ("iso", 1024, "12", forms)):
    table = {}
    for f in fs:
        for r in rounds:
            p = os.path.join(F, f"bench-{phys}-{size}-{f}{r}.json")
            if not os.path.exists(p): continue
            try:
                for row in json.load(open(p)).get("results", []):
                    if row.get("strategy") == "st_reg_feat" and row.get("status") in (None, "ok"):
                        nat = row.get("native", {})
                        table.setdefault(row["shape"], {})[f + r] = (row["median_ms"], nat.get("median_ms", float("nan")), nat.get("rel_l2_vs_kokkos", float("nan")))
            except (ValueError, OSError, KeyError):
                pass
    for shape, d in table.items():
        print(f"{phys} {size}^3 {shape}")
        for f in fs:
            cells = "".join("%18s" % ("%.3f (%.3f)" % d[f + r][:2] if f + r in d else "-") for r in rounds)
            def mean(g, i):
                v = [d[g + r][i] for r in rounds if g + r in d]
                return sum(v) / len(v) if v else None
            ratio = ["%.3f" % (mean(f, i) / mean("A", i)) if mean("A", i) and mean(f, i) else "-" for i in (0, 1)]
            rb = ["%.3f" % (mean(f, i) / mean("B", i)) if mean("B", i) and mean(f, i) else "-" for i in (0, 1)]
            kt = ["%.3f" % (d[f + r][0] / d[f + r][1]) for r in rounds if f + r in d]
            rel = [d[f + r][2] for r in rounds if f + r in d]
            print("  %s %s   /A %s (twin %s) /B %s (twin %s)  Kokkos/twin %s  rel_l2 max %s" % (f, cells, ratio[0], ratio[1], rb[0], rb[1], " ".join(kt), max(rel) if rel else "-"))
for form in forms:
    for phys, size in (("tti", 900), ("iso", 1024)):
        p = os.path.join(F, f"ncu-{form}", f"ncu-{phys}-{size}.csv")
        if os.path.exists(p):
            rows = open(p).read().split("\n")
            if len(rows) > 1 and rows[1]: print(f"ncu {form} {phys}: " + rows[0] + " = " + rows[1])
    for raw in glob.glob(os.path.join(F, f"ncu-{form}", "ncu-tti-*.raw.csv")):  # which form ran (the template arguments)
        m = re.search(r"FeatureStreamingBodyINS3_10TtiPhysicsIfEES5_Li32ELi(\d+)E", open(raw).read())
        if m: print(f"ncu {form}: kernel FeatureStreamingBody<TtiPhysics, ..., 32, DY={m.group(1)}>")
for form in forms:
    p = os.path.join(F, f"ncu-stalls-{form}.txt")
    if not os.path.exists(p): continue
    vals = {}
    for line in open(p):
        m = re.search(r"stalled_(\w+?)_per_issue_active\.ratio\s+\S*\s+([\d.]+)", line)
        if m: vals[m.group(1)] = float(m.group(2))
    if vals:
        top = sorted(vals.items(), key=lambda kv: -kv[1])[:7]
        print(f"stalls {form} (cycles per issued instruction): " + ", ".join(f"{k} {v:.2f}" for k, v in top))
PY
for s in "${status[@]}"; do echo "tti10 check: $s" | tee -a $R/summary.txt; done
echo "tti10 done in $(( $(date +%s) - start )) s" | tee -a $R/summary.txt
tar -czf $R/all.tgz -C $R files && rm -rf $F
