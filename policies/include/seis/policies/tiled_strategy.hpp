#pragma once
// The common frame of every strategy: a Body (the per-tile work, written once
// for every physics and backend) launched as a Kokkos TeamPolicy, one team per
// tile, with its staged planes in team scratch. The frame checks the block
// shape against the device before anything runs.

#include "seis/compat/kokkos_compat.hpp"
#include "seis/errors.hpp"
#include "seis/policies/block_shape.hpp"
#include "seis/policies/traits/exec_traits.hpp"
#include "seis/stencil_operator.hpp"
#include "seis/policies/launch_budget.hpp"

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <string>
#include <type_traits>  // std::void_t

namespace seis {

// The register budget a body is compiled with (launch_budget.hpp; which
// strategy takes which: strategy_table.hpp). (0, 0) is Kokkos' "no bounds".
template <class Physics, LaunchBudget Budget>
using BudgetLaunchBounds = Kokkos::LaunchBounds<unsigned(thread_budget(Budget, Physics::num_fields).max_threads),
                                                unsigned(thread_budget(Budget, Physics::num_fields).min_teams)>;

// st_reg_vec's budget, by the name vector_streaming.hpp uses.
template <class Physics>
using VectorStreamingLaunchBounds = BudgetLaunchBounds<Physics, LaunchBudget::vector>;

// Whether a body's scratch may begin in the team-reduce space the backend's
// team launch reserves ahead of the team scratch
// (ExecTraits::team_reduce_space_bytes): Body::reuses_team_reduce_space =
// true, for bodies that call no team_reduce, team_scan or team_broadcast. A
// Kokkos CUDA team then asks for the shared memory its twin asks for, and
// the L1/shared split and blocks per SM follow (H200, TTI 900^3 smem_3d
// 16x8x2: 228 KiB shared and 6 % L1 hits against the twin's 196 KiB and
// 18 %; reused, 196 KiB and 18 %, 57.70 -> 55.98 ms, ratio 1.045 -> 1.013;
// iso 1024^3 sliding_window 13.63 -> 13.49 ms, ratio 1.057 -> 1.047:
// perf/results/h200-2026-11-24/parity7).
template <class Body, class = void>
struct BodyReusesReduceSpace : std::false_type {};
template <class Body>
struct BodyReusesReduceSpace<Body, std::void_t<decltype(Body::reuses_team_reduce_space)>>
    : std::bool_constant<Body::reuses_team_reduce_space> {};

// A body's team in vector lanes (Body::takes_lanes = true; else none):
// launched with vector length Body::team_lanes(shape), each Kokkos team
// thread a row of that many threads (ExecTraits::team_lane). The body sees
// one flat team (LanesTeam) and may read a thread's lane and row.
template <class Body, class = void>
struct BodyTakesLanes : std::false_type {};
template <class Body>
struct BodyTakesLanes<Body, std::void_t<decltype(Body::takes_lanes)>> : std::bool_constant<Body::takes_lanes> {};

// A Kokkos team of vector length lanes seen as a flat team of
// team_size() * lanes threads: rank = row * lanes + lane.
template <class Exec, class Member>
struct LanesTeam {
  const Member& member;
  KOKKOS_FORCEINLINE_FUNCTION int lane() const { return ExecTraits<Exec>::team_lane(member); }
  KOKKOS_FORCEINLINE_FUNCTION int row() const { return member.team_rank(); }
  KOKKOS_FORCEINLINE_FUNCTION int team_rank() const { return row() * ExecTraits<Exec>::team_lanes(member) + lane(); }
  KOKKOS_FORCEINLINE_FUNCTION int team_size() const { return member.team_size() * ExecTraits<Exec>::team_lanes(member); }
  KOKKOS_FORCEINLINE_FUNCTION void team_barrier() const { ExecTraits<Exec>::team_barrier(member); }
};

// Adapts a Body to Kokkos' team functor interface. EndThread: the thread
// ends after its team (ExecTraits::end_team_thread), for bodies that opt in.
// reused_bytes: the body's scratch begins that many bytes before the team
// scratch Kokkos hands out, in the team-reduce space ahead of it
// (BodyReusesReduceSpace); scratch_bytes is what is asked of Kokkos.
template <class Exec, class Body, bool EndThread = false>
struct TeamKernel {
  using scalar_type = typename Body::scalar_type;
  static constexpr int scratch_level = ExecTraits<Exec>::scratch_level;
  Body body;
  std::size_t scratch_bytes = 0;
  std::size_t reused_bytes = 0;

  template <class Member>
  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    char* const handed = static_cast<char*>(team.team_scratch(int(scratch_level)).get_shmem(scratch_bytes));
    // Only for bodies that reuse the reduce space: a run-time offset on the
    // others' scratch cost the semi-stencils 10 instructions a point and 3-5 %
    // (H200, session 10: iso semi_b_a 223.7 -> 233.7 inst/pt).
    scalar_type* scratch;
    if constexpr (BodyReusesReduceSpace<Body>::value)
      scratch = reinterpret_cast<scalar_type*>(handed - reused_bytes);
    else
      scratch = reinterpret_cast<scalar_type*>(handed);
    if constexpr (BodyTakesLanes<Body>::value)
      body.run(LanesTeam<Exec, Member>{team}, body.tiles.origin(team.league_rank()), scratch);
    else
      body.run(team, body.tiles.origin(team.league_rank()), scratch);
    if constexpr (EndThread) ExecTraits<Exec>::end_team_thread(team);
  }
};

// Scratch a team may use on this backend for a team of `team_size` threads.
template <class Exec>
std::size_t team_scratch_limit(int team_size) {
  using Policy = Kokkos::TeamPolicy<Exec>;
  (void)team_size;
  return std::size_t(Policy::scratch_size_max(ExecTraits<Exec>::scratch_level));
}

// How a body's kernel is launched: Body::launch_property where a body names
// one, else LightWeightLaunch (the functor as kernel argument, kokkos_compat.hpp).
template <class Body, class = void>
struct BodyLaunchProperty {
  using type = LightWeightLaunch;
};
template <class Body>
struct BodyLaunchProperty<Body, std::void_t<typename Body::launch_property>> {
  using type = typename Body::launch_property;
};

// Whether a body's kernel ends each thread after its team
// (Body::end_team_thread = true; ExecTraits::end_team_thread says when that
// holds). Measured on the H200 (iso 1024^3, alternating runs): gmem_3d
// 10.18 -> 9.83 ms, sliding_window 14.41 -> ~14.0 (with its plain plan),
// st_reg_fixed 7.52 -> 7.34, TTI 900^3 gmem_3d 30.49 -> 28.01, TTI
// sliding_window unchanged (41.61 / 41.63). Off for the other bodies: their
// SASS stays as measured (st_reg_vec in particular).
template <class Body, class = void>
struct BodyEndsTeamThread : std::false_type {};
template <class Body>
struct BodyEndsTeamThread<Body, std::void_t<decltype(Body::end_team_thread)>>
    : std::bool_constant<Body::end_team_thread> {};

template <class Physics, class Exec, class Body>
class TiledStrategy : public StencilOperator<Physics> {
 public:
  using scalar_type = typename Physics::scalar_type;
  using body_type = Body;
  using policy_type =
      Kokkos::TeamPolicy<Exec, typename Body::launch_bounds, typename BodyLaunchProperty<Body>::type>;
  using kernel_type = TeamKernel<Exec, Body, BodyEndsTeamThread<Body>::value>;

  TiledStrategy(std::string strategy, BlockShape shape) : strategy_(std::move(strategy)), shape_(shape) {
    check();
  }

  std::string name() const override {
    return strategy_ + ":" + shape_.to_string(Body::three_d);
  }
  const BlockShape& shape() const { return shape_; }

  void apply(const StepData<Physics>& data, const Box& box) const override {
    if (box.empty()) return;
    const std::size_t bytes = Body::scratch_bytes(shape_);
    const std::size_t reused = reused_reduce_space(bytes);
    kernel_type kernel{Body(data, box, shape_), bytes - reused, reused};
    policy_type policy(kernel.body.tiles.league_size(), kokkos_team_size(), lanes());
    if (kernel.scratch_bytes > 0)
      policy.set_scratch_size(ExecTraits<Exec>::scratch_level, Kokkos::PerTeam(kernel.scratch_bytes));
    ExecTraits<Exec>::template prepare_team_launch<policy_type, kernel_type>(policy);
    Kokkos::parallel_for(label_.c_str(), policy, kernel);
  }

  int team_size() const { return ExecTraits<Exec>::team_size(Body::team_threads(shape_)); }
  // Vector lanes of a Kokkos team thread (BodyTakesLanes), and the team size in Kokkos' terms.
  int lanes() const {
    if constexpr (BodyTakesLanes<Body>::value)
      return Body::team_lanes(shape_);
    else
      return 1;
  }
  int kokkos_team_size() const { return team_size() / lanes(); }

  // Bytes of the body's scratch placed in the team-reduce space (BodyReusesReduceSpace).
  std::size_t reused_reduce_space(std::size_t scratch_bytes) const {
    if (!BodyReusesReduceSpace<Body>::value) return 0;
    const std::size_t space = ExecTraits<Exec>::team_reduce_space_bytes(kokkos_team_size());
    return space < scratch_bytes ? space : scratch_bytes;
  }

 private:
  void check() const {
    const std::string what = "strategy " + strategy_ + " with block " + shape_.to_string(Body::three_d);
    if (shape_.cluster_x * shape_.cluster_y > 1)
      throw InputError(what + ": only the *_cluster strategies take a /CXxCY cluster shape");
    Body::check_shape(shape_, what);
    const int columns = Body::team_threads(shape_);
    const int max_columns = ExecTraits<Exec>::max_team_columns();
    if (columns > max_columns)
      throw ConfigError(what + " needs " + std::to_string(columns) +
                        " threads (columns) per team; this backend allows at most " +
                        std::to_string(max_columns));
    constexpr unsigned max_threads = Body::launch_bounds::maxTperB;
    if (max_threads > 0 && unsigned(team_size()) > max_threads)
      throw ConfigError(what + " needs " + std::to_string(team_size()) +
                        " threads per team; this kernel is compiled for at most " + std::to_string(max_threads));
    const std::size_t need = Body::scratch_bytes(shape_);
    const std::size_t limit = team_scratch_limit<Exec>(team_size());
    if (need > limit)
      throw ConfigError(what + " needs " + std::to_string(need) + " bytes of team scratch per team; " +
                        Exec::name() + " allows " + std::to_string(limit));
    kernel_type probe{};
    policy_type policy(1, 1, lanes());
    if (need > 0) policy.set_scratch_size(ExecTraits<Exec>::scratch_level, Kokkos::PerTeam(need));
    const int max_team = policy.team_size_max(probe, Kokkos::ParallelForTag()) * lanes();
    if (team_size() > max_team)
      throw ConfigError(what + " needs " + std::to_string(team_size()) +
                        " threads per team; with this kernel's registers and scratch " + Exec::name() +
                        " allows " + std::to_string(max_team));
  }

  std::string strategy_;
  BlockShape shape_;
  std::string label_ = "seis::" + strategy_;
};

}  // namespace seis
