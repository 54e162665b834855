// Globally adaptive Gauss-Kronrod quadrature (7-point Gauss, 15-point Kronrod, the
// QUADPACK QAG scheme) of a vector of integrands at once.
//
// Each panel is integrated by K15; |K15 - G7| is its error estimate, a conservative one
// (K15 is exact for polynomials of degree 22, G7 of degree 13, so the estimate measures
// G7's error rather than K15's). The panel with the largest estimate is bisected until the
// summed estimate is below max(absTol, relTol * max_c |I_c|) over the components c, or the
// panel budget is spent (converged = false, estimate still reported). Breakpoints (kinks
// of the integrand) start as panel edges.
#pragma once

#include <array>
#include <functional>
#include <vector>

namespace regolith::bekker {

constexpr int kComponents = 3;
using Values = std::array<double, kComponents>;

struct QuadratureOptions {
  double relTol = 1e-10;
  double absTol = 0;
  int maxPanels = 4000;
};

struct QuadratureResult {
  Values integral{};
  Values error{};  // summed |K15 - G7| per component
  int evaluations = 0;
  bool converged = false;
};

// Integrates f over [edges.front(), edges.back()]; edges must be non-decreasing (zero-width
// panels are skipped).
QuadratureResult integrate(const std::function<Values(double)>& f, const std::vector<double>& edges,
                           const QuadratureOptions& options = {});

}  // namespace regolith::bekker
