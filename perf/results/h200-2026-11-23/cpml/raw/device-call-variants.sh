# CPML device call 3: main and cpml-perf register-budget variants (A = defaults): large scenarios, seismograms compared, ncu of the CPML kernels.
set -o pipefail
start=$(date +%s); LIMIT=${LIMIT:-400}; left() { echo $(( LIMIT - ($(date +%s) - start) )); }
rm -rf /tmp/c3; ROOT=$PWD; R=/tmp/c3/res; mkdir -p $R
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $R/gpu.txt; date -u >> $R/gpu.txt
for t in main cpml; do mkdir -p /tmp/c3/$t && tar -xf .deps/$t-src.tar -C /tmp/c3/$t && ln -sfn $ROOT/.deps /tmp/c3/$t/.deps; done
export SEIS_TARGETS=seis
(cd /tmp/c3/main && source .deps/dev.sh) > $R/build-main.txt 2>&1 &
pm=$!
while [ ! -f /tmp/kokkos-cuda/.done ] && kill -0 $pm 2>/dev/null; do sleep 2; done
(cd /tmp/c3/cpml && source .deps/dev.sh) > $R/build-cpml.txt 2>&1; echo "cpml build rc $? left $(left)"
cd /tmp/c3/cpml/build/cuda
cc=$(ninja -t commands app/CMakeFiles/seis.dir/seis_main.cpp.o | tail -1); ln=$(ninja -t commands app/seis | tail -1)
for v in $VARIANTS; do
  n=${v%%=*}; flags=$(echo ${v#*=} | tr ',' ' ')
  ( eval "$(echo "$cc" | sed "s#app/CMakeFiles/seis.dir/seis_main.cpp.o#/tmp/c3/v$n.o#g") $flags" && \
    eval "$(echo "$ln" | sed "s#app/CMakeFiles/seis.dir/seis_main.cpp.o#/tmp/c3/v$n.o#; s#-o app/seis #-o /tmp/c3/seis-v$n #")" ) > $R/build-v$n.txt 2>&1 &
done
wait; echo "all built, left $(left)"; ls -la /tmp/c3/seis-v* /tmp/c3/main/build/cuda/app/seis /tmp/c3/cpml/build/cuda/app/seis
cd /tmp/c3/cpml
BINS="main:/tmp/c3/main/build/cuda/app/seis A:/tmp/c3/cpml/build/cuda/app/seis"
for v in $VARIANTS; do BINS="$BINS ${v%%=*}:/tmp/c3/seis-v${v%%=*}"; echo "variant $v" >> $R/commands.txt; done
ISO="app/scenarios/iso-large-gpu.toml --strategy st_reg_vec:16x16@128"
TTI="app/scenarios/tti-large-gpu.toml --strategy st_reg_shift:32x8@64"
for b in $BINS; do
  t=${b%%:*}; B=${b#*:}
  echo "+ $B run $ISO --steps $ISTEPS --no-stream --quiet" >> $R/commands.txt
  timeout 60 $B run $ISO --steps $ISTEPS --no-stream --quiet --output /tmp/c3/o-iso-$t --overwrite 2>/dev/null && cp /tmp/c3/o-iso-$t/report.json $R/report-iso-$t.json
  echo "+ $B run $TTI --steps $TSTEPS --no-stream --quiet" >> $R/commands.txt
  timeout 60 $B run $TTI --steps $TSTEPS --no-stream --quiet --output /tmp/c3/o-tti-$t --overwrite 2>/dev/null && cp /tmp/c3/o-tti-$t/report.json $R/report-tti-$t.json
  for sc in iso tti; do cmp -s /tmp/c3/o-$sc-main/seismograms.npy /tmp/c3/o-$sc-$t/seismograms.npy && echo "$sc $t seismograms bitwise main's" || echo "$sc $t seismograms DIFFER from main's"; done
  echo "$t runs done, left $(left)"
done | tee $R/seismograms.txt
python3 - $R <<'PY' | tee $R/times.txt
import json, glob, sys
for f in sorted(glob.glob(sys.argv[1] + "/report-*.json")):
    r = json.load(open(f)); p = r["distributed"]["per_rank"][0]
    print(f.split("/")[-1], "stencil %.3f pml %.3f total %.3f ms/step, pml points %d, steps %s" % (p["stencil_ms_per_step"], p["pml_ms_per_step"], p["ms_per_step"], r["grid"]["pml_points"], r.get("run", {}).get("steps", "?")))
PY
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__thread_inst_executed.sum,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_issued.avg.pct_of_peak_sustained_active,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex.sum,smsp__inst_executed_op_local_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
for job in $NCU; do
  t=${job%%:*}; sc=${job#*:}; [ $t = main ] && SKIP=12 || SKIP=10; [ $(left) -lt 40 ] && { echo "skip ncu $job, left $(left)"; continue; }
  B=$(for b in $BINS; do [ ${b%%:*} = $t ] && echo ${b#*:}; done); [ $sc = iso ] && S=$ISO || S=$TTI
  echo "+ ncu --csv --page raw --print-units base --clock-control none --metrics $M --kernel-name-base mangled -k regex:Cpml --launch-skip $SKIP --launch-count $SKIP $B run $S --steps 2 --no-stream --quiet" >> $R/commands.txt
  timeout $(( $(left) - 15 )) ncu --csv --page raw --print-units base --clock-control none --metrics $M --kernel-name-base mangled -k regex:Cpml --launch-skip $SKIP --launch-count $SKIP $B run $S --steps 2 --no-stream --quiet --output /tmp/c3/o-ncu --overwrite > $R/ncu-$sc-$t.csv 2> $R/ncu-$sc-$t.log
  python3 $ROOT/.deps/cpml-call/ncu_summary.py $R/ncu-$sc-$t.csv | tee $R/ncu-$sc-$t.txt
  echo "ncu $job done, left $(left)"
done
cd $ROOT; tar -czf $OUT/cpml.tgz -C $R .
