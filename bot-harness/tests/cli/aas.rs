//! `bot-harness aas info`, `convert`, `compile`, `compare` and `render` on the harness map, the
//! shared reference files and bad input.

use crate::common::{SHARED_MAPS, all_shared_maps, run, run_json, shared_maps};

/// bspc reference numbers of the shared `.aas` files (real-data.md §1.3 and §1.5): file bytes,
/// areas, reachabilities, clusters, portals, nodes (dummies included), then reachabilities per
/// type: walk, jump, barrierjump, walkoffledge, swim, waterjump, teleport, elevator, jumppad,
/// rocketjump.
const REFERENCE: [(&str, u64, [u64; 5], [u64; 10]); 9] = [
    (
        "q3dm6ish",
        115_232,
        [435, 949, 2, 1, 1782],
        [703, 50, 8, 175, 0, 0, 0, 0, 0, 12],
    ),
    (
        "oa_dm1v2",
        111_164,
        [479, 750, 7, 12, 1615],
        [642, 26, 6, 71, 0, 0, 4, 0, 0, 0],
    ),
    (
        "am_galmevish",
        69_556,
        [310, 628, 3, 5, 907],
        [568, 4, 0, 50, 0, 0, 4, 0, 0, 1],
    ),
    (
        "oa_bases3cl",
        51_780,
        [214, 335, 2, 1, 942],
        [228, 0, 4, 62, 16, 24, 0, 0, 0, 0],
    ),
    (
        "blitzkrieg2",
        57_956,
        [232, 352, 2, 1, 1047],
        [278, 13, 2, 42, 0, 0, 12, 0, 3, 1],
    ),
    (
        "dm4ish",
        152_076,
        [694, 1013, 7, 11, 2684],
        [665, 55, 6, 238, 0, 24, 0, 0, 0, 24],
    ),
    (
        "ps37ctf",
        100_036,
        [363, 884, 2, 1, 1130],
        [534, 18, 8, 258, 41, 24, 0, 0, 0, 0],
    ),
    (
        "am_underworks",
        83_548,
        [333, 741, 2, 1, 967],
        [582, 13, 6, 134, 0, 0, 0, 0, 4, 1],
    ),
    (
        "dm3ish",
        167_912,
        [674, 1309, 3, 4, 2670],
        [910, 61, 12, 257, 33, 20, 7, 1, 0, 7],
    ),
];

/// One row of [`REFERENCE`] or [`PACK_REFERENCE`].
type ReferenceRow = (&'static str, u64, [u64; 5], [u64; 10]);

/// The same numbers for the nine maps of the community map pack (`maps/oacmpvol1`), whose
/// references were built by the bspc of `../shared/tools/bspc` (its README).
const PACK_REFERENCE: [ReferenceRow; 9] = [
    (
        "oacmpctf1",
        277_968,
        [1124, 2264, 11, 16, 3831],
        [1726, 92, 0, 405, 0, 0, 0, 0, 12, 28],
    ),
    (
        "oacmpctf2",
        367_464,
        [1180, 3683, 2, 1, 4955],
        [3335, 23, 26, 159, 116, 0, 0, 0, 0, 23],
    ),
    (
        "oacmpdm1",
        143_824,
        [605, 1159, 5, 8, 2041],
        [1052, 14, 0, 68, 0, 0, 24, 0, 0, 0],
    ),
    (
        "oacmpdm2",
        1_015_280,
        [5709, 6186, 2, 1, 16745],
        [4415, 284, 331, 934, 0, 0, 0, 0, 50, 171],
    ),
    (
        "oacmpdm3",
        337_164,
        [1735, 2508, 7, 27, 4246],
        [1996, 96, 0, 277, 0, 0, 63, 0, 75, 0],
    ),
    (
        "oacmpdm5",
        181_328,
        [719, 1500, 7, 10, 2480],
        [1090, 38, 4, 263, 0, 0, 23, 0, 60, 21],
    ),
    (
        "oacmpdm6",
        166_188,
        [655, 1217, 4, 11, 2693],
        [904, 53, 0, 237, 0, 0, 2, 0, 12, 8],
    ),
    (
        "oacmpdm7",
        579_228,
        [3142, 2896, 2, 1, 11165],
        [2604, 42, 0, 154, 0, 0, 0, 0, 91, 4],
    ),
    (
        "oacmpdm8",
        399_676,
        [1285, 3662, 2, 1, 5748],
        [2558, 111, 19, 862, 0, 0, 0, 0, 16, 95],
    ),
];

/// Every shared map with its folder and reference row, the lost-levels maps first.
fn all_references() -> Option<Vec<(std::path::PathBuf, ReferenceRow)>> {
    let maps = all_shared_maps()?;
    assert_eq!(REFERENCE.map(|row| row.0), SHARED_MAPS);
    assert_eq!(PACK_REFERENCE.map(|row| row.0), crate::common::PACK_MAPS);
    Some(
        maps.into_iter()
            .zip(REFERENCE.iter().chain(&PACK_REFERENCE))
            .map(|((folder, name), row)| {
                assert_eq!(name, row.0);
                (folder, *row)
            })
            .collect(),
    )
}

const TYPE_COLUMNS: [&str; 10] = [
    "walk",
    "jump",
    "barrierjump",
    "walkoffledge",
    "swim",
    "waterjump",
    "teleport",
    "elevator",
    "jumppad",
    "rocketjump",
];

const ALL_REPORTED_TYPES: [&str; 18] = [
    "walk",
    "crouch",
    "barrierjump",
    "jump",
    "ladder",
    "walkoffledge",
    "swim",
    "waterjump",
    "teleport",
    "elevator",
    "rocketjump",
    "bfgjump",
    "grapplehook",
    "doublejump",
    "rampjump",
    "strafejump",
    "jumppad",
    "funcbob",
];

/// The botlib memory figure of each shared file (performance-anchors.md §2: `P` counts the
/// dummy portal) and `N = Σ n_c`: `aas info` reports `3·(Σ n_c² + N·P)` with the real
/// portals, that figure less `3·N`.
const MEMORY_ANCHORS: [(&str, u64, u64); 9] = [
    ("q3dm6ish", 144_540, 219),
    ("oa_dm1v2", 75_408, 216),
    ("am_galmevish", 84_300, 170),
    ("oa_bases3cl", 42_840, 119),
    ("blitzkrieg2", 35_970, 109),
    ("dm4ish", 80_724, 250),
    ("ps37ctf", 143_226, 218),
    ("am_underworks", 103_230, 185),
    ("dm3ish", 200_943, 313),
];

#[test]
fn shared_aas_info_reports_the_memory_model() {
    let Some(maps) = shared_maps() else { return };
    assert_eq!(MEMORY_ANCHORS.map(|row| row.0), SHARED_MAPS);
    for (name, anchor, routed) in MEMORY_ANCHORS {
        let path = maps.join(format!("{name}.aas"));
        let info = run_json(&["aas", "info", path.to_str().unwrap(), "--json"]);
        assert_eq!(info["cluster_memory_bytes"], anchor - 3 * routed, "{name}");
    }
}

#[test]
fn shared_aas_info_matches_the_reference_numbers() {
    let Some(all) = all_references() else { return };
    for (maps, (name, _, [areas, reach, clusters, portals, nodes], by_type)) in all {
        let path = maps.join(format!("{name}.aas"));
        let info = run_json(&["aas", "info", path.to_str().unwrap(), "--json"]);
        assert_eq!(info["version"], 5, "{name}");
        for (field, expected) in [
            ("areas", areas),
            ("areasettings", areas),
            ("reachabilities", reach),
            ("clusters", clusters),
            ("portals", portals),
            ("nodes", nodes),
            ("bboxes", 2),
            ("vertexes", 0),
            ("edges", 1),
            ("faces", 1),
            ("edgeindex", 0),
            ("faceindex", 0),
        ] {
            assert_eq!(info[field], expected, "{name} {field}");
        }
        let reach_by_type = info["reach_by_type"].as_object().unwrap();
        let names: Vec<&str> = reach_by_type.keys().map(String::as_str).collect();
        assert_eq!(names, ALL_REPORTED_TYPES, "{name}");
        for (column, expected) in TYPE_COLUMNS.iter().zip(by_type) {
            assert_eq!(reach_by_type[*column], expected, "{name} {column}");
        }
        let total: u64 = reach_by_type.values().map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(
            total,
            reach - 1,
            "{name}: per-type counts exclude the dummy"
        );
    }
}

#[test]
fn shared_aas_convert_is_byte_identical() {
    let Some(all) = all_references() else { return };
    let dir = std::env::temp_dir().join(format!("bot-harness-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (maps, (name, bytes, ..)) in all {
        let input = maps.join(format!("{name}.aas"));
        let output = dir.join(format!("{name}.aas"));
        let result = run(&[
            "aas",
            "convert",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
        ]);
        assert!(
            result.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&result.stderr)
        );
        let original = std::fs::read(&input).unwrap();
        let written = std::fs::read(&output).unwrap();
        assert_eq!(original.len() as u64, bytes, "{name}");
        assert!(original == written, "{name}: rewritten file differs");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn corrupt_aas_reports_lump_record_and_offset() {
    let Some(maps) = shared_maps() else { return };
    let mut bytes = std::fs::read(maps.join("q3dm6ish.aas")).unwrap();
    // Point the first real reachability (record 1) at a nonexistent area.
    let header = aas_reach_lump_offset(&bytes);
    let record = header + 44;
    bytes[record..record + 4].copy_from_slice(&100_000_i32.to_le_bytes());
    let dir = std::env::temp_dir().join(format!("bot-harness-corrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("corrupt.aas");
    std::fs::write(&path, &bytes).unwrap();
    let output = run(&["aas", "info", path.to_str().unwrap()]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("corrupt.aas"), "{stderr}");
    assert!(stderr.contains("REACHABILITY"), "{stderr}");
    assert!(stderr.contains("record 1"), "{stderr}");
    assert!(
        stderr.contains(&format!("byte offset {record}")),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Byte offset of the REACHABILITY lump, read from the (version 5, obfuscated) header.
fn aas_reach_lump_offset(bytes: &[u8]) -> usize {
    let entry = 12 + 9 * 8;
    let mut word = [0_u8; 4];
    for (i, byte) in word.iter_mut().enumerate() {
        let position = entry + i;
        *byte = bytes[position] ^ (((position - 8) * 119) & 0xFF) as u8;
    }
    usize::try_from(i32::from_le_bytes(word)).unwrap()
}

#[test]
fn truncated_aas_fails_cleanly() {
    let dir = std::env::temp_dir().join(format!("bot-harness-trunc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("short.aas");
    std::fs::write(&path, b"EAAS\x05\x00\x00\x00").unwrap();
    let output = run(&["aas", "info", path.to_str().unwrap(), "--json"]);
    assert!(!output.status.success());
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn render_draws_every_area_of_a_reference_file() {
    let Some(maps) = shared_maps() else { return };
    let dir = std::env::temp_dir().join(format!("bot-harness-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("dm3ish.svg");
    let path = maps.join("dm3ish.aas");
    let output = run(&[
        "aas",
        "render",
        path.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg "), "an SVG document");
    assert!(picture.trim_end().ends_with("</svg>"));
    // bspc -optimize files keep no faces: every real area is drawn as its bounds, once.
    assert_eq!(picture.matches("<title>area ").count(), 673);
    assert!(picture.contains(">water</text>"), "legend names water");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn compile_the_harness_room_into_a_loadable_aas() {
    let dir = std::env::temp_dir().join(format!("bot-harness-compile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("harness_room.aas");
    let report = run_json(&[
        "aas",
        "compile",
        &crate::common::harness_file("maps/harness_room.map"),
        "-o",
        out.to_str().unwrap(),
        "--json",
    ]);
    let phases: Vec<&str> = report["phases"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        phases,
        [
            "read",
            "prepare",
            "bsp",
            "prune",
            "portals",
            "outside",
            "gravity",
            "areas",
            "store",
            "reachability",
            "clusters",
            "write"
        ]
    );
    assert!(report["total_ms"].as_f64().unwrap() > 0.0);
    assert!(report["areas"].as_u64().unwrap() > 2, "{report}");
    // The written file is what `aas info` reads back.
    let info = run_json(&["aas", "info", out.to_str().unwrap(), "--json"]);
    for field in ["areas", "faces", "nodes", "planes", "vertexes", "clusters"] {
        assert_eq!(info[field], report[field], "{field}");
    }
    // Clusters are computed and stored: at least one real cluster beside the dummy, and the
    // memory model read back equals the one reported.
    assert!(report["clusters"].as_u64().unwrap() >= 2, "{report}");
    assert_eq!(info["portals"], report["portals"]);
    assert!(
        report["cluster_memory_bytes"].as_u64().unwrap() > 0,
        "{report}"
    );
    assert_eq!(info["cluster_memory_bytes"], report["cluster_memory_bytes"]);
    // The reachabilities are exported: the room is one floor, so there are walks.
    assert_eq!(info["reach_by_type"], report["reach_by_type"]);
    assert!(
        report["reach_by_type"]["walk"].as_u64().unwrap() > 0,
        "{report}"
    );
    // The native format holds the same world.
    let native = dir.join("harness_room.native");
    run_json(&[
        "aas",
        "compile",
        &crate::common::harness_file("maps/harness_room.map"),
        "-o",
        native.to_str().unwrap(),
        "--format",
        "native",
        "--json",
    ]);
    let svg = dir.join("room.svg");
    let drawn = run(&[
        "aas",
        "render",
        native.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(
        drawn.status.success(),
        "{}",
        String::from_utf8_lossy(&drawn.stderr)
    );
    assert!(
        std::fs::read_to_string(&svg)
            .unwrap()
            .contains(">water</text>"),
        "the pool is drawn as water"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn compile_a_shared_bsp_with_its_checksum() {
    let Some(maps) = shared_maps() else { return };
    let dir = std::env::temp_dir().join(format!("bot-harness-compile-bsp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("oa_bases3cl.aas");
    let bsp = maps.join("oa_bases3cl.bsp");
    let report = run_json(&[
        "aas",
        "compile",
        bsp.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--json",
    ]);
    let reference = run_json(&[
        "aas",
        "info",
        maps.join("oa_bases3cl.aas").to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(report["bspchecksum"], reference["bspchecksum"]);
    assert!(report["peak_rss_mib"].as_f64().is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Compiles the shared map `name` from its `.extension` (`bsp` or `map`) into `dir`, then
/// compares the result with bspc's `.aas`; returns the `aas compile` and `aas compare` reports.
fn compile_and_compare(
    maps: &std::path::Path,
    dir: &std::path::Path,
    name: &str,
    extension: &str,
) -> (serde_json::Value, serde_json::Value) {
    let file = |ext: &str| maps.join(format!("{name}.{ext}"));
    let ours = dir.join(format!("{name}.{extension}.aas"));
    let compiled = run_json(&[
        "aas",
        "compile",
        file(extension).to_str().unwrap(),
        "-o",
        ours.to_str().unwrap(),
        "--json",
    ]);
    let report = run_json(&[
        "aas",
        "compare",
        ours.to_str().unwrap(),
        file("aas").to_str().unwrap(),
        "--bsp",
        file("bsp").to_str().unwrap(),
        "--json",
    ]);
    (compiled, report)
}

/// The acceptance of compiling a real map from its `.bsp`, checked against bspc's file of it
/// (the unseen-maps issue): each criterion a map misses is a gap, keyed by map and criterion,
/// with the measured detail.
///
/// - area count at most 1.25 times bspc's;
/// - coverage (bspc's standing points on our ground) at least 0.99, and reverse coverage (our
///   standing points on bspc's ground) at least 0.97;
/// - of the pairs bspc's file routes, at least 0.98 routable in ours (a point ours cannot
///   place counts as unroutable);
/// - travel-time ratio ours / bspc: median in [0.9, 1.1], p10 at least 0.7, p90 at most 1.25;
/// - every travel type of botlib's default travel flags that bspc's file has, ours has.
///
/// Counts per travel type are reported by `aas compare`, not asserted: they depend on how space
/// is partitioned.
fn acceptance_gaps(name: &str, report: &serde_json::Value) -> Vec<(String, String)> {
    let mut gaps = Vec::new();
    let mut check = |criterion: &str, holds: bool, detail: String| {
        if !holds {
            gaps.push((format!("{name}: {criterion}"), detail));
        }
    };
    let number = |value: &serde_json::Value| value.as_f64().unwrap();
    let areas = number(&report["area_ratio"]);
    check("area ratio", areas <= 1.25, format!("{areas:.3}"));
    let coverage = number(&report["coverage"]);
    check("coverage", coverage >= 0.99, format!("{coverage:.3}"));
    let reverse = number(&report["reverse_coverage"]);
    check("reverse coverage", reverse >= 0.97, format!("{reverse:.3}"));
    let agreement = &report["route_agreement"];
    let routable = number(&agreement["ref_routable_in_ours"]);
    check(
        "routable",
        routable >= 0.98,
        format!("{routable:.3}: {}", agreement["unroutable"]),
    );
    let ratio = &agreement["time_ratio"];
    let (p10, median, p90) = (
        number(&ratio["p10"]),
        number(&ratio["median"]),
        number(&ratio["p90"]),
    );
    check("time p10", p10 >= 0.7, format!("{p10:.3}"));
    check(
        "time median",
        (0.9..=1.1).contains(&median),
        format!("{median:.3}"),
    );
    check("time p90", p90 <= 1.25, format!("{p90:.3}"));
    let ours = report["ours_reach_by_type"].as_object().unwrap();
    let reference = report["ref_reach_by_type"].as_object().unwrap();
    let default_types = ALL_REPORTED_TYPES
        .iter()
        .filter(|kind| !NOT_DEFAULT_TRAVEL_TYPES.contains(kind));
    for &kind in default_types {
        let (mine, bspc) = (
            ours[kind].as_u64().unwrap(),
            reference[kind].as_u64().unwrap(),
        );
        check(
            &format!("{kind} missing"),
            bspc == 0 || mine > 0,
            format!("{mine} vs bspc {bspc}"),
        );
    }
    gaps
}

/// The reported travel types outside botlib's default travel flags (`TFL_DEFAULT`).
const NOT_DEFAULT_TRAVEL_TYPES: [&str; 6] = [
    "rocketjump",
    "bfgjump",
    "grapplehook",
    "doublejump",
    "rampjump",
    "strafejump",
];

#[test]
fn compiled_shared_maps_meet_the_acceptance_against_bspc() {
    let Some(all) = all_references() else { return };
    let dir = std::env::temp_dir().join(format!("bot-harness-coverage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut gaps = Vec::new();
    for (maps, (name, _, reference, _)) in all {
        let (compiled, report) = compile_and_compare(&maps, &dir, name, "bsp");
        // Cluster counts: ours as compiled (the file's counts include the dummies), bspc's
        // as stored.
        assert_eq!(
            report["ours_clusters"].as_u64().unwrap() + 1,
            compiled["clusters"],
            "{name}"
        );
        assert_eq!(
            report["ours_portals"].as_u64().unwrap() + 1,
            compiled["portals"],
            "{name}"
        );
        assert_eq!(
            report["ours_cluster_memory_bytes"], compiled["cluster_memory_bytes"],
            "{name}"
        );
        assert_eq!(
            report["ref_clusters"].as_u64().unwrap() + 1,
            reference[2],
            "{name}"
        );
        assert_eq!(
            report["ref_portals"].as_u64().unwrap() + 1,
            reference[3],
            "{name}"
        );
        assert!(report["ours_clusters"].as_u64().unwrap() >= 1, "{name}");
        assert!(report["standing_points"].as_u64().unwrap() > 100, "{name}");
        assert!(
            report["route_agreement"]["pairs"].as_u64().unwrap() > 1000,
            "{name}: {report}"
        );
        gaps.extend(acceptance_gaps(name, &report));
    }
    // Every criterion holds on every shared map except the gaps listed here (the issue note
    // explains them). The list is exact, so a fix (or a new gap) fails the test until the list
    // is updated. Measured after patches were tessellated as bspc does (power-of-two steps,
    // cells cut along their (column, row)-(column + 1, row + 1) diagonal): oacmpdm2's
    // coverage is then 0.993, oacmpdm5's 1.0 and oacmpdm8's reverse coverage 0.979, no
    // longer gaps; oacmpdm6's coverage is 0.98997, still just short of 0.99.
    // oacmpdm8's coverage was the last gap (0.971 with its helical ramps' thin floors, 0.988
    // with thin layers, 0.990 since the gravitational subdivision splits until nothing more
    // splits). None is left.
    let keys: Vec<&str> = gaps.iter().map(|(key, _)| key.as_str()).collect();
    assert!(keys.is_empty(), "acceptance gaps: {gaps:#?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shared_map_sources_compile() {
    // The `.map` sources compile too. Their contents come from texture names, not from the
    // shader scripts the `.bsp` was built with, so the areas differ from the `.bsp` compile
    // (measured coverage 0.982 to 1.0 against bspc's files); the bar here is a loadable file
    // that still covers most of the reference's standing points.
    let Some(maps) = shared_maps() else { return };
    let dir = std::env::temp_dir().join(format!("bot-harness-map-src-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in SHARED_MAPS {
        let (compiled, report) = compile_and_compare(&maps, &dir, name, "map");
        assert!(
            compiled["areas"].as_u64().unwrap() > 100,
            "{name}: {compiled}"
        );
        let coverage = report["coverage"].as_f64().unwrap();
        assert!(
            coverage >= 0.95,
            "{name}.map: coverage {coverage}: {report}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn compare_scores_a_file_against_itself_fully_and_another_map_poorly() {
    let Some(maps) = shared_maps() else { return };
    let file = |name: &str, ext: &str| {
        maps.join(format!("{name}.{ext}"))
            .to_str()
            .unwrap()
            .to_owned()
    };
    let same = run_json(&[
        "aas",
        "compare",
        &file("q3dm6ish", "aas"),
        &file("q3dm6ish", "aas"),
        "--bsp",
        &file("q3dm6ish", "bsp"),
        "--json",
    ]);
    assert_eq!(same["coverage"], 1.0);
    assert_eq!(same["area_ratio"], 1.0);
    assert_eq!(same["ours_areas"], 434, "real areas, the dummy not counted");
    let other = run_json(&[
        "aas",
        "compare",
        &file("dm3ish", "aas"),
        &file("q3dm6ish", "aas"),
        "--bsp",
        &file("q3dm6ish", "bsp"),
        "--json",
    ]);
    assert!(other["coverage"].as_f64().unwrap() < 0.5, "{other}");
}

/// Runs `aas compare OURS REF --bsp BSP --json`.
fn compare(
    ours: &std::path::Path,
    reference: &std::path::Path,
    bsp: &std::path::Path,
) -> serde_json::Value {
    run_json(&[
        "aas",
        "compare",
        ours.to_str().unwrap(),
        reference.to_str().unwrap(),
        "--bsp",
        bsp.to_str().unwrap(),
        "--json",
    ])
}

#[test]
fn compare_routes_a_reference_file_like_itself() {
    let Some(maps) = shared_maps() else { return };
    for name in SHARED_MAPS {
        let aas = maps.join(format!("{name}.aas"));
        let report = compare(&aas, &aas, &maps.join(format!("{name}.bsp")));
        assert_eq!(
            report["ours_reach_by_type"], report["ref_reach_by_type"],
            "{name}"
        );
        let by_type = report["ref_reach_by_type"].as_object().unwrap();
        assert_eq!(
            by_type.keys().map(String::as_str).collect::<Vec<_>>(),
            ALL_REPORTED_TYPES,
            "{name}: named as in aas info"
        );
        let agreement = &report["route_agreement"];
        assert!(
            agreement["pairs"].as_u64().unwrap() > 1000,
            "{name}: {agreement}"
        );
        assert!(
            agreement["pairs"].as_u64().unwrap() <= 3000,
            "{name}: {agreement}"
        );
        assert!(
            agreement["ref_routable"].as_u64().unwrap() > 1000,
            "{name}: {agreement}"
        );
        assert_eq!(
            agreement["ref_routable_in_ours"], 1.0,
            "{name}: {agreement}"
        );
        assert_eq!(agreement["ours_only"], 0.0, "{name}: {agreement}");
        assert!(
            agreement["time_ratio_pairs"].as_u64().unwrap() > 1000,
            "{name}: {agreement}"
        );
        for quantile in ["median", "p10", "p90"] {
            assert_eq!(agreement["time_ratio"][quantile], 1.0, "{name} {quantile}");
        }
    }
}

#[test]
fn compare_sees_routes_lost_with_a_travel_type() {
    use aas_geom::format::aas_q3::AasFile;
    use aas_geom::world::AasWorld;
    use aas_geom::world::TravelType;

    let Some(maps) = shared_maps() else { return };
    let dir = std::env::temp_dir().join(format!("bot-harness-route-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let name = "q3dm6ish";
    let reference = maps.join(format!("{name}.aas"));
    let bsp = maps.join(format!("{name}.bsp"));
    // REF without its walk-off-ledge reachabilities, written back as a Quake III file.
    let file = AasFile::from_bytes(&std::fs::read(&reference).unwrap()).unwrap();
    let mut world = AasWorld::from_q3(&file).unwrap();
    let kept: Vec<bool> = world
        .reachabilities
        .iter()
        .map(|r| r.kind() != Some(TravelType::WalkOffLedge))
        .collect();
    let mut reachabilities = Vec::new();
    for area in &mut world.areas {
        let start = u32::try_from(reachabilities.len()).unwrap();
        for index in area.reachabilities.clone() {
            if kept[index as usize] {
                reachabilities.push(world.reachabilities[index as usize]);
            }
        }
        area.reachabilities = start..u32::try_from(reachabilities.len()).unwrap();
    }
    world.reachabilities = reachabilities;
    let stripped = dir.join(format!("{name}-no-ledges.aas"));
    std::fs::write(&stripped, world.to_q3().to_bytes()).unwrap();

    let report = compare(&stripped, &reference, &bsp);
    let (ours, theirs) = (&report["ours_reach_by_type"], &report["ref_reach_by_type"]);
    assert_eq!(ours["walkoffledge"], 0);
    assert_eq!(theirs["walkoffledge"], 175);
    for kind in ALL_REPORTED_TYPES.iter().filter(|&&k| k != "walkoffledge") {
        assert_eq!(ours[kind], theirs[kind], "{kind}");
    }
    // Fewer reachabilities lose routes and never add or shorten one.
    let agreement = &report["route_agreement"];
    let kept_share = agreement["ref_routable_in_ours"].as_f64().unwrap();
    // Measured 0.955: walking off a ledge is the only way down to some item areas.
    assert!(kept_share < 0.99, "{agreement}");
    assert_eq!(agreement["ours_only"], 0.0, "{agreement}");
    assert!(
        agreement["time_ratio"]["p10"].as_f64().unwrap() >= 1.0,
        "{agreement}"
    );
    assert!(
        agreement["time_ratio"]["p90"].as_f64().unwrap() > 1.0,
        "{agreement}"
    );

    // The other way round, the lost routes are OURS-only ones and the times shorter.
    let reverse = compare(&reference, &stripped, &bsp);
    let agreement = &reverse["route_agreement"];
    assert_eq!(agreement["ref_routable_in_ours"], 1.0, "{agreement}");
    assert!(
        agreement["ours_only"].as_f64().unwrap() > 0.0,
        "{agreement}"
    );
    assert!(
        agreement["time_ratio"]["p90"].as_f64().unwrap() <= 1.0,
        "{agreement}"
    );
    assert!(
        agreement["time_ratio"]["p10"].as_f64().unwrap() < 1.0,
        "{agreement}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn compile_names_every_entity_it_skipped_and_why() {
    // The harness room with four faulty entities appended: a jump pad aiming at a target
    // nobody names, a jump pad in a corner that only hops straight up (its flight lands back
    // on it, no floor is in steering reach), an item buried in the +X wall, and a trigger_hurt
    // (not navigation).
    let room = std::fs::read_to_string(crate::common::harness_file("maps/harness_room.map"))
        .expect("the harness map");
    let faulty = r#"
{
"classname" "trigger_push"
"target" "nowhere"
{
( -64 64 8 ) ( 0 0 8 ) ( -64 0 8 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( -64 0 0 ) ( 0 0 0 ) ( -64 64 0 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( 0 0 8 ) ( 0 64 0 ) ( 0 0 0 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( -64 0 0 ) ( -64 64 0 ) ( -64 0 8 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( -64 64 0 ) ( 0 64 0 ) ( -64 64 8 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( -64 0 8 ) ( 0 64 0 ) ( -64 0 0 ) common/trigger 0 0 0 0.5 0.5 0 0 0
}
}
{
"classname" "trigger_push"
"target" "hop"
{
( -448 448 8 ) ( -384 384 8 ) ( -448 384 8 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( -448 384 0 ) ( -384 384 0 ) ( -448 448 0 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( -384 384 8 ) ( -384 448 0 ) ( -384 384 0 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( -448 384 0 ) ( -448 448 0 ) ( -448 384 8 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( -448 448 0 ) ( -384 448 0 ) ( -448 448 8 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( -448 384 8 ) ( -384 448 0 ) ( -448 384 0 ) common/trigger 0 0 0 0.5 0.5 0 0 0
}
}
{
"classname" "target_position"
"targetname" "hop"
"origin" "-416 416 64"
}
{
"classname" "item_health_mega"
"origin" "520 0 128"
}
{
"classname" "trigger_hurt"
{
( 256 64 8 ) ( 320 0 8 ) ( 256 0 8 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( 256 0 0 ) ( 320 0 0 ) ( 256 64 0 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( 320 0 8 ) ( 320 64 0 ) ( 320 0 0 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( 256 0 0 ) ( 256 64 0 ) ( 256 0 8 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( 256 64 0 ) ( 320 64 0 ) ( 256 64 8 ) common/trigger 0 0 0 0.5 0.5 0 0 0
( 256 0 8 ) ( 320 64 0 ) ( 256 0 0 ) common/trigger 0 0 0 0.5 0.5 0 0 0
}
}
"#;
    let dir = std::env::temp_dir().join(format!("bot-harness-diag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let map = dir.join("faulty_room.map");
    std::fs::write(&map, format!("{room}{faulty}")).unwrap();
    let out = dir.join("faulty_room.aas");
    let args = [
        "aas",
        "compile",
        map.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    let report = run_json(&[&args[..], &["--json"]].concat());
    let diagnostics: Vec<(String, bool, String)> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["classname"].as_str().unwrap().to_owned(),
                d["skipped"].as_bool().unwrap(),
                d["reason"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let found = |class: &str, words: &str| {
        diagnostics
            .iter()
            .any(|(c, skipped, reason)| c == class && *skipped && reason.contains(words))
    };
    assert!(found("trigger_push", "\"nowhere\""), "{diagnostics:?}");
    assert!(
        found("trigger_push", "lands back on the pad"),
        "{diagnostics:?}"
    );
    assert!(found("item_health_mega", "inside solid"), "{diagnostics:?}");
    assert!(found("trigger_hurt", "not navigation"), "{diagnostics:?}");
    assert_eq!(diagnostics.len(), 4, "the room's own entities are fine");
    let buried = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["classname"] == "item_health_mega")
        .unwrap();
    assert_eq!(buried["origin"], serde_json::json!([520.0, 0.0, 128.0]));
    // In text mode the same diagnostics go to stderr, one warning each.
    let text = run(&args);
    assert!(text.status.success());
    let stderr = String::from_utf8_lossy(&text.stderr);
    assert_eq!(stderr.matches("warning: entity").count(), 4, "{stderr}");
    assert!(stderr.contains("faulty_room.map"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}
