#pragma once
// One include for Catch2 v2 (Debian) and v3.
#if SEIS_CATCH2_V3
#include <catch2/catch_all.hpp>
#else
#include <catch2/catch.hpp>
#endif
