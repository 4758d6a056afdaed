#pragma once
// Every definition make_strategy<P> needs, for a physics P the library does
// not instantiate (one outside the list of physics_list.hpp, e.g. a test's
// own): include this header where make_strategy<P> is called and every
// strategy of the registry is compiled for P there. The physics of runs are
// instantiated in policies/src/ and not again by this header (extern
// templates in registry.hpp and strategy_factories.hpp).

#include "seis/policies/family_blocking_3d.hpp"
#include "seis/policies/family_cluster.hpp"
#include "seis/policies/family_register_streaming.hpp"
#include "seis/policies/family_semi_stencil.hpp"
#include "seis/policies/family_sliding_window.hpp"
#include "seis/policies/family_swic.hpp"
#include "seis/policies/make_strategy.hpp"
