// Generated wheel, ring and plate meshes; see mesh_generators.h. Every face is written
// counter-clockwise seen from outside; the tests check that checkMesh turns none.
#include "core/mesh_generators.h"

#include <cstdio>
#include <stdexcept>
#include <string>

namespace regolith {
namespace {

using Point2 = std::array<double, 2>;  // (x, z)

// Fillet arcs are short (a few mm), so 15 degrees a chord keeps them within 1% of their
// radius (1 - cos 7.5 deg), far below a grain's size.
constexpr double kFilletChordAngle = 15.0 * M_PI / 180;

void require(bool ok, const std::string& what, const std::string& parameter, double value, const std::string& rule) {
  if (ok) return;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", value);
  throw std::invalid_argument(what + ": " + parameter + " " + rule + " (got " + buf + ")");
}

// How many chords of at most maxAngle an arc of `angle` needs (at least `least`).
int chords(double angle, double maxAngle, int least) {
  return std::max(least, static_cast<int>(std::ceil(angle / maxAngle - 1e-9)));
}

void addQuad(TriangleMesh& m, Index a, Index b, Index c, Index d) {  // counter-clockwise
  m.triangles.push_back({a, b, c});
  m.triangles.push_back({a, c, d});
}

// A point given in the frame of a grouser at angle theta: s along its centre line, t across.
Point2 local(double theta, double s, double t) {
  const double c = std::cos(theta), sn = std::sin(theta);
  return {s * c - t * sn, s * sn + t * c};
}

void appendArc(std::vector<Point2>& out, double r, double from, double to, int segments) {
  for (int j = 1; j < segments; ++j) {  // interior points only: the ends belong to the grousers
    const double a = from + (to - from) * j / segments;
    out.push_back({r * std::cos(a), r * std::sin(a)});
  }
}

// The annular prism between radii rIn < rOut over angles [from, to] in `segments` chords;
// `whole`: the full circle, closed on itself, else a sector with radial end faces.
TriangleMesh annulus(double rOut, double rIn, double width, double from, double to, int segments, bool whole) {
  TriangleMesh m;
  const int points = whole ? segments : segments + 1;
  for (int j = 0; j < points; ++j) {  // per angle: outer bottom, outer top, inner bottom, inner top
    const double a = from + (to - from) * j / segments, c = std::cos(a), s = std::sin(a);
    for (const double r : {rOut, rIn})
      for (const double y : {-0.5 * width, 0.5 * width}) m.vertices.emplace_back(r * c, y, r * s);
  }
  for (int j = 0; j < segments; ++j) {
    const Index p = 4 * j, q = 4 * ((j + 1) % points);
    addQuad(m, p, p + 1, q + 1, q);          // outer wall
    addQuad(m, p + 2, q + 2, q + 3, p + 3);  // inner wall, facing the axis
    addQuad(m, p, q, q + 2, p + 2);          // bottom end (y = -width/2)
    addQuad(m, p + 1, p + 3, q + 3, q + 1);  // top end
  }
  if (!whole) {
    const Index e = 4 * segments;
    addQuad(m, 2, 3, 1, 0);              // the radial face at `from`
    addQuad(m, e + 2, e, e + 1, e + 3);  // and at `to`
  }
  return m;
}

void checkRing(const RingSpec& s) {
  const std::string what = "ring";
  require(s.radius > 0 && std::isfinite(s.radius), what, "radius", s.radius, "must be > 0");
  require(s.width > 0 && std::isfinite(s.width), what, "width", s.width, "must be > 0");
  require(s.thickness > 0 && s.thickness < s.radius, what, "thickness", s.thickness,
          "must be > 0 and less than the radius");
  require(s.maxFacetAngle > 0 && s.maxFacetAngle <= 2 * M_PI / 3, what, "maxFacetAngle", s.maxFacetAngle,
          "must be in (0, 2 pi / 3] rad");
}

}  // namespace

std::vector<Point2> wheelSection(const WheelSpec& s) {
  const std::string what = "wheel";
  require(s.radius > 0 && std::isfinite(s.radius), what, "radius", s.radius, "must be > 0");
  require(s.width > 0 && std::isfinite(s.width), what, "width", s.width, "must be > 0");
  require(s.grousers >= 0, what, "grousers", s.grousers, "must be >= 0");
  require(s.grouserHeight >= 0 && std::isfinite(s.grouserHeight), what, "grouserHeight", s.grouserHeight,
          "must be >= 0");
  require(s.segmentsPerArc >= 0, what, "segmentsPerArc", s.segmentsPerArc, "must be >= 0 (0: from maxFacetAngle)");
  require(s.maxFacetAngle > 0 && s.maxFacetAngle <= 2 * M_PI / 3, what, "maxFacetAngle", s.maxFacetAngle,
          "must be in (0, 2 pi / 3] rad");
  require(s.filletRadius >= 0 && std::isfinite(s.filletRadius), what, "filletRadius", s.filletRadius, "must be >= 0");
  const double R = s.radius, H = s.grouserHeight, T = s.grouserThickness, f = s.filletRadius;
  std::vector<Point2> section;

  if (s.grousers == 0 || H == 0) {  // a plain cylinder
    const int n = s.segmentsPerArc > 0 ? std::max(3, s.segmentsPerArc) : chords(2 * M_PI, s.maxFacetAngle, 3);
    for (int i = 0; i < n; ++i) section.push_back({R * std::cos(2 * M_PI * i / n), R * std::sin(2 * M_PI * i / n)});
    return section;
  }

  const int N = s.grousers;
  require(T > 0 && T < R, what, "grouserThickness", T, "must be > 0 and less than the radius");
  require(N * T < 2 * M_PI * R, what, "grousers", N,
          "times grouserThickness must be less than the rim's circumference");
  // Half the angle a grouser's root takes on the rim: where its sides (or the fillets
  // tangent to them and to the rim) meet the rim circle.
  double half = std::asin(T / (2 * R));
  double sideFoot = std::sqrt(R * R - T * T / 4);  // along the centre line, where a side leaves the rim
  std::vector<Point2> fillet;                      // the fillet before the grouser, rim to side, in its frame (t < 0)
  if (f > 0) {
    const double ct = T / 2 + f, cs = std::sqrt((R + f) * (R + f) - ct * ct);  // its centre (cs, -ct)
    require(cs < R + H, what, "filletRadius", f,
            "must leave part of the grouser's side straight (grouserHeight too small)");
    half = std::atan2(ct, cs);
    sideFoot = cs;
    // From the rim tangent point (towards the origin from the centre) to the side's (t = -T/2).
    const double from = std::atan2(ct, -cs), to = M_PI / 2;
    const int k = chords(from - to, kFilletChordAngle, 2);
    for (int j = 0; j <= k; ++j) {
      const double a = from + (to - from) * j / k;
      fillet.push_back({cs + f * std::cos(a), -ct + f * std::sin(a)});
    }
  }
  const double arc = 2 * M_PI / N - 2 * half;
  require(arc > 0, what, f > 0 ? "filletRadius" : "grouserThickness", f > 0 ? f : T,
          "leaves no rim between neighbouring grousers");
  const int m = s.segmentsPerArc > 0 ? s.segmentsPerArc : chords(arc, s.maxFacetAngle, 1);

  for (int k = 0; k < N; ++k) {
    const double theta = 2 * M_PI * k / N;
    if (f > 0) {
      for (const Point2& p : fillet) section.push_back(local(theta, p[0], p[1]));
    } else {
      section.push_back(local(theta, sideFoot, -T / 2));
    }
    section.push_back(local(theta, R + H, -T / 2));
    section.push_back(local(theta, R + H, T / 2));
    if (f > 0) {
      for (auto p = fillet.rbegin(); p != fillet.rend(); ++p) section.push_back(local(theta, (*p)[0], -(*p)[1]));
    } else {
      section.push_back(local(theta, sideFoot, T / 2));
    }
    appendArc(section, R, theta + half, theta + 2 * M_PI / N - half, m);
  }
  return section;
}

TriangleMesh grouserWheel(const WheelSpec& spec) {
  const std::vector<Point2> section = wheelSection(spec);
  const Index n = static_cast<Index>(section.size());
  const double y = 0.5 * spec.width;
  TriangleMesh m;
  for (const double side : {-y, y})  // bottom ring 0..n-1, top ring n..2n-1
    for (const Point2& p : section) m.vertices.emplace_back(p[0], side, p[1]);
  const Index bottom = 2 * n, top = 2 * n + 1;  // the caps' centres
  m.vertices.emplace_back(0.0, -y, 0.0);
  m.vertices.emplace_back(0.0, y, 0.0);
  for (Index i = 0; i < n; ++i) {
    const Index j = (i + 1) % n;
    addQuad(m, i, n + i, n + j, j);  // the wall along section edge i -> j
    m.triangles.push_back({bottom, i, j});
    m.triangles.push_back({top, n + j, n + i});
  }
  return m;
}

int ringFacets(const RingSpec& spec) {
  checkRing(spec);
  return chords(2 * M_PI, spec.maxFacetAngle, 3);
}

TriangleMesh ring(const RingSpec& spec) {
  return annulus(spec.radius, spec.radius - spec.thickness, spec.width, 0, 2 * M_PI, ringFacets(spec), true);
}

std::vector<TriangleMesh> ringSegments(const RingSpec& spec, int count, double gapAngle) {
  const int n = ringFacets(spec);
  require(count >= 1, "ring segments", "count", count, "must be >= 1");
  require(gapAngle >= 0 && gapAngle < 2 * M_PI / count, "ring segments", "gapAngle", gapAngle,
          "must be >= 0 and less than 2 pi / count");
  if (count == 1 && gapAngle == 0) return {ring(spec)};  // one sector would meet itself
  const double step = 2 * M_PI / count;
  const int m = chords(step - gapAngle, spec.maxFacetAngle, (n + count - 1) / count);
  std::vector<TriangleMesh> segments;
  for (int k = 0; k < count; ++k)
    segments.push_back(annulus(spec.radius, spec.radius - spec.thickness, spec.width, k * step + gapAngle / 2,
                               (k + 1) * step - gapAngle / 2, m, false));
  return segments;
}

TriangleMesh plate(const PlateSpec& spec) {
  const std::string what = "plate";
  require(spec.length > 0 && std::isfinite(spec.length), what, "length", spec.length, "must be > 0");
  require(spec.width > 0 && std::isfinite(spec.width), what, "width", spec.width, "must be > 0");
  require(spec.thickness > 0 && std::isfinite(spec.thickness), what, "thickness", spec.thickness, "must be > 0");
  TriangleMesh m;
  // Corner k has x, y, z on the + side where bit 0, 1, 2 of k is set.
  for (int k = 0; k < 8; ++k)
    m.vertices.emplace_back((k & 1 ? 0.5 : -0.5) * spec.length, (k & 2 ? 0.5 : -0.5) * spec.width,
                            (k & 4 ? 0.5 : -0.5) * spec.thickness);
  addQuad(m, 0, 2, 3, 1);  // -z: the face a plate pushed down leads with
  addQuad(m, 4, 5, 7, 6);  // +z
  addQuad(m, 0, 1, 5, 4);  // -y
  addQuad(m, 2, 6, 7, 3);  // +y
  addQuad(m, 0, 4, 6, 2);  // -x
  addQuad(m, 1, 3, 7, 5);  // +x
  return m;
}

}  // namespace regolith
