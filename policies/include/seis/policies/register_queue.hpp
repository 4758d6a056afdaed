#pragma once
// Kept for the includes that name it: the register queues and rings are
// seis/math/register_queue.hpp, align_box_x is seis/math/tile_geometry.hpp
// (both shared with the native twins).

#include "seis/grid.hpp"
#include "seis/physics/plane_terms.hpp"
#include "seis/math/register_queue.hpp"  // Lanes, VectorOf, shift_queue, queue_slot, RingIndex
#include "seis/math/tile_geometry.hpp"   // align_box_x
