# The repose smoke case (tests/CMakeLists.txt includes this): one run of the
# cylinder-withdrawal heap, then the StudySmoke.Repose* tests on it.
study_smoke_run(Repose smoke_repose repose/repose.smoke.json repose)
study_smoke_tests("StudySmoke.Repose*" smoke_repose)
