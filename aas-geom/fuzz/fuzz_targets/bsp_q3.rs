//! Fuzz target: the IBSP reader must return a world or an error for any bytes, never panic,
//! hang or allocate without bound.

#![no_main]

use aas_geom::PatchSettings;
use aas_geom::format::bsp_q3::read_bsp;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = read_bsp(data, &PatchSettings::default());
});
