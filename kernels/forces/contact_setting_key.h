// How a force model declares the parameters a scene gives it in /contact (its `Settings`):
// one ContactSettingKey per scene key, in the model's `kSettingKeys` table
// (kernels/forces/contact_models.h). The table is data, not code, so the three places that need
// the keys read the same list without kernels/ knowing JSON: scenes/settings.cpp reads each
// key into its member, core/simulation.cpp checks the bounds of the selected model's keys
// (contactSettingsProblem), and a test holds scenes/scene.base.schema.json's /contact to it.
// A key's default is its member's initializer in the Settings struct.
#pragma once

#include <array>
#include <cstddef>
#include <cstdio>
#include <string>

namespace regolith {

// Every key has a lower bound (stiffnesses, dampings, energies: none is negative): the
// value must be >= it (AtLeast, the schema's "minimum") or > it (Above, "exclusiveMinimum").
enum class ContactBound { AtLeast, Above };

template <class Settings>
struct ContactSettingKey {
  const char* key;           // its name in the scene's /contact object, e.g. "normal_stiffness"
  double Settings::*member;  // where the value goes
  const char* symbol;        // in messages, e.g. "k_n"
  const char* unit;          // e.g. "N/m"
  double lowerBound;
  ContactBound bound;
  bool required;  // a scene that selects the model must give it (there is no usable default)
};

// A model's table (its kSettingKeys); N = 0 for a model without settings.
template <class Settings, std::size_t N>
using ContactSettingKeys = std::array<ContactSettingKey<Settings>, N>;

// A setting's value in messages (six significant digits: "1e+04", "0.2").
inline std::string contactSettingText(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

// "k_n > 0 N/m": the key's range, as the messages about it say it.
template <class Settings>
std::string contactSettingRange(const ContactSettingKey<Settings>& k) {
  return std::string(k.symbol) + (k.bound == ContactBound::Above ? " > " : " >= ") + contactSettingText(k.lowerBound) +
         " " + k.unit;
}

// Whether `value` lies in the key's range (NaN does not).
template <class Settings>
bool contactSettingInRange(const ContactSettingKey<Settings>& k, double value) {
  return k.bound == ContactBound::Above ? value > k.lowerBound : value >= k.lowerBound;
}

}  // namespace regolith
