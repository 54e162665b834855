# The repose smoke case (tests/CMakeLists.txt includes this): one run of the
# cylinder-withdrawal heap, then the StudySmoke.Repose* tests on it.
study_smoke_run(Repose smoke_repose repose/repose.smoke.json repose)
study_smoke_tests("StudySmoke.Repose*" smoke_repose)
# The same heap without and with cohesion (docs/cohesion.md: work of adhesion 0.2 J/m^2, a
# pull-off about the weight of a grain), two runs of a sweep folder so one `regolith
# metrics` measures both (the heap above is another test's folder).
study_smoke_run(ReposeCohesionless smoke_repose_cohesion repose/repose.smoke.json repose_cohesion/w_0)
study_smoke_run(ReposeCohesive smoke_repose_cohesion repose/repose.smoke.json repose_cohesion/w_0.2
                --set /materials/0/work_of_adhesion=0.2)
study_smoke_tests("StudySmoke.CohesiveRepose*" smoke_repose_cohesion)
