// What every study shares (studies/study.cpp): finding the body a study drives and the
// values it derives, when it builds itself into a scene; reading a run's series and frames
// into metrics JSON, when it measures a run. The studies themselves are
// studies/<kind>/<kind>_study.cpp, listed in studies/study_table.cpp. Used inside studies/,
// and by `regolith metrics` for a robot run's metrics JSON (quantity).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "core/motion_rule.h"
#include "io/run_file/run_file.h"
#include "postprocess/series_window.h"
#include "scenes/build.h"
#include "studies/study_table.h"

namespace regolith::scene {

// ---- building: the body a study moves ----

// The body a study moves: named at /study/<bodyKey>, with a family of the scene's own whose
// phases all start before /study/<startKey>, and its radius (/study/radius, or the shape's
// own when it is a generated `shapeKind`; no radius when shapeKind is null). With a
// `requiredKind` the body's shape must be of that kind. The study's phases go last in that
// family.
struct DrivenBody {
  const Json* body = nullptr;
  std::size_t jsonIndex = 0;  // in /bodies
  Index owner = -1;
  FamilyMotion* motion = nullptr;
  double radius = 0, start = 0;
};

std::optional<DrivenBody> drivenBodyOf(BuildContext& c, const char* bodyKey, const char* startKey,
                                       const char* shapeKind, const char* requiredKind = nullptr);

// The angle at `pointer`, given in degrees, in radians.
double degreesAt(const BuildContext& c, const char* pointer);
Json gravityJson(const Vec3& g);
double ownerMass(BuildContext& c, Index owner);

// ---- measuring: metrics JSON from a run file ----

// A value with its unit; NaN and infinity (an efficiency at zero torque) become null,
// which JSON can hold.
Json quantity(double value, const char* unit);
Json windowJson(const postprocess::TimeWindow& w);

// The frame nearest to time t (frames are written at step multiples, so the one "at" a
// phase start may be half a step after it).
std::size_t frameAt(const RunFileReader& run, double t);

// The bed's undisturbed surface: the study's surface_height, or measured on the frame
// nearest `time` (one taken before the body touches the bed); the height and the rule.
Json surfaceOf(const RunFileReader& run, const Json& study, double time);

}  // namespace regolith::scene
