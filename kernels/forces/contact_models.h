// The contact-force models and the per material-pair parameters they read. A model is one
// header (kernels/forces/hertz_mindlin.h, kernels/forces/linear_spring_dashpot.h) that owns everything
// about it: its formula (`evaluate`), its share of the pair parameters (`Pair`), its
// settings (`Settings`: the parameters a scene gives it in /contact, with their scene keys,
// bounds and which are required in `kSettingKeys`, kernels/forces/contact_setting_key.h; an empty
// struct for a model without any), how it mixes its share from two materials and its
// settings (`mix`, `setRestitution`), the settings of its golden reference case
// (`kReferenceSettings`) and its name in scene files (`kName`). This file is the table: one
// row per model below (its ContactModelKind and its place in ContactModels, in the same
// order), from which it composes PairParams and ContactSettings and which everything else
// loops over. The pair table is precomputed on the host (core/material.cpp,
// buildPairTable) and read on the device, one flat table indexed a * n + b.
#pragma once

#include <string>
#include <type_traits>

#include "kernels/forces/contact_setting_key.h"
#include "kernels/backend/hd.h"
#include "kernels/forces/hertz_mindlin.h"
#include "kernels/forces/linear_spring_dashpot.h"

namespace regolith {

template <class... Models>
struct ContactModelList {};

// ---- the table: one row per model ----
enum class ContactModelKind : int { HertzMindlin = 0, LinearSpringDashpot = 1 };
using ContactModels = ContactModelList<HertzMindlin, LinearSpringDashpot>;
// ----
// The model of a scene or Model that names none.
inline constexpr ContactModelKind kDefaultContactModel = ContactModelKind::HertzMindlin;

// What every model reads of a pair besides its own share.
struct PairCommon {
  Real friction = 0;           // Coulomb mu
  Real rollingResistance = 0;  // Crr (dimensionless)
  Real pullOff = 0;            // cohesion's pull-off per unit R*, 2 pi w [N/m] (kernels/forces/cohesion.h)
  Real restitution = 1;        // e, kept for reporting
};

template <class... Models>
struct PairParamsOf : PairCommon, Models::Pair... {};
template <class... Models>
PairParamsOf<Models...> pairParamsFor(ContactModelList<Models...>);
// Per material-pair contact parameters: every model's share and the common ones.
using PairParams = decltype(pairParamsFor(ContactModels()));

template <class... Models>
struct ContactSettingsOf : Models::Settings... {};
template <class... Models>
ContactSettingsOf<Models...> contactSettingsFor(ContactModelList<Models...>);
// Every model's settings (each model's `Settings` a base; core::Model holds one): a scene
// gives them all in /contact, whichever model it selects.
using ContactSettings = decltype(contactSettingsFor(ContactModels()));

// Model M's own settings within s.
template <class M>
typename M::Settings& settingsOf(ContactSettings& s) {
  return s;
}
template <class M>
const typename M::Settings& settingsOf(const ContactSettings& s) {
  return s;
}

// Calls f(M()) for every model M of the table, in table order.
template <class F, class... Models>
void forEachContactModel(F&& f, ContactModelList<Models...>) {
  (f(Models()), ...);
}
template <class F>
void forEachContactModel(F&& f) {
  forEachContactModel(f, ContactModels());
}

// Model M's row in the table.
template <class M, class... Models>
constexpr ContactModelKind contactModelKindIn(ContactModelList<Models...>) {
  constexpr bool same[] = {std::is_same_v<M, Models>...};
  int row = 0;
  while (!same[row]) ++row;
  return ContactModelKind(row);
}
template <class M>
constexpr ContactModelKind contactModelKind() {
  return contactModelKindIn<M>(ContactModels());
}

// The scene name (`kName`) of a model of the table.
inline std::string contactModelName(ContactModelKind kind) {
  std::string name;
  forEachContactModel([&](auto m) {
    if (contactModelKind<decltype(m)>() == kind) name = decltype(m)::kName;
  });
  return name;
}

// Every model's share of p for the material pair m, each from its own settings (host;
// then setContactRestitution).
template <class MaterialPair, class... Models>
void mixContactModels(PairParams& p, const MaterialPair& m, const ContactSettings& s, ContactModelList<Models...>) {
  (Models::mix(p, m, settingsOf<Models>(s)), ...);
}
// p's restitution, and what each model derives from it (host).
template <class... Models>
void setContactRestitution(PairParams& p, double e, ContactModelList<Models...>) {
  p.restitution = Real(e);
  (Models::setRestitution(p, e), ...);
}

// What is wrong with the settings of the model `kind` (its keys out of their bounds,
// kernels/forces/contact_setting_key.h), or "" if nothing. Only the selected model's settings
// matter: the others' go into the pair table too, but no force reads them.
inline std::string contactSettingsProblem(const ContactSettings& s, ContactModelKind kind) {
  std::string problem;
  forEachContactModel([&](auto m) {
    using M = decltype(m);
    if (contactModelKind<M>() != kind) return;
    for (const auto& k : M::kSettingKeys) {
      const double value = settingsOf<M>(s).*k.member;
      if (!problem.empty() || contactSettingInRange(k, value)) continue;
      problem = std::string("contact model ") + M::kName + ": " + k.symbol + " (" + k.key +
                ") = " + contactSettingText(value) + ", expected " + contactSettingRange(k);
    }
  });
  return problem;
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
