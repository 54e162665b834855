// kernels/detection/build_guard.h: the stop request.
#include "kernels/detection/build_guard.h"

#include <atomic>

namespace regolith {
namespace {
std::atomic<int> g_stop{0};
static_assert(std::atomic<int>::is_always_lock_free, "a signal handler stores into it");
}  // namespace

void requestStop(int signal) noexcept { g_stop.store(signal, std::memory_order_relaxed); }
int stopRequested() noexcept { return g_stop.load(std::memory_order_relaxed); }
void clearStopRequest() noexcept { g_stop.store(0, std::memory_order_relaxed); }

}  // namespace regolith
