# cpml9 ROUND 1 (branch cpml9). NO BUILD: assumes `.deps/dev.sh` built build/cuda.
#   bash .deps/cpml9-gpu.sh   (results under $OUT/cpml9/: summary.txt, all.tgz; <= ~110 s)
# What changed since main 8a76566: the CPML memory variables are bfloat16 BY DEFAULT in every placement
# (scenario key [boundary] pml_memory = "bfloat16" | "float"; SEIS_CPML_PACKED is gone); out-of-core
# chunks, checkpoints copy them as stored; bf16 ones take a 2-byte-a-value allocation (half of before);
# walk (one column a thread) is now walk_lanes<1>.
# Switches for this A/B (all run-time):
#   fl   = the same scenario with [boundary] pml_memory = "float" (last session's default)
#   SEIS_CPML_PREFETCH=D: L2 prefetch distance (default 2; bf16 halves psi/xi bytes: 1 and 3 again)
#   SEIS_CPML_TILE_X=16: z-/y-slab update blocks of 16x16 rather than 32x8 (float, session 9: iso
#     2.330 against 2.38 but TTI 1.590 against 1.49; bf16 moves fewer bytes a row)
#   SEIS_CPML_X_CHUNK=128: XColumns teams walk 128 planes rather than 64 (fewer re-read p planes)
#   SEIS_CPML_LANES=1: one column a thread in the z-/y-slab updates (the path where walk runs), with
#   SEIS_CPML_WALK=plain: the old separate walk loop (the cleanup's A/B: lanes<1> must not be slower)
# 1. CORRECTNESS FIRST (tests.txt): [pml] (both forms, sub-domains, 1 vs 2 lanes), [pml] with the plain
#    walk, [checkpoint] (bf16 + float restarts, cross-form refusal), out-of-core (iso runs both schedules
#    bf16, float, ooc checkpoint, iso sweeps), user physics [pml], TTI VTI, iso + TTI reflection (-s).
#    compare.txt: every run's seismograms against its form's default (bitwise expected except bf vs fl).
# 2. Timings A B A B (times.txt, CPML ms/step): iso-large-gpu st_reg_vec:32x8@128 100 steps off:
#    bf fl bf fl pf3 bf pf1 pf3 t16 bf t16; lanes: l1 l1p l1 l1p; tti-large-gpu st_reg_feat:32x8@300
#    50 off: bf fl bf fl pf3 bf pf3 t16; 1000 steps iso-large-gpu st_reg_vec:16x16@128 ahead: bf, fl, bf.
# 3. ncu of one iso step's CPML kernels: bf, fl, pf3.
set -o pipefail
R=${OUT:-/tmp/out}/cpml9
mkdir -p $R/all
A=$R/all
export LD_LIBRARY_PATH=/tmp/pfx/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
B=${BIN:-$PWD/build/cuda}
start=$(date +%s); LIMIT=${LIMIT:-115}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
{ nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv; date -u; git log --oneline -1 2>/dev/null; } > $A/gpu.txt
# The float form of the large scenarios (built-in models: no relative paths to keep).
for s in iso tti; do
  sed '/^\[boundary\]/a pml_memory = "float"' app/scenarios/$s-large-gpu.toml > /tmp/cpml9-$s-float.toml
done
grep -q 'pml_memory = "float"' /tmp/cpml9-iso-float.toml || echo "WARNING: no float scenario" | tee -a $R/tests.txt
# 1. the tests (a hang, rc 124, ends them)
t() {  # tag, binary, test spec, then env VAR=value and test options (-s)
  local tag=$1 bin=$2 spec=$3; shift 3; local t0=$(date +%s) envs=() opts=()
  for a in "$@"; do case $a in -*) opts+=("$a");; *) envs+=("$a");; esac; done
  echo "+ ${envs[*]} timeout 40 $B/tests/$bin \"$spec\" ${opts[*]}" >> $A/commands.txt
  env X=0 "${envs[@]}" timeout 40 $B/tests/$bin "$spec" "${opts[@]}" > $A/test-$tag.txt 2>&1; local rc=$?
  echo "$tag rc=$rc $(( $(date +%s) - t0 )) s: $(grep -E 'All tests passed|test cases|FAILED' $A/test-$tag.txt | tail -1)" | tee -a $R/tests.txt
  [ $rc -ne 124 ]
}
OOC="out-of-core iso runs give the in-core seismograms and wavefields bit for bit*,with float CPML memory variables out-of-core iso runs*,an out-of-core checkpoint resumes in-core bit for bit*,out-of-core iso sweeps*"
t pml seis_tests_unit "[pml]" && \
t pml-plain seis_tests_unit "[pml]" SEIS_CPML_WALK=plain && \
t pml-xc seis_tests_unit "[pml]" SEIS_CPML_X_CHUNK=16 && \
t ckpt seis_tests_unit "[checkpoint]" && \
t ooc seis_tests_unit "$OOC" && \
t user seis_tests_user_physics "[pml]" && \
t tti-vti seis_tests_tti "VTI first arrivals*"
for v in iso tti; do
  [ $(left) -gt 90 ] || break
  if [ $v = iso ]; then t refl-iso seis_tests_physics "the default CPML reflects at most 1% of the energy (iso)" -s
  else t refl-tti seis_tests_tti "the default CPML reflects at most 1% of the energy (TTI)" -s; fi
  grep -h "reflected energy fraction" $A/test-refl-$v.txt | sort -u | sed "s/^/  $v: /" | tee -a $R/tests.txt
done
# 2. timings
ISO="--strategy st_reg_vec:32x8@128 --steps 100"
TTI="--strategy st_reg_feat:32x8@300 --steps 50"
run() {  # tag, scenario+args (quoted), then VAR=value... for env
  local tag=$1 sc=$2; shift 2; local t0=$(date +%s)
  echo "+ $* $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml9-$tag --overwrite" >> $A/commands.txt
  env X=0 "$@" timeout $(( $(left) - 3 )) $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml9-$tag --overwrite > $A/run-$tag.log 2>&1 \
    && cp /tmp/o-cpml9-$tag/report.json $A/report-$tag.json && cp /tmp/o-cpml9-$tag/seismograms.npy $A/seis-$tag.npy \
    || { echo "$tag failed:"; tail -5 $A/run-$tag.log; }
  rm -rf /tmp/o-cpml9-$tag; echo "$tag took $(( $(date +%s) - t0 )) s, $(left) s left"
}
series() {  # min seconds left, scenario+args, then tag=ENV entries (ENV empty: default; several joined by +)
  local need=$1 sc=$2; shift 2
  for s in "$@"; do
    [ $(left) -gt $need ] || break
    local tag=${s%%=*} e=${s#*=}
    if [ -n "$e" ]; then run $tag "$sc" ${e//+/ }; else run $tag "$sc"; fi
  done
}
ISOB="app/scenarios/iso-large-gpu.toml $ISO --cpml-overlap off"; ISOF="/tmp/cpml9-iso-float.toml $ISO --cpml-overlap off"
TTIB="app/scenarios/tti-large-gpu.toml $TTI --cpml-overlap off"; TTIF="/tmp/cpml9-tti-float.toml $TTI --cpml-overlap off"
P3=SEIS_CPML_PREFETCH=3; P1=SEIS_CPML_PREFETCH=1; L1=SEIS_CPML_LANES=1; L1P=SEIS_CPML_LANES=1+SEIS_CPML_WALK=plain
ab() {  # need, then tag:form:env ... (form bf|fl), iso
  local need=$1 sc_b=$2 sc_f=$3; shift 3
  for s in "$@"; do
    [ $(left) -gt $need ] || break
    IFS=: read -r tag form e <<< "$s"
    local sc=$sc_b; [ $form = fl ] && sc=$sc_f
    if [ -n "$e" ]; then run $tag "$sc" ${e//+/ }; else run $tag "$sc"; fi
  done
}
T16=SEIS_CPML_TILE_X=16; XC=SEIS_CPML_X_CHUNK=128
ab 60 "$ISOB" "$ISOF" iso-bf:bf: iso-fl:fl: iso-bf2:bf: iso-fl2:fl: iso-pf3:bf:$P3 iso-bf3:bf: iso-pf1:bf:$P1 iso-pf32:bf:$P3 \
  iso-t16:bf:$T16 iso-bf4:bf: iso-t162:bf:$T16 iso-xc:bf:$XC iso-bf5:bf: iso-xc2:bf:$XC
ab 52 "$ISOB" "$ISOF" iso-l1:bf:$L1 iso-l1p:bf:$L1P iso-l12:bf:$L1 iso-l1p2:bf:$L1P
ab 44 "$TTIB" "$TTIF" tti-bf:bf: tti-fl:fl: tti-bf2:bf: tti-fl2:fl: tti-pf3:bf:$P3 tti-bf3:bf: tti-pf32:bf:$P3 tti-t16:bf:$T16 tti-xc:bf:$XC
# The issue's figure: 1000 steps of iso-large-gpu as session 10's auto ran it (st_reg_vec:16x16@128, ahead).
I1K="--strategy st_reg_vec:16x16@128 --steps 1000 --cpml-overlap ahead"
ab 26 "app/scenarios/iso-large-gpu.toml $I1K" "/tmp/cpml9-iso-float.toml $I1K" iso1000-bf:bf: iso1000-fl:fl: iso1000-bf2:bf:
python3 - $A <<'PY' | tee $R/compare.txt
import glob, os, sys
R = sys.argv[1]
try:
    import numpy as np
except ImportError:
    np = None
def ref_of(tag):
    phys = tag.split("-")[0]
    return "%s-fl" % phys if tag.split("-")[1].startswith("fl") else "%s-bf" % phys
for f in sorted(glob.glob(os.path.join(R, "seis-*.npy"))):
    tag = os.path.basename(f)[5:-4]
    for ref in sorted({ref_of(tag), tag.split("-")[0] + "-bf"}):
        if ref == tag: continue
        rf = os.path.join(R, "seis-%s.npy" % ref)
        if not os.path.exists(rf): print("%-14s no %s" % (tag, ref)); continue
        if np is None:
            print("%-14s vs %-9s bytes %s" % (tag, ref, "equal" if open(f, "rb").read() == open(rf, "rb").read() else "DIFFER")); continue
        a, b = np.load(f), np.load(rf)
        if a.shape != b.shape: print("%-14s shape %s against %s" % (tag, a.shape, b.shape)); continue
        d = float(np.max(np.abs(a.astype(np.float64) - b))); m = float(np.max(np.abs(b)))
        print("%-14s vs %-9s max|diff| %.3g, max|ref| %.3g, relative %.3g, bitwise %s" % (tag, ref, d, m, d / m if m else 0.0, bool(np.array_equal(a, b))))
PY
python3 - $A <<'PY' | tee $R/times.txt
import glob, json, os, sys
R = sys.argv[1]
print("run             stencil  CPML    step  (ms/step)  slab/inner point  cpml_memory")
for f in sorted(glob.glob(os.path.join(R, "report-*.json")), key=os.path.getmtime):
    tag = os.path.basename(f)[7:-5]
    r = json.load(open(f)); t = r["timing"]; g = r["grid"]
    st, pm = t["stencil_ms_per_step"], t["pml_ms_per_step"]
    ratio = "%.2f" % ((pm / g["pml_points"]) / (st / g["inner_points"])) if "1000" not in tag and st > 0 else ""
    print("%-15s %7.3f %6.3f %7.3f %17s  %s" % (tag, st, pm, t["ms_per_step"], ratio, r.get("cpml_memory", "?")))
PY
# 3. ncu of one iso step's CPML kernels (3 launches a step)
S=smsp__average_warps_issue_stalled
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__thread_inst_executed.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_issued.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_local_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,${S}_long_scoreboard_per_issue_active.ratio,${S}_barrier_per_issue_active.ratio,${S}_lg_throttle_per_issue_active.ratio
for v in bf fl pf3; do
  [ $(left) -gt 11 ] || break
  e=X=0; sc=app/scenarios/iso-large-gpu.toml
  [ $v = fl ] && sc=/tmp/cpml9-iso-float.toml; [ $v = pf3 ] && e=$P3
  cmd="ncu --csv --page raw --print-units base --clock-control none --metrics $M --kernel-name-base mangled -k regex:Cpml --launch-skip 3 --launch-count 3 $B/app/seis run $sc --strategy st_reg_vec:32x8@128 --steps 2 --cpml-overlap off --no-stream --quiet --output /tmp/o-cpml9-ncu --overwrite"
  echo "+ $e $cmd" >> $A/commands.txt
  env $e timeout $(( $(left) - 3 )) $cmd > $A/ncu-$v.csv 2> $A/ncu-$v.log; echo "ncu $v rc=$?"; rm -rf /tmp/o-cpml9-ncu
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
print("kernel,grid,block,regs,ms,dram_MB,GB/s,thread_inst_M,warps_active_pct,issue_pct,dram_pct,l2_hit_pct,local_ld,stall_long_sb,stall_barrier,stall_lg_throttle")
tot = byt = ins = 0
for r in data:
    name = r.get("Kernel Name", ""); i = name.find("Cpml")
    m = re.search(r"(MemoryColumns|XColumns|UpdateSlabs|UpdateColumns)", name)
    short = m.group(0) if m else name[i:i + 40]
    ms = f(r, "gpu__time_duration.sum") / 1e6; b = f(r, "dram__bytes_read.sum") + f(r, "dram__bytes_write.sum")
    tot += ms; byt += b; ins += f(r, "smsp__thread_inst_executed.sum")
    print("%s,%s,%s,%.0f,%.3f,%.1f,%.0f,%.1f,%.1f,%.1f,%.1f,%.1f,%.0f,%.2f,%.2f,%.2f" % (short, r.get("launch__grid_size", ""),
          r.get("launch__block_size", ""), f(r, "launch__registers_per_thread"), ms, b / 1e6, b / 1e6 / ms,
          f(r, "smsp__thread_inst_executed.sum") / 1e6, f(r, "sm__warps_active.avg.pct_of_peak_sustained_active"),
          f(r, "sm__inst_issued.avg.pct_of_peak_sustained_active"), f(r, "dram__throughput.avg.pct_of_peak_sustained_elapsed"),
          f(r, "lts__t_sector_hit_rate.pct"), f(r, "smsp__inst_executed_op_local_ld.sum"), f(r, S % "long_scoreboard"),
          f(r, S % "barrier"), f(r, S % "lg_throttle")))
pts = 189005824
print("total_ms,%.3f\nlaunches,%d\ndram_bytes_per_slab_point,%.1f\nachieved_GB/s,%.0f\n"
      "thread_instructions_per_slab_point,%.1f" % (tot, len(data), byt / pts, byt / 1e6 / tot if tot else 0, ins / pts))
PY
done
cp $R/tests.txt $R/compare.txt $R/times.txt $A/ 2>/dev/null
{ echo "== summary (cpml9 round 1) =="; cat $R/tests.txt; echo; cat $R/compare.txt; echo; cat $R/times.txt; echo; cat $R/ncu.txt 2>/dev/null; } > $R/summary.txt
rm -f $R/tests.txt $R/compare.txt $R/times.txt $R/ncu.txt
tar -czf $R/all.tgz -C $R all && rm -rf $A
cat $R/summary.txt
echo "cpml9 done, $(left) s of $LIMIT left"
