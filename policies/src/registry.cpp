#include "seis/policies/registry.hpp"

#include "seis/errors.hpp"
#include "seis/policies/make_strategy.hpp"
#include "seis/policies/traits/exec_traits.hpp"

namespace seis {

const std::vector<StrategyInfo>& strategy_catalogue() {
  static const std::vector<StrategyInfo> catalogue = {
      {"gmem_3d", "3D blocking, every term read from global memory (reference) [semi-stencil seed, Table I]",
       true, false, "32x4x4", {"32x4x4", "8x8x8", "64x2x2"}},
      {"smem_3d", "3D blocking, tile and halo in team scratch [semi-stencil seed; programming-models seed 'smem']",
       true, false, "32x4x4", {"32x4x4", "8x8x8", "16x8x2"}},
      {"st_reg_shift", "2.5D streaming, z-neighbours in shifting registers [programming-models seed]", false,
       false, "32x16@128", {"32x16@128", "32x16", "32x8@64", "32x4@64", "64x4@128", "16x8@8"}},
      {"st_reg_fixed",
       "2.5D streaming, z-neighbours in fixed (rotating) registers, next halo by async copy "
       "[programming-models seed]",
       false, false, "32x8@128",
       {"32x8@128", "32x8@64", "32x16@128", "32x16", "64x8@128", "64x4@128", "32x4@64", "16x16@128", "16x8@8"}},
      {"st_reg_vec",
       "2.5D streaming, VEC x points per thread: vector loads/stores, x/y neighbours as vectors from one scratch "
       "plane, z in fixed registers, one barrier per plane [AMD seed; issue 10]",
       false, false, "32x8@128", {"32x8@128", "32x8@64", "32x8", "32x4@128", "16x16@128", "64x4@128", "16x8@8"}},
      {"st_reg_feat",
       "2.5D streaming, a register queue of per-plane features (TTI: s, p and their x/y first derivatives) "
       "computed once per plane, off-centre planes summed from registers, scratch only for the planes z .. z+E "
       "[issue 10]",
       false, false, "32x8@64", {"32x8@64", "32x8@128", "32x8", "32x4@64", "32x16@128", "16x16@128", "16x8@8"}},
      {"semi_25d", "2.5D semi-stencil, R+1 planes in scratch [semi-stencil seed III.A]", false, false, "32x16@128",
       {"32x16@128", "32x16", "16x16@128", "16x8", "16x8@8"}},
      {"semi_b", "semi-stencil + next plane prefetched into an extra scratch plane [semi-stencil seed III.B]",
       false, false, "32x16@128", {"32x16@128", "32x16", "16x16@128", "16x8@8"}},
      {"semi_b_a", "semi-stencil + prefetch by asynchronous copy (CUDA cp.async) [semi-stencil seed IV.C]",
       false, false, "32x16@128", {"32x16@128", "32x16", "16x16@128", "16x16", "16x8@8"}},
      {"semi_2z", "semi-stencil with 2z thread folding, two planes per step [semi-stencil seed III.C]", false,
       false, "16x16@128", {"16x16@128", "16x16", "32x8@128", "16x8@7"}},
      {"swic", "scatter into an output register queue, one plane in scratch [SWiC seed IV]", false, false,
       "32x8@128", {"32x8@128", "32x8", "32x4@128", "32x16@128", "16x8@8"}},
      {"sliding_window",
       "one-pass kernel: x in vector registers, y in scratch, z sliding window, streaming stores [AMD seed]",
       false, false, "64x4@128", {"64x4@128", "64x4@64", "64x4", "32x8@128", "16x4@8"}},
      {"st_reg_fixed_cluster",
       "st_reg_fixed in thread-block clusters, halos shared through distributed shared memory "
       "[programming-models seed IV.C]",
       false, true, "32x16/1x2", {"32x16/1x2", "32x16/2x1", "32x8/1x4", "16x8@8/2x2"}},
      {"semi_25d_cluster",
       "semi_25d in thread-block clusters, halos shared through distributed shared memory "
       "[programming-models seed IV.C]",
       false, true, "32x16/1x2", {"32x16/1x2", "16x16/2x2", "16x8@8/2x1"}},
  };
  return catalogue;
}

const StrategyInfo& strategy_info(const std::string& name) {
  for (const auto& info : strategy_catalogue())
    if (info.name == name) return info;
  std::string known;
  for (const auto& info : strategy_catalogue()) known += (known.empty() ? "" : ", ") + info.name;
  throw InputError("unknown strategy '" + name + "' (known: " + known + ", auto)");
}

std::string strategy_unavailable_reason(const StrategyInfo& info) {
  if (!info.cluster) return "";
#if defined(SEIS_HAVE_CLUSTER_LAUNCH)
  if (ExecTraits<DefaultExec>::has_cluster_launch()) return "";
#endif
  return ExecTraits<DefaultExec>::cluster_unavailable_reason();
}

std::pair<std::string, std::string> split_strategy_spec(const std::string& spec) {
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return {spec, ""};
  return {spec.substr(0, colon), spec.substr(colon + 1)};
}

#define SEIS_INSTANTIATE(P) \
  template std::unique_ptr<StencilOperator<P>> make_strategy<P>(const std::string&);
SEIS_FOR_EACH_RUN_PHYSICS(SEIS_INSTANTIATE)

}  // namespace seis
