# The scene schema, composed: scenes/scene.base.schema.json (everything but the studies)
# with each study's fragment, studies/<kind>/<kind>.schema.json, as
#   definitions/<kind>_study             the fragment
#   definitions/study/properties/kind    <kind> added to its enum
#   definitions/study/allOf              {"if": {kind: <kind>}, "then": <kind>_study}
# Run as a script (cmake/RegolithPackage.cmake, at build time):
#   cmake -DBASE=... -DOUT=... "-DFRAGMENTS=a;b" -P RegolithComposeSchema.cmake
# The kind is the fragment's file name; its "kind" must say the same (a copied fragment
# left unrenamed would otherwise validate the wrong study). The output is the schema the
# programs read (share/regolith/scene.schema.json); StudyTable.EveryStudyHasAllItsParts
# checks its enum against the study table.
cmake_minimum_required(VERSION 3.25)
foreach(var BASE OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "RegolithComposeSchema.cmake: -D${var}=... is required")
  endif()
endforeach()

file(READ ${BASE} schema)
string(JSON schema REMOVE "${schema}" definitions study $comment)
list(REMOVE_ITEM FRAGMENTS "")
list(SORT FRAGMENTS)
set(index 0)
foreach(fragment IN LISTS FRAGMENTS)
  get_filename_component(kind ${fragment} NAME)
  string(REGEX REPLACE "\\.schema\\.json$" "" kind "${kind}")
  file(READ ${fragment} definition)
  string(JSON declared ERROR_VARIABLE error GET "${definition}" properties kind const)
  if(error OR NOT declared STREQUAL kind)
    message(FATAL_ERROR "${fragment}: its properties/kind must be {\"const\": \"${kind}\"} (the file's name)")
  endif()
  string(JSON schema SET "${schema}" definitions ${kind}_study "${definition}")
  string(JSON schema SET "${schema}" definitions study properties kind enum ${index} "\"${kind}\"")
  string(JSON schema SET "${schema}" definitions study allOf ${index}
         "{\"if\": {\"required\": [\"kind\"], \"properties\": {\"kind\": {\"const\": \"${kind}\"}}}, \"then\": {\"$ref\": \"#/definitions/${kind}_study\"}}")
  math(EXPR index "${index} + 1")
endforeach()
# Written only when it changed, so that what depends on the schema is not rebuilt for nothing.
set(previous "")
if(EXISTS ${OUT})
  file(READ ${OUT} previous)
endif()
if(NOT previous STREQUAL "${schema}\n")
  file(WRITE ${OUT} "${schema}\n")
endif()
