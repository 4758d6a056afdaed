#pragma once
// What every 2.5D streaming Body shares: the step's data, the tiles (z cut
// into chunks of `@zchunk` planes per team), the layout of a staged plane,
// and the frame's interface (three_d, launch bounds, team size, scratch).

#include "seis/physics/plane_terms.hpp"
#include "seis/policies/block_shape.hpp"
#include "seis/policies/tile_grid.hpp"
#include "seis/policies/tile_staging.hpp"
#include "seis/policies/tiled_strategy.hpp"
#include "seis/policies/traits/exec_traits.hpp"

namespace seis {

template <class Physics, class Exec, int StagedPlanes>
struct StreamingBody {
  using scalar_type = typename Physics::scalar_type;
  using accum_type = typename Physics::accum_type;
  using values_type = FieldValues<scalar_type, Physics::num_fields>;
  using launch_bounds = BudgetLaunchBounds<Physics, LaunchBudget::all_fields>;
  static constexpr bool three_d = false;
  static constexpr int F = Physics::num_fields;
  static constexpr int R = Physics::radius;
  static constexpr int H = max_plane_reach<Physics>();
  static constexpr int CPT = ExecTraits<Exec>::columns_per_thread;

  StepData<Physics> data;
  TileGrid tiles;
  PlaneLayout layout;

  StreamingBody() = default;
  StreamingBody(const StepData<Physics>& d, const Box& box, const BlockShape& s)
      : data(d), tiles(box, s.dx, s.dy, s.zchunk > 0 ? s.zchunk : box.nz()), layout(s.dx, s.dy, H, H, F) {}

  static int team_threads(const BlockShape& s) { return s.columns(); }
  static std::size_t scratch_bytes(const BlockShape& s) {
    return PlaneLayout(s.dx, s.dy, H, H, F).bytes(StagedPlanes, sizeof(scalar_type));
  }
  static void check_shape(const BlockShape&, const std::string&) {}
};

}  // namespace seis
