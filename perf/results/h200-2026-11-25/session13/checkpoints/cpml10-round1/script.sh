# cpml10 ROUND 1 (branch cpml10). NO BUILD: assumes `.deps/dev.sh` built build/cuda.
#   bash .deps/cpml10-gpu.sh   (results under $OUT/cpml10/: summary.txt, all.tgz; <= ~115 s)
# XColumns (x-slabs: psi_x + x-slab update) forms, all computing the same values, chosen at run time:
#   A  = SEIS_CPML_X_WARP=0   main's form: psi_x to x-neighbours through team scratch, a barrier a plane, 64 regs
#                             (ptxas, bf16: 12 B spill stores / 8 loads)
#   W  = SEIS_CPML_X_WARP=1   (the branch's default) rows of psi_x in whole warps (tx 32 in iso-large): 4 warp
#                             shuffles a plane, no scratch, no barrier; 64 regs (56 B spill stores / 44 loads)
#   E  = SEIS_CPML_X_WARP=2   W, and the psi_x beyond the row (lanes 0,1,30,31 read it) loaded a plane ahead rather
#                             than in the update (SASS: W waits on those loads right after the shuffles); 36/36 B spills
#   A7, W7, E7 = the same with SEIS_CPML_X_TEAMS=7: LaunchBounds<128,7>, 72 regs, no spills, 7 teams (28 warps) an SM
# tti-large-gpu has a 20-point layer (rows of 20): W = A there (team form), T7/W7 change its register budget.
# 1. CORRECTNESS FIRST: [pml] under W, E, W7, E7, A7 (its new test compares warp vs team bitwise); [checkpoint];
#    out-of-core subset (buffer_bytes now counts CPML memory variables at 2 B in bfloat16).
# 2. Timings A B A B, CPML ms/step, --cpml-overlap off: iso-large-gpu st_reg_vec:32x8@128 200 steps
#    A W E A7 W7 E7 x3 (the third round as time allows); tti-large-gpu st_reg_feat:32x8@300 100 steps A A7 x2, W once
#    (= A there). Seismograms of every run byte-compared with its physics' first A run.
# 3. ncu of one iso step's CPML kernels (3 launches): A W E A7 W7 E7; tti: A A7.
set -o pipefail
R=${OUT:-/tmp/out}/cpml10
mkdir -p $R/all
A=$R/all
export LD_LIBRARY_PATH=/tmp/pfx/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
B=${BIN:-$PWD/build/cuda}
start=$(date +%s); LIMIT=${LIMIT:-115}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
{ nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv; date -u; git log --oneline -1 2>/dev/null; } > $A/gpu.txt
FA="SEIS_CPML_X_WARP=0"; FW="SEIS_CPML_X_WARP=1"; FE="SEIS_CPML_X_WARP=2"
FA7="$FA+SEIS_CPML_X_TEAMS=7"; FW7="$FW+SEIS_CPML_X_TEAMS=7"; FE7="$FE+SEIS_CPML_X_TEAMS=7"
# 1. the tests (a hang, rc 124, ends them)
t() {  # tag, binary, test spec, then env VAR=value and test options (-s)
  local tag=$1 bin=$2 spec=$3; shift 3; local t0=$(date +%s) envs=() opts=()
  for a in "$@"; do case $a in -*) opts+=("$a");; *) envs+=("$a");; esac; done
  echo "+ ${envs[*]} timeout 40 $B/tests/$bin \"$spec\" ${opts[*]}" >> $A/commands.txt
  env X=0 "${envs[@]}" timeout 40 $B/tests/$bin "$spec" "${opts[@]}" > $A/test-$tag.txt 2>&1; local rc=$?
  echo "$tag rc=$rc $(( $(date +%s) - t0 )) s: $(grep -E 'All tests passed|test cases|FAILED' $A/test-$tag.txt | tail -1)" | tee -a $R/tests.txt
  [ $rc -eq 0 ]
}
OOC="a budget too small for the skewed*,a budget below one chunk*,out-of-core iso runs give*,with float CPML memory variables*,an out-of-core checkpoint resumes*"
OK=1
t pml-W seis_tests_unit "[pml]" || OK=0
t pml-E seis_tests_unit "[pml]" SEIS_CPML_X_WARP=2 || OK=0
t pml-W7 seis_tests_unit "[pml]" SEIS_CPML_X_TEAMS=7 || OK=0
t pml-E7 seis_tests_unit "[pml]" SEIS_CPML_X_WARP=2 SEIS_CPML_X_TEAMS=7 || OK=0
t pml-A7 seis_tests_unit "[pml]" SEIS_CPML_X_WARP=0 SEIS_CPML_X_TEAMS=7 || OK=0
t ckpt seis_tests_unit "[checkpoint]" || OK=0
t ooc seis_tests_unit "$OOC" || OK=0
[ $OK = 1 ] || echo "TESTS FAILED: timings below are of forms that did not pass" | tee -a $R/tests.txt
# 2. timings
run() {  # tag, scenario+args (quoted), then VAR=value... for env
  local tag=$1 sc=$2; shift 2; local t0=$(date +%s)
  echo "+ $* $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml10-$tag --overwrite" >> $A/commands.txt
  env X=0 "$@" timeout $(( $(left) - 3 )) $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml10-$tag --overwrite > $A/run-$tag.log 2>&1 \
    && cp /tmp/o-cpml10-$tag/report.json $A/report-$tag.json && cp /tmp/o-cpml10-$tag/seismograms.npy $A/seis-$tag.npy \
    || { echo "$tag failed:"; tail -5 $A/run-$tag.log; }
  rm -rf /tmp/o-cpml10-$tag; echo "$tag took $(( $(date +%s) - t0 )) s, $(left) s left"
}
ab() {  # need, scenario+args, then tag:env ... (env entries joined by +)
  local need=$1 sc=$2; shift 2
  for s in "$@"; do
    [ $(left) -gt $need ] || break
    local tag=${s%%:*} e=${s#*:}
    run $tag "$sc" ${e//+/ }
  done
}
ISO="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128 --steps 200 --cpml-overlap off"
TTI="app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:32x8@300 --steps 100 --cpml-overlap off"
ab 70 "$ISO" iso-A-1:$FA iso-W-1:$FW iso-E-1:$FE iso-A7-1:$FA7 iso-W7-1:$FW7 iso-E7-1:$FE7 \
  iso-A-2:$FA iso-W-2:$FW iso-E-2:$FE iso-A7-2:$FA7 iso-W7-2:$FW7 iso-E7-2:$FE7
ab 55 "$TTI" tti-A-1:$FA tti-A7-1:$FA7 tti-A-2:$FA tti-A7-2:$FA7 tti-W-1:$FW
ab 45 "$ISO" iso-A-3:$FA iso-W-3:$FW iso-E-3:$FE iso-A7-3:$FA7 iso-W7-3:$FW7 iso-E7-3:$FE7
python3 - $A <<'PY' | tee $R/compare.txt
import glob, os, sys
R = sys.argv[1]
for f in sorted(glob.glob(os.path.join(R, "seis-*.npy"))):
    tag = os.path.basename(f)[5:-4]; ref = tag.split("-")[0] + "-A-1"
    if ref == tag: continue
    rf = os.path.join(R, "seis-%s.npy" % ref)
    if not os.path.exists(rf): print("%-10s no %s" % (tag, ref)); continue
    print("%-10s vs %-6s bytes %s" % (tag, ref, "equal" if open(f, "rb").read() == open(rf, "rb").read() else "DIFFER"))
PY
python3 - $A <<'PY' | tee $R/times.txt
import glob, json, os, sys, collections
R = sys.argv[1]
print("run        stencil  CPML    step  (ms/step)  slab/inner point")
per = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(R, "report-*.json")), key=os.path.getmtime):
    tag = os.path.basename(f)[7:-5]
    r = json.load(open(f)); t = r["timing"]; g = r["grid"]
    st, pm = t["stencil_ms_per_step"], t["pml_ms_per_step"]
    ratio = (pm / g["pml_points"]) / (st / g["inner_points"]) if st > 0 else 0
    print("%-10s %7.3f %6.3f %7.3f %17.3f" % (tag, st, pm, t["ms_per_step"], ratio))
    phys, form, rep = tag.split("-"); per[(phys, form)].append(pm)
print("form: CPML ms/step runs (in order)")
for k, v in per.items(): print("%s %-3s %s" % (k[0], k[1], " ".join("%.3f" % x for x in v)))
PY
# 3. ncu of one step's CPML kernels (3 launches a step)
S=smsp__average_warps_issue_stalled
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__thread_inst_executed.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_issued.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_local_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,${S}_long_scoreboard_per_issue_active.ratio,${S}_barrier_per_issue_active.ratio,${S}_lg_throttle_per_issue_active.ratio
for v in iso:A:$FA iso:W:$FW iso:E:$FE iso:A7:$FA7 iso:W7:$FW7 iso:E7:$FE7 tti:A:$FA tti:A7:$FA7; do
  [ $(left) -gt 10 ] || break
  IFS=: read -r phys form e <<< "$v"
  if [ $phys = iso ]; then sc="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128"; else sc="app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:32x8@300"; fi
  cmd="ncu --csv --page raw --print-units base --clock-control none --metrics $M --kernel-name-base mangled -k regex:Cpml --launch-skip 3 --launch-count 3 $B/app/seis run $sc --steps 2 --cpml-overlap off --no-stream --quiet --output /tmp/o-cpml10-ncu --overwrite"
  echo "+ ${e//+/ } $cmd" >> $A/commands.txt
  env ${e//+/ } timeout $(( $(left) - 3 )) $cmd > $A/ncu-$phys-$form.csv 2> $A/ncu-$phys-$form.log; echo "ncu $phys $form rc=$?"; rm -rf /tmp/o-cpml10-ncu
  python3 - $A/ncu-$phys-$form.csv $phys <<'PY' | tee $A/ncu-$phys-$form.txt >> $R/ncu.txt
import csv, re, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
if not rows: print("no ncu rows: " + sys.argv[1]); sys.exit(0)
head = rows[0]; data = [dict(zip(head, r)) for r in rows[2:] if r[0].isdigit()]
def f(r, k):
    try: return float(r.get(k, "nan").replace(",", ""))
    except ValueError: return float("nan")
S = "smsp__average_warps_issue_stalled_%s_per_issue_active.ratio"
print("== " + sys.argv[1].split("/")[-1])
print("kernel,grid,block,regs,ms,dram_MB,GB/s,thread_inst_M,warps_active_pct,issue_pct,dram_pct,l2_hit_pct,local_ld,stall_long_sb,stall_barrier")
tot = byt = 0
for r in data:
    name = r.get("Kernel Name", "")
    m = re.search(r"(MemoryColumns|XColumns|UpdateSlabs|UpdateColumns)", name)
    short = m.group(0) if m else name[:40]
    if short == "XColumns":
        w = re.search(r"XColumnsI\w+?Lb([01])ELi(\d)E", name); lb = re.search(r"LaunchBoundsILj(\d+)ELj(\d+)E", name)
        short += "(exchange=%s,lb=%s/%s)" % (w.group(2) if w else "?", lb.group(1) if lb else "?", lb.group(2) if lb else "?")
    ms = f(r, "gpu__time_duration.sum") / 1e6; b = f(r, "dram__bytes_read.sum") + f(r, "dram__bytes_write.sum")
    tot += ms; byt += b
    print("%s,%s,%s,%.0f,%.3f,%.1f,%.0f,%.1f,%.1f,%.1f,%.1f,%.1f,%.0f,%.2f,%.2f" % (short, r.get("launch__grid_size", "").replace(",", ""),
          r.get("launch__block_size", "").replace(",", ""), f(r, "launch__registers_per_thread"), ms, b / 1e6, b / 1e6 / ms,
          f(r, "smsp__thread_inst_executed.sum") / 1e6, f(r, "sm__warps_active.avg.pct_of_peak_sustained_active"),
          f(r, "sm__inst_issued.avg.pct_of_peak_sustained_active"), f(r, "dram__throughput.avg.pct_of_peak_sustained_elapsed"),
          f(r, "lts__t_sector_hit_rate.pct"), f(r, "smsp__inst_executed_op_local_ld.sum"), f(r, S % "long_scoreboard"),
          f(r, S % "barrier")))
print("total_ms,%.3f\nlaunches,%d" % (tot, len(data)))
PY
done
cp $R/tests.txt $R/compare.txt $R/times.txt $A/ 2>/dev/null
{ echo "== summary (cpml10 round 1) =="; cat $R/tests.txt; echo; cat $R/compare.txt; echo; cat $R/times.txt; echo; cat $R/ncu.txt 2>/dev/null; } > $R/summary.txt
rm -f $R/tests.txt $R/compare.txt $R/times.txt $R/ncu.txt
tar -czf $R/all.tgz -C $R all && rm -rf $A
cat $R/summary.txt
echo "cpml10 done, $(left) s of $LIMIT left"
