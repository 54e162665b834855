// The contact-force models and the per material-pair parameters they read. A model is one
// header (kernels/hertz_mindlin.h, kernels/linear_spring_dashpot.h): its formula, its share
// of the pair parameters (`Pair`), how it mixes them from two materials (`mix`,
// `setRestitution`) and its name in scene files (`kName`). This file is the table: one row
// per model below (its ContactModelKind and its place in ContactModels, in the same
// order), so a third model is its header plus that row. The pair table is precomputed on
// the host (core/material.cpp, buildPairTable) and read on the device, one flat table
// indexed a * n + b.
#pragma once

#include <string>

#include "kernels/hd.h"
#include "kernels/hertz_mindlin.h"
#include "kernels/linear_spring_dashpot.h"

namespace regolith {

template <class... Models>
struct ContactModelList {};

// ---- the table: one row per model ----
enum class ContactModelKind : int { HertzMindlin = 0, LinearSpringDashpot = 1 };
using ContactModels = ContactModelList<HertzMindlin, LinearSpringDashpot>;
// ----

// What every model reads of a pair besides its own share.
struct PairCommon {
  Real friction = 0;           // Coulomb mu
  Real rollingResistance = 0;  // Crr (dimensionless)
  Real restitution = 1;        // e, kept for reporting
};

template <class... Models>
struct PairParamsOf : PairCommon, Models::Pair... {};
template <class... Models>
PairParamsOf<Models...> pairParamsFor(ContactModelList<Models...>);
// Per material-pair contact parameters: every model's share and the common ones.
using PairParams = decltype(pairParamsFor(ContactModels()));

// Every model's share of p for the material pair m (host; then setContactRestitution).
template <class MaterialPair, class... Models>
void mixContactModels(PairParams& p, const MaterialPair& m, ContactModelList<Models...>) {
  (Models::mix(p, m), ...);
}
// p's restitution, and what each model derives from it (host).
template <class... Models>
void setContactRestitution(PairParams& p, double e, ContactModelList<Models...>) {
  p.restitution = Real(e);
  (Models::setRestitution(p, e), ...);
}

// The model a scene names (its `kName`); false if no model has that name.
template <class... Models>
bool contactModelNamed(const std::string& name, ContactModelKind& kind, ContactModelList<Models...>) {
  const char* const names[] = {Models::kName...};
  for (int i = 0; i < int(sizeof...(Models)); ++i)
    if (name == names[i]) {
      kind = ContactModelKind(i);
      return true;
    }
  return false;
}

}  // namespace regolith
