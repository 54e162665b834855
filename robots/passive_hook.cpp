// The process-wide registry behind mjcb_passive (passive_hook.h).
#include "robots/passive_hook.h"

#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace regolith::robots {
namespace {

using Key = std::pair<const mjModel*, const mjData*>;

struct Registry {
  std::mutex mutex;
  std::map<Key, PassiveForceSource*> sources;
  mjfGeneric previous = nullptr;  // the callback found when the first hook came
};

Registry& registry() {
  static Registry r;
  return r;
}

// mjcb_passive is global: every model's mj_step lands here, from any thread. Look the
// pair up under the lock, run its source outside it (sources of different pairs share
// nothing).
void dispatch(const mjModel* m, mjData* d) {
  PassiveForceSource* source = nullptr;
  mjfGeneric previous = nullptr;
  {
    std::lock_guard<std::mutex> lock(registry().mutex);
    const auto it = registry().sources.find({m, d});
    if (it != registry().sources.end()) source = it->second;
    previous = registry().previous;
  }
  if (source) source->apply(m, d);
  else if (previous) previous(m, d);
}

}  // namespace

PassiveHook::PassiveHook(const mjModel* m, const mjData* d, PassiveForceSource& source) : m_model(m), m_data(d) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (!r.sources.emplace(Key{m, d}, &source).second)
    throw std::logic_error("a terrain force source is already registered for this MuJoCo model and data");
  if (r.sources.size() == 1) {
    if (mjcb_passive != &dispatch) r.previous = mjcb_passive;
    mjcb_passive = &dispatch;
  }
}

PassiveHook::~PassiveHook() {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.sources.erase({m_model, m_data});
  if (r.sources.empty()) {
    mjcb_passive = r.previous;
    r.previous = nullptr;
  }
}

int PassiveHook::registered() {
  std::lock_guard<std::mutex> lock(registry().mutex);
  return static_cast<int>(registry().sources.size());
}

}  // namespace regolith::robots
