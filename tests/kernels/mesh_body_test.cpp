// Mesh bodies in motion: a drum made of triangles gives the same run bit for bit in every
// stream mode and after a checkpoint restore (the friction hand-over reads neighbouring
// candidates, which must not depend on which extra candidates a list holds), and a moving
// mesh plate drags a sphere exactly as a moving analytic wall does.
#include <gtest/gtest.h>

#include "core/mesh_boundaries.h"
#include "tests/support/drum_scene.h"
#include "tests/support/mesh_test_shapes.h"
#include "tests/support/state_compare.h"

namespace regolith {
namespace {

// The drum scene with its analytic cylinder replaced by a tube of 40 facets x 3 bands,
// carried by the same turning body (so grains ride across facet edges as it turns).
test::DrumScene meshDrum(StreamMode mode) {
  test::DrumScene d = test::drumScene();
  d.model.streams.mode = mode;
  const BoundaryPrimitive drum = d.model.boundaries[0];
  d.model.boundaries.erase(d.model.boundaries.begin());
  appendMeshBoundaries(d.model, test::tube(drum.radius / std::cos(M_PI / 40), 0.021, 40, 4), drum.material, drum.owner);
  return d;
}

// Grains on the drum wall with history, and some of it handed over across an edge: the
// run is long enough (2500 steps, 0.05 s: the drum turns 0.5 rad, 3 facets) for both.
constexpr std::uint64_t kSteps = 2500;

TEST(MeshBody, DrumOfTrianglesGivesTheSameRunInEveryMode) {
  Simulation reference(meshDrum(StreamMode::Sync).model, meshDrum(StreamMode::Sync).state);
  reference.step(kSteps);
  ASSERT_GT(reference.touchingWalls(), 20u) << "grains must rest on the mesh wall";
  for (StreamMode mode : {StreamMode::Async, StreamMode::Verlet}) {
    SCOPED_TRACE(streamModeName(mode));
    const test::DrumScene d = meshDrum(mode);
    Simulation sim(d.model, d.state);
    sim.step(kSteps);
    test::expectIdenticalOwnerStates(sim.state(), reference.state());
    EXPECT_EQ(sim.touchingWalls(), reference.touchingWalls());
  }
}

TEST(MeshBody, DrumOfTrianglesRestoresBitIdentical) {
  const test::DrumScene d = meshDrum(StreamMode::Async);
  Simulation reference(d.model, d.state);
  reference.step(kSteps + 500);
  Simulation first(d.model, d.state);
  first.step(kSteps);
  const EngineState saved = first.saveState();
  std::size_t sheared = 0;
  for (const Vec3& xi : saved.contacts.wallShear) sheared += isZero(xi) ? 0 : 1;
  ASSERT_GT(sheared, 10u) << "mesh contacts must carry shear history";
  Simulation resumed(d.model, d.state);
  resumed.restoreState(saved);
  // The restore moves the drum's triangles from their initial pose to the saved one; that
  // jump is not a step, so it must not size the contact margin as a speed (it did once:
  // a resumed single-wheel run built a list of every pair in reach of centimetres and ran
  // out of memory). The restored list is sized like the running one's.
  EXPECT_LT(resumed.margin(), 2 * first.margin()) << "first run's margin " << first.margin();
  resumed.step(500);
  test::expectIdenticalOwnerStates(resumed.state(), reference.state());
}

// A sphere resting on a plate that a body carries sideways at 0.2 m/s: friction drags it.
// The plate as two triangles and as a finite wall must give the same motion: face
// contacts are the plane's, and both see the plate's velocity at the contact point.
StateArrays sphereOnPlate(Model& m, bool mesh) {
  const double r = 0.004;
  WorldBuilder w;
  const Index plate = w.addBody(1.0, Vec3d(1, 1, 1), Vec3d(0, 0, -0.001), Quat(), Vec3d(), Vec3d(), 1);
  w.addClump(sphereTemplate("grain", r, 0, 2600), Vec3d(0.001, 0.002, r - 1e-6));
  if (mesh) {
    TriangleMesh square;
    square.vertices = {Vec3d(-0.05, -0.05, 0), Vec3d(0.05, -0.05, 0), Vec3d(0.05, 0.05, 0), Vec3d(-0.05, 0.05, 0)};
    square.triangles = {{0, 1, 2}, {0, 2, 3}};
    appendMeshBoundaries(m, square, 0, plate);
  } else {
    m.boundaries = {squareWall(Vec3d(), Vec3d(0, 0, 1), 0.05, 0)};
    m.boundaries[0].owner = plate;
  }
  return w.take();
}

TEST(MeshBody, MovingMeshPlateDragsASphereAsAMovingWallDoes) {
  std::vector<Vec3> velocity[2];
  for (int mesh = 0; mesh < 2; ++mesh) {
    Model m = test::modelWith({test::material("grain", 1e7, 0.3, 2600, 0.5, 0.5, 0.0)}, 2e-5, Vec3(0, 0, Real(-9.81)));
    MotionPhase slide;
    for (DofRule& r : slide.dof) r = DofRule::fixed();
    slide.dof[0] = DofRule::constant(0.2);
    // Rotating slowly about z too: the contact point's velocity includes w x arm.
    slide.dof[5] = DofRule::constant(0.5);
    m.families = {FamilyMotion{}, FamilyMotion{{slide}}};
    m.streams.mode = StreamMode::Sync;
    const StateArrays s = sphereOnPlate(m, mesh == 1);
    Simulation sim(m, s);
    for (int k = 0; k < 20; ++k) {
      sim.step(250);
      velocity[mesh].push_back(sim.state().ownerVelocity[1]);
    }
  }
  // The sphere is dragged until it rolls without slipping on the plate: a solid sphere on
  // a plate moving at u then moves at 2u/7 (angular momentum about the contact point is
  // conserved from rest: m v R + (2/5) m R^2 w = 0 with v - w R = u). The plate's slow
  // spin (0.5 rad/s, the sphere ending ~15 mm from its axis) adds a few mm/s at the
  // contact point, mostly across x: 2 % of 2u/7 allows for it ...
  EXPECT_NEAR(velocity[0].back().x, 2 * 0.2 / 7, 0.02 * 2 * 0.2 / 7);
  // ... identically to round-off on either plate (1e-9 m/s over 5000 steps).
  for (std::size_t k = 0; k < velocity[0].size(); ++k)
    EXPECT_LT(norm(Vec3d(velocity[1][k] - velocity[0][k])), 1e-9) << "sample " << k;
}

}  // namespace
}  // namespace regolith
