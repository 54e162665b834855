// The state-field table (kernels/state_fields.h) covers every field in every generic
// operation: each field of a state whose rows all differ comes back bit for bit from the
// state datasets, a checkpoint, the device (upload, download) and renumbering on the host
// and on the device, permuted and back. The tests loop over the table, so a field added to
// it is checked without a line here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <numeric>
#include <set>
#include <string>
#include <type_traits>

#include "core/particle_numbering.h"
#include "io/checkpoint/checkpoint.h"
#include "io/h5/state_io.h"
#include "kernels/stages.h"
#include "tests/support/output_compare.h"
#include "tests/support/state_compare.h"

namespace regolith {
namespace {

// Owners: kLoneSpheres lone spheres (the ones renumbering moves), then a clump of two
// spheres and a body without spheres.
constexpr std::size_t kLoneSpheres = 5;
constexpr std::size_t kFieldOwners = kLoneSpheres + 2;
constexpr std::size_t kFieldSpheres = kLoneSpheres + 2;

// Row r of field number `field` as distinct non-negative values (indices stay valid as
// families and materials; reals are not round).
template <class T>
T rowValue(std::size_t field, std::size_t r) {
  const double x = 1.0 + double(field) * 0.37 + double(r) * 0.013;
  if constexpr (std::is_integral_v<T>) return T(field * 100 + r);
  else if constexpr (std::is_same_v<T, Vec3i>)
    return Vec3i(Index(field * 100 + r), Index(field * 100 + r + 1), Index(r));
  else if constexpr (std::is_same_v<T, Quat>) return Quat(x, 0.1 * x, 0.2 * x, 0.3 * x);
  else if constexpr (std::is_floating_point_v<T>) return T(x);
  else return T(x, 2 * x, 3 * x);
}

// Every field filled with rows that differ from each other and from other fields', except
// the owner-sphere structure and the lone spheres' offsets (zero: the engine requires it).
StateArrays distinctState() {
  StateArrays s;
  std::size_t k = 0;
  forEachStateField(
      [&](const StateField& f, auto& v) {
        using T = typename std::decay_t<decltype(v)>::value_type;
        v.resize(f.rowCount(kFieldOwners, kFieldSpheres));
        for (std::size_t r = 0; r < v.size(); ++r) v[r] = rowValue<T>(k, r);
        ++k;
      },
      s);
  s.ownerSphereBegin.resize(kFieldOwners + 1);
  std::iota(s.ownerSphereBegin.begin(), s.ownerSphereBegin.begin() + kLoneSpheres + 1, Index(0));
  s.ownerSphereBegin[kLoneSpheres + 1] = Index(kFieldSpheres);  // the clump's two spheres
  s.ownerSphereBegin[kLoneSpheres + 2] = Index(kFieldSpheres);  // the body: none
  for (std::size_t o = 0; o < kFieldOwners; ++o)
    for (Index i = s.ownerSphereBegin[o]; i < s.ownerSphereBegin[o + 1]; ++i) s.sphereOwner[std::size_t(i)] = Index(o);
  for (std::size_t i = 0; i < kLoneSpheres; ++i) s.sphereOffset[i] = Vec3();
  return s;
}

// The lone spheres reversed; the clump and the body stay.
std::vector<Index> reversedLoneSpheres() {
  std::vector<Index> newToOld(kFieldOwners);
  std::iota(newToOld.begin(), newToOld.end(), Index(0));
  std::reverse(newToOld.begin(), newToOld.begin() + kLoneSpheres);
  return newToOld;
}

TEST(StateFields, TableNamesAreUnique) {
  std::set<std::string> members, datasets, python;
  for (const StateField& f : kStateFields) {
    EXPECT_TRUE(members.insert(f.member).second) << f.member;
    EXPECT_TRUE(datasets.insert(f.dataset).second) << f.dataset;
    EXPECT_TRUE(python.insert(f.python).second) << f.python;
  }
  EXPECT_EQ(members.size(), std::size_t(kStateFieldCount));
}

TEST(StateFields, EveryFieldRoundTripsThroughTheStateDatasets) {
  const StateArrays s = distinctState();
  const test::fs::path dir = test::freshDir();
  const std::string path = (dir / "state.h5").string();
  {
    const h5::File file = h5::File::createReplacing(path);
    writeStateArrays(file.create("state"), s);
  }
  const h5::File file = h5::File::openReadOnly(path);
  const h5::Group g = file.open("state");
  for (const StateField& f : kStateFields) EXPECT_TRUE(g.has(f.dataset)) << f.dataset;
  test::expectIdenticalStates(readStateArrays(g), s);
  // The frames' two halves hold every field once.
  std::size_t motion = 0;
  for (const StateField& f : kStateFields) motion += f.change == FieldChange::EveryStep;
  EXPECT_EQ(motion + stateLayoutOf(s).size(), std::size_t(kStateFieldCount));
}

TEST(StateFields, EveryFieldRoundTripsThroughACheckpoint) {
  Checkpoint c = test::sampleRun().checkpoint;
  c.engine.state = distinctState();
  c.engine.ownerOrder = reversedLoneSpheres();
  const std::string path = (test::freshDir() / "checkpoint.h5").string();
  writeCheckpoint(path, c);
  test::expectIdenticalStates(readCheckpoint(path).engine.state, c.engine.state);
}

// Row r of every non-topology field of `moved` is row at[r] of `s` (at: by owner or by
// sphere as the field's rows go); topology fields are unchanged.
void expectRowsMoved(const StateArrays& moved, const StateArrays& s, const std::vector<Index>& ownerAt,
                     const std::vector<Index>& sphereAt, bool skipResults) {
  forEachStateField(
      [&](const StateField& f, const auto& a, const auto& b) {
        if (skipResults && f.result()) return;
        ASSERT_EQ(a.size(), b.size()) << f.member;
        const std::vector<Index>& at = f.rows == FieldRows::Spheres ? sphereAt : ownerAt;
        for (std::size_t r = 0; r < a.size(); ++r) {
          const std::size_t from = f.topology() ? r : std::size_t(at[r]);
          EXPECT_EQ(std::memcmp(&a[r], &b[from], sizeof(a[r])), 0) << f.member << " row " << r;
        }
      },
      moved, s);
}

TEST(StateFields, EveryFieldIsRenumberedAndBack) {
  const StateArrays s = distinctState();
  const std::vector<Index> newToOld = reversedLoneSpheres();  // lone owner o has sphere o
  ParticleNumbering numbering(s.ownerSphereBegin, {});
  numbering.permute(newToOld);
  const StateArrays engine = numbering.toEngine(s);
  expectRowsMoved(engine, s, newToOld, newToOld, false);
  test::expectIdenticalStates(numbering.toScene(engine), s);
}

TEST(StateFields, EveryFieldGoesThroughTheDeviceAndItsRenumbering) {
  const StateArrays s = distinctState();
  const DeviceStatePtr d = createDeviceState(s, {}, 1, {}, {});
  StateArrays down;
  downloadState(*d, down);
  forEachStateField(
      [&](const StateField& f, const auto& a, const auto& b) {
        using T = typename std::decay_t<decltype(a)>::value_type;
        if (f.result()) EXPECT_TRUE(sameBits(a, std::vector<T>(b.size(), T()))) << f.member << ": zero on upload";
        else EXPECT_TRUE(sameBits(a, b)) << f.member;
      },
      down, s);

  const std::vector<Index> newToOld = reversedLoneSpheres();  // its own inverse
  permuteParticles(*d, newToOld);
  downloadState(*d, down);
  expectRowsMoved(down, s, newToOld, newToOld, true);
  permuteParticles(*d, newToOld);
  StateArrays back;
  downloadState(*d, back);
  std::vector<Index> same(kFieldOwners);
  std::iota(same.begin(), same.end(), Index(0));
  expectRowsMoved(back, s, same, same, true);
}

}  // namespace
}  // namespace regolith
