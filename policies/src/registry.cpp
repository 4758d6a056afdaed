#include "seis/policies/registry.hpp"

#include "seis/errors.hpp"
#include "seis/policies/make_strategy.hpp"
#include "seis/policies/strategy_table.hpp"
#include "seis/policies/traits/exec_traits.hpp"

namespace seis {

// The strategy table (strategy_table.hpp) as the registry, the tuner and
// `seis strategies` list it.
const std::vector<StrategyInfo>& strategy_catalogue() {
  static const std::vector<StrategyInfo> catalogue = [] {
    std::vector<StrategyInfo> rows;
    for (const StrategyRow& row : strategy_table) {
      StrategyInfo info{row.name, row.description, row.three_d, row.cluster, row.default_shape, {}};
      for (const char* shape : row.shapes)
        if (shape != nullptr) info.shapes.emplace_back(shape);
      rows.push_back(std::move(info));
    }
    return rows;
  }();
  return catalogue;
}

const StrategyInfo& strategy_info(const std::string& name) {
  for (const auto& info : strategy_catalogue())
    if (info.name == name) return info;
  std::string known;
  for (const auto& info : strategy_catalogue()) known += (known.empty() ? "" : ", ") + info.name;
  throw InputError("unknown strategy '" + name + "' (known: " + known + ", auto)");
}

template std::string strategy_unavailable_reason<DefaultExec>(const StrategyInfo&);

std::pair<std::string, std::string> split_strategy_spec(const std::string& spec) {
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return {spec, ""};
  return {spec.substr(0, colon), spec.substr(colon + 1)};
}

#define SEIS_INSTANTIATE(P) \
  template std::unique_ptr<StencilOperator<P>> make_strategy<P, DefaultExec>(const std::string&);
SEIS_FOR_EACH_RUN_PHYSICS(SEIS_INSTANTIATE)

}  // namespace seis
