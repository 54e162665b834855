#include "core/kinematic_stream.h"

#include <string>
#include <utility>

#include "kernels/detection/build_guard.h"

namespace regolith {

namespace {

std::mutex g_kinematicInjectionMutex;
std::exception_ptr g_kinematicInjectedFailure;

std::exception_ptr takeInjectedKinematicFailure() {
  std::lock_guard<std::mutex> lock(g_kinematicInjectionMutex);
  return std::exchange(g_kinematicInjectedFailure, nullptr);
}

// The failure being handled, nested in a KinematicStreamError whose message says where it
// happened. Called inside a catch handler. If even the message cannot be built (out of
// memory), what that threw is handed over instead.
std::exception_ptr nestedInKinematicStreamError(const char* what) noexcept {
  try {
    std::throw_with_nested(KinematicStreamError(std::string("in the kinematic (contact-detection) stream: ") + what));
  } catch (...) {
    return std::current_exception();
  }
}

// What the dynamic stream is handed for a failure on the kinematic thread: the run loop's
// own types unchanged (it turns them into a blow-up report or a signal exit), anything
// else wrapped.
std::exception_ptr asHandedOver(std::exception_ptr failure) noexcept {
  try {
    std::rethrow_exception(failure);
  } catch (const CandidateOverflow&) {
    return failure;
  } catch (const BuildInterrupted&) {
    return failure;
  } catch (const std::exception& e) {
    return nestedInKinematicStreamError(e.what());
  } catch (...) {
    return nestedInKinematicStreamError("an exception of unknown type");
  }
}

}  // namespace

void injectKinematicBuildFailure(std::exception_ptr failure) {
  std::lock_guard<std::mutex> lock(g_kinematicInjectionMutex);
  g_kinematicInjectedFailure = std::move(failure);
}

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
  // The thread's last device work may still be running on its stream (CUDA): the caller's
  // stream waits for it before these buffers are freed or the state it read is changed (a
  // renumbering stops the stream and then permutes the sphere arrays it read).
  for (const CandidateListPtr* l : {&m_slotList, &m_buildingList})
    if (*l) acquireBuffer(**l);
  for (const PositionSnapshotPtr* p : {&m_slotSnapshot, &m_kinematicSnapshot})
    if (*p) acquireBuffer(**p);
}

PositionSnapshot& KinematicStream::snapshotToFill() {
  // Only the dynamic thread touches m_dynamicSnapshot and the flag (publish is also the
  // dynamic thread's). The snapshot is written into the slot's buffer, taken out of the
  // slot for the fill and put back by publish(): either the one the kinematic stream gave
  // back after its last build or an older snapshot it has not taken yet, which the newer
  // one replaces. So two snapshot buffers hold positions (the slot's and the one being
  // built from); the dynamic stream's third is an empty placeholder between fills. A
  // buffer of its own for the dynamic stream was a third copy of every position (24 bytes
  // a sphere, issue 25 hazard 3).
  if (!m_dynamicSnapshotAcquired) {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      std::swap(m_dynamicSnapshot, m_slotSnapshot);  // the placeholder waits in the slot
      m_snapshotPending = false;
    }
    acquireBuffer(*m_dynamicSnapshot);
    m_dynamicSnapshotAcquired = true;
  }
  return *m_dynamicSnapshot;
}

void KinematicStream::publish(const ListFacts& facts) {
  releaseBuffer(*m_dynamicSnapshot);
  const std::size_t bytes = regolith::deviceBytes(*m_dynamicSnapshot);
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::swap(m_dynamicSnapshot, m_slotSnapshot);  // the placeholder comes back
    m_snapshotPending = true;
    m_pendingFacts = facts;
    m_snapshotBytes = bytes;
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
  // Sizes of buffers another party may be resizing are not read: each is as large as the
  // thread that filled it found it. Two snapshots hold positions (the slot's and the one
  // being built from; snapshotToFill). At most two lists hold arrays at once, one ready in
  // the slot while the next is built (the dynamic stream frees the arrays each adoption
  // swaps out, Simulation::adoptReady), so two of the last one built.
  return 2 * m_snapshotBytes + 2 * m_listBytes + m_builderBytes;
}

std::exception_ptr KinematicStream::buildOnce(const ListFacts& facts) noexcept {
  try {
    acquireBuffer(*m_kinematicSnapshot);
    acquireBuffer(*m_buildingList);
    std::exception_ptr error;
    try {
      if (std::exception_ptr injected = takeInjectedKinematicFailure()) std::rethrow_exception(injected);
      buildFromSnapshot(m_state, *m_kinematicSnapshot, Real(facts.reach), *m_builder, *m_buildingList);
    } catch (...) {
      error = std::current_exception();
    }
    // Released even after a failed build, so the buffers keep their owners' protocol.
    releaseBuffer(*m_buildingList);
    releaseBuffer(*m_kinematicSnapshot);
    return error ? asHandedOver(error) : nullptr;
  } catch (...) {  // acquiring or releasing failed (a CUDA error)
    return asHandedOver(std::current_exception());
  }
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

    const std::exception_ptr error = buildOnce(facts);
    // Read here, on the thread that resizes it, and handed over under the lock below.
    const std::size_t builderBytes = regolith::deviceBytes(*m_builder);
    const std::size_t listBytes = regolith::deviceBytes(*m_buildingList);

    lock.lock();
    m_builderBytes = builderBytes;
    if (!error) m_listBytes = listBytes;
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
