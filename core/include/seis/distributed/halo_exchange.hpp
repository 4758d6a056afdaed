#pragma once
// The halo exchange between neighbouring sub-domains: the R planes next to
// every face with a neighbour, of every wavefield of the current time level,
// go to that neighbour's halo. Axes are exchanged one after the other (x, y,
// z), each carrying the halos already received along earlier axes, so edges
// and corners (TTI's mixed xy/xz/yz terms) arrive without extra messages.
//
// Packing and unpacking are device kernels on a second execution-space
// instance, so they run beside the stencil kernels of the halo-free core.
// Messages are non-blocking; device buffers go to MPI directly when it is
// GPU-aware (or the backend runs on the host), otherwise through pinned
// host buffers.

#include "seis/box_policy.hpp"
#include "seis/compat/kokkos_compat.hpp"
#include "seis/distributed/comm.hpp"
#include "seis/distributed/subdomain.hpp"
#include "seis/field.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <array>
#include <string>

namespace seis {

struct HaloTimes {
  double pack_s = 0;    // pack kernels and device-to-host copies
  double wait_s = 0;    // MPI_Waitall
  double unpack_s = 0;  // host-to-device copies and unpack kernels
  double total() const { return pack_s + wait_s + unpack_s; }
};

template <class Physics>
class HaloExchange {
 public:
  using Scalar = typename Physics::scalar_type;
  static constexpr int F = Physics::num_fields;
  static constexpr int R = Grid::radius;
  using device_buffer = Kokkos::View<Scalar*, DefaultMem>;
  using host_buffer = Kokkos::View<Scalar*, PinnedHostSpace>;
  // Host backends hand their buffers to MPI as they are.
  static constexpr bool device_is_host = Kokkos::SpaceAccessibility<Kokkos::HostSpace, DefaultMem>::accessible;

  // The wavefields' pointers, as a plain array for device code.
  struct Fields {
    Scalar* f[F];
  };

  HaloExchange() = default;
  HaloExchange(const Subdomain& sub, const Grid& local)
      : sub_(sub), grid_(local), staged_(!device_is_host && !comm::gpu_aware()) {
    // The pack kernels are queued after the halo-free core, which fills
    // every multiprocessor: on an instance of ordinary priority they waited
    // for the core's blocks to drain (H200 x2: pack 4.75 ms per step against
    // a 4.5 ms core, no overlap at all). A priority instance starts them
    // ahead of the core's waiting blocks.
    if (active()) exec_ = priority_instance(DefaultExec());
    for (int a = 0; a < 3; ++a)
      for (int side = 0; side < 2; ++side) {
        Face& f = faces_[a][side];
        if (!sub.has_neighbour(a, side)) continue;
        f.send_box = face_box(a, side, false);
        f.recv_box = face_box(a, side, true);
        const std::size_t n = std::size_t(f.send_box.volume()) * F;
        f.send = device_buffer("halo_send", n);
        f.recv = device_buffer("halo_recv", n);
        if (staged_) {
          f.send_host = host_buffer("halo_send_host", n);
          f.recv_host = host_buffer("halo_recv_host", n);
        }
        bytes_per_step_ += 2 * n * sizeof(Scalar);  // sent and received
      }
  }

  bool active() const { return sub_.has_any_neighbour(); }
  bool staged() const { return staged_; }
  std::size_t bytes_per_step() const { return bytes_per_step_; }
  const std::array<HaloTimes, 3>& times() const { return times_; }
  // Bytes sent through one face of `axis` per step (0 when it has none).
  std::size_t face_bytes(int axis) const {
    for (int side = 0; side < 2; ++side)
      if (sub_.has_neighbour(axis, side)) return std::size_t(faces_[axis][side].send_box.volume()) * F * sizeof(Scalar);
    return 0;
  }
  std::string transport() const {
    if (device_is_host) return "host memory (host backend)";
    return staged_ ? "host-staged through pinned buffers" : "device buffers (GPU-aware MPI)";
  }

  // Fills the halos of `state`'s current level from the neighbours. Returns
  // when they are in place; kernels already queued on the default instance
  // keep running meanwhile.
  void exchange(WaveState<Physics>& state) {
    Fields fields;
    for (int f = 0; f < F; ++f) fields.f[f] = state.current(f).data();
    for (int a = 0; a < 3; ++a) {
      if (!sub_.has_neighbour(a, 0) && !sub_.has_neighbour(a, 1)) continue;
      Kokkos::Timer timer;
      for (int side = 0; side < 2; ++side)
        if (sub_.has_neighbour(a, side)) pack(faces_[a][side], fields);
      fence("seis::halo_pack", exec_);
      times_[a].pack_s += timer.seconds();

      timer.reset();
      comm::Requests requests;
      for (int side = 0; side < 2; ++side) {
        if (!sub_.has_neighbour(a, side)) continue;
        Face& f = faces_[a][side];
        const std::size_t bytes = f.recv.size() * sizeof(Scalar);
        // Tag: the axis and the side of the sender the message leaves from.
        requests.receive(staged_ ? f.recv_host.data() : f.recv.data(), bytes, sub_.neighbour[a][side], 2 * a + 1 - side);
        requests.send(staged_ ? f.send_host.data() : f.send.data(), bytes, sub_.neighbour[a][side], 2 * a + side);
      }
      requests.wait_all();
      times_[a].wait_s += timer.seconds();

      timer.reset();
      for (int side = 0; side < 2; ++side)
        if (sub_.has_neighbour(a, side)) unpack(faces_[a][side], fields);
      fence("seis::halo_unpack", exec_);
      times_[a].unpack_s += timer.seconds();
    }
  }

  // Rebuilt for every exchange so that the device kernels capture plain values.
  struct FaceCopy {
    Box box;
    Fields fields;
    Scalar* buffer;
    Grid grid;
    bool to_buffer;
    KOKKOS_INLINE_FUNCTION void operator()(int x, int y, int z) const {
      const index_t n = box.volume();
      const index_t k = (x - box.x0) + index_t(box.nx()) * ((y - box.y0) + index_t(box.ny()) * (z - box.z0));
      const index_t idx = grid.index(x, y, z);
      for (int f = 0; f < F; ++f) {
        if (to_buffer) buffer[f * n + k] = fields.f[f][idx];
        else fields.f[f][idx] = buffer[f * n + k];
      }
    }
  };

 private:
  struct Face {
    Box send_box, recv_box;
    device_buffer send, recv;
    host_buffer send_host, recv_host;
  };

  // The planes sent through (or received beyond) face [axis][side]. Earlier
  // axes include the halos they have received, later axes only the interior.
  Box face_box(int axis, int side, bool halo) const {
    const int n[3] = {grid_.nx(), grid_.ny(), grid_.nz()};
    int lo[3], hi[3];
    for (int b = 0; b < 3; ++b) {
      lo[b] = b < axis && sub_.has_neighbour(b, 0) ? -R : 0;
      hi[b] = b < axis && sub_.has_neighbour(b, 1) ? n[b] + R : n[b];
    }
    if (side == 0) {
      lo[axis] = halo ? -R : 0;
      hi[axis] = halo ? 0 : R;
    } else {
      lo[axis] = halo ? n[axis] : n[axis] - R;
      hi[axis] = halo ? n[axis] + R : n[axis];
    }
    return Box{lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]};
  }

  void pack(Face& f, const Fields& fields) {
    for_each_point("seis::halo_pack", exec_, f.send_box, FaceCopy{f.send_box, fields, f.send.data(), grid_, true});
    if (staged_) Kokkos::deep_copy(exec_, f.send_host, f.send);
  }

  void unpack(Face& f, const Fields& fields) {
    if (staged_) Kokkos::deep_copy(exec_, f.recv, f.recv_host);
    for_each_point("seis::halo_unpack", exec_, f.recv_box, FaceCopy{f.recv_box, fields, f.recv.data(), grid_, false});
  }

  Subdomain sub_;
  Grid grid_;
  DefaultExec exec_;
  bool staged_ = false;
  std::array<std::array<Face, 2>, 3> faces_{};
  std::size_t bytes_per_step_ = 0;
  std::array<HaloTimes, 3> times_{};
};

}  // namespace seis
