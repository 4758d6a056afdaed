#pragma once
// Other forms of a physics' arithmetic (an A/B of issue 10, session 14): the
// same operator with other rounding or instruction mix, picked by a strategy
// at compile time (its Form parameter) so that forms can be measured in one
// binary. A physics offering them declares
//   template <int F> using arithmetic_form = ...;   // constructible from it
// ArithmeticForm<P, 0> is P; a physics without forms is itself in every form.

#include "seis/math/host_device.hpp"

#include <cstdlib>
#include <type_traits>

namespace seis {

template <class P, int Form, class = void>
struct ArithmeticForm {
  using type = P;
};
template <class P, int Form>
struct ArithmeticForm<P, Form, std::enable_if_t<(Form != 0), std::void_t<typename P::template arithmetic_form<Form>>>> {
  using type = typename P::template arithmetic_form<Form>;
};
template <class P, int Form>
using arithmetic_form_t = typename ArithmeticForm<P, Form>::type;

// Whether P offers forms besides its own.
template <class P, class = void>
inline constexpr bool has_arithmetic_forms = false;
template <class P>
inline constexpr bool has_arithmetic_forms<P, std::void_t<typename P::template arithmetic_form<0>>> = true;

// P in form Form: P itself (a reference), or the other form built from it.
template <int Form, class P>
SEIS_FORCEINLINE std::conditional_t<std::is_same_v<arithmetic_form_t<P, Form>, P>, const P&, arithmetic_form_t<P, Form>>
in_arithmetic_form(const P& p) {
  if constexpr (std::is_same_v<arithmetic_form_t<P, Form>, P>)
    return p;
  else
    return arithmetic_form_t<P, Form>(p);
}

// The forms st_reg_feat is built in (Kokkos body and native twin alike), and
// the one SEIS_FEAT_MATH=<form> picks (unset or unlisted: 0).
// on_feature_math_form calls f(std::integral_constant<int, form>{}) for a
// physics with forms, with form 0 otherwise (host code). (This header leaves
// static_for.hpp out: included before Kokkos, it would give the Kokkos
// kernels the twins' static_for, other SASS.)
inline int feature_math_form() {
  const char* v = std::getenv("SEIS_FEAT_MATH");
  return v ? std::atoi(v) : 0;
}
template <class P, class F>
decltype(auto) on_feature_math_form(F&& f) {
  if constexpr (has_arithmetic_forms<P>) {
    switch (feature_math_form()) {
      case 1: return f(std::integral_constant<int, 1>{});
      case 3: return f(std::integral_constant<int, 3>{});
      case 5: return f(std::integral_constant<int, 5>{});
      case 7: return f(std::integral_constant<int, 7>{});
      default: break;
    }
  }
  return f(std::integral_constant<int, 0>{});
}

}  // namespace seis
