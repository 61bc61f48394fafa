//! Fuzz target: the Quake III `.aas` reader must never panic, and whatever it accepts must
//! be rewritten (canonical layout) into bytes that read back to the same file.

#![no_main]

use aas_geom::format::aas_q3::AasFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(file) = AasFile::from_bytes(data) else {
        return;
    };
    let written = file.to_bytes();
    let again = AasFile::from_bytes(&written).expect("a rewritten valid file must be valid");
    // Compare encodings, not structs: a NaN float is kept bit for bit but is not `==` itself.
    assert_eq!(again.to_bytes(), written, "rewrite is not stable");
    assert_eq!(again.version, file.version);
    for lump in aas_geom::format::aas_q3::Lump::ALL {
        assert_eq!(again.record_count(lump), file.record_count(lump), "{lump}");
    }
});
