// Output: run.h5 (frames, series, header) read back exactly, append after a resume, a
// killed writer, a reader beside the writer, run.xmf, the VTK export, and the messages
// for files that cannot be read. Checkpoints: checkpoint_test.cpp; series.csv:
// series_csv_test.cpp.
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "io/mesh/boundary_mesh.h"
#include "io/checkpoint/checkpoint.h"
#include "io/run_file/run_file.h"
#include "io/run_file/sphere_fields.h"
#include "io/run_file/vtp_export.h"
#include "tests/support/output_compare.h"

namespace regolith {
namespace {

using namespace test;  // the Output helpers (tests/support/output_compare.h)

TEST(Output, SampleRunHasContactsAndMovingBodies) {
  const SampleRun& run = sampleRun();
  ASSERT_EQ(run.frames.size(), 4u);
  const FrameData& first = run.frames.front();
  EXPECT_TRUE(first.hasContacts);
  EXPECT_FALSE(first.contacts.pairFirst.empty());
  EXPECT_FALSE(first.contacts.wallSphere.empty());
  // The wheel's cylinder turns with its body: its axes are the same, its point fixed; the
  // owner's orientation changes.
  EXPECT_NE(
      std::memcmp(&run.frames.back().state.ownerOrientation.back(), &first.state.ownerOrientation.back(), sizeof(Quat)),
      0);
}

TEST(Output, ContactForcesAreTheTouchingContacts) {
  const SampleRun& run = sampleRun();
  const ContactForces& c = run.frames.front().contacts;
  for (std::size_t i = 0; i < c.pairFirst.size(); ++i) {
    EXPECT_LT(c.pairFirst[i], c.pairSecond[i]);
    EXPECT_FALSE(isZero(c.pairForce[i]));
  }
  for (std::size_t i = 0; i < c.wallSphere.size(); ++i) EXPECT_FALSE(isZero(c.wallForce[i]));
}

TEST(Output, RunFileRoundTripsEveryDataset) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  test::writeSampleRun(run, dir.string());
  const RunFileReader reader((dir / "run.h5").string());

  const RunHeader& h = reader.header();
  EXPECT_EQ(h.meta.sceneJson, run.header.meta.sceneJson);
  EXPECT_EQ(h.meta.sceneFile, run.header.meta.sceneFile);
  EXPECT_EQ(h.meta.version, run.header.meta.version);
  EXPECT_EQ(h.meta.gitRevision, run.header.meta.gitRevision);
  EXPECT_EQ(h.meta.backend, run.header.meta.backend);
  EXPECT_EQ(h.meta.seed, run.header.meta.seed);
  EXPECT_EQ(h.meta.startTime, run.header.meta.startTime);
  EXPECT_EQ(h.meta.timeStep, run.header.meta.timeStep);
  EXPECT_EQ(h.bodyNames, run.header.bodyNames);
  EXPECT_EQ(h.familyNames, run.header.familyNames);
  ASSERT_EQ(h.templates.size(), run.header.templates.size());
  for (std::size_t t = 0; t < h.templates.size(); ++t) {
    const ClumpTemplate &a = h.templates[t], &b = run.header.templates[t];
    EXPECT_EQ(a.name, b.name);
    expectSameBytes(a.offsets, b.offsets, "offsets");
    expectSameBytes(a.radii, b.radii, "radii");
    expectSameBytes(a.materials, b.materials, "materials");
    expectSameBytes(std::vector<double>{a.mass}, {b.mass}, "mass");
    expectSameBytes(std::vector<Vec3d>{a.principalInertia}, {b.principalInertia}, "inertia");
    expectSameBytes(std::vector<Quat>{a.principalFrame}, {b.principalFrame}, "frame");
  }
  ASSERT_EQ(h.materials.size(), run.header.materials.size());
  for (std::size_t m = 0; m < h.materials.size(); ++m) {
    const Material &a = h.materials[m], &b = run.header.materials[m];
    EXPECT_EQ(a.name, b.name);
    expectSameBytes(
        std::vector<double>{a.youngsModulus, a.poissonRatio, a.restitution, a.friction, a.rollingResistance, a.density},
        {b.youngsModulus, b.poissonRatio, b.restitution, b.friction, b.rollingResistance, b.density}, "material");
  }

  ASSERT_EQ(reader.frameCount(), run.frames.size());
  for (std::size_t k = 0; k < run.frames.size(); ++k) expectSameFrame(reader.frame(k), run.frames[k]);
  for (std::size_t b = 0; b < h.bodyNames.size(); ++b)
    expectSameSeries(reader.series(h.bodyNames[b]), bodyRows(run, b));
}

TEST(Output, FrameViewHoldsSphereVelocitiesAndBodyTriangles) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  test::writeSampleRun(run, dir.string());
  const RunFileReader reader((dir / "run.h5").string());
  const FrameData& f = run.frames.back();
  const FrameView v = reader.frameView(run.frames.size() - 1);
  expectSameBytes(v.sphereVelocity, sphereVelocities(f.state, f.sphereCentres), "velocity");
  expectSameBytes(v.sphereFamily, sphereFamilies(f.state), "family");
  ASSERT_EQ(v.connectivity.size(), f.sphereCentres.size());
  for (std::size_t i = 0; i < v.connectivity.size(); ++i) EXPECT_EQ(v.connectivity[i], Index(i));
  // Five box walls (2 triangles each) and a cylinder band (2 per segment).
  const BoundaryMeshSettings defaults;
  EXPECT_EQ(v.bodies.triangles.size(), 5u * 2 + 2u * defaults.cylinderSegments);
  EXPECT_EQ(v.bodies.triangleBoundary.size(), v.bodies.triangles.size());
  for (const auto& t : v.bodies.triangles)
    for (Index i : t) EXPECT_LT(static_cast<std::size_t>(i), v.bodies.vertices.size());
  // The cylinder's vertices are at its radius from its axis as it stands.
  const BoundaryPrimitive& c = f.boundaries.back();
  for (std::size_t t = 0; t < v.bodies.triangles.size(); ++t) {
    if (v.bodies.triangleBoundary[t] != Index(f.boundaries.size() - 1)) continue;
    const Vec3d d = v.bodies.vertices[v.bodies.triangles[t][0]] - c.point;
    const Vec3d axis(c.normal);
    EXPECT_NEAR(norm(d - axis * dot(d, axis)), double(c.radius), 1e-12);
  }
}

TEST(Output, SphereVelocityIsTheRigidBodyVelocity) {
  StateArrays s;
  s.ownerPosition = {Vec3d(1, 0, 0)};
  s.ownerVelocity = {Vec3(0, 0, 1)};
  s.ownerAngularVelocity = {Vec3(0, 0, 2)};
  s.ownerFamily = {3};
  s.sphereOwner = {0, 0};
  const auto v = sphereVelocities(s, {Vec3d(1, 0, 0), Vec3d(1.5, 0, 0)});
  EXPECT_DOUBLE_EQ(v[0].z, 1.0);
  EXPECT_DOUBLE_EQ(v[1].y, 1.0);  // w x r = (0, 0, 2) x (0.5, 0, 0)
  EXPECT_EQ(sphereFamilies(s), (std::vector<Index>{3, 3}));
}

TEST(Output, OpenForAppendDropsWhatCameAfterTheCheckpoint) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  test::writeSampleRun(run, dir.string());
  const std::string path = (dir / "run.h5").string();
  // Resume from frame 1: frames 2, 3 and the series rows after its time go.
  const FrameData& keep = run.frames[1];
  {
    auto writer = RunFileWriter::openForAppend(path, keep.step, keep.time);
    EXPECT_EQ(writer->frameCount(), 2u);
    {
      const RunFileReader reader(path);
      ASSERT_EQ(reader.frameCount(), 2u);
      expectSameFrame(reader.frame(1), keep);
      std::vector<SeriesSample> expected;
      for (const SeriesSample& r : bodyRows(run, 0))
        if (r.time <= keep.time) expected.push_back(r);
      expectSameSeries(reader.series("wheel"), expected);
    }
    // Appending continues the numbering: the resumed run rewrites frame 2.
    writer->writeFrame(run.frames[2]);
    writer->appendSeries(run.seriesRows.back());
    EXPECT_EQ(writer->frameCount(), 3u);
  }
  const RunFileReader reader(path);
  ASSERT_EQ(reader.frameCount(), 3u);
  expectSameFrame(reader.frame(2), run.frames[2]);
  expectSameFrame(reader.frame(0), run.frames[0]);
  const auto rows = reader.series("clump0");
  expectSameSeries({rows.back()}, {run.seriesRows.back()[1]});
}

// A killed writer (SIGKILL, nothing closed) leaves every frame it flushed readable.
TEST(Output, KilledWriterLeavesEveryFlushedFrame) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  const std::string path = (dir / "run.h5").string();
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    auto writer = RunFileWriter::create(path, run.header);
    writer->writeFrame(run.frames[0]);
    writer->appendSeries(run.seriesRows[0]);
    writer->writeFrame(run.frames[1]);
    std::raise(SIGKILL);
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));
  const RunFileReader reader(path);
  ASSERT_EQ(reader.frameCount(), 2u);
  expectSameFrame(reader.frame(0), run.frames[0]);
  expectSameFrame(reader.frame(1), run.frames[1]);
  expectSameSeries(reader.series("wheel"), {run.seriesRows[0][0]});
}

// A reader in another process opening the file while the writer holds it (the writer
// with HDF5's default file locking, the reader with locking off, as h5py's locking=False)
// sees every flushed frame.
TEST(Output, ReaderSeesFlushedFramesWhileTheWriterIsOpen) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  const std::string path = (dir / "run.h5").string();
  auto writer = RunFileWriter::create(path, run.header);
  writer->writeFrame(run.frames[0]);
  writer->writeFrame(run.frames[1]);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // Reports through its exit status.
    setenv("HDF5_USE_FILE_LOCKING", "FALSE", 1);
    try {
      const RunFileReader reader(path);
      _exit(reader.frameCount() == 2 && reader.frame(1).step == run.frames[1].step ? 0 : 1);
    } catch (...) {
      _exit(2);
    }
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  writer->writeFrame(run.frames[2]);  // the writer is undisturbed
  EXPECT_EQ(writer->frameCount(), 3u);
}

TEST(Output, UnreadableFilesAreNamedInTheMessage) {
  const fs::path dir = freshDir();
  const std::string missing = (dir / "missing.h5").string();
  EXPECT_EQ(thrownMessage([&] { RunFileReader r(missing); }), missing + ": cannot open: no such file or not readable");
  EXPECT_EQ(thrownMessage([&] { readCheckpoint(missing); }), missing + ": cannot open: no such file or not readable");
  const std::string text = (dir / "notes.txt").string();
  std::ofstream(text) << "not HDF5\n";
  EXPECT_EQ(thrownMessage([&] { RunFileReader r(text); }), text + ": not an HDF5 file");
  // An HDF5 file of the other kind: a checkpoint is not a run file and vice versa.
  const std::string checkpoint = (dir / "checkpoint.h5").string();
  writeCheckpoint(checkpoint, sampleRun().checkpoint);
  EXPECT_NE(thrownMessage([&] { RunFileReader r(checkpoint); }).find("not a regolith-run file"), std::string::npos);
  const std::string run = (dir / "run.h5").string();
  RunFileWriter::create(run, sampleRun().header);
  EXPECT_NE(thrownMessage([&] { readCheckpoint(run); }).find("not a regolith-checkpoint file"), std::string::npos);
  EXPECT_EQ(thrownMessage([&] { RunFileReader(run).frame(0); }), run + ": no frame 0 (the run has 0)");
  EXPECT_EQ(thrownMessage([&] { RunFileReader(run).series("rover"); }), run + ": /series/rover: not found");
}

TEST(Output, XdmfNamesEveryFrameAndItsDatasets) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  test::writeSampleRun(run, dir.string());
  std::ifstream in(dir / "run.xmf");
  std::stringstream text;
  text << in.rdbuf();
  const std::string xml = text.str();
  std::size_t frames = 0;
  for (std::size_t at = xml.find("<Time "); at != std::string::npos; at = xml.find("<Time ", at + 1)) ++frames;
  EXPECT_EQ(frames, run.frames.size());
  EXPECT_NE(xml.find("CollectionType=\"Temporal\""), std::string::npos);
  EXPECT_NE(xml.find(">run.h5:/frames/000003/sphere_position<"), std::string::npos);
  EXPECT_NE(xml.find(">run.h5:/frames/000000/body_triangles<"), std::string::npos);
  EXPECT_FALSE(fs::exists(dir / "run.xmf.tmp"));
}

std::string fileText(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The writer keeps run.xmf up to date from the frames it writes, without rereading
// run.h5; what it keeps must be what writeXdmf makes of the whole file, after a fresh
// start and after a resume drops frames.
TEST(Output, XdmfKeptByTheWriterIsTheOneOfTheWholeFile) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  const std::string h5 = (dir / "run.h5").string();
  const fs::path kept = dir / "run.xmf", whole = dir / "whole.xmf";
  {
    auto writer = RunFileWriter::create(h5, run.header, kept.string());
    EXPECT_EQ(fileText(kept).find("<Time "), std::string::npos);  // written, no frame yet
    for (const FrameData& f : run.frames) writer->writeFrame(f);
  }
  writeXdmf(h5, whole.string());
  EXPECT_NE(fileText(kept).find("/frames/000003/"), std::string::npos);
  EXPECT_EQ(fileText(kept), fileText(whole));

  {
    auto writer = RunFileWriter::openForAppend(h5, run.frames[1].step, run.frames[1].time, kept.string());
    EXPECT_EQ(fileText(kept).find("/frames/000002/"), std::string::npos);
    writer->writeFrame(run.frames[2]);
  }
  writeXdmf(h5, whole.string());
  EXPECT_NE(fileText(kept).find("/frames/000002/"), std::string::npos);
  EXPECT_EQ(fileText(kept).find("/frames/000003/"), std::string::npos);
  EXPECT_EQ(fileText(kept), fileText(whole));
}

// A scene's domain (docs/periodic.md) is kept in /meta/domain and drawn in every frame of
// run.xmf as one hexahedron with the box's corners, by the writer as by writeXdmf.
TEST(Output, DomainIsKeptAndDrawnAsOneBoxInEveryFrame) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  RunHeader header = run.header;
  Domain d;
  d.lo = Vec3d(-0.25, 0, -0.5);
  d.hi = Vec3d(0.5, 0.125, 1);
  d.periodic = {true, false, true};
  header.meta.domain = d;
  const std::string h5 = (dir / "run.h5").string();
  const fs::path kept = dir / "run.xmf", whole = dir / "whole.xmf";
  {
    auto writer = RunFileWriter::create(h5, header, kept.string());
    for (const FrameData& f : run.frames) writer->writeFrame(f);
  }
  const RunFileReader reader(h5);
  ASSERT_TRUE(reader.header().meta.domain.has_value());
  const Domain& back = *reader.header().meta.domain;
  expectSameBytes(std::vector<Vec3d>{back.lo, back.hi}, {d.lo, d.hi}, "domain corners");
  EXPECT_EQ(back.periodic, d.periodic);

  const std::string xml = fileText(kept);
  std::size_t boxes = 0;
  for (std::size_t at = xml.find("<Grid Name=\"domain\""); at != std::string::npos;
       at = xml.find("<Grid Name=\"domain\"", at + 1))
    ++boxes;
  EXPECT_EQ(boxes, run.frames.size());
  // The corners in VTK's hexahedron order: the face at lo.z counter-clockwise, then hi.z.
  EXPECT_NE(xml.find(">-0.25 0 -0.5 0.5 0 -0.5 0.5 0.125 -0.5 -0.25 0.125 -0.5 -0.25 0 1 0.5 0 1 0.5 0.125 1 "
                     "-0.25 0.125 1</DataItem>"),
            std::string::npos);
  writeXdmf(h5, whole.string());
  EXPECT_EQ(fileText(kept), fileText(whole));

  // Without a domain: no box, and none read back.
  const fs::path plain = freshDir();
  test::writeSampleRun(run, plain.string());
  EXPECT_FALSE(RunFileReader((plain / "run.h5").string()).header().meta.domain.has_value());
  EXPECT_EQ(fileText(plain / "run.xmf").find("\"domain\""), std::string::npos);
}

TEST(Output, VtpExportWritesTheFrameThroughVtk) {
  const fs::path dir = freshDir();
  const SampleRun& run = sampleRun();
  test::writeSampleRun(run, dir.string());
  const std::string vtp = (dir / "frame.vtp").string();
  exportFrameVtp((dir / "run.h5").string(), 2, vtp);
  std::ifstream in(vtp);
  std::stringstream text;
  text << in.rdbuf();
  const std::string xml = text.str();
  EXPECT_NE(xml.find("<VTKFile type=\"PolyData\""), std::string::npos);
  EXPECT_NE(xml.find("NumberOfPoints=\"" + std::to_string(run.frames[2].sphereCentres.size()) + "\""),
            std::string::npos);
  for (const char* name : {"radius", "velocity", "family", "owner"})
    EXPECT_NE(xml.find("Name=\"" + std::string(name) + "\""), std::string::npos) << name;
}

}  // namespace
}  // namespace regolith
