//! Fuzz the fuzzy weight-config reader: arbitrary bytes give a config or an error, never a
//! panic; a config that loads is written in botlib syntax and reads back equal.

#![no_main]

use bot_script::MemorySource;
use fuzzy_weights::{WriteSettings, load, parse_canonical, write_config};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = MemorySource::new().with("w.c", data.to_vec());
    let Ok(loaded) = load(source, "w.c") else {
        return;
    };
    let Ok(text) = write_config(&loaded.config, WriteSettings::default()) else {
        return;
    };
    let again = parse_canonical(&text).expect("a written config parses");
    assert_eq!(again.config, loaded.config);
});
