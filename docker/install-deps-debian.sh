#!/usr/bin/env bash
# Installs every build dependency of seiskokkos from Debian/Ubuntu packages:
# Kokkos 3.4 (Serial) and Kokkos Kernels from Trilinos, Catch2 v2, CLI11,
# toml++, nlohmann-json, segyio, libpng, Open MPI (distributed runs), the HIP
# compiler (to compile the native HIP kernels for gfx90a), clang 14 with
# libFuzzer (tests/sanitizers.sh), NumPy/matplotlib for perf/plot_roofline.py,
# and segyio for Python (the model reader tests write SEG-Y files with it).
# Runs apt-get through sudo when not root.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends \
  build-essential cmake ninja-build \
  libtrilinos-kokkos-dev libtrilinos-kokkos-kernels-dev \
  catch2 libcli11-dev libtomlplusplus-dev nlohmann-json3-dev libsegyio-dev libpng-dev \
  hipcc \
  libopenmpi-dev openmpi-bin \
  clang-14 libclang-rt-14-dev \
  python3 python3-numpy python3-matplotlib python3-segyio
