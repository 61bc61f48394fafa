//! Damaged copies (in memory) of the real `.bsp` files never make the reader panic: a bounded,
//! deterministic set of truncations and bit flips per file. The files are GPL data read in
//! place from `../shared` (or `$REAL_DATA`); nothing is written anywhere.

use crate::common::{SHARED_MAPS, read_shared, shared_maps_dir};
use crate::rng::SplitMix64;
use aas_geom::PatchSettings;
use aas_geom::format::bsp_q3::{HEADER_SIZE, read_bsp};

/// Cut points spread evenly over each file (in addition to every cut inside the header).
const SPREAD_CUTS: usize = 48;

/// Bit flips per file inside the header and lump directory.
const HEADER_FLIPS: usize = 96;

/// Bit flips per file inside the small lumps.
const LUMP_FLIPS: usize = 160;

/// Lumps small enough to flip in cheaply: entities, shaders, planes, models, brushes, brush
/// sides, fogs and surfaces (lump indices).
const SMALL_LUMPS: [usize; 8] = [0, 1, 2, 7, 8, 9, 12, 13];

/// `(fileofs, filelen)` of lump `index` from the undamaged header.
fn raw_lump(bytes: &[u8], index: usize) -> (usize, usize) {
    let word = |at: usize| {
        usize::try_from(i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())).unwrap()
    };
    (word(8 + 8 * index), word(12 + 8 * index))
}

#[test]
fn truncated_real_files_are_errors_not_panics() {
    let Some(data) = shared_maps_dir() else {
        return;
    };
    let settings = PatchSettings::default();
    for map in SHARED_MAPS {
        let bytes = read_shared(&data, map, "bsp");
        let spread = (0..SPREAD_CUTS).map(|i| i * bytes.len() / SPREAD_CUTS);
        for cut in (0..=HEADER_SIZE).chain(spread) {
            // Every lump extends to near the end of the file, so each cut must be an error.
            let result = read_bsp(&bytes[..cut], &settings);
            assert!(
                result.is_err(),
                "{map}: truncation to {cut} bytes was accepted"
            );
        }
    }
}

#[test]
fn bit_flipped_real_files_never_panic() {
    let Some(data) = shared_maps_dir() else {
        return;
    };
    let settings = PatchSettings::default();
    let mut rng = SplitMix64(0x5EED_B5B0_0046);
    let (mut accepted, mut rejected) = (0usize, 0usize);
    for map in SHARED_MAPS {
        let mut bytes = read_shared(&data, map, "bsp");
        let lumps: Vec<(usize, usize)> = SMALL_LUMPS
            .iter()
            .map(|&index| raw_lump(&bytes, index))
            .filter(|&(_, length)| length > 0)
            .collect();
        for flip in 0..HEADER_FLIPS + LUMP_FLIPS {
            let at = if flip < HEADER_FLIPS {
                rng.below(HEADER_SIZE)
            } else {
                let (offset, length) = lumps[rng.below(lumps.len())];
                offset + rng.below(length)
            };
            let mask = 1u8 << rng.below(8);
            bytes[at] ^= mask;
            match read_bsp(&bytes, &settings) {
                Ok(_) => accepted += 1,
                Err(error) => {
                    assert!(!error.to_string().is_empty());
                    rejected += 1;
                }
            }
            bytes[at] ^= mask;
        }
    }
    assert_eq!(
        accepted + rejected,
        SHARED_MAPS.len() * (HEADER_FLIPS + LUMP_FLIPS)
    );
    // Some flips hit unchecked bits (flags, coordinates), others indices: both outcomes occur.
    assert!(
        accepted > 0 && rejected > 0,
        "accepted {accepted}, rejected {rejected}"
    );
}
