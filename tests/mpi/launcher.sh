# Sourced by the distributed-run tests: `mpirun` (an array) starts ranks,
# oversubscribed (CI has 2 cores) and, as root, with --allow-run-as-root;
# MPI_TIMEOUT (seconds) bounds each launch when set. WORK is cleared.
rm -rf "$work" && mkdir -p "$work"
mpirun=(mpirun --oversubscribe)
[ -n "${MPI_TIMEOUT:-}" ] && mpirun=(timeout "$MPI_TIMEOUT" "${mpirun[@]}")
[ "$(id -u)" -eq 0 ] && mpirun+=(--allow-run-as-root)
