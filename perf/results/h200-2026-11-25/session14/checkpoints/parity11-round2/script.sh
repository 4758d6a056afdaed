# parity11, GPU checkpoint round 2 (issue 10: every Kokkos strategy within 3 % of its native twin).
# NO BUILD: assumes `.deps/dev.sh` built every target into build/cuda from the integration tree holding branch
# parity11. About 70 s. Files: $OUT/parity11/{log.txt,summary.txt,all.tgz}; the stdout tail is the summary.
#   bash .deps/parity11-gpu2.sh
# Round 1 (H200, tree e6e9f57, A B A B, Kokkos/twin ratio (Kokkos | twin ms)): TTI 900^3 gmem_3d:64x2x2 row order
#   1.042 (27.89 | 26.79); tiles in bands of 64 tile rows on both sides 1.007 (24.70 | 24.50), of 16 rows 1.008;
#   TTI 512^3 1.021-1.025 -> 1.009. iso 1024^3 bands 1.053 (9.06 | 8.60; row 1.009), iso 512^3 bands slower on both
#   sides. Launch bounds: the twin faster (26.52), Kokkos not (27.98): 1.057. Kokkos in lanes of 32: 1.047. The twin in
#   Kokkos' 1 x n block, with and without Kokkos' dynamic shared memory: unchanged (26.86-26.89): the launch
#   configuration is not the cause. ncu: same carveout (32 KiB) at TTI; DRAM reads row order 50.6 GB both sides.
# Now the default: banded order (64 tile rows) for several fields (TTI), row order for one (iso), both sides; lanes and
#   the twin's 1 x n block removed. Forms here (read once per process, one switch for both sides):
#   base = the new default; row = SEIS_GMEM_BAND=0 (main's row order); bounds = SEIS_GMEM_BOUNDS=1 (banded + launch
#   bounds on both sides, not measured with bands yet).
# 1. correctness (native check of every kernel; GPU strategy tests, whose reference is the factory's gmem_3d; the
#    bounded form); 2. paired bench A B A B: TTI 900^3+512^3 gmem_3d base/row/bounds, iso 1024^3+512^3 gmem_3d base;
#    3. the whole bench once with the defaults (iso 1024^3, TTI 900^3, and the 512^3 rows of session 13).
O=${OUT:-/tmp/out}/parity11; R=/tmp/parity11-r2; rm -rf $R
mkdir -p $R $O
start=$(date +%s); LIMIT=${LIMIT:-97}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,power.draw --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null; git log --oneline -6 >> $R/gpu.txt 2>/dev/null
log() { echo "parity11 $* t=$(( $(date +%s) - start ))" | tee -a $R/log.txt; }
run() { echo "$*" >> $R/commands.txt; "$@"; }
form_env() {  # the environment of a form
  case $1 in
    base) echo "SEIS_PARITY11_FORM=base" ;;
    row) echo "SEIS_GMEM_BAND=0" ;;
    bounds) echo "SEIS_GMEM_BOUNDS=1" ;;
  esac
}

# 1. Correctness first.
run timeout 40 $B/perf/native/seis_native_cuda_check > $R/check.txt 2>&1
log "native check (all, base) rc=$? $(tail -1 $R/check.txt)"
for f in bounds; do
  run env $(form_env $f) timeout 15 $B/perf/native/seis_native_cuda_check gmem_3d >> $R/check.txt 2>&1
  log "native check gmem_3d $f rc=$? $(tail -1 $R/check.txt)"
done
gtest() {  # gtest FORM CAP NAME
  local t=$(( $(left) - 60 )); [ $t -gt $2 ] && t=$2
  [ $t -gt 3 ] || { log "skip test (time) $1: $3"; return; }
  run env $(form_env $1) timeout $t $B/tests/seis_tests_strategies -d yes "$3" >> $R/check.txt 2>&1
  log "seis_tests_strategies $1 rc=$? (124 = its ${t} s timeout): $3"
}
AG="every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace"
OB="strategies leave every point outside their box untouched - seis::test::OnDefaultSpace<IsoPhysics<float>>"
gtest base 12 "$AG<IsoPhysics<float>>"
gtest base 12 "$AG<TtiPhysics<float>>"
gtest bounds 12 "$AG<TtiPhysics<float>>"
gtest base 8 "$OB"

# 2. Paired timing (seis-bench --compare-native: Kokkos and twin in turns, median of pairs), A B A B over the forms.
bench() {  # bench NAME FORM TIMEOUT ARGS...
  local name=$1 f=$2 t=$3; shift 3
  [ $(left) -gt $(( t / 2 + ${RES:-8} )) ] || { log "skip $name (time)"; return; }
  echo "$name: $(form_env $f)" >> $R/commands.txt
  run env $(form_env $f) timeout $t $B/perf/seis-bench --warmup 2 --repeats ${REPS:-6} --stream-bytes 1048576 \
    --compare-native --json $R/$name.json "$@" > $R/$name.txt 2>&1
  log "$name rc=$?"
}
for i in 1 2; do
  for f in base row bounds; do
    RES=30 bench ttigmem-$f-$i $f 25 --physics tti --sizes 900,512 --strategies gmem_3d:64x2x2
  done
  RES=30 bench isogmem-base-$i base 20 --physics iso --sizes 1024,512 --strategies gmem_3d:32x4x4
done

# 3. The whole bench once, default forms (the parity table's shapes, and session 13's 512^3 rows).
REPS=3 RES=3 bench all-iso-1 base 30 --physics iso --sizes 1024 --strategies st_reg_vec:32x8@128,st_reg_feat:32x8@128,st_reg_fixed:32x8@128,gmem_3d:32x4x4,semi_b_a:32x16,semi_2z:32x8@128,semi_b:32x16@128,swic:32x8@128,st_reg_shift:32x8@64,semi_25d:32x16@128,sliding_window:32x8@128,smem_3d:16x8x2
REPS=3 RES=3 bench all-tti-1 base 40 --physics tti --sizes 900 --strategies st_reg_feat:32x8@300,st_reg_feat:32x8@128,st_reg_vec:32x8,st_reg_shift:32x8@64,st_reg_fixed:32x8@128,semi_25d:32x16@128,semi_2z:32x8@128,semi_b_a:16x16@128,semi_b:16x16@128,gmem_3d:64x2x2,sliding_window:32x8@128,swic:16x8@8,smem_3d:16x8x2

REPS=4 RES=2 bench all512-iso-1 base 20 --physics iso --sizes 512 --strategies st_reg_vec:32x8@128,st_reg_feat:32x8@128,st_reg_fixed:32x8@128,gmem_3d:32x4x4
REPS=4 RES=2 bench all512-tti-1 base 25 --physics tti --sizes 512 --strategies st_reg_feat:32x8@300,st_reg_feat:32x4@128,st_reg_shift:32x8@64,st_reg_vec:32x8,gmem_3d:64x2x2

tar -C /tmp -czf $O/all.tgz parity11-r2
cp $R/log.txt $O/log.txt
# Summary (stdout tail and summary.txt): per row and form, Kokkos/twin ratio (median of the pairs' ratios, the
# bench's column) rounds 1/2 (Kokkos|twin median ms).
python3 - "$R" <<'PY' | tee $O/summary.txt
import json, glob, os, collections, sys
R = sys.argv[1]
t = collections.defaultdict(dict)
for f in glob.glob(R + "/*.json"):
    grp, form, rnd = os.path.basename(f)[:-5].split("-")
    try: rows = json.load(open(f))["results"]
    except Exception: continue
    for r in rows:
        n = r.get("native") or {}; a, b = r.get("median_ms", 0), n.get("median_ms", 0)
        key = f'{r["physics"]} {r["nx"]} {r["strategy"]}:{r["shape"]}' + (" (all)" if grp.startswith("all") else "")
        q = n.get("kokkos_over_native") or (a / b if b else 0)  # the bench's ratio: the median of the pairs' ratios
        t[key].setdefault(form, {})[rnd] = (a, b, n.get("rel_l2_vs_kokkos", "-"), q)
for k, d in sorted(t.items()):
    cells = []
    for s in sorted(d, key=lambda s: (s != "base", s)):
        rs = [d[s][i] for i in ("1", "2") if i in d[s]]
        miss = "" if all(0.97 <= q <= 1.03 for _, _, _, q in rs) else " MISS"
        cells.append(f"{s} " + "/".join(f"{q:.3f}" for _, _, _, q in rs) + " (" + " ".join(f"{a:.3f}|{b:.3f}" for a, b, _, _ in rs) + ")" + miss)
    l2 = sorted({str(x[2]) for s in d.values() for x in s.values()})
    print(f"{k:32s} " + "  ".join(cells) + f"  relL2 {','.join(l2)}")
PY
grep -E "native check|seis_tests" $R/log.txt | cut -c1-200
grep -E "rc=" $R/log.txt | grep -v "rc=0" | head -8
log "done (all.tgz: $(du -k $O/all.tgz | cut -f1) KiB)"
