// Online soil estimation (soil_estimator.h) on synthetic wheel measurements made with
// known soils (suite BekkerEstimator).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "models/bekker/soil_estimator.h"
#include "models/tests/support/thrown_message.h"

namespace regolith::bekker {
namespace {

const Wheel kWheel{0.25, 0.15};
constexpr double kLoadSigma = 5;      // [N], measurement noise on W
constexpr double kTorqueSigma = 0.5;  // [N m], measurement noise on T
constexpr int kWheels = 4;

// Gaussian and uniform draws from a fixed-seed 64-bit Mersenne twister, written out
// (Box-Muller) so the sequence does not depend on the standard library's distributions.
class Noise {
 public:
  explicit Noise(std::uint64_t seed) : m_rng(seed) {}
  double uniform() { return ((m_rng() >> 11) + 0.5) * 0x1.0p-53; }  // (0, 1)
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  double gaussian() { return std::sqrt(-2 * std::log(uniform())) * std::cos(2 * M_PI * uniform()); }

 private:
  std::mt19937_64 m_rng;
};

// One step's measurements on `soil`: each wheel at a sinkage drawn from z_ref (0.3, 2) (z_ref
// the sinkage under `nominalLoad` at s = 0.2, so the loads span about 1 : 10) and a slip
// drawn from (0.02, 0.7), with W and T from the model plus Gaussian noise.
std::vector<WheelMeasurement> measure(const SoilParameters& soil, double nominalLoad, Noise& noise) {
  const double zRef = solveSinkage(soil, StressShape{}, kWheel, nominalLoad, 0.2).sinkage;
  std::vector<WheelMeasurement> out;
  for (int i = 0; i < kWheels; ++i) {
    WheelMeasurement m;
    m.sinkage = zRef * noise.uniform(0.3, 2);
    m.slip = noise.uniform(0.02, 0.7);
    const WheelForces f = wheelForces(soil, StressShape{}, kWheel, m.sinkage, m.slip);
    m.load = f.load + kLoadSigma * noise.gaussian();
    m.torque = f.torque + kTorqueSigma * noise.gaussian();
    out.push_back(m);
  }
  return out;
}

Eigen::Matrix2d measurementCovariance() {
  return Eigen::Vector2d(kLoadSigma * kLoadSigma, kTorqueSigma * kTorqueSigma).asDiagonal();
}

// Prior sigmas in state coordinates: a factor e on k_phi and K, 0.3 on n, 0.15 rad
// (8.6 deg) on phi, 1 kPa on c.
Eigen::MatrixXd priorCovariance() {
  Eigen::VectorXd s(5);
  s << 1.0, 0.3, 0.15, 1.0, 1000;
  return s.cwiseAbs2().asDiagonal();
}

// The prior mean: the truth moved by about 0.5-1 prior sigma in each parameter.
SoilParameters offset(SoilParameters s) {
  s.kphi *= 0.4;
  s.n -= 0.15;
  s.frictionAngle -= 6 * M_PI / 180;
  s.shearModulus *= 2.5;
  s.cohesion *= 0.5;
  return s;
}

struct Recovery {
  Eigen::VectorXd error, sigma;  // state - truth, and the reported sigma, at the end
  double meanNis = 0;            // mean normalised innovation per degree of freedom
  int insideFrom = -1;           // first step from which every component stays within 2 sigma
};

// The filter from offset(truth) over `steps` steps of kWheels wheels on `truth`, with Q = 0
// (a soil that does not change). c is estimated except on cobra-scm, whose c = 25 Pa
// carries about 1 N of a 60 N wheel's load and torque and is not identifiable at this
// noise; there it is held at the truth.
Recovery recover(const std::string& name, int steps, std::uint64_t seed) {
  const SoilParameters truth = soilPreset(name).soil;
  const double nominalLoad = name == "cobra-scm" ? 60 : 300;
  SoilEstimatorModel model;
  model.wheel = kWheel;
  model.estimateCohesion = name != "cobra-scm";
  const int nx = model.estimateCohesion ? 5 : 4;
  SoilEstimator ekf(offset(truth), priorCovariance().topLeftCorner(nx, nx), Eigen::MatrixXd::Zero(nx, nx),
                    measurementCovariance(), model);
  Noise noise(seed);
  const Eigen::VectorXd x = SoilEstimator::toState(truth, model.estimateCohesion);
  Recovery run;
  int nisCount = 0;
  for (int step = 0; step < steps; ++step) {
    ekf.step(measure(truth, nominalLoad, noise));
    if (step >= 20) {  // past the transient from the prior
      run.meanNis += ekf.lastNormalizedInnovation() / (2 * kWheels);
      ++nisCount;
    }
    const bool inside = ((ekf.state() - x).cwiseAbs().array() <= 2 * ekf.stateSigma().array()).all();
    if (!inside) run.insideFrom = -1;
    if (inside && run.insideFrom < 0) run.insideFrom = step + 1;
  }
  run.meanNis /= std::max(nisCount, 1);
  run.error = ekf.state() - x;
  run.sigma = ekf.stateSigma();
  return run;
}

TEST(BekkerEstimator, RecoversKnownSoilWithinTwoSigma) {
  // 100 steps of 4 wheels (sinkage and slip drawn at random, W and T with 5 N and 0.5 N m
  // Gaussian noise), from a prior about 0.5-1 sigma off in every parameter. After them:
  //  - every component within 2 of its reported sigma. Seed 6 is one where all 14
  //    components (3 soils) are: a consistent filter puts each outside with probability
  //    0.05, and over seeds 1-8 and 24 it put 5 of 126 outside (CalibratedAcrossSeeds
  //    checks that rate);
  //  - every sigma below 0.2 of the prior's, so a filter that learns nothing fails
  //    (measured: at most 0.14, c on LETE sand);
  //  - mean normalised innovation per degree of freedom in [0.7, 1.3]: 640 degrees of
  //    freedom from step 20 on give it a standard deviation of 0.06 if the filter is
  //    consistent (measured 0.95).
  const Eigen::VectorXd prior = priorCovariance().diagonal().cwiseSqrt();
  for (const std::string name : {"lll-dry-sand", "lete-sand", "cobra-scm"}) {
    const Recovery run = recover(name, 100, 6);
    const int nx = static_cast<int>(run.error.size());
    const std::vector<std::string> names = SoilEstimator::stateNames(nx == 5);
    for (int i = 0; i < nx; ++i) {
      EXPECT_LE(std::fabs(run.error[i]), 2 * run.sigma[i]) << name << " " << names[i];
      EXPECT_LE(run.sigma[i], 0.2 * prior[i]) << name << " " << names[i];
      std::printf("%s %-7s error %10.3g sigma %9.3g (%5.2f sigma)\n", name.c_str(), names[i].c_str(), run.error[i],
                  run.sigma[i], run.error[i] / run.sigma[i]);
    }
    EXPECT_GT(run.meanNis, 0.7) << name;
    EXPECT_LT(run.meanNis, 1.3) << name;
    std::printf("%s: mean NIS per dof %.3f, within 2 sigma from step %d on\n", name.c_str(), run.meanNis,
                run.insideFrom);
  }
}

TEST(BekkerEstimator, CalibratedAcrossSeeds) {
  // The reported sigma means what it says: over seeds 1-8 on the LLL dry sand (40
  // components, 60 steps each) at least 34 lie within 2 sigma (a consistent filter: 38 on
  // average, 34 or fewer with probability 0.3 %) and none beyond 4 sigma.
  int inside = 0, total = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const Recovery run = recover("lll-dry-sand", 60, seed);
    for (Eigen::Index i = 0; i < run.error.size(); ++i) {
      const double z = std::fabs(run.error[i]) / run.sigma[i];
      inside += z <= 2;
      ++total;
      EXPECT_LE(z, 4) << "seed " << seed << " component " << i;
    }
  }
  std::printf("within 2 sigma: %d of %d\n", inside, total);
  EXPECT_GE(inside, 34);
}

TEST(BekkerEstimator, FollowsAStepChangeOfSoil) {
  // 150 steps on the LLL dry sand, then 150 on LETE sand, with random-walk process noise
  // per step of 0.02 in log k_phi and log K, 0.005 in n, 0.003 rad in phi and 20 Pa in c.
  // k_c stays at the LLL value (1 kN/m^2.1), so in LETE sand the filter should find the
  // effective k_phi = 5301e3 + (102e3 - 0.99e3) / b. Criterion:
  //  - at the end of each region every component is within 2 sigma of that region's soil;
  //  - after the change, k_phi and n (which carry the load) are within 2 sigma of LETE
  //    sand within 60 steps (measured: 32), and all five within 150 (measured: 115; c,
  //    whose random walk of 20 Pa per step must cover about 1 kPa, is the slowest).
  const SoilParameters a = soilPreset("lll-dry-sand").soil, b = soilPreset("lete-sand").soil;
  SoilEstimatorModel model;
  model.wheel = kWheel;
  model.estimateCohesion = true;
  Eigen::VectorXd q(5);
  q << 0.02, 0.005, 0.003, 0.02, 20;
  SoilEstimator ekf(offset(a), priorCovariance(), Eigen::MatrixXd(q.cwiseAbs2().asDiagonal()), measurementCovariance(),
                    model);
  SoilParameters bEffective = b;
  bEffective.kc = a.kc;
  bEffective.kphi = b.kphi + (b.kc - a.kc) / kWheel.width;
  const Eigen::VectorXd xa = SoilEstimator::toState(a, true), xb = SoilEstimator::toState(bEffective, true);
  Noise noise(24);
  constexpr int kSwitch = 150;
  int loadFollows = -1, allFollow = -1;
  for (int step = 0; step < 2 * kSwitch; ++step) {
    const bool second = step >= kSwitch;
    ekf.step(measure(second ? b : a, 300, noise));
    const Eigen::VectorXd z = (ekf.state() - (second ? xb : xa)).cwiseQuotient(ekf.stateSigma()).cwiseAbs();
    if (second && loadFollows < 0 && z[0] <= 2 && z[1] <= 2) loadFollows = step + 1 - kSwitch;
    if (second && allFollow < 0 && (z.array() <= 2).all()) allFollow = step + 1 - kSwitch;
    if (step == kSwitch - 1 || step == 2 * kSwitch - 1) {
      for (int i = 0; i < 5; ++i) EXPECT_LE(z[i], 2) << "step " << step << " component " << i;
      std::printf("step %d: state", step + 1);
      for (int i = 0; i < 5; ++i) std::printf(" %.5g (%.2f sigma)", ekf.state()[i], z[i]);
      std::printf("\n");
    }
  }
  std::printf("after the change: k_phi and n within 2 sigma after %d steps, all five after %d\n", loadFollows,
              allFollow);
  EXPECT_GE(loadFollows, 1);
  EXPECT_LE(loadFollows, 60);
  EXPECT_GE(allFollow, 1);
  EXPECT_LE(allFollow, 150);
}

TEST(BekkerEstimator, BadInputsAreRefused) {
  using models_test::thrownMessage;
  const SoilParameters soil = soilPreset("lll-dry-sand").soil;
  SoilEstimatorModel model;
  model.wheel = kWheel;
  const Eigen::MatrixXd p = priorCovariance().topLeftCorner(4, 4), q = Eigen::MatrixXd::Zero(4, 4);
  EXPECT_NE(thrownMessage([&] {
              SoilEstimator(soil, priorCovariance(), q, measurementCovariance(), model);
            }).find("prior covariance: size 5 x 5: expected 4 x 4"),
            std::string::npos);
  EXPECT_NE(thrownMessage([&] { SoilEstimator(soil, p, q, Eigen::Matrix2d::Zero(), model); }).find("measurement"),
            std::string::npos);
  SoilEstimator ekf(soil, p, q, measurementCovariance(), model);
  EXPECT_NE(thrownMessage([&] { ekf.update(WheelMeasurement{0.3, 0.2, 100, 5}); }).find("sinkage"), std::string::npos);
  EXPECT_NE(thrownMessage([&] { ekf.update(WheelMeasurement{0.01, 0.2, NAN, 5}); }).find("load"), std::string::npos);
  EXPECT_EQ(ekf.state(), SoilEstimator::toState(soil, false));  // refused updates change nothing
}

}  // namespace
}  // namespace regolith::bekker
