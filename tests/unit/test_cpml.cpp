// The CPML kernels against the update of physics.md §3.1 written out point by
// point on the host, and against themselves in sub-domains: the kernels may
// walk the slabs in any order and shape, but every slab point must get the
// value of that formula, in the same floating-point order, in any sub-domain
// (distributed runs and restarts compare seismograms bitwise), on each
// execution space of exec_spaces.hpp; and the time loop gives the same
// values whether the slabs run beside the inner region or after it.

#include "catch_compat.hpp"
#include "exec_spaces.hpp"
#include "test_support.hpp"

#include "seis/compat/device_primitives.hpp"
#include "seis/cpml_x_tiling.hpp"
#include "seis/distributed/subdomain.hpp"
#include "seis/physics/iso.hpp"
#include "seis/physics/tti.hpp"
#include "seis/pml.hpp"
#include "seis/policies/registry.hpp"
#include "seis/run_plan.hpp"
#include "seis/simulation.hpp"
#include "seis/wave_state.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

using namespace seis;

namespace {

using Phys = IsoPhysics<float>;

// A global grid with every field on the host, padded by R on each side.
struct HostGrid {
  std::array<int, 3> n;
  int pad = Grid::radius;
  std::vector<float> v;
  explicit HostGrid(std::array<int, 3> e) : n(e), v(std::size_t(e[0] + 8) * (e[1] + 8) * (e[2] + 8), 0.0f) {}
  // Points within R of the grid are addressable (the zero halo).
  float& at(int x, int y, int z) {
    const std::size_t px = std::size_t(n[0] + 2 * pad), py = std::size_t(n[1] + 2 * pad);
    return v[std::size_t(x + pad) + px * (std::size_t(y + pad) + py * std::size_t(z + pad))];
  }
  float at(int x, int y, int z) const { return const_cast<HostGrid*>(this)->at(x, y, z); }
};

// Deterministic values in [lo, hi) that differ per point and step.
float noise(std::uint32_t seed, int x, int y, int z, float lo, float hi) {
  std::uint32_t h = seed * 2654435761u ^ std::uint32_t(x) * 73856093u ^ std::uint32_t(y) * 19349663u ^
                    std::uint32_t(z) * 83492791u;
  h ^= h >> 13;
  h *= 1274126177u;
  h ^= h >> 16;
  return lo + (hi - lo) * float(h & 0xffffff) / float(0x1000000);
}

CpmlParameters layer(int L, CpmlMemory memory = CpmlMemory::bfloat16) {
  return CpmlParameters{L, 1e-3, 2, 3000.0, 15.0, 1.5e-3, memory};
}
const CpmlMemory both_forms[] = {CpmlMemory::bfloat16, CpmlMemory::full};

// The §3.1 update over the whole grid, point by point, in the kernel's
// floating-point order; psi and xi live on full grids (zero where an axis
// is not damped, which is what the kernels read beyond a slab). Packed
// (CpmlMemory::bfloat16): psi and xi kept as bfloat16 (psi rounded where
// advanced, xi where stored; the point's correction takes its xi before
// rounding).
struct Reference {
  std::array<int, 3> n;
  double h[3];
  int L;
  bool packed = false;
  std::vector<double> a[3], b[3];
  std::vector<HostGrid> psi, xi;
  float d2w[3][Grid::radius + 1], d1w[3][2];

  Reference(std::array<int, 3> e, const double (&spacing)[3], const CpmlParameters& p)
      : n(e), L(p.thickness), packed(p.memory == CpmlMemory::bfloat16) {
    const auto w2 = second_derivative_weights<Grid::radius>();
    for (int axis = 0; axis < 3; ++axis) {
      h[axis] = spacing[axis];
      cpml_profile(n[axis], h[axis], p, a[axis], b[axis]);
      for (int m = 0; m <= Grid::radius; ++m) d2w[axis][m] = float(w2[m] / (h[axis] * h[axis]));
      d1w[axis][0] = float(first_derivative_d1 / h[axis]);
      d1w[axis][1] = float(first_derivative_d2 / h[axis]);
      psi.emplace_back(n);
      xi.emplace_back(n);
    }
  }
  bool damped(int axis, int c) const { return c < L || c >= n[axis] - L; }
  bool in_slab(int x, int y, int z) const { return damped(0, x) || damped(1, y) || damped(2, z); }

  void step(const HostGrid& p, HostGrid& next, const HostGrid& V) {
    auto nb = [](int axis, int m, int& x, int& y, int& z) { (axis == 0 ? x : axis == 1 ? y : z) += m; };
    for (int axis = 0; axis < 3; ++axis)
      for (int z = 0; z < n[2]; ++z)
        for (int y = 0; y < n[1]; ++y)
          for (int x = 0; x < n[0]; ++x) {
            const int c = axis == 0 ? x : axis == 1 ? y : z;
            if (!damped(axis, c)) continue;
            float q[5];
            for (int m = -2; m <= 2; ++m) {
              int i = x, j = y, k = z;
              nb(axis, m, i, j, k);
              q[m + 2] = p.at(i, j, k);
            }
            const float d1p = d1w[axis][0] * (q[3] - q[1]) + d1w[axis][1] * (q[4] - q[0]);
            float& s = psi[axis].at(x, y, z);
            s = float(b[axis][c]) * s + float(a[axis][c]) * d1p;
            if (packed) s = round_to_bfloat16(s);
          }
    for (int z = 0; z < n[2]; ++z)
      for (int y = 0; y < n[1]; ++y)
        for (int x = 0; x < n[0]; ++x) {
          if (!in_slab(x, y, z)) continue;
          float lap = 0, extra = 0;
          for (int axis = 0; axis < 3; ++axis) {
            auto at = [&](const HostGrid& g, int m) {
              int i = x, j = y, k = z;
              nb(axis, m, i, j, k);
              return g.at(i, j, k);
            };
            float d2 = d2w[axis][0] * p.at(x, y, z);
            for (int m = 1; m <= Grid::radius; ++m) d2 += d2w[axis][m] * (at(p, m) + at(p, -m));
            lap += d2;
            const int c = axis == 0 ? x : axis == 1 ? y : z;
            if (!damped(axis, c)) continue;
            const float d1psi = d1w[axis][0] * (at(psi[axis], 1) - at(psi[axis], -1)) +
                                d1w[axis][1] * (at(psi[axis], 2) - at(psi[axis], -2));
            float& s = xi[axis].at(x, y, z);
            s = float(b[axis][c]) * s + float(a[axis][c]) * (d2 + d1psi);
            extra += d1psi + s;
            if (packed) s = round_to_bfloat16(s);
          }
          next.at(x, y, z) = 2.0f * p.at(x, y, z) - next.at(x, y, z) + V.at(x, y, z) * (lap + extra);
        }
  }
};

// One sub-domain's CPML and fields in memory space Mem (the CPML runs on
// its execution space), fed from the global host fields.
template <class Mem>
struct Part {
  Subdomain sub;
  Grid grid;
  Cpml<float, Mem> pml;
  WaveState<Phys, Mem> state;
  Phys physics;

  Box limit = Cpml<float, Mem>::everywhere();  // apply's

  Part(const Subdomain& s, const Grid& global, const CpmlParameters& p)
      : sub(s), grid(s.local_grid(global)), pml(grid, p, s), state(grid), physics(grid) {}

  // f(local index, global x, y, z, inside the global grid) for every local
  // point up to `reach` beyond the box: the halo beyond a face holds what
  // the halo exchange would bring (zero beyond the grid).
  template <class F>
  void each_point(int reach, F&& f) const {
    const int o[3] = {sub.box.x0, sub.box.y0, sub.box.z0};
    for (int z = -reach; z < grid.nz() + reach; ++z)
      for (int y = -reach; y < grid.ny() + reach; ++y)
        for (int x = -reach; x < grid.nx() + reach; ++x) {
          const int gx = x + o[0], gy = y + o[1], gz = z + o[2];
          const bool inside = gx >= 0 && gx < sub.global_n[0] && gy >= 0 && gy < sub.global_n[1] && gz >= 0 &&
                              gz < sub.global_n[2];
          f(grid.index(x, y, z), gx, gy, gz, inside);
        }
  }
  void load(Field<float, Mem>& field, const HostGrid& g, int reach) const {
    auto host = Kokkos::create_mirror_view(field.flat());
    Kokkos::deep_copy(host, field.flat());
    each_point(reach, [&](index_t i, int gx, int gy, int gz, bool inside) {
      host(i) = inside ? g.at(gx, gy, gz) : 0.0f;
    });
    Kokkos::deep_copy(field.flat(), host);
  }
  void step(const HostGrid& p, const HostGrid& prev, const HostGrid& V) {
    load(state.current(0), p, Grid::radius);
    load(state.previous(0), prev, 0);
    load(state.model(0), V, 0);
    pml.apply(state.step_data(physics), limit);
    Kokkos::fence();
  }
  // The new pressure of this part, at Grid::index of its local grid.
  std::vector<float> result() const {
    auto host = Kokkos::create_mirror_view(state.previous(0).flat());
    Kokkos::deep_copy(host, state.previous(0).flat());
    return std::vector<float>(host.data(), host.data() + host.size());
  }
};

// Three steps of the global fields: p and p(t-1) change every step, so psi
// and xi carry memory from step to step.
struct Inputs {
  HostGrid p, prev, V;
  explicit Inputs(std::array<int, 3> n) : p(n), prev(n), V(n) {
    for (int z = 0; z < n[2]; ++z)
      for (int y = 0; y < n[1]; ++y)
        for (int x = 0; x < n[0]; ++x) V.at(x, y, z) = noise(7, x, y, z, 0.05f, 0.2f);
  }
  void at_step(int s) {
    for (int z = 0; z < p.n[2]; ++z)
      for (int y = 0; y < p.n[1]; ++y)
        for (int x = 0; x < p.n[0]; ++x) {
          p.at(x, y, z) = noise(100 + s, x, y, z, -1.0f, 1.0f);
          prev.at(x, y, z) = noise(200 + s, x, y, z, -1.0f, 1.0f);
        }
  }
};

constexpr int steps = 3;
const std::array<int, 3> extents{23, 19, 17};
const double spacing[3] = {10.0, 12.0, 9.0};

Grid global_grid(std::array<int, 3> n = extents) { return Grid(n[0], n[1], n[2], spacing[0], spacing[1], spacing[2], 4); }

// How cpml_in_parts runs the CPML: the decomposition, the layer, the grid's
// extents, the columns a thread of the z- and y-slab updates walks (0: the
// default), the limit of apply, how the memory variables are kept.
struct InParts {
  std::array<int, 3> dims{1, 1, 1};
  int L = 5;
  std::array<int, 3> n = extents;
  int vec = 0;
  Box limit = Cpml<float>::everywhere();
  CpmlMemory memory = CpmlMemory::bfloat16;
  bool x_warps = true;  // Cpml::exchange_x_in_warps
};

// The new pressure of every slab point after each step, from the CPML of
// the parts of decomposition o.dims (global coordinates; the inner region
// keeps p(t-1) as loaded); `lanes`, where given, gets the width each
// part's apply takes.
template <class Mem>
std::vector<HostGrid> cpml_in_parts(const InParts& o, std::vector<int>* lanes = nullptr) {
  const std::array<int, 3> n = o.n;
  std::vector<Part<Mem>> parts;
  for (int r = 0; r < o.dims[0] * o.dims[1] * o.dims[2]; ++r) {
    parts.emplace_back(Subdomain::of_rank(n, o.dims, r), global_grid(n), layer(o.L, o.memory));
    parts.back().pml.update_vector_width(o.vec);
    parts.back().pml.exchange_x_in_warps(o.x_warps);
    parts.back().limit = o.limit;
    if (lanes) lanes->push_back(parts.back().pml.update_lanes());
  }
  Inputs in(n);
  std::vector<HostGrid> out;
  for (int s = 0; s < steps; ++s) {
    in.at_step(s);
    HostGrid next(n);
    for (Part<Mem>& part : parts) {
      part.step(in.p, in.prev, in.V);
      const std::vector<float> local = part.result();
      part.each_point(0, [&](index_t i, int gx, int gy, int gz, bool) { next.at(gx, gy, gz) = local[std::size_t(i)]; });
    }
    out.push_back(next);
  }
  return out;
}

template <class Mem>
bool on_host() {
  return Kokkos::SpaceAccessibility<Kokkos::HostSpace, Mem>::accessible;
}

}  // namespace

TEMPLATE_PRODUCT_TEST_CASE("every CPML slab point gets the point-by-point update of physics.md 3.1", "[pml]",
                           (SEIS_TEST_SPACES), (IsoPhysics<float>)) {
  using Mem = test::MemOf<typename TestType::exec>;
  // Both forms of the memory variables, bfloat16 against a reference that
  // rounds them alike.
  for (CpmlMemory memory : both_forms)
    for (int L : {3, 5}) {
      InParts o;
      o.L = L, o.memory = memory;
      const auto got = cpml_in_parts<Mem>(o);
      Reference ref(extents, spacing, layer(L, memory));
      Inputs in(extents);
      for (int s = 0; s < steps; ++s) {
        in.at_step(s);
        HostGrid next = in.prev;
        ref.step(in.p, next, in.V);
        int compared = 0;
        for (int z = 0; z < extents[2]; ++z)
          for (int y = 0; y < extents[1]; ++y)
            for (int x = 0; x < extents[0]; ++x) {
              if (!ref.in_slab(x, y, z)) continue;
              const float want = next.at(x, y, z), have = got[std::size_t(s)].at(x, y, z);
              INFO(cpml_memory_name(memory) << " memory variables, L " << L << " step " << s << " point " << x << " " << y << " " << z);
              // A host build runs the same float operations as the reference;
              // a device compiler may contract a*b+c into one rounding.
              if (on_host<Mem>()) REQUIRE(have == want);
              else REQUIRE(std::abs(have - want) <= 1e-5f * (1.0f + std::abs(want)));
              ++compared;
            }
        REQUIRE(compared > 0);
      }
    }
}

TEMPLATE_PRODUCT_TEST_CASE("the CPML of sub-domains gives bitwise the single-domain values", "[pml][distributed]",
                           (SEIS_TEST_SPACES), (IsoPhysics<float>)) {
  using Mem = test::MemOf<typename TestType::exec>;
  // Faces between sub-domains cut the slabs (the 23 x 19 x 17 grid splits
  // at x 6, 12, 18, y 7, 13, z 6, 12): there psi of the layers beyond the
  // face, which pass B reads, is the neighbour's.
  for (CpmlMemory memory : both_forms) {
    InParts o;
    o.L = 7, o.memory = memory;
    const auto whole = cpml_in_parts<Mem>(o);
    for (const std::array<int, 3> dims : {std::array<int, 3>{4, 1, 1}, {1, 3, 1}, {1, 1, 3}, {2, 2, 2}, {4, 3, 3}}) {
      o.dims = dims;
      const auto parts = cpml_in_parts<Mem>(o);
      Reference where(extents, spacing, layer(o.L));
      for (int s = 0; s < steps; ++s)
        for (int z = 0; z < extents[2]; ++z)
          for (int y = 0; y < extents[1]; ++y)
            for (int x = 0; x < extents[0]; ++x) {
              if (!where.in_slab(x, y, z)) continue;
              INFO(cpml_memory_name(memory) << " memory variables, decomposition " << dims[0] << "x" << dims[1] << "x" << dims[2] << " step " << s << " point " << x
                   << " " << y << " " << z);
              REQUIRE(parts[std::size_t(s)].at(x, y, z) == whole[std::size_t(s)].at(x, y, z));
            }
    }
  }
}

TEMPLATE_PRODUCT_TEST_CASE("the z- and y-slab updates give bitwise the same values walking 2 columns a thread as one",
                           "[pml]", (SEIS_TEST_SPACES), (IsoPhysics<float>)) {
  using Mem = test::MemOf<typename TestType::exec>;
  // x extents even (aligned) and odd (one column a thread); layers of 3
  // points (a group of 2 columns straddles the edge of the x-slabs: its
  // columns walk one by one) and 4 (groups inside the x-slabs: psi_x read a
  // value at a time); a sub-domain split (local x extents 12 and 12, 12 and
  // 13); a limit whose x end cuts a group (its column within the limit
  // walks alone).
  // Both forms of the memory variables (their loads and stores differ).
  const Box cut{0, 21, 0, 1 << 20, 0, 1 << 20};
  for (const std::array<int, 3> n : {std::array<int, 3>{24, 19, 17}, {25, 13, 15}})
    for (int L : {3, 4})
      for (const std::array<int, 3> dims : {std::array<int, 3>{1, 1, 1}, {2, 1, 2}})
        for (const Box& limit : {Cpml<float, Mem>::everywhere(), cut})
          for (CpmlMemory memory : both_forms) {
            InParts o;
            o.dims = dims, o.L = L, o.n = n, o.limit = limit, o.memory = memory;
            o.vec = 1;
            const auto one = cpml_in_parts<Mem>(o);
            std::vector<int> lanes;
            o.vec = 2;
            const auto two = cpml_in_parts<Mem>(o, &lanes);
            INFO(cpml_memory_name(memory) << " memory variables, extents " << n[0] << "x" << n[1] << "x" << n[2] << " L "
                                          << L << " decomposition " << dims[0] << "x" << dims[1] << "x" << dims[2]
                                          << " limit x1 " << limit.x1);
            // An even x extent takes two columns a thread: the test walks them.
            if (dims[0] == 1 && n[0] % 2 == 0) REQUIRE(lanes[0] == 2);
            for (int s = 0; s < steps; ++s)
              REQUIRE(std::equal(two[std::size_t(s)].v.begin(), two[std::size_t(s)].v.end(),
                                 one[std::size_t(s)].v.begin()));
          }
}

TEMPLATE_PRODUCT_TEST_CASE("the x-slabs' psi_x exchanged within warps gives bitwise the values exchanged through team scratch",
                           "[pml]", (SEIS_TEST_SPACES), (IsoPhysics<float>)) {
  using Mem = test::MemOf<typename TestType::exec>;
  // Layers of 8 and 16 points: rows of psi_x's box that fit a warp (a
  // GPU's XColumns then exchanges within warps; a host one walks its tiles
  // alone, both forms the same code); 36 rows (more than two layers: the
  // slabs must not overlap), so that the last row tile holds shadows; a
  // split along x (each part's rows still the layer's) and along z (tiles
  // cut in z).
  for (int L : {8, 16})
    for (const std::array<int, 3> dims : {std::array<int, 3>{1, 1, 1}, {2, 1, 1}, {1, 1, 3}})
      for (CpmlMemory memory : both_forms) {
        InParts o;
        o.dims = dims, o.L = L, o.n = {40, 36, 34}, o.memory = memory;
        o.x_warps = false;
        const auto team = cpml_in_parts<Mem>(o);
        o.x_warps = true;
        const auto warps = cpml_in_parts<Mem>(o);
        INFO(cpml_memory_name(memory) << " memory variables, L " << L << " decomposition " << dims[0] << "x" << dims[1]
                                      << "x" << dims[2]);
        for (int s = 0; s < steps; ++s)
          REQUIRE(std::equal(warps[std::size_t(s)].v.begin(), warps[std::size_t(s)].v.end(),
                             team[std::size_t(s)].v.begin()));
      }
}

namespace {

// A small run whose source sits inside a slab, so that the source must wait
// for the CPML, and whose receivers record both regions.
template <class Physics>
void check_overlap_changes_nothing(const char* physics) {
  Scenario s = test::homogeneous(30, 10, 2000, 24);
  s.physics = physics;
  s.pml_thickness = 6;
  s.taper_width = 2;
  s.source = {40, 150, 150};
  s.receivers = {{50, 150, 150}, {150, 150, 150}, {150, 30, 260}};
  test::tilted_model_if_tti(s);
  const RunPlan plan = plan_run(s, std::size_t(1) << 40);
  const auto op = make_strategy<Physics>("gmem_3d");
  Simulation<Physics> after(plan, *op);
  after.overlap_cpml(CpmlOverlap::off);
  const RunTiming sequential = after.run();
  REQUIRE(sequential.pml_overlapped_steps == 0);
  for (CpmlOverlap mode : {CpmlOverlap::beside, CpmlOverlap::ahead}) {
    INFO(physics << " " << cpml_overlap_name(mode));
    Simulation<Physics> beside(plan, *op);
    beside.overlap_cpml(mode);
    const RunTiming t = beside.run();
    REQUIRE(t.pml_overlapped_steps == plan.scenario.steps);
    REQUIRE(beside.receivers().traces() == after.receivers().traces());
    for (int f = 0; f < Physics::num_fields; ++f) {
      REQUIRE(test::to_host(beside.state().current(f)) == test::to_host(after.state().current(f)));
      REQUIRE(test::to_host(beside.state().previous(f)) == test::to_host(after.state().previous(f)));
    }
  }
}

}  // namespace

TEST_CASE("the CPML run beside the inner region gives bitwise the run of the CPML after it", "[pml][overlap]") {
  check_overlap_changes_nothing<IsoPhysics<float>>("iso");
  check_overlap_changes_nothing<TtiPhysics<float>>("tti");
}

TEST_CASE("every thread of an x-slab CPML tile walks a column of psi_x's box, and the owned ones cover it once",
          "[pml]") {
  // XColumns' team barriers hang the GPU unless every thread of a team runs
  // the same plane loop (cpml_x_tiling.hpp): a thread a place of the tile,
  // each place a column inside the box, shadows where the last row tile
  // reaches beyond it. Boxes of psi_x of the GPU runs that hung (40^3 and
  // 80^3 with a 10-point layer: rows beyond the box), of the [pml] tests,
  // of a sub-domain with ghost layers (negative y), a one-point x-slab, a
  // z-extent that leaves a short chunk, and iso-large-gpu's side.
  const Box boxes[] = {{0, 10, 0, 40, 0, 40}, {70, 80, 0, 80, 0, 80}, {0, 3, 0, 19, 0, 17}, {0, 7, -2, 23, 0, 5},
                       {0, 1, 0, 300, 0, 3},  {0, 12, 0, 100, 0, 130}, {992, 1024, 0, 1024, 0, 70}};
  int shadows = 0;
  for (const Box& m : boxes) {
    const CpmlXTiling t(m, 256, 64);
    INFO("box x " << m.x0 << ".." << m.x1 << " y " << m.y0 << ".." << m.y1 << " z " << m.z0 << ".." << m.z1);
    REQUIRE(t.places() >= 1);
    REQUIRE(t.places() <= 256);
    std::vector<int> walks(std::size_t(m.volume()), 0);  // owned walks of each point
    for (int tile = 0; tile < t.tiles; ++tile) {
      const int z0 = t.z0(tile), z1 = t.z1(tile);
      REQUIRE(m.z0 <= z0);
      REQUIRE(z0 < z1);
      REQUIRE(z1 <= m.z1);
      for (int q = 0; q < t.places(); ++q) {
        const CpmlXTiling::Place c = t.place(tile, q);
        INFO("tile " << tile << " place " << q);
        REQUIRE(c.x >= m.x0);
        REQUIRE(c.x < m.x1);
        REQUIRE(c.y >= m.y0);
        REQUIRE(c.y < m.y1);
        REQUIRE(c.x - m.x0 == q % t.tx);  // the place's x in its row: scratch neighbours
        if (!c.owned) {
          ++shadows;
          continue;
        }
        for (int z = z0; z < z1; ++z)
          ++walks[std::size_t(c.x - m.x0 + m.nx() * (c.y - m.y0 + index_t(m.ny()) * (z - m.z0)))];
      }
    }
    REQUIRE(std::count(walks.begin(), walks.end(), 1) == m.volume());
  }
  REQUIRE(shadows > 0);  // the case that hung is among them
}

TEST_CASE("bfloat16 memory variables take 2 bytes a value, float ones 4", "[pml]") {
  const Grid g = global_grid();
  for (CpmlMemory memory : both_forms) {
    const Cpml<float> pml(g, layer(5, memory));
    const int bytes = memory == CpmlMemory::bfloat16 ? 2 : 4;
    INFO(cpml_memory_name(memory));
    REQUIRE(pml.memory_form() == memory);
    REQUIRE(pml.bytes_per_value() == bytes);
    const auto views = pml.memory_variables();
    REQUIRE(views.size() == 6);
    for (int k = 0; k < 6; ++k) REQUIRE(views[std::size_t(k)].size() == std::size_t(pml.layout().size(k % 3)) * bytes);
  }
}

TEST_CASE("bfloat16 rounding on the device gives bitwise the integer rounding of the host", "[pml]") {
  // The CPML kernels round their memory variables with bfloat16_round(_pair)
  // (one conversion instruction on a GPU); the host reference of the other
  // [pml] tests rounds with float_to_bfloat16. Floats of every exponent and
  // sign: ties to even and odd, just below and above them, the largest
  // float (which rounds to infinity), infinities, zeros and random bits.
  std::vector<std::uint32_t> bits;
  std::uint32_t h = 12345;
  for (std::uint32_t sign : {0u, 0x80000000u})
    for (std::uint32_t e = 0; e < 256; ++e)
      for (std::uint32_t low : {0x0000u, 0x7fffu, 0x8000u, 0x8001u, 0xffffu, 0x18000u, 0x10000u, 0x17fffu, 0x7fffffu}) {
        h = h * 1664525u + 1013904223u;
        const std::uint32_t b = sign | e << 23 | (low & 0x7fffffu);
        const std::uint32_t r = sign | e << 23 | ((h >> 9) & 0x7fffffu);
        for (std::uint32_t v : {b, r})
          if ((v & 0x7f800000u) != 0x7f800000u || (v & 0x7fffffu) == 0) bits.push_back(v);  // no NaN
      }
  if (bits.size() % 2) bits.push_back(0);
  const int n = int(bits.size());
  std::vector<float> values(bits.size());
  std::memcpy(values.data(), bits.data(), bits.size() * sizeof(float));
  Kokkos::View<float*> in("in", n);
  Kokkos::View<std::uint32_t*> one("one", n), two("two", n / 2);
  Kokkos::deep_copy(in, Kokkos::View<const float*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(values.data(), n));
  Kokkos::parallel_for("bfloat16_round", n, KOKKOS_LAMBDA(int i) {
    one(i) = bfloat16_round(in(i));
    if (i % 2 == 0) two(i / 2) = bfloat16_round_pair(in(i), in(i + 1));
  });
  const auto one_h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), one);
  const auto two_h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), two);
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint32_t want = float_to_bfloat16(values[std::size_t(i)]);
    wrong += one_h(i) != want;
    wrong += (i % 2 == 0 ? two_h(i / 2) & 0xffffu : two_h(i / 2) >> 16) != want;
  }
  INFO(n << " floats");
  REQUIRE(wrong == 0);
}
