#pragma once
// Wavefield snapshots during a run: every N steps the planes of the plan (and
// the volume, if asked) are copied to the host and written as .npy arrays
// and PNG images into a work folder beside the output (snapshot_work_dir),
// with an index.json at the end; the folder then joins the result set as
// <output>/snapshots when that replaces the output folder as a whole.
// In a distributed run every rank copies its part of each plane and rank 0
// gathers them and writes the files (every rank calls the writer).

#include "seis/box_policy.hpp"
#include "seis/distributed/subdomain.hpp"
#include "seis/field.hpp"
#include "seis/run_plan.hpp"

#include <Kokkos_Core.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace seis {

// The values of a field in a box of interior points, on the host, C order
// over (x, y, z) (z fastest): one device kernel and one copy of the box only
// (the field may be in pinned host memory, which the device reads).
template <class Scalar, class MemSpace>
std::vector<float> copy_box_to_host(const Field<Scalar, MemSpace>& field, const Grid& g, const Box& box) {
  Kokkos::View<float***, Kokkos::LayoutRight, DefaultMem> out("seis::snapshot", box.nx(), box.ny(), box.nz());
  const Scalar* p = field.data();
  Kokkos::parallel_for("seis::snapshot_copy", box_points<DefaultExec>(box), KOKKOS_LAMBDA(int x, int y, int z) {
    out(x - box.x0, y - box.y0, z - box.z0) = float(p[g.index(x, y, z)]);
  });
  const auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  return std::vector<float>(host.data(), host.data() + host.size());
}

// The box of one snapshot plane: the interior, one node thick along its axis.
Box slice_box(const Grid& g, const SnapshotSlice& s);

// The work folder of the snapshots of a run into `output_dir`: a sibling.
std::string snapshot_work_dir(const std::string& output_dir);

class SnapshotWriter {
 public:
  // Clears and creates `dir` (the work folder; rank 0's). `sub` is this
  // rank's sub-domain (the whole grid in a single-rank run).
  SnapshotWriter(const RunPlan& plan, const std::string& dir, const Subdomain& sub);
  // Removes the work folder unless it was moved into a result set (a run
  // that failed leaves nothing behind).
  ~SnapshotWriter();
  SnapshotWriter(const SnapshotWriter&) = delete;
  SnapshotWriter& operator=(const SnapshotWriter&) = delete;

  // A resumed run: the files and index entries that the interrupted part of
  // the run left in `previous` (its result set's snapshots) come along.
  void continue_from(const std::string& previous);
  // Moves the work folder to `target` (inside the staged result set).
  void move_into(const std::string& target);

  // Call after every step with the number of steps done and the pressure
  // (this rank's part of it).
  template <class Scalar, class MemSpace>
  void operator()(int step, const Field<Scalar, MemSpace>& p) {
    if (step % plan_.snapshots.every != 0) return;
    for (const SnapshotSlice& s : plan_.snapshots.slices) {
      const std::vector<float> values = gather_box(p, slice_box(plan_.grid, s));
      if (writes_) write_slice(step, s, values);
    }
    if (plan_.snapshots.volume) {
      const std::vector<float> values = gather_box(p, plan_.grid.interior());
      if (writes_) write_volume(step, values);
    }
  }

  // Writes snapshots/index.json (files, steps, times, colour scales) and
  // returns it.
  nlohmann::json finish();
  int files_written() const { return files_; }
  const std::string& directory() const { return dir_; }

 private:
  // The values of a box of the global interior: this rank's part copied
  // from the device and, in a distributed run, every rank's part gathered
  // into the whole box on rank 0 (empty on the other ranks).
  template <class Scalar, class MemSpace>
  std::vector<float> gather_box(const Field<Scalar, MemSpace>& p, const Box& global) const {
    const Box local = sub_.to_local(global);
    std::vector<float> mine;
    if (!local.empty()) mine = copy_box_to_host(p, local_grid_, local);
    if (sub_.ranks() == 1) return mine;
    return assemble_parts(global, local, mine);
  }
  std::vector<float> assemble_parts(const Box& global, const Box& local, const std::vector<float>& mine) const;
  void write_slice(int step, const SnapshotSlice& s, const std::vector<float>& values);
  void write_volume(int step, const std::vector<float>& values);

  RunPlan plan_;
  Subdomain sub_;
  Grid local_grid_;
  bool writes_ = true;  // rank 0 writes the files
  std::string dir_;
  nlohmann::json index_ = nlohmann::json::array();
  int files_ = 0;
  bool moved_ = false;
};

}  // namespace seis
