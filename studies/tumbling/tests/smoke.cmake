# The tumbling smoke cases (tests/CMakeLists.txt includes this): the ring on grains and on
# rigid ground with its spin free (the energy-limited comparison, studies/tumbling/README.md),
# and on rigid ground with the study's prescribed spin; then the StudySmoke.Tumbling* tests.
study_smoke_run(TumblingGrainsFreeSpin smoke_tumbling tumbling/tumbling.smoke.json tumbling/grains_free_spin
                --set /study/spin=free)
study_smoke_run(TumblingRigidFreeSpin smoke_tumbling tumbling/tumbling_rigid.smoke.json tumbling/rigid_free_spin
                --set /study/spin=free)
study_smoke_run(TumblingRigidPrescribedSpin smoke_tumbling tumbling/tumbling_rigid.smoke.json
                tumbling/rigid_prescribed_spin)
study_smoke_tests("StudySmoke.Tumbling*" smoke_tumbling)
