// The deforming sand surface under a robot: a height grid that remembers where it was
// pressed, moves the displaced sand in front of the plate that displaced it, and lets
// slopes steeper than the angle of repose slide.
//
// Nodes sit at (x0 + i spacing, y0 + j spacing); each stands for a square cell of area
// spacing^2, so the sand volume above z = 0 is V = spacing^2 sum h_ij. One update, given
// the plates of this step (world centroids and velocities):
//  1. press: each plate over the grid whose centroid is below its nearest node (or within
//     kContactTolerance above it: a foot standing in its own footprint) presses that node
//     and lowers it to the plate (the deepest plate of a node wins). A node pressed in the
//     previous step stays pressed while a plate is within kReleaseFraction spacing above
//     it: a foot that rocks or eases off a little in its footprint keeps measuring its
//     depth from where it entered (the sand under it was compacted to carry that load;
//     reloading a plastic bed resumes there), while one lifted clear releases it. Like the permanent depth of
//     models/regression/trace_deformation.h, a footprint only deepens: nothing raises a
//     pressed node while it is pressed, and it stays lowered when the plate leaves.
//  2. bulldoze: the volume taken from a pressed node is put on the first node that is not
//     pressed this step, walking from it in the direction of the deepest plate's
//     horizontal velocity (rounded to one of the eight neighbours); a plate moving slower
//     than kBulldozeSpeed horizontally (straight down), or one with no free node ahead,
//     shares it among the free nodes of the nearest square ring around the node that has
//     any (a rim around the foot). When none is found within kMaxRimRadius nodes the
//     volume stays on the node: the node is then not lowered.
//  3. slide: a few Gauss-Seidel sweeps over the 4-neighbour pairs of free nodes move half
//     the excess of any height difference above spacing tan(repose angle) downhill. The
//     sweeps cover the nodes this step changed and where earlier sweeps still moved sand,
//     one node wider per sweep: the rest of the grid is already at rest.
// Each step moves volume between nodes and never creates or destroys it: V is conserved
// to rounding (HeightGrid.ConservesVolumeUnderBulldozing).
//
// Footprints and ruts (models/regression/trace_deformation.h): each node also keeps a
// permanent depth d <= 0 and a transient trace w, the sand surface h being the reference
// surface r plus both (r = h - d - w, the surface had nothing pressed or imprinted it).
// A press lowers h and d together (r stays); sand deposited or slid onto a node raises h
// and r (loose sand on top). imprint() applies the trace rule of Kern et al. to a node:
// the permanent depth only deepens, the trace is replaced (a wheel's grouser pattern; a
// plate's press leaves none). A rut's volume is compaction, not displacement: an imprint
// changes V by spacing^2 (dd + dw) and moves no sand (HeightGrid.ImprintFollowsTheTraceRule).
// Through the next update an imprinted node is held like a pressed one (no sand slides to
// or from it, none is deposited on it): it is under its wheel.
//
// The surface RFT sees (rftHeightAt): a node pressed since the previous step keeps the
// height it had when its press began, so a plate that sinks keeps measuring its depth from
// the sand it entered (the lowered node under it would otherwise give it zero depth, and
// no support); once released, the node's lowered height is the surface, the footprint.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace regolith::robots {

// One node's imprint (HeightGrid::imprint): depth d <= 0 below the reference surface and
// trace w, both [m] (trace_deformation.h).
struct GridImprint {
  int i = 0, j = 0;
  double depth = 0, trace = 0;
};

struct GridPlate {
  Eigen::Vector3d centroid;  // world [m]
  Eigen::Vector3d velocity;  // world [m/s]
};

class HeightGrid {
 public:
  // nx, ny >= 2 nodes, spacing > 0, repose angle in (0, 90) degrees given in radians;
  // heights row-major (heights[j nx + i]), finite (std::invalid_argument otherwise).
  HeightGrid(double x0, double y0, double spacing, int nx, int ny, std::vector<double> heights, double reposeAngle);

  static constexpr double kBulldozeSpeed = 1e-3;  // [m/s]
  static constexpr int kSlideSweeps = 4;
  static constexpr int kMaxRimRadius = 64;           // nodes searched outward for free ones
  static constexpr double kContactTolerance = 1e-6;  // [m] a plate this close above a node presses it
  static constexpr double kReleaseFraction = 0.25;   // of the spacing: how far a pressing plate may rise
  static constexpr int kTile = 4;                    // cells per side of a tile of rftBoundNear

  // One deformation step with this step's plates (plates off the grid are ignored).
  void update(const std::vector<GridPlate>& plates);

  // True when (x, y) lies within the grid's nodes.
  bool covers(double x, double y) const { return coversCell((x - m_x0) / m_spacing, (y - m_y0) / m_spacing); }
  // The sand surface (bilinear between nodes, clamped to the grid).
  double heightAt(double x, double y) const;
  // The surface RFT depths are measured from (the press-start height of pressed nodes).
  double rftHeightAt(double x, double y) const;
  // rftHeightAt where the grid covers (x, y), nullopt elsewhere: covers() and
  // rftHeightAt() with the cell coordinates divided out once (the same numbers).
  std::optional<double> rftHeightIfCovered(double x, double y) const {
    const double u = (x - m_x0) / m_spacing, v = (y - m_y0) / m_spacing;
    if (!coversCell(u, v)) return std::nullopt;
    return bilinear(m_rft, u, v);
  }
  // An upper bound of rftHeightAt near (x, y), from the maxima of tiles of kTile x kTile
  // cells (+inf near the grid's edge): a plate above it is above the sand there, which
  // costs a multiplication and a load to know rather than a bilinear lookup.
  double rftBoundNear(double x, double y) const {
    const double u = (x - m_x0) * m_inverseSpacing, v = (y - m_y0) * m_inverseSpacing;
    // One cell inside the edge: the tile's one-node border then holds the four nodes of
    // the cell that rftHeightAt's rounding picks.
    if (!(u >= 1 && v >= 1 && u < m_nx - 2 && v < m_ny - 2)) return std::numeric_limits<double>::infinity();
    return m_tileMax[tileIndex(static_cast<int>(u) / kTile, static_cast<int>(v) / kTile)];
  }

  // Imprints (a wheel's rut) at nodes of the grid, applied in order by the trace rule
  // (trace_deformation.h). Their nodes slide with the next update's; the tile maxima are
  // refreshed at once. std::out_of_range for a node outside the grid, std::invalid_argument
  // for a non-finite depth or trace (nothing applied).
  void imprint(const std::vector<GridImprint>& imprints);
  // The reference surface r = h - d - w at (x, y) (bilinear, clamped to the grid): where
  // the sand would be had nothing pressed or imprinted it; sand since deposited on a node
  // counts (footprints and ruts are compaction under it).
  double referenceHeightAt(double x, double y) const;
  double permanentDepth(int i, int j) const { return m_depth[index(i, j)]; }
  double trace(int i, int j) const { return m_trace[index(i, j)]; }
  const std::vector<double>& permanentDepths() const { return m_depth; }
  const std::vector<double>& traces() const { return m_trace; }

  double volume() const;  // spacing^2 sum h [m^3]
  // The highest node of the surface RFT sees, as of the last update: no node of it or of
  // the sand surface (never above it) is higher. Exact, from the tile maxima: a bound
  // that only rose kept a deposit's height after the deposit slid away (on the hexapod,
  // 12.6 cm against 2.5 cm of sand), and every plate below it was evaluated.
  double maxHeight() const { return m_maxHeight; }
  int nx() const { return m_nx; }
  int ny() const { return m_ny; }
  double x0() const { return m_x0; }
  double y0() const { return m_y0; }
  double spacing() const { return m_spacing; }
  const std::vector<double>& heights() const { return m_h; }
  double node(int i, int j) const { return m_h[index(i, j)]; }
  bool pressed(int i, int j) const { return m_pressed[index(i, j)] != 0; }

  // Everything an update leaves for the next (heights, the RFT view, depths, traces, the
  // pressed and held nodes, the boxes and tiles and chunks that bound the next update's
  // work), as one row of numbers, for a robot run's checkpoint: a grid restored from it
  // updates as the saved one would, to the bit.
  std::vector<double> saveState() const;
  // Throws std::invalid_argument for a state of another grid (its size does not match).
  void restoreState(const std::vector<double>& state);

 private:
  // Nodes [i0, i1] x [j0, j1]; empty when i0 > i1.
  struct Box {
    int i0 = 1, j0 = 1, i1 = 0, j1 = 0;
    bool empty() const { return i0 > i1 || j0 > j1; }
    void add(int i, int j) {
      if (empty()) {
        i0 = i1 = i, j0 = j1 = j;
        return;
      }
      i0 = std::min(i0, i), i1 = std::max(i1, i), j0 = std::min(j0, j), j1 = std::max(j1, j);
    }
  };
  // Cell coordinates (u, v) within the grid's nodes.
  bool coversCell(double u, double v) const { return u >= 0 && v >= 0 && u <= m_nx - 1 && v <= m_ny - 1; }
  // Slide bookkeeping in chunks of kSlideChunk nodes of a row: a chunk is at rest when no
  // free pair whose first node (left, or below) lies in it is steeper than repose. A
  // chunk checked at rest stays so until one of its pairs' nodes changes (touch), so a
  // sweep passes over such chunks without looking at their nodes.
  static constexpr int kSlideChunk = 16;
  void touch(int i, int j);            // node (i, j) changed height or was released
  bool chunkAtRest(int j, int chunk);  // checks a chunk marked changed, records the answer
  std::size_t chunkIndex(int j, int chunk) const { return static_cast<std::size_t>(j) * m_chunksX + chunk; }
  std::size_t index(int i, int j) const { return static_cast<std::size_t>(j) * m_nx + i; }
  double interpolate(const std::vector<double>& h, double x, double y) const;
  // Bilinear in h at cell coordinates (u, v) within [0, nx - 1] x [0, ny - 1].
  double bilinear(const std::vector<double>& h, double u, double v) const {
    const int i = std::min(static_cast<int>(u), m_nx - 2), j = std::min(static_cast<int>(v), m_ny - 2);
    const double fu = u - i, fv = v - j;
    const double h00 = h[index(i, j)], h10 = h[index(i + 1, j)];
    const double h01 = h[index(i, j + 1)], h11 = h[index(i + 1, j + 1)];
    return (1 - fv) * ((1 - fu) * h00 + fu * h10) + fv * ((1 - fu) * h01 + fu * h11);
  }
  std::size_t tileIndex(int ti, int tj) const { return static_cast<std::size_t>(tj) * m_tilesX + ti; }
  // The maxima of m_rft over the tiles that meet box (each tile with a one-node border).
  void refreshTiles(const Box& box);
  void raise(int i, int j, double dh);  // a free node gains sand (surface and RFT view)
  void deposit(int i, int j, double volume, const Eigen::Vector3d& velocity);
  void slide();

  double m_x0, m_y0, m_spacing;
  int m_nx, m_ny;
  double m_maxStep;                     // spacing tan(repose)
  std::vector<double> m_h;              // sand surface
  std::vector<double> m_rft;            // the surface RFT sees
  std::vector<double> m_depth;          // permanent depth d <= 0 (presses, imprints)
  std::vector<double> m_trace;          // transient trace w (imprints)
  std::vector<std::uint8_t> m_pressed;  // pressed this step
  // Work lists, so a step costs what the plates touch, not the whole grid.
  std::vector<std::size_t> m_pressedList;  // the nodes of m_pressed
  std::vector<double> m_target;            // per node, +inf unless pressed now
  std::vector<int> m_deepest;              // per node, -1 unless pressed now
  Box m_changed;                           // nodes changed this step
  Box m_imprinted;                         // nodes imprinted (or released from it) since the last update
  // Nodes imprinted since the last update: under a wheel, neither sliding nor receiving
  // sand in that update (as pressed nodes), so the rut under a wheel is its rim's.
  std::vector<std::uint8_t> m_held;
  std::vector<std::size_t> m_heldList;
  Box m_unsettled;   // where the last sweep still moved sand
  Box m_rftWritten;  // nodes whose m_rft this step wrote
  double m_inverseSpacing;
  int m_tilesX, m_tilesY;
  std::vector<double> m_tileMax;  // per tile, the highest m_rft of its nodes and border
  int m_chunksX;
  std::vector<std::uint8_t> m_chunkChanged;  // per row chunk, 1 unless known at rest
  double m_maxHeight;                        // the highest m_rft
};

}  // namespace regolith::robots
