// Golden force references: each contact model's case (tests/support/golden_case.h) run on
// the compiled backend against the owner states a CPU build wrote to data/reference/
// (data/reference/README.md): bit for bit on the CPU, to a stated relative tolerance on
// CUDA. This is the CPU–GPU equivalence check the device kit runs first.
//
// The files are found in $REGOLITH_GOLDEN_DIR, else in the source tree's data/reference
// (REGOLITH_SOURCE_DIR), one per model of the table (kernels/forces/contact_models.h), named
// golden_<kName>.json. REGOLITH_WRITE_GOLDEN=1 writes them instead of checking them, and
// REGOLITH_WRITE_GOLDEN=<kName> only that model's (a new model's first file), checking the
// others (CPU build only): a deliberate act, for a deliberate change of a force law.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/stages.h"
#include "tests/support/golden_case.h"

namespace regolith::test {
namespace {

constexpr int kGoldenFormat = 1;  // the files' layout; a change of layout is a new number

// CUDA: nvcc contracts a * b + c into one fused multiply-add (one rounding instead of two),
// so every contraction changes the last bit of its result, and the kernels differ from the
// CPU build's in the last bits of nearly every force. Those differences grow as the run goes
// on: each step feeds the forces into the velocities and positions of the next. Measured on
// the CPU (GoldenReference.OneUlpNudgeStaysWithinTheCudaTolerance): nudging every initial
// position, velocity and spin by one ulp moves the state after the 150 steps by at most
// 3.4e-13 of its quantity's scale (displacements; forces 3.9e-14, torques 1.7e-13, scales
// in expectGoldenRun). Contraction nudges every step, not only the first, so the CUDA
// result might differ by up to the steps times that, 5e-11. Measured as well: the engine
// built for the CPU with contraction everywhere (g++ -mfma -ffp-contract=fast, 803 FMA
// instructions in the kernels) differs from these files by at most 3.4e-13 of a
// quantity's scale (forces 3.7e-14; up to 8e6 ulp for components near zero, hence a
// tolerance against the scale, not in ulps). 1e-9 leaves a factor of 20 over the bound and
// of 3000 over that measurement, while a wrong force law (a changed term, a missed or extra
// contact) moves forces by far more than 1e-9 of the largest. (The case avoids what would
// turn one ulp into a jump: no contact starts exactly at touch, where the linear model's
// damping force jumps; with the rod clump touching the lid it did, and one ulp moved the
// forces by 7e-5 of the largest. See tests/support/golden_case.h.)
constexpr double kGoldenCudaRelative = 1e-9;

// The quantities each file holds per owner, in file order: the initial position (which
// pins the case: a changed builder shows there, not as a physics failure) and the state
// after the run.
const char* const kGoldenQuantities[] = {"initial_position", "position", "orientation", "velocity",
                                         "angular_velocity", "force",    "torque"};

using GoldenRows = std::vector<std::vector<double>>;

std::filesystem::path goldenDir() {
  if (const char* dir = std::getenv("REGOLITH_GOLDEN_DIR"); dir && *dir) return dir;
#ifdef REGOLITH_SOURCE_DIR
  return std::filesystem::path(REGOLITH_SOURCE_DIR) / "data" / "reference";
#else
  return {};
#endif
}

// Whether this run writes case c's file instead of checking it (REGOLITH_WRITE_GOLDEN: 1
// for every case, or the model's kName).
bool goldenWriting(const GoldenCase& c) {
  const char* write = std::getenv("REGOLITH_WRITE_GOLDEN");
  return write && (std::string(write) == "1" || std::string(write) == c.contactModel);
}

template <class T>
std::vector<double> goldenRow(const Vec3T<T>& v) {
  return {double(v.x), double(v.y), double(v.z)};
}
std::vector<double> goldenRow(const Quat& q) { return {q.w, q.x, q.y, q.z}; }

template <class T>
GoldenRows goldenRows(const std::vector<T>& values) {
  GoldenRows rows;
  for (const T& v : values) rows.push_back(goldenRow(v));
  return rows;
}

// One run of a case: its quantities by name (kGoldenQuantities) and its contact counts.
struct GoldenRun {
  std::vector<GoldenRows> quantities;
  std::size_t touchingPairs = 0, touchingWalls = 0;
};

GoldenRun runGoldenCase(const GoldenCase& c) {
  Simulation sim(c.model, c.initial);
  sim.step(c.steps);
  const StateArrays s = sim.state();
  GoldenRun run;
  run.quantities = {goldenRows(c.initial.ownerPosition),
                    goldenRows(s.ownerPosition),
                    goldenRows(s.ownerOrientation),
                    goldenRows(s.ownerVelocity),
                    goldenRows(s.ownerAngularVelocity),
                    goldenRows(s.ownerForce),
                    goldenRows(s.ownerTorque)};
  run.touchingPairs = sim.touchingPairs();
  run.touchingWalls = sim.touchingWalls();
  return run;
}

// The file's text: the case description, then each quantity with one owner a line.
// nlohmann::json writes a double as the shortest decimal that reads back to the same bits.
std::string goldenText(const GoldenCase& c, const GoldenRun& run) {
  nlohmann::ordered_json head;
  head["format"] = kGoldenFormat;
  head["case"] = c.name;
  head["contact_model"] = c.contactModel;
  head["time_step"] = c.model.timeStep;
  head["steps"] = c.steps;
  head["owners"] = c.initial.ownerCount();
  head["spheres"] = c.initial.sphereCount();
  head["made_with"] = {{"backend", backendName()}, {"compiler", __VERSION__}};
  head["touching_pairs"] = run.touchingPairs;
  head["touching_walls"] = run.touchingWalls;
  std::ostringstream out;
  out << "{\n";
  for (auto it = head.begin(); it != head.end(); ++it)
    out << "  \"" << it.key() << "\": " << it.value().dump() << ",\n";
  for (std::size_t q = 0; q < run.quantities.size(); ++q) {
    out << "  \"" << kGoldenQuantities[q] << "\": [\n";
    const GoldenRows& rows = run.quantities[q];
    for (std::size_t i = 0; i < rows.size(); ++i)
      out << "    " << nlohmann::json(rows[i]).dump() << (i + 1 < rows.size() ? ",\n" : "\n");
    out << "  ]" << (q + 1 < run.quantities.size() ? ",\n" : "\n");
  }
  out << "}\n";
  return out.str();
}

std::uint64_t goldenBits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

// Distance in units in the last place: doubles mapped onto a line of integers on which
// neighbouring values are one apart (-0.0 and 0.0 coincide).
std::uint64_t goldenUlps(double a, double b) {
  const auto line = [](double x) {
    std::int64_t i;
    std::memcpy(&i, &x, sizeof i);
    return std::uint64_t(i < 0 ? std::numeric_limits<std::int64_t>::min() - i : i);
  };
  const std::uint64_t la = line(a), lb = line(b);
  return std::int64_t(la - lb) < 0 ? lb - la : la - lb;
}

GoldenRows goldenRowsOf(const nlohmann::json& doc, const char* name) {
  GoldenRows rows;
  for (const auto& row : doc.at(name)) rows.push_back(row.get<std::vector<double>>());
  return rows;
}

// Largest row length of `rows` (the case's scale for that quantity).
double goldenScale(const GoldenRows& rows) {
  double scale = 0;
  for (const auto& row : rows) {
    double n2 = 0;
    for (double v : row) n2 += v * v;
    scale = std::fmax(scale, std::sqrt(n2));
  }
  return scale;
}

GoldenRows goldenDifference(const GoldenRows& a, const GoldenRows& b) {
  GoldenRows d = a;
  for (std::size_t i = 0; i < d.size(); ++i)
    for (std::size_t k = 0; k < d[i].size(); ++k) d[i][k] -= b[i][k];
  return d;
}

// Bit for bit: every value equal, with the count and the worst ulp distance on failure.
void expectGoldenBits(const GoldenRows& got, const GoldenRows& want, const char* name) {
  ASSERT_EQ(got.size(), want.size()) << name;
  std::size_t differ = 0, worstOwner = 0;
  std::uint64_t worst = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    for (std::size_t k = 0; k < got[i].size(); ++k)
      if (goldenBits(got[i][k]) != goldenBits(want[i][k])) {
        ++differ;
        const std::uint64_t u = goldenUlps(got[i][k], want[i][k]);
        if (u >= worst) worst = u, worstOwner = i;
      }
  EXPECT_EQ(differ, 0u) << name << ": " << differ << " values differ from the reference, worst by " << worst
                        << " ulp (owner " << worstOwner << ")";
}

// Each component within `relative` of `scale`; returns the worst difference over `scale`.
double expectGoldenNear(const GoldenRows& got, const GoldenRows& want, double scale, double relative,
                        const char* name) {
  EXPECT_EQ(got.size(), want.size()) << name;
  double worst = 0;
  std::size_t worstOwner = 0;
  for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i)
    for (std::size_t k = 0; k < got[i].size(); ++k) {
      const double d = std::fabs(got[i][k] - want[i][k]);
      if (std::isnan(d) || d > worst) worst = d, worstOwner = i;  // a NaN stays the worst
    }
  EXPECT_LE(worst, relative * scale) << name << ": worst difference " << worst << " (owner " << worstOwner
                                     << ") against " << relative << " x " << scale;
  return worst / scale;
}

// Compares a run of case `c` with its reference document: bit for bit, or each component
// within `relative` of its quantity's scale. The scales: the largest force, torque and
// rotation (1) of the reference; for positions the largest displacement from the start
// (positions are compared as displacements); for velocities and spins the largest of the
// reference and of the case's initial ones (the pack comes nearly to rest, and a
// difference is small or large against the motion the case started with). Returns the
// worst difference over its scale per quantity (0 for the initial position).
std::vector<double> expectGoldenRun(const GoldenRun& run, const nlohmann::json& doc, const GoldenCase& c, bool bitwise,
                                    double relative) {
  const GoldenRows initial = goldenRowsOf(doc, "initial_position");
  std::vector<double> worst(run.quantities.size(), 0.0);
  for (std::size_t q = 0; q < run.quantities.size(); ++q) {
    const std::string name = kGoldenQuantities[q];
    GoldenRows want = goldenRowsOf(doc, name.c_str()), got = run.quantities[q];
    if (bitwise) {
      expectGoldenBits(got, want, name.c_str());
      continue;
    }
    if (q == 0) continue;  // checked bit for bit on every backend
    if (name == "position") got = goldenDifference(got, initial), want = goldenDifference(want, initial);
    double scale = goldenScale(want);
    if (name == "velocity") scale = std::fmax(scale, goldenScale(goldenRows(c.initial.ownerVelocity)));
    if (name == "angular_velocity") scale = std::fmax(scale, goldenScale(goldenRows(c.initial.ownerAngularVelocity)));
    worst[q] = expectGoldenNear(got, want, scale, relative, name.c_str());
  }
  if (bitwise) {
    EXPECT_EQ(run.touchingPairs, doc.at("touching_pairs").get<std::size_t>());
    EXPECT_EQ(run.touchingWalls, doc.at("touching_walls").get<std::size_t>());
  }
  return worst;
}

// One line: each quantity's worst difference over its scale (expectGoldenRun's result).
void printWorst(const std::string& what, const std::vector<double>& worst) {
  std::printf("%s:", what.c_str());
  for (std::size_t q = 1; q < worst.size(); ++q) std::printf(" %s %.1e", kGoldenQuantities[q], worst[q]);
  std::printf("\n");
}

void writeGolden(const GoldenCase& c, const GoldenRun& run, const std::filesystem::path& file) {
  const std::string text = goldenText(c, run);
  std::ofstream(file) << text;
  // Round trip: the written decimals must read back to the very bits computed.
  const nlohmann::json back = nlohmann::json::parse(std::ifstream(file));
  for (std::size_t q = 0; q < run.quantities.size(); ++q)
    expectGoldenBits(goldenRowsOf(back, kGoldenQuantities[q]), run.quantities[q], kGoldenQuantities[q]);
}

TEST(GoldenReference, EveryContactModelMatchesItsReference) {
  if (sizeof(Real) != sizeof(double)) GTEST_SKIP() << "the references are for Real = double";
  const std::filesystem::path dir = goldenDir();
  ASSERT_FALSE(dir.empty()) << "set REGOLITH_GOLDEN_DIR to the folder of the reference files";
  const bool cpu = backendName() == "cpu-omp";
  for (const GoldenCase& c : goldenCases()) {
    SCOPED_TRACE(c.name);
    const std::filesystem::path file = dir / (c.name + ".json");
    const GoldenRun run = runGoldenCase(c);
    if (goldenWriting(c)) {
      ASSERT_TRUE(cpu) << "references are written by the CPU build";
      writeGolden(c, run, file);
      std::printf("wrote %s\n", file.string().c_str());
      continue;
    }
    std::ifstream in(file);
    ASSERT_TRUE(in) << "no reference file " << file << " (REGOLITH_GOLDEN_DIR, data/reference/README.md)";
    const nlohmann::json doc = nlohmann::json::parse(in);
    ASSERT_EQ(doc.at("format").get<int>(), kGoldenFormat);
    ASSERT_EQ(doc.at("contact_model").get<std::string>(), c.contactModel);
    ASSERT_EQ(doc.at("steps").get<std::uint64_t>(), c.steps);
    ASSERT_EQ(goldenBits(doc.at("time_step").get<double>()), goldenBits(c.model.timeStep));
    ASSERT_EQ(doc.at("owners").get<std::size_t>(), c.initial.ownerCount());
    ASSERT_EQ(doc.at("spheres").get<std::size_t>(), c.initial.sphereCount());
    // The case the file was made from: the builder's initial positions, to the bit on
    // every backend (they are computed on the host).
    expectGoldenBits(run.quantities[0], goldenRowsOf(doc, "initial_position"), "initial_position");
    const std::vector<double> worst = expectGoldenRun(run, doc, c, cpu, kGoldenCudaRelative);
    // How far this backend is from the CPU's bits, for the record (the tolerance is 1e-9).
    if (!cpu) printWorst(c.name + " on " + backendName() + ", worst difference (of each quantity's scale)", worst);
  }
}

// The same references hold with two OpenMP threads, at every vector level of the CPU's pair
// loop, and in the verlet mode (lists kept for many steps, so they hold extra candidates):
// the force sum is a gather in key order, each lane of a vector loop does a contact's
// IEEE operations as the scalar loop does, and a candidate that does not touch adds
// nothing, so none may change a bit.
TEST(GoldenReference, TwoThreadsVectorLevelsAndVerletListsMatchBitwise) {
  if (backendName() != "cpu-omp") GTEST_SKIP() << "thread count applies to the CPU build only";
  if (sizeof(Real) != sizeof(double)) GTEST_SKIP() << "the references are for Real = double";
  const int before = threadCount();
  for (GoldenCase c : goldenCases()) {
    SCOPED_TRACE(c.name);
    const std::filesystem::path file = goldenDir() / (c.name + ".json");
    std::ifstream in(file);
    ASSERT_TRUE(in) << "no reference file " << file;
    const nlohmann::json doc = nlohmann::json::parse(in);
    setThreadCount(2);
    expectGoldenRun(runGoldenCase(c), doc, c, true, 0);
    setThreadCount(1);
    // Every vector level of the pair loop (kernels/stages.h: cpuVectorLevel).
    const std::string level = cpuVectorLevel();
    for (const std::string& other : cpuVectorLevels()) {
      SCOPED_TRACE(other);
      setCpuVectorLevel(other);
      expectGoldenRun(runGoldenCase(c), doc, c, true, 0);
    }
    setCpuVectorLevel(level);
    c.model.streams.mode = StreamMode::Verlet;
    const GoldenRun verlet = runGoldenCase(c);
    for (std::size_t q = 0; q < verlet.quantities.size(); ++q)
      expectGoldenBits(verlet.quantities[q], goldenRowsOf(doc, kGoldenQuantities[q]), kGoldenQuantities[q]);
  }
  setThreadCount(before);
}

// How far one ulp grows in the run: every free owner's initial position, velocity and spin
// nudged by one ulp moves the state after the run by at most this fraction of each
// quantity's scale (the CUDA comparison's, expectGoldenRun). It sizes kGoldenCudaRelative
// (see there): steps x this must stay under a tenth of it. The nudged run is compared with
// the reference file, so this also runs the CUDA comparison on the CPU with a real
// difference.
TEST(GoldenReference, OneUlpNudgeStaysWithinTheCudaTolerance) {
  if (sizeof(Real) != sizeof(double)) GTEST_SKIP() << "measured for Real = double";
  for (const GoldenCase& c : goldenCases()) {
    SCOPED_TRACE(c.name);
    if (goldenWriting(c)) continue;  // its file is being written
    std::ifstream in(goldenDir() / (c.name + ".json"));
    ASSERT_TRUE(in) << "no reference file for " << c.name;
    const nlohmann::json doc = nlohmann::json::parse(in);
    GoldenCase nudged = c;
    const auto nudge = [](auto& v) {
      v.x = std::nextafter(v.x, v.x + 1);
      v.y = std::nextafter(v.y, v.y + 1);
      v.z = std::nextafter(v.z, v.z + 1);
    };
    for (std::size_t o = 0; o + 1 < c.initial.ownerCount(); ++o) {  // every owner but the plate's body
      nudge(nudged.initial.ownerPosition[o]);
      nudge(nudged.initial.ownerVelocity[o]);
      nudge(nudged.initial.ownerAngularVelocity[o]);
    }
    GoldenRun run = runGoldenCase(nudged);
    run.quantities[0] = goldenRowsOf(doc, "initial_position");  // the nudge is not a new case
    const std::vector<double> moved = expectGoldenRun(run, doc, c, false,
                                                      kGoldenCudaRelative / (10.0 * double(c.steps)));
    printWorst(c.name + ", one ulp moves (of each quantity's scale)", moved);
    EXPECT_GT(moved[5], 0) << "the nudge must reach the forces";
  }
}

// The case does what it is for: in its run there are sphere–sphere contacts that slide
// (tangential force at the Coulomb bound) and that stick (below it, with a stored spring),
// contacts with the planes and with the plate's triangles, and contacts of the clump; the
// pack still holds together at the end; and rolling resistance changes the torques.
TEST(GoldenReference, CaseExercisesEveryContactTerm) {
  for (const GoldenCase& c : goldenCases()) {
    SCOPED_TRACE(c.name);
    Simulation sim(c.model, c.initial);
    const Index clumpFirst = c.initial.ownerSphereBegin[c.initial.ownerCount() - 2];
    std::size_t sliding = 0, sticking = 0, plane = 0, triangle = 0, clump = 0;
    for (std::uint64_t done = 0; done < c.steps; ++done) {
      sim.step();
      const ContactForces f = sim.contactForces();
      const std::vector<Vec3d> x = sim.spherePositions();
      for (std::size_t k = 0; k < f.pairFirst.size(); ++k) {
        const Vec3d d = x[f.pairFirst[k]] - x[f.pairSecond[k]], n = d * (1 / norm(d));
        const Vec3d force(f.pairForce[k]);
        const double fn = dot(force, n), ft = norm(force - n * fn), bound = 0.4 * fn;
        if (fn > 0 && ft >= bound * (1 - 1e-9)) ++sliding;
        if (fn > 0 && ft > 0 && ft < 0.9 * bound) ++sticking;
        if (f.pairSecond[k] >= clumpFirst) ++clump;
      }
      for (Index b : f.wallBoundary) (b < 5 ? plane : triangle) += 1;  // five planes, then the plate
    }
    EXPECT_GT(sliding, 10u);
    EXPECT_GT(sticking, 10u);
    EXPECT_GT(plane, 10u);
    EXPECT_GT(triangle, 0u);
    EXPECT_GT(clump, 0u);
    // Still a pile at the end, so the references hold forces, not a spray of free grains.
    EXPECT_GT(sim.touchingPairs(), 20u);
    EXPECT_GT(sim.touchingWalls(), 8u);
    // Rolling resistance acts: without it the torques at the end differ.
    GoldenCase free = c;
    for (Material& m : free.model.materials) m.rollingResistance = 0;
    const GoldenRows torque = goldenRows(sim.state().ownerTorque);
    const double rolling = goldenScale(goldenDifference(runGoldenCase(free).quantities[6], torque)) /
                           goldenScale(torque);
    EXPECT_GT(rolling, 1e-3) << "rolling resistance must matter in the case";
    std::printf(
        "%s: %zu sliding, %zu sticking, %zu plane, %zu triangle, %zu clump contact-steps; "
        "%zu pairs and %zu walls touch at the end; Crr = 0 changes the torques by %.2f of the largest\n",
        c.name.c_str(), sliding, sticking, plane, triangle, clump, sim.touchingPairs(), sim.touchingWalls(), rolling);
  }
}

}  // namespace
}  // namespace regolith::test
