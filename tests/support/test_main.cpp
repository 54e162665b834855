// GoogleTest entry point. On the CUDA build without a usable GPU every test is skipped
// with the reason; on the CPU build the device is always there.
#include <gtest/gtest.h>

#include <string>

#include "kernels/stages.h"

namespace {

class DeviceEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    std::string why;
    if (!regolith::deviceAvailable(&why)) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new DeviceEnvironment);
  return RUN_ALL_TESTS();
}
