// The deforming height grid: press, bulldoze, slide (height_grid.h).
#include "robots/height_grid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "models/regression/trace_deformation.h"

namespace regolith::robots {
namespace {

// std::lround for |x| < 2^31 (half away from zero), without the library call.
int nearestNode(double x) {
  int n = static_cast<int>(x);  // towards zero; x - n is then exact
  const double fraction = x - n;
  if (fraction >= 0.5) ++n;
  else if (fraction <= -0.5) --n;
  return n;
}

}  // namespace

HeightGrid::HeightGrid(double x0, double y0, double spacing, int nx, int ny, std::vector<double> heights,
                       double reposeAngle)
    : m_x0(x0), m_y0(y0), m_spacing(spacing), m_nx(nx), m_ny(ny), m_h(std::move(heights)) {
  if (!(spacing > 0) || !std::isfinite(spacing)) throw std::invalid_argument("height grid spacing must be > 0");
  if (nx < 2 || ny < 2) throw std::invalid_argument("height grid needs at least 2 x 2 nodes");
  if (m_h.size() != static_cast<std::size_t>(nx) * ny)
    throw std::invalid_argument("height grid: " + std::to_string(m_h.size()) + " heights for " + std::to_string(nx) +
                                " x " + std::to_string(ny) + " nodes");
  for (double h : m_h)
    if (!std::isfinite(h)) throw std::invalid_argument("height grid heights must be finite");
  if (!(reposeAngle > 0 && reposeAngle < M_PI / 2))
    throw std::invalid_argument("repose angle must be in (0, 90) degrees");
  m_maxStep = spacing * std::tan(reposeAngle);
  m_rft = m_h;
  m_depth.assign(m_h.size(), 0.0);
  m_trace.assign(m_h.size(), 0.0);
  m_pressed.assign(m_h.size(), 0);
  m_held.assign(m_h.size(), 0);
  m_target.assign(m_h.size(), std::numeric_limits<double>::infinity());
  m_deepest.assign(m_h.size(), -1);
  m_inverseSpacing = 1 / spacing;
  m_tilesX = (nx - 2) / kTile + 1;
  m_tilesY = (ny - 2) / kTile + 1;
  m_tileMax.assign(static_cast<std::size_t>(m_tilesX) * m_tilesY, 0);
  Box all;
  all.add(0, 0), all.add(nx - 1, ny - 1);
  refreshTiles(all);
  m_chunksX = (nx + kSlideChunk - 1) / kSlideChunk;
  m_chunkChanged.assign(static_cast<std::size_t>(m_chunksX) * ny, 1);
  m_maxHeight = *std::max_element(m_tileMax.begin(), m_tileMax.end());
}

double HeightGrid::interpolate(const std::vector<double>& h, double x, double y) const {
  const double u = std::clamp((x - m_x0) / m_spacing, 0.0, m_nx - 1.0);
  const double v = std::clamp((y - m_y0) / m_spacing, 0.0, m_ny - 1.0);
  return bilinear(h, u, v);
}

void HeightGrid::refreshTiles(const Box& box) {
  if (box.empty()) return;
  // Tile t holds cells [t kTile, (t + 1) kTile - 1], nodes [t kTile, (t + 1) kTile] and a
  // border of one node: node i is in the tiles (i - 2) / kTile to (i + 1) / kTile.
  const int ti0 = std::max(0, (box.i0 - 2) / kTile), ti1 = std::min(m_tilesX - 1, (box.i1 + 1) / kTile);
  const int tj0 = std::max(0, (box.j0 - 2) / kTile), tj1 = std::min(m_tilesY - 1, (box.j1 + 1) / kTile);
  for (int tj = tj0; tj <= tj1; ++tj)
    for (int ti = ti0; ti <= ti1; ++ti) {
      const int i0 = std::max(0, ti * kTile - 1), i1 = std::min(m_nx - 1, (ti + 1) * kTile + 1);
      const int j0 = std::max(0, tj * kTile - 1), j1 = std::min(m_ny - 1, (tj + 1) * kTile + 1);
      double top = -std::numeric_limits<double>::infinity();
      for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) top = std::max(top, m_rft[index(i, j)]);
      m_tileMax[tileIndex(ti, tj)] = top;
    }
}

double HeightGrid::heightAt(double x, double y) const { return interpolate(m_h, x, y); }
double HeightGrid::rftHeightAt(double x, double y) const { return interpolate(m_rft, x, y); }

double HeightGrid::referenceHeightAt(double x, double y) const {
  const double u = std::clamp((x - m_x0) / m_spacing, 0.0, m_nx - 1.0);
  const double v = std::clamp((y - m_y0) / m_spacing, 0.0, m_ny - 1.0);
  const int i = std::min(static_cast<int>(u), m_nx - 2), j = std::min(static_cast<int>(v), m_ny - 2);
  const double fu = u - i, fv = v - j;
  auto r = [&](int a, int b) {
    const std::size_t k = index(a, b);
    return m_h[k] - m_depth[k] - m_trace[k];
  };
  return (1 - fv) * ((1 - fu) * r(i, j) + fu * r(i + 1, j)) + fv * ((1 - fu) * r(i, j + 1) + fu * r(i + 1, j + 1));
}

void HeightGrid::imprint(const std::vector<GridImprint>& imprints) {
  for (const GridImprint& g : imprints) {
    if (g.i < 0 || g.j < 0 || g.i >= m_nx || g.j >= m_ny)
      throw std::out_of_range("height grid imprint at node (" + std::to_string(g.i) + ", " + std::to_string(g.j) +
                              "): expected 0 <= i < " + std::to_string(m_nx) + " and 0 <= j < " + std::to_string(m_ny));
    if (!std::isfinite(g.depth) || !std::isfinite(g.trace))
      throw std::invalid_argument("height grid imprint: depth and trace must be finite");
  }
  Box box;
  for (const GridImprint& g : imprints) {
    const std::size_t k = index(g.i, g.j);
    regression::imprintCell(m_h[k], m_depth[k], m_trace[k], g.depth, g.trace);
    // A node a plate presses keeps its press-start height for RFT until released.
    if (!m_pressed[k]) m_rft[k] = m_h[k];
    touch(g.i, g.j);
    box.add(g.i, g.j);
    m_imprinted.add(g.i, g.j);
    if (!m_held[k]) m_held[k] = 1, m_heldList.push_back(k);
  }
  refreshTiles(box);
  // A bound that may stay high where an imprint lowered the sand (the next update makes it
  // exact again), and must rise where a trace raised it.
  for (const GridImprint& g : imprints) m_maxHeight = std::max(m_maxHeight, m_rft[index(g.i, g.j)]);
}

double HeightGrid::volume() const {
  double sum = 0;
  for (double h : m_h) sum += h;
  return sum * m_spacing * m_spacing;
}

void HeightGrid::raise(int i, int j, double dh) {
  const std::size_t k = index(i, j);
  m_h[k] += dh;
  m_rft[k] = m_h[k];
  touch(i, j);
  m_changed.add(i, j);
  m_rftWritten.add(i, j);
}

void HeightGrid::update(const std::vector<GridPlate>& plates) {
  // 1. press: the deepest plate per node, at or below the node.
  std::vector<std::size_t> pressedNow;
  for (std::size_t p = 0; p < plates.size(); ++p) {
    const Eigen::Vector3d& c = plates[p].centroid;
    const double u = (c.x() - m_x0) / m_spacing, v = (c.y() - m_y0) / m_spacing;
    if (!coversCell(u, v)) continue;
    const int i = nearestNode(u), j = nearestNode(v);
    const std::size_t k = index(i, j);
    // At rest on its own footprint a plate sits exactly at the node's height: it still
    // presses it (else the node would be released under a standing foot); a node already
    // pressed is kept by a plate that rose a little (height_grid.h).
    const double reach = m_pressed[k] ? kReleaseFraction * m_spacing : kContactTolerance;
    if (!(c.z() <= m_h[k] + reach) || !(c.z() < m_target[k])) continue;
    if (m_deepest[k] < 0) pressedNow.push_back(k);
    m_target[k] = std::min(c.z(), m_h[k]);
    m_deepest[k] = static_cast<int>(p);
  }
  // A node pressed now keeps, for RFT, the height its press started from; a node released
  // now shows the sand surface again.
  std::sort(pressedNow.begin(), pressedNow.end());  // raster order, as the sweeps
  for (std::size_t k : pressedNow)
    if (!m_pressed[k]) {
      m_rft[k] = m_h[k];
      m_rftWritten.add(static_cast<int>(k % m_nx), static_cast<int>(k / m_nx));
    }
  for (std::size_t k : m_pressedList) {
    m_pressed[k] = 0;
    touch(static_cast<int>(k % m_nx), static_cast<int>(k / m_nx));  // released, or pressed again below
  }
  for (std::size_t k : pressedNow) m_pressed[k] = 1;
  // Released nodes join this step's changes: their walls may now slide.
  m_changed = m_imprinted;
  m_imprinted = Box{};
  for (std::size_t k : m_pressedList)
    if (!m_pressed[k]) {
      m_rft[k] = m_h[k];
      m_changed.add(static_cast<int>(k % m_nx), static_cast<int>(k / m_nx));
      m_rftWritten.add(static_cast<int>(k % m_nx), static_cast<int>(k / m_nx));
    }
  m_pressedList = pressedNow;

  // 2. bulldoze: lower each pressed node and put what it held in front of the plate.
  for (std::size_t k : pressedNow) {
    const int i = static_cast<int>(k % m_nx), j = static_cast<int>(k / m_nx);
    const double removed = (m_h[k] - m_target[k]) * m_spacing * m_spacing;
    m_depth[k] += m_target[k] - m_h[k];  // the footprint's permanent depth
    m_h[k] = m_target[k];
    m_changed.add(i, j);
    touch(i, j);
    deposit(i, j, removed, plates[m_deepest[k]].velocity);
    m_target[k] = std::numeric_limits<double>::infinity();
    m_deepest[k] = -1;
  }

  // 3. slide where steeper than repose.
  slide();
  // Nodes imprinted since the last update were held under their wheel through this
  // slide; released now, they slide from the next update on unless imprinted again.
  for (std::size_t k : m_heldList) {
    m_held[k] = 0;
    touch(static_cast<int>(k % m_nx), static_cast<int>(k / m_nx));
    m_imprinted.add(static_cast<int>(k % m_nx), static_cast<int>(k / m_nx));
  }
  m_heldList.clear();
  refreshTiles(m_rftWritten);
  m_rftWritten = Box{};
  // Every node lies in a tile (with its border), so the tiles' maximum is the grid's.
  m_maxHeight = *std::max_element(m_tileMax.begin(), m_tileMax.end());
}

void HeightGrid::deposit(int i, int j, double volume, const Eigen::Vector3d& velocity) {
  const double cellArea = m_spacing * m_spacing;
  auto freeNode = [&](int a, int b) {
    return a >= 0 && b >= 0 && a < m_nx && b < m_ny && !m_pressed[index(a, b)] && !m_held[index(a, b)];
  };
  const double vh = std::hypot(velocity.x(), velocity.y());
  if (vh > kBulldozeSpeed) {
    // In front: the first free node along the plate's horizontal motion.
    const int di = static_cast<int>(std::lround(velocity.x() / vh)),
              dj = static_cast<int>(std::lround(velocity.y() / vh));
    for (int a = i + di, b = j + dj; a >= 0 && b >= 0 && a < m_nx && b < m_ny; a += di, b += dj)
      if (freeNode(a, b)) {
        raise(a, b, volume / cellArea);
        return;
      }
  }
  // Straight down (or nothing free ahead): shared among the free nodes of the nearest
  // square ring around the node that has any, so the interior of a wide foot pushes its
  // sand out to the rim.
  for (int r = 1; r <= kMaxRimRadius; ++r) {
    int free = 0;
    for (int b = j - r; b <= j + r; ++b)
      for (int a = i - r; a <= i + r; ++a)
        if (std::max(std::abs(a - i), std::abs(b - j)) == r && freeNode(a, b)) ++free;
    if (free == 0) continue;
    for (int b = j - r; b <= j + r; ++b)
      for (int a = i - r; a <= i + r; ++a)
        if (std::max(std::abs(a - i), std::abs(b - j)) == r && freeNode(a, b)) raise(a, b, volume / (free * cellArea));
    return;
  }
  m_h[index(i, j)] += volume / cellArea;      // nowhere to go: the node keeps its sand
  m_depth[index(i, j)] += volume / cellArea;  // and is not lowered
  touch(i, j);
}

void HeightGrid::touch(int i, int j) {
  // The pairs (i - 1, i) and (i, i + 1) of row j, and (i, j - 1)-(i, j) of row j - 1.
  m_chunkChanged[chunkIndex(j, i / kSlideChunk)] = 1;
  if (i > 0) m_chunkChanged[chunkIndex(j, (i - 1) / kSlideChunk)] = 1;
  if (j > 0) m_chunkChanged[chunkIndex(j - 1, i / kSlideChunk)] = 1;
}

bool HeightGrid::chunkAtRest(int j, int chunk) {
  const int i0 = chunk * kSlideChunk, i1 = std::min(m_nx, i0 + kSlideChunk) - 1;
  auto steep = [&](std::size_t a, std::size_t b) {
    return std::fabs(m_h[a] - m_h[b]) > m_maxStep && !m_pressed[a] && !m_pressed[b] && !m_held[a] && !m_held[b];
  };
  for (int i = i0; i <= i1; ++i) {
    if (i + 1 < m_nx && steep(index(i, j), index(i + 1, j))) return false;
    if (j + 1 < m_ny && steep(index(i, j), index(i, j + 1))) return false;
  }
  m_chunkChanged[chunkIndex(j, chunk)] = 0;
  return true;
}

void HeightGrid::slide() {
  Box box = m_unsettled;
  if (!m_changed.empty()) box.add(m_changed.i0, m_changed.j0), box.add(m_changed.i1, m_changed.j1);
  Box moved;
  auto relax = [&](int ia, int ja, int ib, int jb) {
    const std::size_t a = index(ia, ja), b = index(ib, jb);
    if (m_pressed[a] || m_pressed[b] || m_held[a] || m_held[b]) return;
    const double d = m_h[a] - m_h[b];
    if (std::fabs(d) <= m_maxStep) return;
    const double move = (std::fabs(d) - m_maxStep) / 2 * (d > 0 ? 1 : -1);
    m_h[a] -= move;
    m_h[b] += move;
    m_rft[a] = m_h[a];
    m_rft[b] = m_h[b];
    moved.add(ia, ja), moved.add(ib, jb);
    m_rftWritten.add(ia, ja), m_rftWritten.add(ib, jb);
    touch(ia, ja), touch(ib, jb);
  };
  for (int sweep = 0; sweep < kSlideSweeps && !box.empty(); ++sweep) {
    // One node wider than what changed: its neighbours are the pairs that may now be steep.
    const int i0 = std::max(0, box.i0 - 1), i1 = std::min(m_nx - 1, box.i1 + 1);
    const int j0 = std::max(0, box.j0 - 1), j1 = std::min(m_ny - 1, box.j1 + 1);
    moved = Box{};
    for (int j = j0; j <= j1; ++j) {
      // A row whose pairs are all at rest changes nothing: skipping it is the same sweep.
      bool atRest = true;
      for (int c = i0 / kSlideChunk; c <= i1 / kSlideChunk && atRest; ++c)
        atRest = !m_chunkChanged[chunkIndex(j, c)] || chunkAtRest(j, c);
      if (atRest) continue;
      for (int i = i0; i <= i1; ++i) {
        if (i + 1 <= i1) relax(i, j, i + 1, j);
        if (j + 1 <= j1) relax(i, j, i, j + 1);
      }
    }
    box = moved;
  }
  m_unsettled = box;
}

namespace {

// Appends and takes back values of a grid's state row (HeightGrid::saveState): counts,
// indices and flags are integers far below 2^53, so they are exact in a double.
struct GridStateWriter {
  std::vector<double>& row;
  template <typename T>
  void values(const std::vector<T>& v) {
    for (const T& x : v) row.push_back(static_cast<double>(x));
  }
  template <typename T>
  void list(const std::vector<T>& v) {
    row.push_back(static_cast<double>(v.size()));
    values(v);
  }
};

struct GridStateReader {
  const std::vector<double>& row;
  std::size_t at = 0;
  double next() {
    if (at >= row.size()) throw std::invalid_argument("deforming surface state: shorter than this grid's");
    return row[at++];
  }
  template <typename T>
  void values(std::vector<T>& v) {
    for (T& x : v) x = static_cast<T>(next());
  }
  template <typename T>
  void list(std::vector<T>& v) {
    v.resize(static_cast<std::size_t>(next()));
    values(v);
  }
};

}  // namespace

std::vector<double> HeightGrid::saveState() const {
  std::vector<double> row;
  GridStateWriter w{row};
  row.insert(row.end(), {static_cast<double>(m_nx), static_cast<double>(m_ny)});
  w.values(m_h), w.values(m_rft), w.values(m_depth), w.values(m_trace), w.values(m_pressed);
  w.list(m_pressedList);
  w.values(m_target), w.values(m_deepest), w.values(m_held);
  w.list(m_heldList);
  for (const Box* b : {&m_changed, &m_imprinted, &m_unsettled, &m_rftWritten})
    row.insert(row.end(), {double(b->i0), double(b->j0), double(b->i1), double(b->j1)});
  w.values(m_tileMax), w.values(m_chunkChanged);
  row.push_back(m_maxHeight);
  return row;
}

void HeightGrid::restoreState(const std::vector<double>& state) {
  GridStateReader r{state};
  if (state.size() < 2 || r.next() != m_nx || r.next() != m_ny)
    throw std::invalid_argument("deforming surface state: saved for another grid (not " + std::to_string(m_nx) + " x " +
                                std::to_string(m_ny) + " nodes)");
  r.values(m_h), r.values(m_rft), r.values(m_depth), r.values(m_trace), r.values(m_pressed);
  r.list(m_pressedList);
  r.values(m_target), r.values(m_deepest), r.values(m_held);
  r.list(m_heldList);
  for (Box* b : {&m_changed, &m_imprinted, &m_unsettled, &m_rftWritten}) {
    b->i0 = static_cast<int>(r.next()), b->j0 = static_cast<int>(r.next());
    b->i1 = static_cast<int>(r.next()), b->j1 = static_cast<int>(r.next());
  }
  r.values(m_tileMax), r.values(m_chunkChanged);
  m_maxHeight = r.next();
  if (r.at != state.size()) throw std::invalid_argument("deforming surface state: longer than this grid's");
}

}  // namespace regolith::robots
