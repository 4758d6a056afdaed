# cpml10 ROUND 2 (branch cpml10, 911fb64). NO BUILD: assumes `.deps/dev.sh` built build/cuda.
#   bash .deps/cpml10-gpu2.sh   (results under $OUT/cpml10r2/: summary.txt, all.tgz; <= ~100 s)
# Since round 1: XColumns' psi_x goes to its x-neighbours by warp shuffles at 7 teams of 128 an SM (72 regs) wherever
# the rows fit warps (iso-large-gpu: rows of 32; round 1's W7, 1.890-1.901 against main's 1.914-1.920); the other
# forms and their switches are gone. Forms now (same values, run-time switches):
#   B  = default (round 1's W7)
#   P  = SEIS_CPML_X_SHIFT_P=1   also p at x +-1..4 from the row's lanes (8 shuffles of p already in registers)
#                                rather than 8 loads a plane; lanes near the row's ends still load what lies beyond
#   C  = SEIS_CPML_X_CHUNK=128   XColumns' teams walk 128 planes rather than 64 (2R/chunk fewer halo re-reads;
#                                with the scratch form, tree ebd38ab, it had lost: 1.985/1.997 against 1.963/1.983)
#   PC = both
# 1. CORRECTNESS FIRST: [pml] under B, P, C (a [pml] test compares the warp and the scratch exchange bitwise).
# 2. Timings A B A B, CPML ms/step, --cpml-overlap off: iso-large-gpu st_reg_vec:32x8@128 200 steps B P C PC x3
#    (the third round as time allows); tti-large-gpu st_reg_feat:32x8@300 100 steps B C x2 (P = B there: rows of 20).
#    Seismograms of every run byte-compared with its physics' first B run.
# 3. ncu of one step's CPML kernels: iso B P C; tti B C.
set -o pipefail
R=${OUT:-/tmp/out}/cpml10r2
mkdir -p $R/all
A=$R/all
export LD_LIBRARY_PATH=/tmp/pfx/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}
B=${BIN:-$PWD/build/cuda}
start=$(date +%s); LIMIT=${LIMIT:-100}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
{ nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv; date -u; git log --oneline -1 2>/dev/null; } > $A/gpu.txt
FB="X=0"; FP="SEIS_CPML_X_SHIFT_P=1"; FC="SEIS_CPML_X_CHUNK=128"; FPC="$FP+$FC"
# 1. the tests (a hang, rc 124, ends them)
t() {  # tag, binary, test spec, then env VAR=value and test options (-s)
  local tag=$1 bin=$2 spec=$3; shift 3; local t0=$(date +%s) envs=() opts=()
  for a in "$@"; do case $a in -*) opts+=("$a");; *) envs+=("$a");; esac; done
  echo "+ ${envs[*]} timeout 40 $B/tests/$bin \"$spec\" ${opts[*]}" >> $A/commands.txt
  env X=0 "${envs[@]}" timeout 40 $B/tests/$bin "$spec" "${opts[@]}" > $A/test-$tag.txt 2>&1; local rc=$?
  echo "$tag rc=$rc $(( $(date +%s) - t0 )) s: $(grep -E 'All tests passed|test cases|FAILED' $A/test-$tag.txt | tail -1)" | tee -a $R/tests.txt
  [ $rc -eq 0 ]
}
OK=1
t pml-B seis_tests_unit "[pml]" || OK=0
t pml-P seis_tests_unit "[pml]" SEIS_CPML_X_SHIFT_P=1 || OK=0
t pml-C seis_tests_unit "[pml]" SEIS_CPML_X_CHUNK=128 || OK=0
[ $OK = 1 ] || echo "TESTS FAILED: timings below are of forms that did not pass" | tee -a $R/tests.txt
# 2. timings
run() {  # tag, scenario+args (quoted), then VAR=value... for env
  local tag=$1 sc=$2; shift 2; local t0=$(date +%s)
  echo "+ $* $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml10r2-$tag --overwrite" >> $A/commands.txt
  env X=0 "$@" timeout $(( $(left) - 3 )) $B/app/seis run $sc --no-stream --quiet --output /tmp/o-cpml10r2-$tag --overwrite > $A/run-$tag.log 2>&1 \
    && cp /tmp/o-cpml10r2-$tag/report.json $A/report-$tag.json && cp /tmp/o-cpml10r2-$tag/seismograms.npy $A/seis-$tag.npy \
    || { echo "$tag failed:"; tail -5 $A/run-$tag.log; }
  rm -rf /tmp/o-cpml10r2-$tag; echo "$tag took $(( $(date +%s) - t0 )) s, $(left) s left"
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
ab 55 "$ISO" iso-B-1:$FB iso-P-1:$FP iso-C-1:$FC iso-PC-1:$FPC iso-B-2:$FB iso-P-2:$FP iso-C-2:$FC iso-PC-2:$FPC
ab 42 "$TTI" tti-B-1:$FB tti-C-1:$FC tti-B-2:$FB tti-C-2:$FC
ab 30 "$ISO" iso-B-3:$FB iso-P-3:$FP iso-C-3:$FC iso-PC-3:$FPC
python3 - $A <<'PY' | tee $R/compare.txt
import glob, os, sys
R = sys.argv[1]
for f in sorted(glob.glob(os.path.join(R, "seis-*.npy"))):
    tag = os.path.basename(f)[5:-4]; ref = tag.split("-")[0] + "-B-1"
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
for v in iso:B:$FB iso:P:$FP iso:C:$FC tti:B:$FB tti:C:$FC; do
  [ $(left) -gt 10 ] || break
  IFS=: read -r phys form e <<< "$v"
  if [ $phys = iso ]; then sc="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:32x8@128"; else sc="app/scenarios/tti-large-gpu.toml --strategy st_reg_feat:32x8@300"; fi
  cmd="ncu --csv --page raw --print-units base --clock-control none --metrics $M --kernel-name-base mangled -k regex:Cpml --launch-skip 3 --launch-count 3 $B/app/seis run $sc --steps 2 --cpml-overlap off --no-stream --quiet --output /tmp/o-cpml10r2-ncu --overwrite"
  echo "+ ${e//+/ } $cmd" >> $A/commands.txt
  env ${e//+/ } timeout $(( $(left) - 3 )) $cmd > $A/ncu-$phys-$form.csv 2> $A/ncu-$phys-$form.log; echo "ncu $phys $form rc=$?"; rm -rf /tmp/o-cpml10r2-ncu
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
        w = re.search(r"XColumns<[^,]+, (\d+), (\d+)", name)
        short += "(exchange=%s)" % (w.group(2) if w else "?")
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
{ echo "== summary (cpml10 round 2) =="; cat $R/tests.txt; echo; cat $R/compare.txt; echo; cat $R/times.txt; echo; cat $R/ncu.txt 2>/dev/null; } > $R/summary.txt
rm -f $R/tests.txt $R/compare.txt $R/times.txt $R/ncu.txt
tar -czf $R/all.tgz -C $R all && rm -rf $A
cat $R/summary.txt
echo "cpml10r2 done, $(left) s of $LIMIT left"
