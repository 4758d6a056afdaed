#!/usr/bin/env bash
# OBSOLETE after tti10 0d67db8: SEIS_FEAT_ROWS, SEIS_FEAT_CELLS and SEIS_FEAT_HALO are gone (the H200 decided).
# tti10 checkpoint 1 (branch tti10; issue 10: fewer instructions a TTI st_reg_feat point), one H200.
# NO BUILD: assumes .deps/dev.sh built seis-bench, seis_native_cuda_check, seis_tests_strategies and app/seis
# into build/cuda. Results under $OUT/tti10/ (summary.txt, log.txt, all.tgz).   bash .deps/tti10-gpu.sh  (<= 120 s)
#
# Forms of st_reg_feat (Kokkos body and native twin alike, picked at run time; every physics):
#   A  default (main's): the staged planes' sizes are run-time values (a plane stride loaded and multiplied
#      for every ring slot, each plane).
#   B  SEIS_FEAT_ROWS=fixed: blocks of exactly 8 rows (32x8, 16x8) take a form whose staged planes' sizes
#      are compile-time, so every ring slot is one base register plus an immediate. SASS a plane (TTI,
#      static, between barriers): Kokkos 482-488 -> 463-470, twin 474-479 -> 454-460 (int/const/LDC fewer).
#      Same arithmetic: bitwise equal to A.
#   C  SEIS_FEAT_ROWS=fixed SEIS_FEAT_CELLS=1: B, and a cell's fields side by side in the staged planes (TTI: p, q
#      one 8-byte shared load; iso, one field: C is B): TTI shared loads a plane 68 -> 35 (LDS.64), the halo
#      copied in scalars (the grid's fields are separate arrays; 2 listed copies a thread). SASS a plane:
#      Kokkos 422-429 (no local memory), twin 423-428 (6 local loads/stores, 1-2 in the plane loop).
#      Same arithmetic: bitwise equal to A.
# Steps: 1. correctness: native check (twin vs CPU reference) in A and B, seis_tests_strategies TTI and iso
#   default-space cases in B, app/seis tti-tilted-layers byte-equal B vs A; bench rows compare Kokkos with
#   the twin. 2. timing: TTI 900^3 st_reg_feat 32x8@300, 32x8@128 --compare-native A B x 3 rounds; iso 1024^3
#   st_reg_feat 32x8@128 A B x 2. 3. ncu counters (inst/pt) of A and B, TTI 900 32x8@300 and iso 1024 32x8@128;
#   stall reasons of TTI A and B.
# Decision: a form faster than A (C: than B) at TTI 32x8@300 and @128 in every round beyond the rounds'
# spread (Kokkos and twin), checks passing, iso not slower: its technique stays, as the only form; else removed.
R=${OUT:-/tmp/out}/tti10
mkdir -p $R/files
start=$(date +%s); LIMIT=${LIMIT:-115}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
cap() { local l=$(left); echo $(( l < $1 ? (l > 5 ? l : 5) : $1 )); }
log() { echo "$*" | tee -a $R/log.txt; }
mark() { log "$(( $(date +%s) - start )) s: $*"; }
B=build/cuda
F=$R/files
FORMS="A B C"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv > $F/gpu.txt 2>&1; date -u >> $F/gpu.txt
git rev-parse HEAD >> $F/gpu.txt 2>/dev/null; git log --oneline -1 >> $F/gpu.txt 2>/dev/null
run() { echo "$*" >> $F/commands.txt; "$@"; }
form_env() { case $1 in A) echo "SEIS_FEAT_ROWS=runtime" ;; B) echo "SEIS_FEAT_ROWS=fixed" ;; C) echo "SEIS_FEAT_ROWS=fixed SEIS_FEAT_CELLS=1" ;; esac; }
status=()

# 1. Correctness before timing.
check=$(find $B -name seis_native_cuda_check -type f | head -1)
for form in C B A; do
  run env $(form_env $form) timeout $(cap 25) $check st_reg_feat > $F/native-check-$form.txt 2>&1
  rc=$?; s="native check st_reg_feat $form rc=$rc $(grep -E 'MATCH|FAIL' $F/native-check-$form.txt | tail -1)"
  log "tti10 $s"; status+=("$s")
done
mark "native checks"
T=$(find $B -name seis_tests_strategies -type f | head -1)
for pf in Tti:C Tti:B Iso:B; do
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
for round in 1 2; do for form in A B; do bench iso 1024 st_reg_feat:32x8@128 $form $round; done; done

# 3. ncu: counters of both forms, then TTI stall reasons.
for form in C B A; do
  [ $(left) -gt 20 ] || { log "tti10 ncu $form skipped (time)"; continue; }
  run env $(form_env $form) timeout $(cap 25) perf/ncu_strategies.sh $B/perf $F/ncu-$form tti 900 \
    st_reg_feat:32x8@300 > $F/ncu-$form.txt 2>&1
  log "tti10 ncu tti $form rc=$?"; cat $F/ncu-$form.txt >> $R/log.txt
  if [ $form != C ]; then
    run env $(form_env $form) timeout $(cap 25) perf/ncu_strategies.sh $B/perf $F/ncu-$form iso 1024 \
      st_reg_feat:32x8@128 > $F/ncu-iso-$form.txt 2>&1
    log "tti10 ncu iso $form rc=$?"; cat $F/ncu-iso-$form.txt >> $R/log.txt
  fi
  mark "ncu $form"
done
STALLS=$(for r in barrier long_scoreboard short_scoreboard wait math_pipe_throttle mio_throttle lg_throttle not_selected \
  selected dispatch_stall no_instruction branch_resolving membar sleeping drain misc tex_throttle imc_miss; do
  printf 'smsp__average_warps_issue_stalled_%s_per_issue_active.ratio,' $r; done | sed 's/,$//')
for form in C B A; do
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
print("tti10 summary: st_reg_feat ms/step, Kokkos (twin); A main (run-time plane sizes), B SEIS_FEAT_ROWS=fixed (compile-time plane sizes, 8-row blocks), C B + SEIS_FEAT_CELLS=1 (a cell's fields side by side)")
for phys, size, rounds, fs in (("tti", 900, "123", forms), ("iso", 1024, "12", ["A", "B"])):
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
        m = re.search(r"FeatureStreamingBodyINS3_10TtiPhysicsIfEES5_Li32ELi(\d+)ELb([01])E", open(raw).read())
        if m: print(f"ncu {form}: kernel FeatureStreamingBody<TtiPhysics, ..., 32, DY={m.group(1)}, CellMajor={m.group(2)}>")
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
