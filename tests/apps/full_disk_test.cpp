// A full disk during `regolith run` (issue 20 item 5): the run exits 1 with the reason and
// no signal (HDF5's exit-time teardown used to crash on the file whose flush had failed),
// and once space returns `--resume` finishes the same run an uninterrupted one writes. The
// writer now stops before a frame the disk has no room for (docs/output-format.md), so the
// file is not torn here; the repair of a torn one is RunFileSize.RepairKeepsTheStaticDataLinked's. The disk is a real tmpfs, so the test needs
// root (mount(2)); without it, it is skipped and says why.
#include <gtest/gtest.h>

#include <sys/mount.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>

#include "tests/support/child_process.h"
#include "tests/support/json_file.h"
#include "tests/support/run_compare.h"
#include "tests/support/scratch_dir.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

const std::string kScene = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/checkpoint_scene.json";

// A tmpfs mounted for the test's life; its size can be changed under the files in it.
class Tmpfs {
 public:
  explicit Tmpfs(const fs::path& at) : m_at(at) {
    fs::create_directories(at);
    m_error = ::mount("tmpfs", at.c_str(), "tmpfs", 0, "size=64m") == 0 ? "" : std::strerror(errno);
  }
  ~Tmpfs() {
    if (m_error.empty()) ::umount2(m_at.c_str(), MNT_DETACH);
  }
  const std::string& error() const { return m_error; }
  bool resize(unsigned long long bytes) const {
    const std::string options = "size=" + std::to_string(bytes);
    return ::mount("tmpfs", m_at.c_str(), "tmpfs", MS_REMOUNT, options.c_str()) == 0;
  }
  unsigned long long used() const {
    struct statvfs s {};
    ::statvfs(m_at.c_str(), &s);
    return (s.f_blocks - s.f_bfree) * s.f_frsize;
  }

 private:
  fs::path m_at;
  std::string m_error;
};

TEST(FullDisk, RunExitsOneWithoutASignalAndResumesOnceSpaceReturns) {
  if (getuid() != 0) GTEST_SKIP() << "needs root to mount a tmpfs (mount(2))";
  const fs::path dir = test::scratchDir("regolith_full_disk_");
  const Tmpfs disk(dir / "disk");
  if (!disk.error().empty()) GTEST_SKIP() << "cannot mount a tmpfs: " << disk.error();
  // Half the scene's spin (16 frames): long enough to stop mid-run, short for a test.
  const std::vector<std::string> scene = {
      "run", kScene, "--threads", "1", "--quiet", "--set", "/phases/1/duration=0.2"};
  const auto runInto = [&](const fs::path& out, std::vector<std::string> extra) {
    std::vector<std::string> args = scene;
    args.insert(args.end(), {"--out", out.string()});
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  const fs::path reference = dir / "reference", run = dir / "disk" / "run";
  ASSERT_EQ(test::runRegolith(runInto(reference, {}), dir / "reference.log"), 0);

  // A checkpoint mid-run (SIGTERM writes one; the wall-clock ones are off), then the disk
  // shrinks to what is used plus room for the XDMF sidecar's rewrite and a few series
  // rows, but not for the next frame (about 170 kB).
  {
    std::vector<std::string> args = runInto(run, {"--checkpoint-every", "1000"});
    args.insert(args.begin(), REGOLITH_BINARY);
    test::ChildProcess first(args, (dir / "first.log").string());
    ASSERT_TRUE(test::waitForFile(first, run / "run.h5"));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ASSERT_TRUE(first.running()) << "the run ended before it could be stopped mid-run";
    first.signal(SIGTERM);
    const int status = first.wait();
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM) << test::readText(dir / "first.log");
  }
  ASSERT_TRUE(disk.resize(disk.used() + fs::file_size(run / "run.xmf") + 64 * 1024));

  const fs::path full = dir / "full.log";
  const int rc = test::runRegolith(runInto(run, {"--resume", "--checkpoint-every", "1000"}), full);
  const std::string message = test::readText(full);
  EXPECT_EQ(rc, 1) << "128 + n is signal n\n" << message;
  // The file that met the full disk: the next frame in run.h5, or, when the stop came a
  // few steps earlier on a loaded machine, the XDMF sidecar's rewrite (run.xmf.tmp):
  // either is named.
  EXPECT_TRUE(message.find("run.h5") != std::string::npos || message.find("run.xmf") != std::string::npos) << message;
  EXPECT_NE(message.find("No space left on device"), std::string::npos) << message;

  // Space returns: the torn frame is dropped and the run goes on to its end.
  ASSERT_TRUE(disk.resize(64ull << 20));
  ASSERT_EQ(test::runRegolith(runInto(run, {"--resume"}), dir / "resumed.log"), 0)
      << test::readText(dir / "resumed.log");
  test::expectSameRun(run, reference);
}

}  // namespace
}  // namespace regolith
