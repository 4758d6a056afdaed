# cpml8 ROUND 2 (branch cpml8). NO BUILD: assumes `.deps/dev.sh` built build/cuda.
#   bash .deps/cpml8-gpu2.sh   (results under $OUT/cpml8/: summary.txt, all.tgz; <= ~100 s)
# Since round 1 (tree b4c8675): the L2 prefetch 2 planes ahead is the DEFAULT (SEIS_CPML_PREFETCH=2,
# round 1: iso CPML 2.285 against 2.640 off, TTI 1.421 against 1.613), issued every trip without a
# branch (a select near the slab's end): round 1's prefetch under a test made the walks 13 % slower
# than session 10's even when off. SEIS_CPML_X_CHUNK removed (lost: 2.648 against 2.640).
# Switches left for this A/B: SEIS_CPML_PREFETCH=D (0: the walks prefetch the plane at hand, i.e.
# nothing useful; 1, 3) and SEIS_CPML_PACKED=1 (psi, xi in bfloat16; round 1 with the prefetch: iso
# 2.044, TTI 1.269; seismograms 1.4e-6 / 1.6e-6 relative of their maximum; iso reflection 1.45694e-5
# against 1.45213e-5).
# 1. CORRECTNESS FIRST (tests.txt): [pml] (def; its new cases run the packed form), [pml] with
#    PREFETCH=0, user-physics [pml], [distributed] PACKED=1, out-of-core iso sweeps, TTI VTI; the TTI
#    CPML reflection test default and PACKED=1 (-s: the fractions). compare.txt: 500-step iso def and
#    pf0 (expected bitwise), every timed run against its def (pf*: bitwise; pk: the relative difference).
# 2. Timings A B A B (times.txt, CPML ms/step): iso-large-gpu st_reg_vec:32x8@128 100 steps off: def
#    pf0 pk def pf0 pk pf3 def pf1 pk; ahead: def pk def pk; tti-large-gpu st_reg_feat:32x8@300 50 steps
#    off: def pf0 pk def pf0 pk; then 1000 steps of iso-large-gpu (st_reg_vec:16x16@128, ahead): def, pk.
#    SUCCESS: def below pf0 beyond the spread; pk below def.
# 3. ncu of one iso step's CPML kernels: def, pf0, pk.
set -o pipefail
R=${OUT:-/tmp/out}/cpml8
mkdir -p $R/all
A=$R/all
export LD_LIBRARY_PATH=/tmp/pfx/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
B=${BIN:-$PWD/build/cuda}
start=$(date +%s); LIMIT=${LIMIT:-100}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
{ nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv; date -u; git log --oneline -1 2>/dev/null; } > $A/gpu.txt
# 1. the tests (a hang, rc 124, ends them)
t() {  # tag, binary, test spec, then env VAR=value and test options (-s)
  local tag=$1 bin=$2 spec=$3; shift 3; local t0=$(date +%s) envs=() opts=()
  for a in "$@"; do case $a in -*) opts+=("$a");; *) envs+=("$a");; esac; done
  echo "+ ${envs[*]} timeout 40 $B/tests/$bin \"$spec\" ${opts[*]}" >> $A/commands.txt
  env X=0 "${envs[@]}" timeout 40 $B/tests/$bin "$spec" "${opts[@]}" > $A/test-$tag.txt 2>&1; local rc=$?
  echo "$tag rc=$rc $(( $(date +%s) - t0 )) s: $(grep -E 'All tests passed|test cases|FAILED' $A/test-$tag.txt | tail -1)" | tee -a $R/tests.txt
  [ $rc -ne 124 ]
}
PF0="SEIS_CPML_PREFETCH=0"; PK="SEIS_CPML_PACKED=1"
t pml seis_tests_unit "[pml]" && \
t pml-pf0 seis_tests_unit "[pml]" $PF0 && \
t user seis_tests_user_physics "[pml]" && \
t dist-pk seis_tests_unit "[distributed]" $PK && \
t ooc seis_tests_unit "out-of-core iso sweeps*" && \
t tti-vti seis_tests_tti "VTI first arrivals*"
# The TTI CPML reflection test, printed (-s) for the fractions: default and packed.
for v in def pk; do
  [ $(left) -gt 78 ] || break
  e=X=0; [ $v = pk ] && e=$PK
  t refl-tti-$v seis_tests_tti "the default CPML reflects at most 1% of the energy (TTI)" $e -s
  grep -h "reflected energy fraction" $A/test-refl-tti-$v.txt | sort -u | sed "s/^/  tti-$v: /" | tee -a $R/tests.txt
done
# 2. timings
ISO="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 100"
TTI="app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:32x8@300 --steps 50"
run() {  # tag, scenario+args (quoted), then VAR=value... for env
  local tag=$1 sc=$2; shift 2; local t0=$(date +%s)
  echo "+ $* $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml8-$tag --overwrite" >> $A/commands.txt
  env X=0 "$@" timeout $(( $(left) - 3 )) $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml8-$tag --overwrite > $A/run-$tag.log 2>&1 \
    && cp /tmp/o-cpml8-$tag/report.json $A/report-$tag.json && cp /tmp/o-cpml8-$tag/seismograms.npy $A/seis-$tag.npy \
    || { echo "$tag failed:"; tail -5 $A/run-$tag.log; }
  rm -rf /tmp/o-cpml8-$tag; echo "$tag took $(( $(date +%s) - t0 )) s, $(left) s left"
}
P() { echo SEIS_CPML_PREFETCH=$1; }
series() {  # min seconds left, scenario+args, then tag=ENV entries (ENV empty: default; several joined by +)
  local need=$1 sc=$2; shift 2
  for s in "$@"; do
    [ $(left) -gt $need ] || break
    local tag=${s%%=*} e=${s#*=}
    if [ -n "$e" ]; then run $tag "$sc" ${e//+/ }; else run $tag "$sc"; fi
  done
}
# Long runs whose waves reach the receivers, for compare.txt (their times are not A/B), first.
ISOL="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 500 --cpml-overlap off"
series 64 "$ISOL" isolong-def= isolong-pf0=$PF0
series 40 "$ISO --cpml-overlap off" iso-def= iso-pf0=$PF0 iso-pk=$PK iso-def2= iso-pf02=$PF0 iso-pk2=$PK \
  iso-pf3=$(P 3) iso-def3= iso-pf1=$(P 1) iso-pk3=$PK
series 36 "$ISO --cpml-overlap ahead" iso-def-ahead= iso-pk-ahead=$PK iso-def2-ahead= iso-pk2-ahead=$PK
series 26 "$TTI --cpml-overlap off" tti-def= tti-pf0=$PF0 tti-pk=$PK tti-def2= tti-pf02=$PF0 tti-pk2=$PK
# The issue's figure: 1000 steps of iso-large-gpu as session 10's auto ran it (st_reg_vec:16x16@128, ahead).
series 48 "app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:16x16@128 --steps 1000 --cpml-overlap ahead" \
  iso1000-def-ahead= iso1000-pk-ahead=$PK
python3 - $A <<'PY' | tee $R/compare.txt
import glob, os, sys
R = sys.argv[1]
try:
    import numpy as np
except ImportError:
    np = None
for phys in ("iso", "tti", "isolong", "ttilong"):
    ref = os.path.join(R, "seis-%s-def.npy" % phys)
    if not os.path.exists(ref): print(phys, "no def seismograms"); continue
    for f in sorted(glob.glob(os.path.join(R, "seis-%s-*.npy" % phys))):
        if "long" not in phys and "long" in os.path.basename(f): continue
        tag = os.path.basename(f)[5:-4]
        if np is None:
            print("%-16s bytes %s def's" % (tag, "equal to" if open(f, "rb").read() == open(ref, "rb").read() else "DIFFER from")); continue
        a, b = np.load(f), np.load(ref)
        if a.shape != b.shape: print("%-16s shape %s against %s" % (tag, a.shape, b.shape)); continue
        d = float(np.max(np.abs(a.astype(np.float64) - b))); m = float(np.max(np.abs(b)))
        print("%-16s max|diff| %.3g, max|def| %.3g, relative %.3g, bitwise %s" % (tag, d, m, d / m if m else 0.0, bool(np.array_equal(a, b))))
PY
python3 - $A <<'PY' | tee $R/times.txt
import glob, json, os, sys
R = sys.argv[1]
print("run              stencil  CPML    step  (ms/step)  slab/inner point")
for f in sorted(glob.glob(os.path.join(R, "report-*.json")), key=os.path.getmtime):
    tag = os.path.basename(f)[7:-5]
    r = json.load(open(f)); t = r["timing"]; g = r["grid"]
    st, pm = t["stencil_ms_per_step"], t["pml_ms_per_step"]
    ratio = "%.2f" % ((pm / g["pml_points"]) / (st / g["inner_points"])) if "ahead" not in tag and "long" not in tag and st > 0 else ""
    print("%-16s %7.3f %6.3f %7.3f %17s" % (tag, st, pm, t["ms_per_step"], ratio))
PY
# 3. ncu of one iso step's CPML kernels (3 launches a step)
S=smsp__average_warps_issue_stalled
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__thread_inst_executed.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_issued.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_local_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,${S}_long_scoreboard_per_issue_active.ratio,${S}_barrier_per_issue_active.ratio,${S}_lg_throttle_per_issue_active.ratio
for v in def pk pf0; do
  [ $(left) -gt 11 ] || break
  e=X=0; [ $v = pf0 ] && e=$PF0; [ $v = pk ] && e=$PK
  cmd="ncu --csv --page raw --print-units base --clock-control none --metrics $M --kernel-name-base mangled -k regex:Cpml --launch-skip 3 --launch-count 3 $B/app/seis run app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 2 --cpml-overlap off --no-stream --quiet --output /tmp/o-cpml8-ncu --overwrite"
  echo "+ $e $cmd" >> $A/commands.txt
  env $e timeout $(( $(left) - 3 )) $cmd > $A/ncu-$v.csv 2> $A/ncu-$v.log; echo "ncu $v rc=$?"; rm -rf /tmp/o-cpml8-ncu
  python3 - $A/ncu-$v.csv <<'PY' | tee $A/ncu-$v.txt >> $R/ncu.txt
import csv, re, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
if not rows: print("no ncu rows"); sys.exit(0)
head = rows[0]; data = [dict(zip(head, r)) for r in rows[2:] if r[0].isdigit()]
def f(r, k):
    try: return float(r.get(k, "nan").replace(",", ""))
    except ValueError: return float("nan")
S = "smsp__average_warps_issue_stalled_%s_per_issue_active.ratio"
print("== " + sys.argv[1].split("/")[-1])
print("kernel,grid,block,regs,ms,dram_MB,thread_inst_M,warps_active_pct,issue_pct,dram_pct,l2_hit_pct,local_ld,stall_long_sb,stall_barrier,stall_lg_throttle")
tot = byt = ins = 0
for r in data:
    name = r.get("Kernel Name", ""); i = name.find("Cpml")
    m = re.search(r"(MemoryColumns|XColumns|UpdateSlabs|UpdateColumns)", name)
    short = m.group(0) if m else name[i:i + 40]
    ms = f(r, "gpu__time_duration.sum") / 1e6; b = f(r, "dram__bytes_read.sum") + f(r, "dram__bytes_write.sum")
    tot += ms; byt += b; ins += f(r, "smsp__thread_inst_executed.sum")
    print("%s,%s,%s,%.0f,%.3f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.0f,%.2f,%.2f,%.2f" % (short, r.get("launch__grid_size", ""),
          r.get("launch__block_size", ""), f(r, "launch__registers_per_thread"), ms, b / 1e6,
          f(r, "smsp__thread_inst_executed.sum") / 1e6, f(r, "sm__warps_active.avg.pct_of_peak_sustained_active"),
          f(r, "sm__inst_issued.avg.pct_of_peak_sustained_active"), f(r, "dram__throughput.avg.pct_of_peak_sustained_elapsed"),
          f(r, "lts__t_sector_hit_rate.pct"), f(r, "smsp__inst_executed_op_local_ld.sum"), f(r, S % "long_scoreboard"),
          f(r, S % "barrier"), f(r, S % "lg_throttle")))
pts = 189005824
print("total_ms,%.3f\nlaunches,%d\ndram_bytes_per_slab_point,%.1f (minimum 32 per face-slab point)\n"
      "thread_instructions_per_slab_point,%.1f" % (tot, len(data), byt / pts, ins / pts))
PY
done
cp $R/tests.txt $R/compare.txt $R/times.txt $A/ 2>/dev/null
{ echo "== summary (cpml8 round 2) =="; cat $R/tests.txt; echo; cat $R/compare.txt; echo; cat $R/times.txt; echo; cat $R/ncu.txt 2>/dev/null; } > $R/summary.txt
rm -f $R/tests.txt $R/compare.txt $R/times.txt $R/ncu.txt
tar -czf $R/all.tgz -C $R all && rm -rf $A
cat $R/summary.txt
echo "cpml8 done, $(left) s of $LIMIT left"
