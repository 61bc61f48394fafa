//! The Quake III `.aas` reader and writer on the nine shared reference files
//! (`maps/openarena-lostlevels/*.aas`, GPL data read in place, never copied).
//!
//! The data folder is `$REAL_DATA` if set (then it must exist), else `../shared` next to the
//! workspace root; without either, the tests print "skipped: real data not found".

use crate::common::{read_shared, shared_maps_dir};
use aas_geom::format::aas_q3::AasFile;
use aas_geom::world::{PresenceType, TravelType};

/// One map's reference numbers.
struct Expected {
    map: &'static str,
    /// `.aas` file size in bytes (real-data.md 1.5).
    bytes: usize,
    /// Header `bspchecksum` (real-data.md 1.5).
    checksum: i32,
    /// Stored counts, dummies included (real-data.md 1.3): areas, reach, clusters, portals,
    /// nodes.
    areas: usize,
    reach: usize,
    clusters: usize,
    portals: usize,
    nodes: usize,
    /// Reachabilities by type, dummy excluded (real-data.md 1.3), in the table's column order:
    /// walk, jump, barrier, ledge, swim, waterjump, teleport, elevator, jumppad, rocketjump,
    /// grapple.
    by_type: [usize; 11],
}

/// The columns of `Expected::by_type`.
const COLUMNS: [TravelType; 11] = [
    TravelType::Walk,
    TravelType::Jump,
    TravelType::BarrierJump,
    TravelType::WalkOffLedge,
    TravelType::Swim,
    TravelType::WaterJump,
    TravelType::Teleport,
    TravelType::Elevator,
    TravelType::JumpPad,
    TravelType::RocketJump,
    TravelType::GrappleHook,
];

/// Reference numbers from `../shared/reference/real-data.md`, sections 1.3 (bspc reference
/// numbers: counts and reachabilities by type) and 1.5 (`.aas` bytes, bspchecksum).
#[rustfmt::skip]
const EXPECTED: [Expected; 9] = [
    Expected { map: "q3dm6ish", bytes: 115_232, checksum: -1_364_440_490, areas: 435, reach: 949, clusters: 2, portals: 1, nodes: 1782, by_type: [703, 50, 8, 175, 0, 0, 0, 0, 0, 12, 0] },
    Expected { map: "oa_dm1v2", bytes: 111_164, checksum: -1_265_445_517, areas: 479, reach: 750, clusters: 7, portals: 12, nodes: 1615, by_type: [642, 26, 6, 71, 0, 0, 4, 0, 0, 0, 0] },
    Expected { map: "am_galmevish", bytes: 69_556, checksum: -885_005_435, areas: 310, reach: 628, clusters: 3, portals: 5, nodes: 907, by_type: [568, 4, 0, 50, 0, 0, 4, 0, 0, 1, 0] },
    Expected { map: "oa_bases3cl", bytes: 51_780, checksum: -457_878_131, areas: 214, reach: 335, clusters: 2, portals: 1, nodes: 942, by_type: [228, 0, 4, 62, 16, 24, 0, 0, 0, 0, 0] },
    Expected { map: "blitzkrieg2", bytes: 57_956, checksum: 603_476_140, areas: 232, reach: 352, clusters: 2, portals: 1, nodes: 1047, by_type: [278, 13, 2, 42, 0, 0, 12, 0, 3, 1, 0] },
    Expected { map: "dm4ish", bytes: 152_076, checksum: 753_113_932, areas: 694, reach: 1013, clusters: 7, portals: 11, nodes: 2684, by_type: [665, 55, 6, 238, 0, 24, 0, 0, 0, 24, 0] },
    Expected { map: "ps37ctf", bytes: 100_036, checksum: -208_622_918, areas: 363, reach: 884, clusters: 2, portals: 1, nodes: 1130, by_type: [534, 18, 8, 258, 41, 24, 0, 0, 0, 0, 0] },
    Expected { map: "am_underworks", bytes: 83_548, checksum: -1_749_875_258, areas: 333, reach: 741, clusters: 2, portals: 1, nodes: 967, by_type: [582, 13, 6, 134, 0, 0, 0, 0, 4, 1, 0] },
    Expected { map: "dm3ish", bytes: 167_912, checksum: -1_229_042_187, areas: 674, reach: 1309, clusters: 3, portals: 4, nodes: 2670, by_type: [910, 61, 12, 257, 33, 20, 7, 1, 0, 7, 0] },
];

#[test]
fn all_nine_files_load_with_the_reference_counts() {
    let Some(dir) = shared_maps_dir() else { return };
    for e in &EXPECTED {
        let bytes = read_shared(&dir, e.map, "aas");
        assert_eq!(bytes.len(), e.bytes, "{}: file size", e.map);
        let aas = AasFile::from_bytes(&bytes).unwrap_or_else(|err| panic!("{}: {err}", e.map));
        assert_eq!(aas.version, 5, "{}", e.map);
        assert_eq!(aas.bsp_checksum, e.checksum, "{}", e.map);
        assert_eq!(aas.areas.len(), e.areas, "{}: areas", e.map);
        assert_eq!(aas.area_settings.len(), e.areas, "{}: area settings", e.map);
        assert_eq!(
            aas.reachabilities.len(),
            e.reach,
            "{}: reachabilities",
            e.map
        );
        assert_eq!(aas.clusters.len(), e.clusters, "{}: clusters", e.map);
        assert_eq!(aas.portals.len(), e.portals, "{}: portals", e.map);
        assert_eq!(aas.nodes.len(), e.nodes, "{}: nodes", e.map);
        // Built with `bspc -optimize`: geometry stripped to the dummies.
        assert_eq!(aas.vertexes.len(), 0, "{}: vertexes", e.map);
        assert_eq!(aas.edges.len(), 1, "{}: edges", e.map);
        assert_eq!(aas.faces.len(), 1, "{}: faces", e.map);
        assert_eq!(aas.edge_index.len(), 0, "{}: edge index", e.map);
        assert_eq!(aas.face_index.len(), 0, "{}: face index", e.map);

        // The two default bspc boxes (botlib-reference.md 2.4).
        assert_eq!(aas.bboxes.len(), 2, "{}: bboxes", e.map);
        assert_eq!(aas.bboxes[0].presence(), PresenceType::NORMAL);
        assert_eq!(aas.bboxes[0].mins.to_array(), [-15.0, -15.0, -24.0]);
        assert_eq!(aas.bboxes[0].maxs.to_array(), [15.0, 15.0, 32.0]);
        assert_eq!(aas.bboxes[1].presence(), PresenceType::CROUCH);
        assert_eq!(aas.bboxes[1].flags, 1);
        assert_eq!(aas.bboxes[1].maxs.to_array(), [15.0, 15.0, 16.0]);

        let counts = aas.reachability_counts();
        for (kind, &expected) in COLUMNS.iter().zip(&e.by_type) {
            assert_eq!(
                counts.get(*kind),
                expected,
                "{}: {kind} reachabilities",
                e.map
            );
        }
        // No other type occurs, none is unknown, and the dummy is excluded.
        assert_eq!(counts.unknown, 0, "{}", e.map);
        assert_eq!(counts.total(), e.reach - 1, "{}", e.map);
        assert!(aas.reachabilities.iter().all(|r| r.team_flags().is_empty()));
    }
}

#[test]
fn all_nine_files_are_rewritten_byte_for_byte() {
    let Some(dir) = shared_maps_dir() else { return };
    for e in &EXPECTED {
        let bytes = read_shared(&dir, e.map, "aas");
        let aas = AasFile::from_bytes(&bytes).unwrap_or_else(|err| panic!("{}: {err}", e.map));
        let written = aas.to_bytes();
        assert_eq!(written.len(), bytes.len(), "{}: length", e.map);
        let first_difference = written.iter().zip(&bytes).position(|(a, b)| a != b);
        assert_eq!(first_difference, None, "{}: first differing byte", e.map);
        let mut via_writer = Vec::new();
        aas.write_to(&mut via_writer).expect("writing to memory");
        assert_eq!(via_writer, bytes, "{}: write_to", e.map);
    }
}

/// Reads possibly damaged bytes: must not panic; if accepted, the canonical rewrite must be
/// read back to an identical encoding.
fn read_damaged(bytes: &[u8]) {
    if let Ok(aas) = AasFile::from_bytes(bytes) {
        let written = aas.to_bytes();
        let again = AasFile::from_bytes(&written).expect("a rewritten valid file is valid");
        assert_eq!(again.to_bytes(), written);
    }
}

/// A fixed-seed xorshift64 generator: deterministic positions for the bit flips.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn truncations_never_panic() {
    let Some(dir) = shared_maps_dir() else { return };
    for e in &EXPECTED {
        let bytes = read_shared(&dir, e.map, "aas");
        // Every cut inside the header and just after it, then 256 evenly spaced cuts.
        let header_cuts = 0..=140;
        let spaced = (0..256).map(|k| k * bytes.len() / 256);
        for cut in header_cuts.chain(spaced) {
            let cut = cut.min(bytes.len());
            let result = AasFile::from_bytes(&bytes[..cut]);
            assert!(result.is_err(), "{}: cut at {cut} accepted", e.map);
        }
        // Cutting only what follows the last lump is harmless (nothing follows it here).
        assert!(AasFile::from_bytes(&bytes).is_ok());
    }
}

#[test]
fn bit_flips_never_panic() {
    let Some(dir) = shared_maps_dir() else { return };
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for e in &EXPECTED {
        let original = read_shared(&dir, e.map, "aas");
        let mut bytes = original.clone();
        // Every bit of the header (ident, version, checksum, lump table)...
        for bit in 0..124 * 8 {
            bytes[bit / 8] ^= 1 << (bit % 8);
            read_damaged(&bytes);
            bytes[bit / 8] ^= 1 << (bit % 8);
        }
        // ...then 1000 pseudo-random single-bit flips anywhere, and 200 random byte values.
        for _ in 0..1000 {
            let bit = rng.below(bytes.len() * 8);
            bytes[bit / 8] ^= 1 << (bit % 8);
            read_damaged(&bytes);
            bytes[bit / 8] ^= 1 << (bit % 8);
        }
        for _ in 0..200 {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next() as u8;
            read_damaged(&bytes);
            bytes[at] = original[at];
        }
        assert_eq!(bytes, original);
    }
}
