//! Fuzz the character loader: arbitrary bytes as a character file (beside a small valid
//! default character, or as the default character itself when the first byte is odd) load
//! or give an error at anchor skills and between them, in both interpolation modes, never a
//! panic or a hang; a character that loads answers every getter, and at an anchor skill both
//! modes give the same character.

#![no_main]

use bot_brain::character::{Characteristic, Compat, DEFAULT_CHARACTER, load};
use bot_script::MemorySource;
use libfuzzer_sys::fuzz_target;

/// The file loaded.
const FILE: &str = "bots/fuzz_c.c";

/// A default character with blocks 1, 4 and 5 holding each kind of value.
const DEFAULT: &str = "skill 1 { 0 \"Default\" 1 \"it\" 5 90 6 3.0 23 400 }\n\
                       skill 4 { 0 \"Default\" 5 240 6 1.5 }\n\
                       skill 5 { 0 \"Default\" 5 360 6 0.0 23 200 }\n";

fuzz_target!(|data: &[u8]| {
    let mut source = MemorySource::new().with(FILE, data.to_vec());
    let default = if data.first().is_some_and(|b| b & 1 == 1) {
        data.to_vec()
    } else {
        DEFAULT.as_bytes().to_vec()
    };
    source.insert(DEFAULT_CHARACTER, default);
    for skill in [1.0, 2.5, 4.0, 4.5, 5.0] {
        let mut anchor = None;
        for compat in [Compat::Botlib, Compat::Fixed] {
            match load(&source, FILE, skill, compat) {
                Ok(character) => {
                    for c in Characteristic::ALL {
                        let _ = (
                            character.float(c),
                            character.integer(c),
                            character.string(c),
                        );
                    }
                    let _ = character.gender();
                    for anchor in &character.anchors {
                        let _ = anchor.to_string();
                    }
                    let values: Vec<_> = character.values().map(|(i, v)| (i, v.clone())).collect();
                    if character.anchors.len() == 1 {
                        if let Some(previous) = &anchor {
                            assert_eq!(previous, &values, "both modes read one anchor alike");
                        }
                        anchor = Some(values);
                    }
                }
                Err(error) => {
                    let _ = (error.to_string(), error.pos(), error.is_missing_block());
                }
            }
        }
    }
});
