// The register_streaming family, instantiated for the physics of runs on the default execution space.
#include "seis/policies/family_register_streaming.hpp"

namespace seis {

#define SEIS_INSTANTIATE(P) template StrategyPtr<P> make_register_streaming<P, DefaultExec>(const std::string&, const BlockShape&);
SEIS_FOR_EACH_RUN_PHYSICS(SEIS_INSTANTIATE)

}  // namespace seis
