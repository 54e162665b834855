// Reading a JSON Schema beside valijson: which schema node governs a value of the
// document, and what that node expects in words. valijson says *that* a value failed and
// where; these turn its terse descriptions into "expected a number < 0.5" messages from
// the same schema file, so the docs, the validator and the messages cannot drift apart.
#pragma once

#include <string>

#include "io/json/json_pointer.h"

namespace regolith::json {

class SchemaLookup {
 public:
  explicit SchemaLookup(const Json& root) : m_root(root) {}

  // The node that describes `value` when the parent node `node` describes `parent`:
  // properties / additionalProperties of objects, items of arrays. nullptr if none.
  const Json* child(const Json& node, const Json& parent, const std::string& token) const;

  // `node` with $ref followed and conditional branches chosen for `value`: if/then/else and
  // allOf lists of if/then pick the branch whose condition `value` meets; oneOf picks the
  // one alternative whose type admits `value` (and stays at the oneOf when none or several).
  const Json& resolve(const Json& node, const Json& value) const;

  // What a node expects, e.g. "a number in (0, 1]", "an array of 3 numbers",
  // "one of \"earth\", \"moon\"". With `value`, a range names only the bound it breaks.
  std::string expected(const Json& node) const;
  std::string expectedBound(const Json& node, double value) const;

  // Property names an object node allows, comma-separated.
  std::string propertyNames(const Json& node) const;
  bool allowsProperty(const Json& node, const std::string& key) const;

  const Json& root() const { return m_root; }

 private:
  const Json& follow(const Json& node) const;  // $ref chains
  bool meets(const Json& condition, const Json& value) const;
  bool admitsType(const Json& node, const Json& value) const;

  const Json& m_root;
};

}  // namespace regolith::json
