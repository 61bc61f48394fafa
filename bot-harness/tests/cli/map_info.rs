//! `bot-harness map info` on the shipped test map, on bad input, and on the shared maps.

use crate::common::{SHARED_MAPS, harness_file, run, run_json, shared_maps};

#[test]
fn harness_room_json_report() {
    let report = run_json(&[
        "map",
        "info",
        &harness_file("maps/harness_room.map"),
        "--json",
    ]);
    assert_eq!(report["format"], "map");
    assert_eq!(report["entities"], 13);
    assert_eq!(report["brushes"], 15);
    assert_eq!(report["patches"], 1);
    // trigger_push and func_door; func_group brushes belong to the world.
    assert_eq!(report["brush_models"], 2);
    let classnames = report["classnames"]
        .as_object()
        .expect("classnames is an object");
    assert_eq!(classnames["info_player_deathmatch"], 3);
    assert_eq!(classnames["item_health"], 2);
    assert_eq!(classnames["worldspawn"], 1);
    assert_eq!(
        classnames
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum::<u64>(),
        13
    );
}

#[test]
fn harness_room_text_report() {
    let output = run(&["map", "info", &harness_file("maps/harness_room.map")]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("brushes"), "{text}");
    assert!(text.contains("info_player_deathmatch"), "{text}");
}

#[test]
fn missing_file_fails_cleanly() {
    let output = run(&["map", "info", "/nonexistent/nothing.map"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: /nonexistent/nothing.map"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn syntax_error_reports_file_line_and_column() {
    let dir = std::env::temp_dir().join(format!("bot-harness-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("broken.map");
    std::fs::write(
        &path,
        "{\n\"classname\" \"worldspawn\"\n{\n( 0 0 0 ) ( 1 0 0 ) oops\n}\n}\n",
    )
    .unwrap();
    let output = run(&["map", "info", path.to_str().unwrap()]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("broken.map:4:"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn garbage_bsp_fails_cleanly() {
    let dir = std::env::temp_dir().join(format!("bot-harness-bsp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.bsp");
    let mut bytes = b"IBSP".to_vec();
    bytes.extend_from_slice(&46_i32.to_le_bytes());
    bytes.extend_from_slice(&[0xFF; 40]);
    std::fs::write(&path, bytes).unwrap();
    let output = run(&["map", "info", path.to_str().unwrap()]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("bad.bsp"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Brush, patch and entity counts of the shared `.bsp` files (real-data.md §1.4, feature census).
const BSP_CENSUS: [(&str, u64, u64, u64); 9] = [
    ("q3dm6ish", 449, 0, 63),
    ("oa_dm1v2", 671, 3, 109),
    ("am_galmevish", 170, 0, 143),
    ("oa_bases3cl", 236, 0, 89),
    ("blitzkrieg2", 712, 0, 67),
    ("dm4ish", 649, 0, 47),
    ("ps37ctf", 490, 21, 149),
    ("am_underworks", 345, 56, 91),
    ("dm3ish", 693, 0, 64),
];

#[test]
fn shared_bsp_and_map_sources_agree() {
    let Some(maps) = shared_maps() else { return };
    assert_eq!(BSP_CENSUS.map(|row| row.0), SHARED_MAPS);
    for (name, brushes, patches, entities) in BSP_CENSUS {
        let bsp = run_json(&[
            "map",
            "info",
            maps.join(format!("{name}.bsp")).to_str().unwrap(),
            "--json",
        ]);
        assert_eq!(bsp["format"], "bsp", "{name}");
        assert_eq!(bsp["brushes"], brushes, "{name}");
        assert_eq!(bsp["patches"], patches, "{name}");
        assert_eq!(bsp["entities"], entities, "{name}");
        let map = run_json(&[
            "map",
            "info",
            maps.join(format!("{name}.map")).to_str().unwrap(),
            "--json",
        ]);
        assert_eq!(map["format"], "map", "{name}");
        let map_brushes = map["brushes"].as_u64().unwrap();
        assert!(
            map_brushes.abs_diff(brushes) <= 1,
            "{name}: .map has {map_brushes} brushes, .bsp {brushes}"
        );
        // The map compiler drops entities (lights and the like), never adds them.
        assert!(map["entities"].as_u64().unwrap() >= entities, "{name}");
    }
}
