#!/usr/bin/env bash
# OBSOLETE after tti7 25b2eee: the forms B, C, D and their switches were removed (the H200 said so); a run now times A only.
# tti7 checkpoint (issue 10: TTI st_reg_feat toward 70 Gpts/s, <= 300 inst/pt), one H200, branch tti7 merged.
# NO BUILD: assumes .deps/dev.sh built seis-bench, seis_native_cuda_check and seis_tests_strategies into
# build/cuda. Results under $OUT/tti7/.   bash .deps/tti7-gpu.sh      (<= 120 s: LIMIT=115 by default)
#
# Forms of st_reg_feat (Kokkos body and native twin alike; the factory / the twin's launcher pick one at run
# time; TTI only: iso has no coefficient inputs and no free ring plane, so it runs the plain kernel):
#   A  default.
#   B  SEIS_FEAT_COEFF_AHEAD=1: only the model values the physics' coeffs() reads (its coefficient inputs,
#      core/include/seis/math/coefficient_inputs.hpp; TTI: n_x, n_y) load one plane ahead, at the top of the
#      plane before, into a slot of the plane's parity; V, A, B load as before. Why: 18 % of the PC samples
#      sat on the first use of n_x, n_y; in SASS (sm_90) load -> first use goes from ~228 to ~710
#      instructions, 128 registers, 0 spills, per-plane loads unchanged (9). Session 8's "all 5 model values
#      a plane ahead" lost (17.45 against 13.86 ms, spills); this holds 4 registers, not 10.
#   C  SEIS_FEAT_HALO_AHEAD=2: the halo of a plane is copied (cp.async) two planes before it enters the ring,
#      into the ring's free plane (TTI ring: 5 planes, 4 used), and the plane's barrier waits for the older
#      group only (cp.async.wait_group 1). Why: 22 % of the PC samples sat on the barrier.
#   D  both.
# Steps (each GPU command under timeout):
#   1. correctness: seis_native_cuda_check st_reg_feat in B, C, D ("ALL NATIVE KERNELS MATCH"; A is main's); the GPU
#      strategy test's TTI cases on the default space (every strategy and shape against gmem_3d, the same
#      value whichever box) in D (the whole ctest entry "strategies" takes ~125 s on the H200, so the binary
#      runs with its Catch2 filter); every bench row also checks Kokkos against its twin (rel_l2).
#   2. timing with the z-depth sweep in each run: TTI 900^3, st_reg_feat 32x8 @64 @128 @225 @300 @450,
#      --compare-native, warmup 2, repeats 6, A B D A B D (same binary, alternating: drift shows), then C C
#      while time is left (D = B + C is the form that would follow if both win; C alone says which half
#      helps). --stream-bytes 1 MiB: the copy probe only costs time here (%copy is not used).
#   3. if time is left: ncu (perf/ncu_strategies.sh) of the forms at 32x8@128: inst/pt, registers, spills.
# Decision: a form faster than A at @128 in both rounds beyond the rounds' spread (~1 %), with MATCH and the
# tests passing, stays (its switch goes); a form that is not is removed. The catalogue default z-depth
# follows the sweep.
R=${OUT:-/tmp/out}/tti7
mkdir -p $R
start=$(date +%s); LIMIT=${LIMIT:-115}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
cap() { local l=$(left); echo $(( l < $1 ? (l > 5 ? l : 5) : $1 )); }
mark() { echo "$(( $(date +%s) - start )) s: $*" >> $R/marks.txt; }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null; git log --oneline -1 >> $R/gpu.txt 2>/dev/null
run() { echo "$*" >> $R/commands.txt; "$@"; }
status=()

# 1. Correctness before timing.
form_env() {  # the environment of a form
  case $1 in
    A) echo "SEIS_FEAT_COEFF_AHEAD=0 SEIS_FEAT_HALO_AHEAD=1" ;; B) echo "SEIS_FEAT_COEFF_AHEAD=1 SEIS_FEAT_HALO_AHEAD=1" ;;
    C) echo "SEIS_FEAT_COEFF_AHEAD=0 SEIS_FEAT_HALO_AHEAD=2" ;; D) echo "SEIS_FEAT_COEFF_AHEAD=1 SEIS_FEAT_HALO_AHEAD=2" ;;
  esac
}
check=$(find $B -name seis_native_cuda_check -type f | head -1)
for form in B C D; do
  run env $(form_env $form) timeout $(cap 25) $check st_reg_feat > $R/native-check-$form.txt 2>&1
  rc=$?; s="native check st_reg_feat $form rc=$rc $(grep -E 'MATCH|FAIL' $R/native-check-$form.txt | tail -1)"; echo "tti7 $s"; status+=("$s")
done
mark "native checks"
T=$(find $B -name seis_tests_strategies -type f | head -1)
run env $(form_env D) timeout $(cap 45) $T "*OnDefaultSpace<TtiPhysics*" > $R/tests-strategies-tti-D.txt 2>&1
rc=$?; s="seis_tests_strategies TTI default space D rc=$rc $(grep -E 'test cases|All tests passed|No test cases' $R/tests-strategies-tti-D.txt | tail -1)"
echo "tti7 $s"; status+=("$s")
mark "strategy tests"

# 2. A B D A B D, then C C, with the z-depth sweep in each run.
SHAPES=st_reg_feat:32x8@64,st_reg_feat:32x8@128,st_reg_feat:32x8@225,st_reg_feat:32x8@300,st_reg_feat:32x8@450
bench() {  # bench FORM ROUND
  [ $(left) -gt 10 ] || { echo "tti7 bench $1$2 skipped (time)"; return; }
  run env $(form_env $1) timeout $(cap 30) $B/perf/seis-bench --physics tti --sizes 900 --compare-native \
    --strategies $SHAPES --warmup 2 --repeats 6 --stream-bytes 1048576 --json $R/bench-tti-900-$1$2.json > $R/bench-tti-900-$1$2.txt 2>&1
  local rc=$?; echo "tti7 bench tti 900 ($1$2: $(form_env $1)) rc=$rc"; grep -E "^tti +st_reg_feat" $R/bench-tti-900-$1$2.txt
  mark "bench $1$2"
}
for round in 1 2; do for form in A B D; do bench $form $round; done; done
bench C 1
bench C 2

# 3. ncu of the forms at 32x8@128, if time is left (~25 s each).
for form in D B C; do
  [ $(left) -gt 25 ] || { echo "tti7 ncu $form skipped (time)"; continue; }
  run env $(form_env $form) timeout $(cap 40) perf/ncu_strategies.sh $B/perf $R/ncu-$form tti 900 \
    st_reg_feat:32x8@128 > $R/ncu-$form.txt 2>&1
  echo "tti7 ncu $form rc=$?"; cat $R/ncu-$form.txt
  mark "ncu $form"
done

# Summary: ms/step per shape and run (Kokkos; twin in brackets), and the checks.
python3 - $R <<'PY' | tee $R/summary.txt
import json, os, sys
R = sys.argv[1]
runs = [f + r for r in "12" for f in "ABCD"]
table = {}
for tag in runs:
    p = os.path.join(R, f"bench-tti-900-{tag}.txt")
    if not os.path.exists(p): continue
    for line in open(p):
        w = line.split()
        if len(w) >= 9 and w[0] == "tti" and w[1] == "st_reg_feat" and "x" in w[3]:
            try:
                table.setdefault(w[2], {})[tag] = (float(w[4]), float(w[8]))
            except ValueError:
                pass
print("tti7 summary: TTI 900^3 st_reg_feat ms/step, Kokkos (native twin); A default, B coeff ahead, C halo 2 ahead, D both")
print("%-10s" % "shape" + "".join("%18s" % t for t in runs) + "".join("%8s" % (f + "/A") for f in "BCD"))
for shape, d in table.items():
    cells = "".join("%18s" % ("%.3f (%.3f)" % d[t] if t in d else "-") for t in runs)
    def mean(f):
        v = [d[f + r][0] for r in "12" if f + r in d]
        return sum(v) / len(v) if v else None
    a = mean("A")
    ratios = "".join("%8s" % ("%.3f" % (mean(f) / a) if a and mean(f) else "-") for f in "BCD")
    print("%-10s" % shape + cells + ratios)
# Kokkos against its twin (bitwise in session 8: rel_l2 0), and the status of every row, per form.
for f in "ABCD":
    rel, bad = [], []
    for r in "12":
        p = os.path.join(R, f"bench-tti-900-{f}{r}.json")
        if not os.path.exists(p): continue
        try:
            for row in json.load(open(p)).get("results", []):
                rel.append(row.get("native", {}).get("rel_l2_vs_kokkos", float("nan")))
                if row.get("status") not in (None, "ok"): bad.append(f"{row.get('shape')}: {row.get('status')}")
        except (ValueError, OSError) as e:
            bad.append(str(e))
    if rel or bad: print(f"form {f}: Kokkos vs twin rel_l2 max {max(rel) if rel else 'n/a'} over {len(rel)} rows" + (f"; status {bad}" if bad else ""))
for form in ("D", "B", "C"):
    p = os.path.join(R, f"ncu-{form}", "ncu-tti-900.csv")
    if os.path.exists(p):
        rows = open(p).read().split("\n")
        if len(rows) > 1 and rows[1]: print(f"ncu {form}: " + rows[0] + " = " + rows[1])
    import glob, re
    for raw in glob.glob(os.path.join(R, f"ncu-{form}", "*.raw.csv")):  # which form ran (the template arguments)
        m = re.search(r"Li32E(Lb[01]E)(Lb[01]E)", open(raw).read())
        if m: print(f"ncu {form}: kernel FeatureStreamingBody<..., 32, CoeffAhead {m.group(1)}, HaloTwoAhead {m.group(2)}>")
PY
for s in "${status[@]}"; do echo "tti7 check: $s" | tee -a $R/summary.txt; done
echo "tti7 done in $(( $(date +%s) - start )) s" | tee -a $R/summary.txt
