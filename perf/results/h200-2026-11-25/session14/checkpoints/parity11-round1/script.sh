# parity11, GPU checkpoint round 1 (issue 10: every Kokkos strategy within 3 % of its native twin; the miss is
# TTI gmem_3d 1.042, and iso gmem_3d 1.046 at 512^3).
# NO BUILD: assumes `.deps/dev.sh` built every target into build/cuda from the integration tree holding branch
# parity11. About 110 s. Files: $OUT/parity11/{log.txt,summary.txt,all.tgz}; the stdout tail is the summary.
#   bash .deps/parity11-gpu.sh
# Forms (run-time switches, read once per process; one switch for the Kokkos strategy and its twin unless said):
#   base   = main's gmem_3d on both sides (no switch)
#   bounds = SEIS_GMEM_BOUNDS=1: both kernels under launch bounds (512 threads, 3 blocks an SM for TTI, 4 for iso:
#            the occupancy each reaches unbounded, registers unchanged: TTI 40, iso 32). A bounded twin ran faster in
#            session 12 (26.63 against 27.00 ms); the Kokkos fresh form was never measured bounded.
#   band64 / band16 = SEIS_GMEM_BAND=64|16: tiles in banded order on both sides (seis/math/tile_order.hpp): bands of
#            64|16 tile rows, each band through all of z before the next, so that the planes a z-layer of tiles reads
#            stay in L2 (row order needs a whole z-layer's 10 planes x 2 fields x 3.2 MB at TTI 900^3).
#   lanes  = SEIS_GMEM_LANES=1 (Kokkos only): the team launched as lanes of 32 (a 32 x n/32 block) where Kokkos
#            launches 1 x n; the twin keeps its n x 1 block.
#   teamy  = SEIS_NATIVE_GMEM=team-y (twin only, diagnosis): the twin in Kokkos' 1 x n block, rank = threadIdx.y.
#   teamypad = teamy + SEIS_NATIVE_SHARED_PAD=kokkos (twin only, diagnosis): also Kokkos' 8 (n + 2) B of dynamic
#            shared memory, so that the twin's launch is Kokkos' in every parameter (grid, block, shared memory).
# SASS (nvcc 13, sm_90), instructions on an active thread's path: iso Kokkos 192 against the twin's 181 (+6 %: the
#   Kokkos wrapper's level-1 scratch test and league-loop test, 11 a thread; the bodies are equal), TTI ~681 / ~670.
# 1. correctness per form (native check of gmem_3d against the CPU reference; the GPU strategy tests, whose reference
#    is the factory's gmem_3d, so a wrong form fails every strategy); 2. paired bench A B A B over the forms, iso
#    1024^3+512^3 gmem_3d:32x4x4 and TTI 900^3+512^3 gmem_3d:64x2x2; 3. ncu of the launch configuration and caches
#    (carveout / L1 / L2 / DRAM: hypothesis 1) for base at TTI 900^3 and iso 512^3, band64 at TTI 900^3, both sides;
#    4. the whole bench once (default forms: nothing else should move).
O=${OUT:-/tmp/out}/parity11; R=/tmp/parity11-r1; rm -rf $R
mkdir -p $R $O
start=$(date +%s); LIMIT=${LIMIT:-117}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
B=build/cuda
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,power.draw --format=csv > $R/gpu.txt 2>&1; date -u >> $R/gpu.txt
git rev-parse HEAD >> $R/gpu.txt 2>/dev/null; git log --oneline -6 >> $R/gpu.txt 2>/dev/null
log() { echo "parity11 $* t=$(( $(date +%s) - start ))" | tee -a $R/log.txt; }
run() { echo "$*" >> $R/commands.txt; "$@"; }
form_env() {  # the environment of a form
  case $1 in
    base) echo "SEIS_PARITY11_FORM=base" ;;
    bounds) echo "SEIS_GMEM_BOUNDS=1" ;;
    band64) echo "SEIS_GMEM_BAND=64" ;;
    band16) echo "SEIS_GMEM_BAND=16" ;;
    lanes) echo "SEIS_GMEM_LANES=1" ;;
    teamy) echo "SEIS_NATIVE_GMEM=team-y" ;;
    teamypad) echo "SEIS_NATIVE_GMEM=team-y SEIS_NATIVE_SHARED_PAD=kokkos" ;;
  esac
}

# 1. Correctness first.
run timeout 40 $B/perf/native/seis_native_cuda_check > $R/check.txt 2>&1
log "native check (all, base) rc=$? $(tail -1 $R/check.txt)"
for f in bounds band64 band16 teamy teamypad; do
  run env $(form_env $f) timeout 15 $B/perf/native/seis_native_cuda_check gmem_3d >> $R/check.txt 2>&1
  log "native check gmem_3d $f rc=$? $(tail -1 $R/check.txt)"
done
gtest() {  # gtest FORM CAP NAME
  local t=$(( $(left) - 80 )); [ $t -gt $2 ] && t=$2
  [ $t -gt 3 ] || { log "skip test (time) $1: $3"; return; }
  run env $(form_env $1) timeout $t $B/tests/seis_tests_strategies -d yes "$3" >> $R/check.txt 2>&1
  log "seis_tests_strategies $1 rc=$? (124 = its ${t} s timeout): $3"
}
AG="every strategy and block shape agrees with gmem_3d after 50 steps - seis::test::OnDefaultSpace"
OB="strategies leave every point outside their box untouched - seis::test::OnDefaultSpace<IsoPhysics<float>>"
for f in base bounds band64 lanes band16; do
  gtest $f 12 "$AG<IsoPhysics<float>>"
  gtest $f 12 "$AG<TtiPhysics<float>>"
done
gtest band16 8 "$OB"
gtest lanes 8 "$OB"

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
  for f in base bounds band64 lanes teamy teamypad band16; do
    RES=45 bench ttigmem-$f-$i $f 25 --physics tti --sizes 900,512 --strategies gmem_3d:64x2x2
    RES=45 bench isogmem-$f-$i $f 20 --physics iso --sizes 1024,512 --strategies gmem_3d:32x4x4
  done
done

# 3. ncu: the launch configuration and the caches, both sides (matched launches: Kokkos timing x2, check step x2).
M=gpu__time_duration.sum,smsp__inst_executed.sum,launch__grid_size,launch__block_dim_x,launch__block_dim_y,launch__registers_per_thread,launch__shared_mem_config_size,launch__shared_mem_per_block_dynamic,launch__shared_mem_per_block_static,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,launch__occupancy_limit_warps,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,l1tex__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum
ncu_run() {  # ncu_run NAME FORM PHYSICS N SHAPE
  [ $(left) -gt 22 ] || { log "skip ncu $1 (time)"; return; }
  run env $(form_env $2) timeout $(( $(left) - 18 < 22 ? $(left) - 18 : 22 )) ncu --csv --page raw --print-units base \
    --clock-control none --metrics "$M" --kernel-name-base demangled -k "regex:Gmem3d|gmem_3d" --launch-skip 0 \
    --launch-count 4 $B/perf/seis-bench --physics $3 --sizes $4 --strategies gmem_3d:$5 --warmup 1 --repeats 1 \
    --stream-bytes 1048576 --compare-native > $R/ncu-$1.csv 2> $R/ncu-$1.log
  log "ncu $1 rc=$?"
}
ncu_run tti900-base base tti 900 64x2x2
ncu_run iso512-base base iso 512 32x4x4
ncu_run tti900-band64 band64 tti 900 64x2x2
M="$M" python3 - $R <<'PY' > $R/ncu.txt
import csv, sys, glob, os
want = list(dict.fromkeys(os.environ["M"].split(",")))
def short(k):
    for a, b in (("smsp__average_warps_issue_stalled_", "stall_"), ("_per_issue_active.ratio", ""), ("launch__", ""),
                 ("lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum", "l2_rd_miss"), ("lts__t_sectors_srcunit_tex_op_read.sum", "l2_rd"),
                 ("sm__warps_active.avg.pct_of_peak_sustained_active", "warps%"), ("occupancy_limit_", "lim_"),
                 ("shared_mem_", "sm_"), ("l1tex__t_sector_hit_rate.pct", "l1hit%"), ("lts__t_sector_hit_rate.pct", "l2hit%"),
                 ("gpu__time_duration.sum", "ns"), ("smsp__inst_executed.sum", "inst"), (".sum", "")):
        k = k.replace(a, b)
    return k
for f in sorted(glob.glob(sys.argv[1] + "/ncu-*.csv")):
    try: rows = [r for r in csv.reader(open(f)) if len(r) > 5]
    except OSError: rows = []
    if len(rows) < 3: print(os.path.basename(f), "no rows"); continue
    head = rows[0]
    for r in rows[2:]:
        d = dict(zip(head, r)); name = d.get("Kernel Name", "")
        side = "native" if "native" in name else "kokkos"
        print(os.path.basename(f)[4:-4], side, " ".join(f"{short(k)}={d[k].replace(',', '')}" for k in want if k in d))
PY

# 4. The whole bench once, default forms (the parity table's shapes).
REPS=3 RES=3 bench all-iso-1 base 30 --physics iso --sizes 1024 --strategies st_reg_vec:32x8@128,st_reg_feat:32x8@128,st_reg_fixed:32x8@128,gmem_3d:32x4x4,semi_b_a:32x16,semi_2z:32x8@128,semi_b:32x16@128,swic:32x8@128,st_reg_shift:32x8@64,semi_25d:32x16@128,sliding_window:32x8@128,smem_3d:16x8x2
REPS=3 RES=3 bench all-tti-1 base 40 --physics tti --sizes 900 --strategies st_reg_feat:32x8@300,st_reg_feat:32x8@128,st_reg_vec:32x8,st_reg_shift:32x8@64,st_reg_fixed:32x8@128,semi_25d:32x16@128,semi_2z:32x8@128,semi_b_a:16x16@128,semi_b:16x16@128,gmem_3d:64x2x2,sliding_window:32x8@128,swic:16x8@8,smem_3d:16x8x2

tar -C /tmp -czf $O/all.tgz parity11-r1
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
cut -c1-700 $R/ncu.txt | tee -a $O/summary.txt
grep -E "native check|seis_tests" $R/log.txt | cut -c1-200
grep -E "rc=" $R/log.txt | grep -v "rc=0" | head -8
log "done (all.tgz: $(du -k $O/all.tgz | cut -f1) KiB)"
