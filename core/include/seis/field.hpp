#pragma once
// Field: one scalar array over the padded box of a Grid, zero-initialised,
// with its storage shifted so that Grid's 128-byte row alignment holds on
// every backend (host allocations are only 64-byte aligned by Kokkos).

#include "seis/grid.hpp"

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>

namespace seis {

using DefaultExec = Kokkos::DefaultExecutionSpace;
using DefaultMem = DefaultExec::memory_space;

template <class Scalar, class MemSpace = DefaultMem>
class Field {
 public:
  using scalar_type = Scalar;
  using memory_space = MemSpace;
  using storage_type = Kokkos::View<Scalar*, MemSpace>;
  // (z, y, x) over the padded box; x is the unit stride.
  using view_type = Kokkos::View<Scalar***, Kokkos::LayoutRight, MemSpace,
                                 Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

  Field() = default;

  Field(const std::string& label, const Grid& grid)
      : storage_(label, std::size_t(grid.storage_size()) + slack_elements()) {
    const auto address = reinterpret_cast<std::uintptr_t>(storage_.data());
    const auto misalignment = address % Grid::alignment_bytes;
    offset_ = misalignment == 0 ? 0 : (Grid::alignment_bytes - misalignment) / sizeof(Scalar);
    view_ = view_type(storage_.data() + offset_, grid.planes(), grid.pitch_y(), grid.pitch_x());
  }

  // Pointer to linear index 0 of the padded box (Grid::index is relative to it).
  KOKKOS_INLINE_FUNCTION Scalar* data() const { return view_.data(); }
  const view_type& view() const { return view_; }
  // The padded box as one flat array (halo and padding included, all zero
  // unless written), e.g. for norms.
  using flat_type = Kokkos::View<Scalar*, MemSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  flat_type flat() const { return flat_type(view_.data(), view_.span()); }
  bool allocated() const { return storage_.data() != nullptr; }
  const std::string label() const { return storage_.label(); }

 private:
  static constexpr std::size_t slack_elements() { return Grid::alignment_bytes / sizeof(Scalar); }

  storage_type storage_;
  std::size_t offset_ = 0;
  view_type view_;
};

}  // namespace seis
