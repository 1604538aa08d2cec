//! Code the tests share with other tools: the fuzz targets' bodies, which
//! the fuzzer (`fuzz/`) runs and the regression tests replay. The scenario
//! tests themselves live in `tests/`.

pub mod fuzz;
