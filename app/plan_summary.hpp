#pragma once
// The model parameters of a plan as log lines and as JSON for the run report
// (shared by `seis run` and `seis check`).

#include "seis/run_plan.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace seis {

inline void print_parameters(std::FILE* out, const RunPlan& plan) {
  for (const auto& p : plan.parameters) {
    std::fprintf(out, "model %-8s min %.6g, max %.6g, mean %.6g (%s)\n", p.name.c_str(), p.min, p.max, p.mean,
                 p.source.c_str());
    if (!p.resampled.empty()) std::fprintf(out, "      %-8s resampled: %s\n", "", p.resampled.c_str());
  }
}

inline nlohmann::json parameters_json(const RunPlan& plan) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& p : plan.parameters) {
    j[p.name] = {{"source", p.source}, {"min", p.min}, {"max", p.max}, {"mean", p.mean}};
    if (!p.resampled.empty()) j[p.name]["resampled"] = p.resampled;
  }
  return j;
}

}  // namespace seis
