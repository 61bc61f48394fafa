//! Fuzz target: the `.map` reader must never panic, whatever the bytes.

#![no_main]

use aas_geom::format::map_text::{MapSettings, read_map};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = read_map(data, &MapSettings::default());
});
