# parity5-iso, GPU checkpoint 1 (issue 10: iso Kokkos strategies within 3 % of their native twins).
# NO BUILD: assumes `source .deps/dev.sh` built every target into build/cuda from the integration tree
# holding branch parity5-iso. About 110 s; results under $OUT/parity5-iso/.
#   bash .deps/parity5-iso-gpu.sh
#
# What changed (branch parity5-iso; defaults: Kokkos iso sliding_window on the PLAIN halo plan now): Kokkos team kernels of gmem_3d, sliding_window and st_reg_fixed END
# THE THREAD after their team (ExecTraits<Cuda>::end_team_thread: `exit`; Kokkos launches one block per
# league rank, so its league loop never iterates twice, but nvcc hoisted the body's invariants out of it).
# SASS nvcc 13 sm_90: gmem_3d iso ~219 -> ~192 instructions on a thread's path (twin 149), sliding_window
# iso spills 48/40 -> 32/32 B, st_reg_fixed iso 64 -> 62 registers. SEIS_KOKKOS_END_THREAD=0 = old form.
# gmem_3d twin: SEIS_NATIVE_GMEM=team (team-fresh) = the twin launched as Kokkos launches the strategy
# (1D grid and blocks, the same FastDivisor tile/point splits; 182/173 instructions).
# Steps and what they mean:
#  1. native check: ALL NATIVE KERNELS MATCH (twin defaults; gmem_3d is every test's reference).
#  2. iso 1024^3, the new Kokkos kernels vs main's (SEIS_KOKKOS_END_THREAD=0 SEIS_KOKKOS_SW_PLAN=packed),
#     alternating (new-1 main-1 swpacked-1 new-2 main-2 swpacked-2): gmem_3d, sliding_window, st_reg_fixed,
#     st_reg_vec (st_reg_vec is not touched: its ms is the noise control). swpacked = thread ended, packed
#     halo plan (the plan's share). Twins are the same in all runs (twin ms = noise).
#     SUCCESS = Kokkos ms new < main for gmem_3d (expected several %) and sliding_window (expected toward
#     the plain twin's ~13.0-13.3 ms: the Kokkos iso body now takes the plain plan, its z loop 502
#     instructions as the twin's), st_reg_fixed not slower; relL2 0.0 everywhere (Kokkos vs twin bitwise).
#  3. iso 1024^3 and 512^3 gmem_3d, the Kokkos body in the twin's address forms (SEIS_KOKKOS_GMEM=plain|fresh,
#     static iso 460/463 against 470 default) with the twin launched as Kokkos launches it
#     (SEIS_NATIVE_GMEM=team|team-fresh: 1D grid and blocks, the same FastDivisor splits): how much of the
#     Kokkos/twin gap is the split (twin team ms vs twin default ms) and which address form runs faster.
#  4. TTI 900^3 gmem_3d:64x2x2, sliding_window:32x8@128 new vs SEIS_KOKKOS_END_THREAD=0 (TTI keeps the
#     packed plan; shared code: TTI must not slow; parity5-tti owns the TTI ratios).
#  5. GPU tests under timeout with per-test durations: seis_tests_strategies' test cases (every strategy vs
#     gmem_3d, iso and TTI, small grids; the box test): a hang shows as rc=124 on one test case.
R=${OUT:-/tmp/out}/parity5-iso
mkdir -p $R
start=$(date +%s); LIMIT=${LIMIT:-110}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null; git log --oneline -8 >> $R/gpu.txt 2>/dev/null
run() { echo "$*" >> $R/commands.txt; "$@"; }
bench() {  # bench NAME TIMEOUT ARGS...
  local name=$1 t=$2; shift 2
  [ $(left) -gt $(( t / 2 + ${RES:-5} )) ] || { echo "skip $name (time)"; return; }
  echo "SEIS_KOKKOS_END_THREAD=${SEIS_KOKKOS_END_THREAD:-} SEIS_KOKKOS_SW_PLAN=${SEIS_KOKKOS_SW_PLAN:-} SEIS_KOKKOS_GMEM=${SEIS_KOKKOS_GMEM:-} SEIS_NATIVE_GMEM=${SEIS_NATIVE_GMEM:-}" >> $R/commands.txt
  run timeout $t $B/perf/seis-bench --warmup 2 --repeats 5 --compare-native --json $R/$name.json "$@" > $R/$name.txt 2>&1
  echo "parity5-iso $name rc=$? t=$(( $(date +%s) - start ))"
}

run timeout 30 $B/perf/native/seis_native_cuda_check > $R/native-check.txt 2>&1
echo "parity5-iso native check rc=$? $(tail -1 $R/native-check.txt)"

S=gmem_3d:32x4x4,sliding_window:32x8@128,st_reg_fixed:32x8@128,st_reg_vec:32x8@128
RES=45  # seconds kept for the iso GPU tests
for i in 1 2; do
  bench iso-1024-new-$i 24 --physics iso --sizes 1024 --strategies $S
  SEIS_KOKKOS_END_THREAD=0 SEIS_KOKKOS_SW_PLAN=packed bench iso-1024-main-$i 24 --physics iso --sizes 1024 --strategies $S
  [ $i = 1 ] && SEIS_KOKKOS_SW_PLAN=packed bench iso-1024-swpacked 8 --physics iso --sizes 1024 --strategies sliding_window:32x8@128
done
# gmem_3d forms: Kokkos address form x twin launch, two variants a run (Kokkos and twin ms are separate)
SEIS_KOKKOS_GMEM=plain SEIS_NATIVE_GMEM=team bench iso-1024-kkplain-twinteam 8 --physics iso --sizes 1024 --strategies gmem_3d:32x4x4
SEIS_KOKKOS_GMEM=fresh SEIS_NATIVE_GMEM=team-fresh bench iso-1024-kkfresh-twinteamfresh 8 --physics iso --sizes 1024 --strategies gmem_3d:32x4x4
bench iso-512-new 5 --physics iso --sizes 512 --strategies gmem_3d:32x4x4,st_reg_fixed:32x8@128
SEIS_KOKKOS_END_THREAD=0 bench iso-512-main 5 --physics iso --sizes 512 --strategies gmem_3d:32x4x4,st_reg_fixed:32x8@128
SEIS_KOKKOS_GMEM=plain SEIS_NATIVE_GMEM=team bench iso-512-kkplain-twinteam 5 --physics iso --sizes 512 --strategies gmem_3d:32x4x4
SEIS_KOKKOS_GMEM=fresh SEIS_NATIVE_GMEM=team-fresh bench iso-512-kkfresh-twinteamfresh 5 --physics iso --sizes 512 --strategies gmem_3d:32x4x4

# GPU tests of the touched kernels, each under what time is left (-d yes prints each finished test case with
# its seconds): every strategy against gmem_3d (iso), the box test (iso); then TTI.
gtest() {  # gtest CAP NAME
  local t=$(( $(left) - 2 )); [ $t -gt $1 ] && t=$1
  [ $t -gt 4 ] || { echo "parity5-iso skip test (time): $2"; return; }
  run timeout $t $B/tests/seis_tests_strategies -d yes "$2" >> $R/tests-strategies.txt 2>&1
  echo "parity5-iso test rc=$? (124 = its ${t} s timeout): $2"
}
gtest 35 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<IsoPhysics<float>>"
gtest 15 "strategies leave every point outside their box untouched - seis::test::OnDefaultSpace<IsoPhysics<float>>"
RES=15
bench tti-900-new 14 --physics tti --sizes 900 --strategies gmem_3d:64x2x2,sliding_window:32x8@128
SEIS_KOKKOS_END_THREAD=0 bench tti-900-main 14 --physics tti --sizes 900 --strategies gmem_3d:64x2x2,sliding_window:32x8@128
gtest 40 "every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace<TtiPhysics<float>>"

python3 - "$R" <<'PY' | tee $R/ratios.txt
import json, sys, os, glob
R = sys.argv[1]
print(f"{'run':30s} {'strategy:shape':26s} kokkos ms  native ms  ratio  relL2")
for f in sorted(glob.glob(R + "/*.json"), key=os.path.getmtime):
    run = os.path.basename(f)[:-5]
    try: rows = json.load(open(f))["results"]
    except Exception as e: print(run, "unreadable", e); continue
    for r in rows:
        k = r["strategy"] + ":" + r["shape"]; n = r.get("native") or {}
        a, b = r.get("median_ms", 0), n.get("median_ms", 0); c = a / b if b else 0
        miss = "" if 0.97 <= c <= 1.03 else " MISS"
        print(f"{run:30s} {k:26s} {a:8.3f}  {b:8.3f}  {c:.3f}{miss}  {n.get('rel_l2_vs_kokkos', '-')}")
PY

grep -E " s: |test cases|assertions|FAILED" $R/tests-strategies.txt | tail -12
echo "parity5-iso done t=$(( $(date +%s) - start ))"
