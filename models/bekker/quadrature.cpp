// Adaptive Gauss-Kronrod 7-15 quadrature (see quadrature.h).
#include "models/bekker/quadrature.h"

#include <algorithm>
#include <cmath>
#include <queue>
#include <stdexcept>

namespace regolith::bekker {

namespace {

// Kronrod abscissae on [-1, 1] (x_k, k = 0..7, x_7 = 0) and weights; the odd k are the
// 7-point Gauss nodes, with Gauss weights kGauss[k / 2] (QUADPACK qk15).
constexpr double kX[8] = {0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
                          0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
                          0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
                          0.207784955007898467600689403773245, 0.000000000000000000000000000000000};
constexpr double kWK[8] = {0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
                           0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
                           0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
                           0.204432940075298892414161999234649, 0.209482141084727828012999174891714};
constexpr double kWG[4] = {0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
                           0.381830050505118944950369775488975, 0.417959183673469387755102040816327};

struct Panel {
  double a, b;
  Values value, error;
  double worst;  // max component error
  bool operator<(const Panel& o) const { return worst < o.worst; }
};

Panel panel(const std::function<Values(double)>& f, double a, double b, int& evals) {
  const double c = 0.5 * (a + b), h = 0.5 * (b - a);
  Values k{}, g{};
  auto add = [](Values& acc, const Values& v, double w) {
    for (int i = 0; i < kComponents; ++i) acc[i] += w * v[i];
  };
  const Values mid = f(c);
  add(k, mid, kWK[7]);
  add(g, mid, kWG[3]);
  for (int j = 0; j < 7; ++j) {
    const Values lo = f(c - h * kX[j]), hi = f(c + h * kX[j]);
    add(k, lo, kWK[j]);
    add(k, hi, kWK[j]);
    if (j % 2 == 1) {
      add(g, lo, kWG[j / 2]);
      add(g, hi, kWG[j / 2]);
    }
  }
  evals += 15;
  Panel p{a, b, {}, {}, 0};
  for (int i = 0; i < kComponents; ++i) {
    p.value[i] = h * k[i];
    p.error[i] = std::fabs(h * (k[i] - g[i]));
    p.worst = std::max(p.worst, p.error[i]);
  }
  return p;
}

}  // namespace

QuadratureResult integrate(const std::function<Values(double)>& f, const std::vector<double>& edges,
                           const QuadratureOptions& o) {
  if (edges.size() < 2) throw std::invalid_argument("quadrature: expected at least two edges");
  for (std::size_t i = 1; i < edges.size(); ++i)
    if (!(edges[i] >= edges[i - 1]) || !std::isfinite(edges[i]) || !std::isfinite(edges[i - 1]))
      throw std::invalid_argument("quadrature: edges must be finite and non-decreasing");
  if (!(o.relTol >= 0) || !(o.absTol >= 0) || o.maxPanels < 1)
    throw std::invalid_argument("quadrature: expected relTol >= 0, absTol >= 0, maxPanels >= 1");

  QuadratureResult r;
  std::priority_queue<Panel> heap;
  for (std::size_t i = 1; i < edges.size(); ++i)
    if (edges[i] > edges[i - 1]) heap.push(panel(f, edges[i - 1], edges[i], r.evaluations));

  // Running sums (panels added and removed); summed exactly from the heap on return.
  Values value{}, error{};
  auto account = [&](const Panel& p, double sign) {
    for (int i = 0; i < kComponents; ++i) {
      value[i] += sign * p.value[i];
      error[i] += sign * p.error[i];
    }
  };
  std::priority_queue<Panel> copy = heap;
  for (; !copy.empty(); copy.pop()) account(copy.top(), 1);
  auto finish = [&](bool converged) {
    r.integral = {};
    r.error = {};
    for (; !heap.empty(); heap.pop())
      for (int i = 0; i < kComponents; ++i) {
        r.integral[i] += heap.top().value[i];
        r.error[i] += heap.top().error[i];
      }
    r.converged = converged;
    return r;
  };
  while (true) {
    double scale = 0, worst = 0;
    for (int i = 0; i < kComponents; ++i) {
      scale = std::max(scale, std::fabs(value[i]));
      worst = std::max(worst, error[i]);
    }
    if (heap.empty() || worst <= std::max(o.absTol, o.relTol * scale)) return finish(true);
    if (static_cast<int>(heap.size()) >= o.maxPanels) return finish(false);
    const Panel p = heap.top();
    const double m = 0.5 * (p.a + p.b);
    if (!(m > p.a && m < p.b)) return finish(false);  // panel at floating-point resolution
    heap.pop();
    account(p, -1);
    const Panel left = panel(f, p.a, m, r.evaluations), right = panel(f, m, p.b, r.evaluations);
    account(left, 1);
    account(right, 1);
    heap.push(left);
    heap.push(right);
  }
}

}  // namespace regolith::bekker
