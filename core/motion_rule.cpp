// Motion rules: constructors, validation and evaluation of the per-family control table.
#include "core/motion_rule.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace regolith {
namespace {

const char* const kDofNames[6] = {"x", "y", "z", "rotation x", "rotation y", "rotation z"};

[[noreturn]] void fail(std::size_t family, std::size_t phase, int dof, const std::string& what) {
  throw std::invalid_argument("family " + std::to_string(family) + ", phase " + std::to_string(phase) + ", DOF " +
                              kDofNames[dof] + ": " + what);
}

void validateRule(const DofRule& r, std::size_t f, std::size_t p, int d) {
  const auto finite = [](double x) { return std::isfinite(x); };
  switch (r.kind) {
    case DofRuleKind::Free:
    case DofRuleKind::Fixed:
      return;
    case DofRuleKind::Constant:
      if (!finite(r.value)) fail(f, p, d, "constant velocity is not finite");
      return;
    case DofRuleKind::Ramp:
      if (!finite(r.value) || !finite(r.rate) || !finite(r.t0))
        fail(f, p, d, "ramp start value, rate and start time must be finite");
      if (r.clamped) {
        if (!finite(r.endValue)) fail(f, p, d, "ramp end value is not finite");
        if ((r.endValue - r.value) * r.rate < 0)
          fail(f, p, d, "ramp end value lies behind its start value for this rate");
      }
      return;
    case DofRuleKind::Sinusoid:
      if (!finite(r.value) || !finite(r.amplitude) || !finite(r.frequency) || !finite(r.phase))
        fail(f, p, d, "sinusoid offset, amplitude, frequency and phase must be finite");
      if (r.frequency < 0) fail(f, p, d, "sinusoid frequency must be >= 0");
      return;
    case DofRuleKind::Table:
      if (r.times.empty() || r.times.size() != r.values.size())
        fail(f, p, d, "table needs as many times as values, at least one");
      for (std::size_t i = 0; i < r.times.size(); ++i) {
        if (!finite(r.times[i]) || !finite(r.values[i])) fail(f, p, d, "table entry is not finite");
        if (i > 0 && !(r.times[i] > r.times[i - 1])) fail(f, p, d, "table times must be strictly increasing");
      }
      return;
  }
}

double tableValue(const std::vector<double>& t, const std::vector<double>& v, double x) {
  if (x <= t.front()) return v.front();
  if (x >= t.back()) return v.back();
  const std::size_t i = std::upper_bound(t.begin(), t.end(), x) - t.begin();  // t[i-1] <= x < t[i]
  const double a = (x - t[i - 1]) / (t[i] - t[i - 1]);
  return v[i - 1] + a * (v[i] - v[i - 1]);
}

}  // namespace

DofRule DofRule::fixed() {
  DofRule r;
  r.kind = DofRuleKind::Fixed;
  return r;
}
DofRule DofRule::constant(double v) {
  DofRule r;
  r.kind = DofRuleKind::Constant;
  r.value = v;
  return r;
}
DofRule DofRule::ramp(double v0, double rate, double t0) {
  DofRule r;
  r.kind = DofRuleKind::Ramp;
  r.value = v0;
  r.rate = rate;
  r.t0 = t0;
  return r;
}
DofRule DofRule::ramp(double v0, double rate, double t0, double endValue) {
  DofRule r = ramp(v0, rate, t0);
  r.clamped = true;
  r.endValue = endValue;
  return r;
}
DofRule DofRule::sinusoid(double offset, double amplitude, double frequency, double phase) {
  DofRule r;
  r.kind = DofRuleKind::Sinusoid;
  r.value = offset;
  r.amplitude = amplitude;
  r.frequency = frequency;
  r.phase = phase;
  return r;
}
DofRule DofRule::table(std::vector<double> times, std::vector<double> values) {
  DofRule r;
  r.kind = DofRuleKind::Table;
  r.times = std::move(times);
  r.values = std::move(values);
  return r;
}

double DofRule::velocity(double t) const {
  switch (kind) {
    case DofRuleKind::Free:
    case DofRuleKind::Fixed:
      return 0;
    case DofRuleKind::Constant:
      return value;
    case DofRuleKind::Ramp: {
      const double u = value + rate * (t - t0);
      if (!clamped) return u;
      return rate >= 0 ? std::min(u, endValue) : std::max(u, endValue);
    }
    case DofRuleKind::Sinusoid:
      return value + amplitude * std::sin(2 * M_PI * frequency * t + phase);
    case DofRuleKind::Table:
      return tableValue(times, values, t);
  }
  return 0;
}

void validateFamilies(const std::vector<FamilyMotion>& families, const std::vector<FamilySwitch>& switches) {
  for (std::size_t f = 0; f < families.size(); ++f) {
    const auto& phases = families[f].phases;
    for (std::size_t p = 0; p < phases.size(); ++p) {
      if (!std::isfinite(phases[p].start))
        throw std::invalid_argument("family " + std::to_string(f) + ", phase " + std::to_string(p) +
                                    ": start time is not finite");
      if (p > 0 && !(phases[p].start > phases[p - 1].start))
        throw std::invalid_argument("family " + std::to_string(f) + ", phase " + std::to_string(p) +
                                    ": phases must start at strictly increasing times");
      for (int d = 0; d < 6; ++d) validateRule(phases[p].dof[d], f, p, d);
    }
  }
  for (std::size_t i = 0; i < switches.size(); ++i) {
    const FamilySwitch& s = switches[i];
    if (!std::isfinite(s.time) || s.from < 0 || s.to < 0)
      throw std::invalid_argument("family switch " + std::to_string(i) + ": time must be finite and families >= 0");
  }
}

FamilyControl evaluateFamily(const FamilyMotion& family, double t, double dt) {
  FamilyControl c;
  const double mid = t + 0.5 * dt;
  const MotionPhase* phase = nullptr;
  for (const MotionPhase& p : family.phases)
    if (p.start <= mid) phase = &p;
  if (!phase) return c;  // before the first phase: free
  c.bodyFrameRotation = phase->rotationFrame == RotationFrame::Body ? 1 : 0;
  for (int d = 0; d < 6; ++d) {
    const DofRule& r = phase->dof[d];
    DofControl& dc = c.dof[d];
    if (r.kind == DofRuleKind::Free) continue;
    dc.mode = r.kind == DofRuleKind::Fixed ? DofMode::Fixed : DofMode::Prescribed;
    dc.drift = Real(r.velocity(mid));
    dc.end = Real(r.velocity(t + dt));
    (d < 3 ? c.constrainedTranslation : c.constrainedRotation) = 1;
  }
  return c;
}

std::vector<FamilyControl> evaluateFamilies(const std::vector<FamilyMotion>& families, double t, double dt) {
  std::vector<FamilyControl> out;
  out.reserve(families.size());
  for (const FamilyMotion& f : families) out.push_back(evaluateFamily(f, t, dt));
  return out;
}

bool sameControl(const FamilyControl& a, const FamilyControl& b) {
  if (a.bodyFrameRotation != b.bodyFrameRotation || a.constrainedTranslation != b.constrainedTranslation ||
      a.constrainedRotation != b.constrainedRotation)
    return false;
  for (int d = 0; d < 6; ++d)
    if (a.dof[d].mode != b.dof[d].mode || a.dof[d].drift != b.dof[d].drift || a.dof[d].end != b.dof[d].end)
      return false;
  return true;
}

bool sameControls(const std::vector<FamilyControl>& a, const std::vector<FamilyControl>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!sameControl(a[i], b[i])) return false;
  return true;
}

}  // namespace regolith
