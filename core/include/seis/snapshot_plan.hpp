#pragma once
// Validated wavefield snapshots: which planes (node indices) and when.

#include "seis/scenario.hpp"

#include <string>
#include <vector>

namespace seis {

struct SnapshotSlice {
  int axis = 2;         // 0 x, 1 y, 2 z: the plane axis = index
  int index = 0;        // nearest node
  double position = 0;  // m, as given
  std::string tag() const;  // e.g. "z400m", for file names
};

struct SnapshotPlan {
  int every = 0;
  std::vector<SnapshotSlice> slices;
  bool volume = false;
  bool enabled() const { return every > 0 && (volume || !slices.empty()); }
  // Number of snapshots a run of `steps` steps writes, and their bytes
  // (.npy data only) on disk.
  int count(int steps) const { return every > 0 ? steps / every : 0; }
  std::size_t bytes_per_snapshot(const Scenario& s) const;
};

// Parses "axis=metres" and snaps to the nearest node; throws InputError for a
// malformed slice or a plane outside the grid.
SnapshotPlan plan_snapshots(const Scenario& s);

}  // namespace seis
