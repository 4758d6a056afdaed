# parity9, GPU checkpoint round 2 (issue 10: every Kokkos strategy within 3 % of its native twin).
# NO BUILD: assumes `.deps/dev.sh` built every target into build/cuda from the integration tree holding branch
# parity9. About 75 s. Files: $OUT/parity9/{log.txt,summary.txt,all.tgz}; the stdout tail is the summary.
#   bash .deps/parity9-gpu2.sh
# Round 1 (H200, Kokkos/twin, A B A B): iso gmem_3d plain addresses 512^3 1.044/1.042 against fresh 1.057/1.057,
# 1024^3 1.012/1.010 against 1.013/1.013 -> now iso plain by the field count, TTI fresh (28.09 ms, 1.040/1.039;
# bounded/constant-memory forms slower, removed). sliding_window fresh_compute 1.041 against fresh 1.034: removed.
# Round 2:
#   A/B/C SEIS_KOKKOS_SW_PLAN=packed_held|packed_fresh: Kokkos iso sliding_window with the packed halo plan (TTI's),
#     column held or fresh. nvcc 13 sm_90, iso z loop: default (plain, fresh) 552 inst and 8 spill loads a plane;
#     packed_held 530, 7 (and 4 spill stores); packed_fresh 573, none; the twin (plain) 502, 12. The
#     packed_fresh run times the twin's packed form too (SEIS_NATIVE_SW_PLAN=packed; 14.46 ms against 13.27
#     plain when last measured): A = K default + N plain, B = K packed_held + N plain, C = K packed_fresh + N packed.
#   Then the final forms: iso gmem_3d 512^3/1024^3, TTI gmem_3d 900^3 (A A), every strategy once at session 11's
#   shapes (iso 1024^3, TTI 900^3: the ratios with the cleanups), and, if time is left, ncu source counters of
#   TTI gmem_3d 512^3 on both sides (per SASS instruction: executions, stall samples).
O=${OUT:-/tmp/out}/parity9; R=/tmp/parity9-r2; rm -rf $R
mkdir -p $R $O
start=$(date +%s); LIMIT=${LIMIT:-97}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,power.draw --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null; git log --oneline -6 >> $R/gpu.txt 2>/dev/null
log() { echo "parity9 $* t=$(( $(date +%s) - start ))" | tee -a $R/log.txt; }
run() { echo "$*" >> $R/commands.txt; "$@"; }

# 1. Correctness first: every twin against its Kokkos strategy (default forms, then sliding_window's A/B forms),
#    the Kokkos strategies against gmem_3d.
run timeout 40 $B/perf/native/seis_native_cuda_check > $R/check.txt 2>&1
log "native check rc=$? $(tail -1 $R/check.txt)"
for p in packed_held packed_fresh; do
  SEIS_KOKKOS_SW_PLAN=$p run timeout 15 $B/perf/native/seis_native_cuda_check sliding_window >> $R/check.txt 2>&1
  log "native check sliding_window SW_PLAN=$p rc=$? $(tail -1 $R/check.txt)"
done
gtest() {  # gtest BINARY CAP NAME   (environment: the setting)
  local t=$(( $(left) - 65 )); [ $t -gt $2 ] && t=$2
  [ $t -gt 4 ] || { log "skip test (time): $3"; return; }
  echo "SEIS_KOKKOS_SW_PLAN=${SEIS_KOKKOS_SW_PLAN:-}" >> $R/commands.txt
  run timeout $t $B/tests/$1 -d yes "$3" >> $R/check.txt 2>&1
  log "$1 rc=$? (124 = its ${t} s timeout) SW_PLAN=${SEIS_KOKKOS_SW_PLAN:-}: $3"
}
AG="every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace"
gtest seis_tests_strategies 15 "$AG<IsoPhysics<float>>"
gtest seis_tests_strategies 15 "$AG<TtiPhysics<float>>"
gtest seis_tests_strategies 8 "strategies leave every point outside their box untouched - seis::test::OnDefaultSpace<IsoPhysics<float>>"
SEIS_KOKKOS_SW_PLAN=packed_held gtest seis_tests_strategies 15 "$AG<IsoPhysics<float>>"
SEIS_KOKKOS_SW_PLAN=packed_fresh gtest seis_tests_strategies 15 "$AG<IsoPhysics<float>>"

# 2. Paired timing (seis-bench --compare-native: Kokkos and twin in turns, median), A B C A B C.
bench() {  # bench NAME TIMEOUT ARGS...   (environment: the setting)
  local name=$1 t=$2; shift 2
  [ $(left) -gt $(( t / 2 + ${RES:-8} )) ] || { log "skip $name (time)"; return; }
  echo "$name: SEIS_KOKKOS_SW_PLAN=${SEIS_KOKKOS_SW_PLAN:-} SEIS_NATIVE_SW_PLAN=${SEIS_NATIVE_SW_PLAN:-}" >> $R/commands.txt
  run timeout $t $B/perf/seis-bench --warmup 2 --repeats ${REPS:-6} --stream-bytes 1048576 --compare-native --json $R/$name.json "$@" > $R/$name.txt 2>&1
  log "$name rc=$?"
}
ISW="--physics iso --sizes 1024 --strategies sliding_window:32x8@128"
for i in 1 2; do
  RES=30 bench isosw-plainfresh-$i 12 $ISW
  SEIS_KOKKOS_SW_PLAN=packed_held RES=30 bench isosw-packedheld-$i 12 $ISW
  SEIS_KOKKOS_SW_PLAN=packed_fresh SEIS_NATIVE_SW_PLAN=packed RES=30 bench isosw-packedfreshNpacked-$i 12 $ISW
done
for i in 1 2; do
  REPS=10 RES=30 bench gmem-iso512-$i 10 --physics iso --sizes 512 --strategies gmem_3d:32x4x4
  RES=30 bench gmem-iso1024-$i 12 --physics iso --sizes 1024 --strategies gmem_3d:32x4x4
  RES=30 bench gmem-tti900-$i 15 --physics tti --sizes 900 --strategies gmem_3d:64x2x2
done
# Every strategy, session 11's lists (perf/results/h200-2026-11-25/session11/bench/commands.txt), final forms.
REPS=3 RES=12 bench all-iso-1 30 --physics iso --sizes 1024 --strategies st_reg_vec:32x8@128,st_reg_feat:32x8@128,st_reg_fixed:32x8@128,gmem_3d:32x4x4,semi_b_a:32x16,semi_2z:32x8@128,semi_b:32x16@128,swic:32x8@128,st_reg_shift:32x8@64,semi_25d:32x16@128,sliding_window:32x8@128,smem_3d:16x8x2
REPS=3 RES=12 bench all-tti-1 40 --physics tti --sizes 900 --strategies st_reg_feat:32x8@300,st_reg_feat:32x8@128,st_reg_vec:32x8,st_reg_shift:32x8@64,st_reg_fixed:32x8@128,semi_25d:32x16@128,semi_2z:32x8@128,semi_b_a:16x16@128,semi_b:16x16@128,gmem_3d:64x2x2,sliding_window:32x8@128,swic:16x8@8,smem_3d:16x8x2

# 3. ncu source counters, TTI gmem_3d 512^3: the first launch of each side (Kokkos' warm-up, then the twin's).
for side in kokkos native; do
  [ $(left) -gt 12 ] || { log "skip ncu source $side (time)"; continue; }
  k="regex:Gmem3dBody<seis::TtiPhysics"; [ $side = native ] && k="regex:gmem_3d_team_kernel<seis::native::dev::NativeOp<seis::TtiStencil"
  run timeout $(( $(left) - 4 < 20 ? $(left) - 4 : 20 )) ncu -f -o $R/gmem-src-$side --kernel-name-base demangled --set none \
    --section SourceCounters --section WarpStateStats --clock-control none -k "$k" --launch-skip 0 --launch-count 1 \
    $B/perf/seis-bench --physics tti --sizes 512 --strategies gmem_3d:64x2x2 --warmup 1 --repeats 1 --stream-bytes 1048576 --compare-native \
    > $R/ncu-src-$side.log 2>&1; log "ncu source $side rc=$?"
  timeout 8 ncu -i $R/gmem-src-$side.ncu-rep --page source --csv --print-source sass > $R/ncu-src-$side.csv 2>> $R/ncu-src-$side.log
done

tar -C /tmp -czf $O/all.tgz parity9-r2
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
grep -E "native check|seis_tests" $R/log.txt | cut -c1-200
grep -E "rc=" $R/log.txt | grep -v "rc=0" | head -6
log "done (all.tgz: $(du -k $O/all.tgz | cut -f1) KiB)"
