#!/usr/bin/env bash
# Multi-GPU measurements of the distributed runs (one rank per GPU):
#   weak scaling   1 -> 2 GPUs at 1024^3 per GPU (1024 x 1024 x 2048 on 2, cut along z)
#   strong scaling 1024^3 on 1 and 2 GPUs
#   iso-large-gpu and tti-large-gpu on 2 GPUs
# then perf/mpi_model.py on the reports. Every mpirun command is logged to
# OUT/commands.txt exactly as run; each run leaves OUT/<case>/report.json
# (seismograms are deleted: they are large and not what is measured).
#
#   perf/mpi_scaling.sh BIN OUT      BIN: the directory holding seis (CUDA build)
# Environment: STEPS (default 300), STRATEGY (default auto: tuned once on
# rank 0 and cached in OUT/tune.json), NP (GPUs of the multi-GPU runs, 2),
# MPIRUN_ARGS (extra mpirun options).
set -u
bin=$1 out=$2
here=$(cd "$(dirname "$0")/.." && pwd)
steps=${STEPS:-300} strategy=${STRATEGY:-auto} np=${NP:-2}
mkdir -p "$out"
export SEIS_TUNE_CACHE=$out/tune.json
mpirun=(mpirun -np "$np" --bind-to none ${MPIRUN_ARGS:-})
[ "$(id -u)" -eq 0 ] && mpirun+=(--allow-run-as-root)
: > "$out/commands.txt"

# scenario NAME BASE NZ DECOMPOSITION: BASE with nz and [run] decomposition set.
scenario() {
  local toml=$out/$1.toml
  sed -e "s/^nz = .*/nz = $3/" -e "s/^steps = .*/steps = $steps/" "$here/app/scenarios/$2.toml" > "$toml"
  [ -n "$4" ] && sed -i "s/^\[run\]/[run]\ndecomposition = [$4]/" "$toml"
  echo "$toml"
}

# run CASE RANKS TOML: one run, its command logged, its report kept.
run() {
  local case=$1 ranks=$2 toml=$3 cmd
  if [ "$ranks" = 1 ]; then
    cmd=("$bin/seis" run "$toml" --strategy "$strategy" --output "$out/$case" --overwrite)
  else
    cmd=("${mpirun[@]}" "$bin/seis" run "$toml" --strategy "$strategy" --output "$out/$case" --overwrite)
  fi
  echo "[$case] ${cmd[*]}" | tee -a "$out/commands.txt"
  "${cmd[@]}" > "$out/$case.log" 2>&1
  echo "[$case] exit $?" | tee -a "$out/commands.txt"
  rm -f "$out/$case"/seismograms.*
}

nvidia-smi topo -m > "$out/topology.txt" 2>&1
mpirun --version > "$out/mpi-version.txt" 2>&1
ompi_info --parsable --all 2>/dev/null | grep -i "mpi_built_with_cuda_support" >> "$out/mpi-version.txt"

run iso-1024-1gpu 1 "$(scenario iso-1024-1gpu iso-large-gpu 1024 "")"
run iso-1024-2gpu-strong "$np" "$(scenario iso-1024-2gpu-strong iso-large-gpu 1024 "1, 1, $np")"
run iso-weak-2gpu "$np" "$(scenario iso-weak-2gpu iso-large-gpu $((1024 * np)) "1, 1, $np")"
run iso-large-gpu-2gpu "$np" "$(scenario iso-large-gpu-2gpu iso-large-gpu 1024 "")"
run tti-large-gpu-1gpu 1 "$(scenario tti-large-gpu-1gpu tti-large-gpu 900 "")"
run tti-large-gpu-2gpu "$np" "$(scenario tti-large-gpu-2gpu tti-large-gpu 900 "")"

python3 "$here/perf/mpi_model.py" --one "$out/iso-1024-1gpu/report.json" --weak "$out/iso-weak-2gpu/report.json" \
  --strong "$out/iso-1024-2gpu-strong/report.json" --json "$out/model.json" | tee "$out/model.txt"
