//! Where the shared real data is, for the tests that read it: the `real-data` crate
//! (`$REAL_DATA`, else `../shared` beside the workspace; skipped and said so when absent),
//! under the names these tests use.

pub(crate) use real_data::{SHARED_MAPS, maps as shared_maps_dir, read as read_shared};
