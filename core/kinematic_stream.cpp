#include "core/kinematic_stream.h"

#include <utility>

namespace regolith {

KinematicStream::KinematicStream(const DeviceState& state, int threads)
    : m_state(state),
      m_threads(threads),
      m_dynamicSnapshot(createPositionSnapshot()),
      m_slotSnapshot(createPositionSnapshot()),
      m_kinematicSnapshot(createPositionSnapshot()),
      m_slotList(createCandidateList()),
      m_buildingList(createCandidateList()),
      m_builder(createContactBuilder()),
      m_thread([this] { run(); }) {}

KinematicStream::~KinematicStream() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_stop = true;
  }
  m_wake.notify_all();
  m_thread.join();
}

PositionSnapshot& KinematicStream::snapshotToFill() {
  // Only the dynamic thread touches m_dynamicSnapshot (publish swaps it under the mutex,
  // also from the dynamic thread), so this needs no lock.
  if (!m_dynamicSnapshotAcquired) {
    acquireBuffer(*m_dynamicSnapshot);
    m_dynamicSnapshotAcquired = true;
  }
  return *m_dynamicSnapshot;
}

void KinematicStream::publish(const ListFacts& facts) {
  releaseBuffer(*m_dynamicSnapshot);
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    // An unconsumed older snapshot in the slot comes back to the dynamic stream.
    std::swap(m_dynamicSnapshot, m_slotSnapshot);
    m_snapshotPending = true;
    m_pendingFacts = facts;
  }
  m_dynamicSnapshotAcquired = false;
  m_wake.notify_one();
}

bool KinematicStream::readyAfter(std::uint64_t afterStep) const {
  return m_listReady && m_readyFacts.snapshotStep > afterStep;
}

bool KinematicStream::comingAfter(std::uint64_t afterStep) const {
  return (m_snapshotPending && m_pendingFacts.snapshotStep > afterStep) ||
         (m_building && m_buildingFacts.snapshotStep > afterStep);
}

bool KinematicStream::buildPendingAfter(std::uint64_t afterStep) {
  std::lock_guard<std::mutex> lock(m_mutex);
  return comingAfter(afterStep) || readyAfter(afterStep);
}

std::optional<KinematicStream::ListFacts> KinematicStream::take(CandidateListPtr& list, std::uint64_t afterStep,
                                                                bool wait) {
  std::unique_lock<std::mutex> lock(m_mutex);
  if (wait) {
    m_listOut.wait(lock, [&] { return m_error || readyAfter(afterStep) || !comingAfter(afterStep); });
  }
  if (m_error) std::rethrow_exception(std::exchange(m_error, nullptr));
  if (!readyAfter(afterStep)) return std::nullopt;
  releaseBuffer(*list);
  std::swap(list, m_slotList);
  m_listReady = false;
  const ListFacts facts = m_readyFacts;
  lock.unlock();
  acquireBuffer(*list);
  return facts;
}

std::uint64_t KinematicStream::builds() {
  std::lock_guard<std::mutex> lock(m_mutex);
  return m_builds;
}

std::size_t KinematicStream::deviceBytes() {
  std::lock_guard<std::mutex> lock(m_mutex);
  // Sizes of buffers another party may be resizing are not read: the dynamic snapshot
  // matches the slot's, the building list the slot's.
  return 3 * regolith::deviceBytes(*m_slotSnapshot) + 2 * regolith::deviceBytes(*m_slotList);
}

void KinematicStream::run() {
  setThreadCount(m_threads);  // OpenMP's thread count is per host thread
  std::unique_lock<std::mutex> lock(m_mutex);
  for (;;) {
    m_wake.wait(lock, [this] { return m_stop || m_snapshotPending; });
    if (m_stop) return;
    std::swap(m_kinematicSnapshot, m_slotSnapshot);
    m_snapshotPending = false;
    m_building = true;
    m_buildingFacts = m_pendingFacts;
    const ListFacts facts = m_pendingFacts;
    lock.unlock();

    acquireBuffer(*m_kinematicSnapshot);
    acquireBuffer(*m_buildingList);
    std::exception_ptr error;
    try {
      buildFromSnapshot(m_state, *m_kinematicSnapshot, Real(facts.reach), *m_builder, *m_buildingList);
    } catch (...) {
      error = std::current_exception();  // the dynamic stream's next take() throws it
    }
    releaseBuffer(*m_buildingList);
    releaseBuffer(*m_kinematicSnapshot);

    lock.lock();
    if (error) {
      m_error = error;
      m_building = false;
      m_listOut.notify_all();
      continue;
    }
    // An unadopted older list in the slot comes back to this stream as its next buffer.
    std::swap(m_buildingList, m_slotList);
    m_listReady = true;
    m_readyFacts = facts;
    m_building = false;
    ++m_builds;
    m_listOut.notify_all();
  }
}

}  // namespace regolith
