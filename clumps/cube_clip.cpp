// Unit cube below a plane: reflect to a non-negative normal, drop negligible components,
// then the inclusion-exclusion sum over the cube's vertices in 3, 2 or 1 dimensions:
//   V = sum_v (-1)^{|v|} (beta - n.v)+^d / (d! prod n_k).
#include "clumps/cube_clip.h"

#include <algorithm>
#include <cmath>

namespace regolith {

double cubeFractionBelow(const double n[3], double beta) {
  double m[3];
  int d = 0;
  for (int k = 0; k < 3; ++k) {
    if (n[k] < 0) beta -= n[k];  // y_k -> 1 - y_k makes the component positive
    if (std::abs(n[k]) >= kClipDrop) m[d++] = std::abs(n[k]);
  }
  if (d == 0) return beta >= 0 ? 1.0 : 0.0;
  double sum = 0, product = 1, factorial = 1;
  for (int k = 0; k < d; ++k) {
    product *= m[k];
    factorial *= k + 1;
  }
  for (int v = 0; v < (1 << d); ++v) {
    double t = beta;
    int bits = 0;
    for (int k = 0; k < d; ++k)
      if (v & (1 << k)) {
        t -= m[k];
        ++bits;
      }
    if (t <= 0) continue;
    const double power = d == 3 ? t * t * t : d == 2 ? t * t : t;
    sum += bits % 2 ? -power : power;
  }
  return std::clamp(sum / (factorial * product), 0.0, 1.0);
}

}  // namespace regolith
