// Run files that scale (io/run_file/frame_static.h, docs/output-format.md "Static data" and
// "Compression"): the per-particle data that does not change is stored once and linked
// into every frame, the frames' datasets carry HDF5's shuffle and deflate filters, and
// both read back bit for bit.
#include <filesystem>

#include <gtest/gtest.h>
#include <hdf5.h>

#include "io/run_file/run_file.h"
#include "io/run_file/run_file_repair.h"
#include "tests/support/lattice_run.h"
#include "tests/support/output_compare.h"

namespace regolith {
namespace {

using namespace test;

constexpr int kSpheres = 2000;

void writeRun(const SampleRun& run, const std::string& path, const RunFileCompression& c, std::size_t frames) {
  auto writer = RunFileWriter::create(path, run.header, "", c);
  for (std::size_t k = 0; k < frames; ++k) writer->writeFrame(run.frames[k]);
}

// Bytes a frame adds to the file, per sphere: the size with `frames` frames less the size
// with one, over the frames after the first.
double bytesPerSpherePerFrame(const SampleRun& run, const RunFileCompression& c, std::size_t frames) {
  const fs::path dir = freshDir();
  writeRun(run, (dir / "one.h5").string(), c, 1);
  writeRun(run, (dir / "all.h5").string(), c, frames);
  const double added = double(fs::file_size(dir / "all.h5")) - double(fs::file_size(dir / "one.h5"));
  return added / double(frames - 1) / double(run.frames.front().state.sphereCount());
}

// H5O address of a dataset: one object under several links has one address.
haddr_t addressOf(hid_t file, const std::string& path) {
  H5O_info_t info;
  EXPECT_GE(H5Oget_info_by_name(file, path.c_str(), &info, H5P_DEFAULT), 0) << path;
  return info.addr;
}

TEST(RunFileSize, StaticDataIsWrittenOnce) {
  // 8 frames, none with a family switch (that is the 9th).
  const SampleRun run = latticeRun(kSpheres, 9);
  // Without filters a frame holds only what moves: owner position (24 bytes), orientation
  // (32), velocity, angular velocity, force, torque (4 x 3 Reals), sphere position (24)
  // and velocity (3 Reals), and a few hundred bytes of metadata. Repeating the static
  // data as before (mass, inertia, radius, offset, material, template, family, owner,
  // connectivity: 60 bytes more in a float build) fails this.
  const double moving = 24 + 32 + 4 * 3 * sizeof(Real) + 24 + 3 * sizeof(Real);
  const double plain = bytesPerSpherePerFrame(run, {0, false}, 8);
  // What is left: the frame's metadata, about 10 KB (object headers, links, attributes).
  EXPECT_LT(plain, moving + 16) << "bytes per sphere per frame, no filters";
  // The default filters take less still.
  const double packed = bytesPerSpherePerFrame(run, RunFileCompression{}, 8);
  EXPECT_LT(packed, 0.95 * plain) << "bytes per sphere per frame, default filters";
  std::printf("lattice of %d spheres: %.1f bytes per sphere per frame unfiltered, %.1f with deflate %d%s\n", kSpheres,
              plain, packed, RunFileCompression{}.deflate, RunFileCompression{}.shuffle ? " + shuffle" : "");
}

TEST(RunFileSize, FramesLinkOneStaticGroupUntilItChanges) {
  const SampleRun run = latticeRun(kSpheres, 4);  // family switch in frame 3
  const fs::path path = freshDir() / "run.h5";
  writeRun(run, path.string(), {}, 4);
  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  const haddr_t radius = addressOf(f, "/static/000000/sphere_radius");
  for (const char* frame : {"000000", "000001", "000002", "000003"})
    EXPECT_EQ(addressOf(f, std::string("/frames/") + frame + "/sphere_radius"), radius) << frame;
  const haddr_t family = addressOf(f, "/static/000000/owner_family");
  EXPECT_EQ(addressOf(f, "/frames/000002/owner_family"), family);
  // The switch: a new group whose changed datasets are new and whose others are links.
  EXPECT_NE(addressOf(f, "/frames/000003/owner_family"), family);
  EXPECT_EQ(addressOf(f, "/frames/000003/owner_family"), addressOf(f, "/static/000001/owner_family"));
  EXPECT_EQ(addressOf(f, "/static/000001/sphere_radius"), radius);
  H5Fclose(f);

  const RunFileReader reader(path.string());
  ASSERT_EQ(reader.frameCount(), 4u);
  for (std::size_t k = 0; k < 4; ++k) expectSameFrame(reader.frame(k), run.frames[k]);
  EXPECT_EQ(reader.frame(3).state.ownerFamily[0], 1);
  EXPECT_EQ(reader.frame(2).state.ownerFamily[0], 0);
}

// Filter ids of a dataset's creation property list, in order.
std::vector<H5Z_filter_t> filtersOf(hid_t file, const char* path, unsigned* level) {
  const hid_t d = H5Dopen2(file, path, H5P_DEFAULT);
  const hid_t dcpl = H5Dget_create_plist(d);
  std::vector<H5Z_filter_t> ids;
  for (int i = 0; i < H5Pget_nfilters(dcpl); ++i) {
    unsigned flags = 0, values[4] = {0};
    std::size_t n = 4;
    char name[64];
    const H5Z_filter_t id = H5Pget_filter2(dcpl, unsigned(i), &flags, &n, values, sizeof name, name, nullptr);
    if (id == H5Z_FILTER_DEFLATE && level) *level = values[0];
    ids.push_back(id);
  }
  H5Pclose(dcpl);
  H5Dclose(d);
  return ids;
}

TEST(RunFileSize, FiltersAreRecordedInTheCreationPropertyList) {
  const SampleRun run = latticeRun(kSpheres, 2);
  const fs::path dir = freshDir();
  writeRun(run, (dir / "level4.h5").string(), {4, true}, 2);
  writeRun(run, (dir / "off.h5").string(), {0, false}, 2);
  hid_t f = H5Fopen((dir / "level4.h5").c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  unsigned level = 0;
  for (const char* path :
       {"/frames/000001/sphere_position", "/frames/000001/owner_orientation", "/static/000000/sphere_radius"}) {
    EXPECT_EQ(filtersOf(f, path, &level), (std::vector<H5Z_filter_t>{H5Z_FILTER_SHUFFLE, H5Z_FILTER_DEFLATE})) << path;
    EXPECT_EQ(level, 4u) << path;
  }
  // Datasets of a few rows stay contiguous (a chunk index would cost more than it saves).
  EXPECT_TRUE(filtersOf(f, "/frames/000001/boundaries/point", nullptr).empty());
  H5Fclose(f);
  f = H5Fopen((dir / "off.h5").c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  EXPECT_TRUE(filtersOf(f, "/frames/000001/sphere_position", nullptr).empty());
  H5Fclose(f);
  // Filtered, the frames read back bit for bit.
  const RunFileReader reader((dir / "level4.h5").string());
  for (std::size_t k = 0; k < 2; ++k) expectSameFrame(reader.frame(k), run.frames[k]);
}

// A resumed run links the static group of the last frame it kept, and the groups written
// for the frames it dropped go.
TEST(RunFileSize, ResumeContinuesTheStaticGroupOfTheLastKeptFrame) {
  const SampleRun run = latticeRun(kSpheres, 4);  // family switch in frame 3
  const fs::path path = freshDir() / "run.h5";
  writeRun(run, path.string(), {}, 4);
  {
    auto writer = RunFileWriter::openForAppend(path.string(), run.frames[1].step, run.frames[1].time);
    writer->writeFrame(run.frames[2]);
  }
  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  EXPECT_EQ(addressOf(f, "/frames/000002/sphere_radius"), addressOf(f, "/static/000000/sphere_radius"));
  EXPECT_EQ(addressOf(f, "/frames/000002/owner_family"), addressOf(f, "/static/000000/owner_family"));
  EXPECT_LE(H5Lexists(f, "/static/000001", H5P_DEFAULT), 0) << "the dropped frame's static group is still there";
  H5Fclose(f);
  const RunFileReader reader(path.string());
  ASSERT_EQ(reader.frameCount(), 3u);
  expectSameFrame(reader.frame(2), run.frames[2]);
}

// A torn file's repair copies each frame; H5Ocopy of a whole frame would turn its links
// into copies of their own: they stay links, so the repaired file is no larger.
TEST(RunFileSize, RepairKeepsTheStaticDataLinked) {
  const SampleRun run = latticeRun(kSpheres, 4);
  const fs::path path = freshDir() / "run.h5";
  writeRun(run, path.string(), {}, 4);
  const auto before = fs::file_size(path);
  rebuildRunFile(path.string(), run.frames[2].step);
  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  for (const char* frame : {"000000", "000001", "000002"})
    EXPECT_EQ(addressOf(f, std::string("/frames/") + frame + "/sphere_offset"),
              addressOf(f, "/static/000000/sphere_offset"))
        << frame;
  H5Fclose(f);
  EXPECT_LT(fs::file_size(path), before);  // three frames of four
  const RunFileReader reader(path.string());
  ASSERT_EQ(reader.frameCount(), 3u);
  for (std::size_t k = 0; k < 3; ++k) expectSameFrame(reader.frame(k), run.frames[k]);
}

// Files of earlier builds hold a copy of every dataset in every frame and no /static:
// made here from a new file by replacing each frame's links with copies. They read as
// before, and a resumed run appends frames of the new layout to them.
TEST(RunFileSize, OldLayoutReadsAndTakesNewFrames) {
  const SampleRun run = latticeRun(200, 3);
  const fs::path path = freshDir() / "run.h5";
  writeRun(run, path.string(), {0, false}, 2);
  {
    const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    ASSERT_GE(f, 0);
    for (const char* frame : {"/frames/000000", "/frames/000001"}) {
      const hid_t g = H5Gopen2(f, frame, H5P_DEFAULT);
      const hid_t statics = H5Gopen2(f, "/static/000000", H5P_DEFAULT);
      for (const std::string name : {"sphere_radius", "owner_mass", "sphere_offset", "owner_family", "owner_template",
                                     "connectivity", "boundaries/kind"}) {
        ASSERT_GE(H5Ldelete(g, name.c_str(), H5P_DEFAULT), 0) << name;
        ASSERT_GE(H5Ocopy(statics, name.c_str(), g, name.c_str(), H5P_DEFAULT, H5P_DEFAULT), 0) << name;
      }
      H5Adelete(g, "static");
      H5Gclose(statics);
      H5Gclose(g);
    }
    H5Fclose(f);
  }
  // (The datasets not listed stay links; the frames have no `static` attribute, as old ones.)
  {
    const RunFileReader reader(path.string());
    ASSERT_EQ(reader.frameCount(), 2u);
    for (std::size_t k = 0; k < 2; ++k) expectSameFrame(reader.frame(k), run.frames[k]);
  }
  {
    auto writer = RunFileWriter::openForAppend(path.string(), run.frames[1].step, run.frames[1].time);
    writer->writeFrame(run.frames[2]);
  }
  const RunFileReader reader(path.string());
  ASSERT_EQ(reader.frameCount(), 3u);
  for (std::size_t k = 0; k < 3; ++k) expectSameFrame(reader.frame(k), run.frames[k]);
  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  EXPECT_EQ(addressOf(f, "/frames/000002/sphere_radius"), addressOf(f, "/static/000001/sphere_radius"));
  EXPECT_NE(addressOf(f, "/frames/000001/sphere_radius"), addressOf(f, "/frames/000002/sphere_radius"));
  H5Fclose(f);
}

}  // namespace
}  // namespace regolith
