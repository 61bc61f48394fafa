//! Fuzz the native AAS reader: arbitrary bytes must give a world or an error, never a panic;
//! a world read back must validate and write itself again identically.

#![no_main]

use aas_geom::world::AasWorld;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(world) = AasWorld::from_native(data) {
        assert!(world.validate().is_ok());
        let bytes = world.to_native().expect("a decoded world encodes");
        let again = AasWorld::from_native(&bytes).expect("a written world reads back");
        assert_eq!(again.to_native().expect("encodes"), bytes);
    }
});
