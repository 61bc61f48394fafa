//! The `bot_harness` library against the `bot-harness` binary: each command function's report
//! prints exactly what the command prints, and `aas compile` reports the same counts whatever
//! the output format, equal to `aas info` of the file it wrote.

use std::path::{Path, PathBuf};
use std::process::Output;

use bot_harness::Report;
use bot_harness::commands::{AasFormat, aas_compile, aas_info, aas_route, map_info};

/// The shipped test map.
fn harness_map() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/harness_room.map")
}

/// A scratch folder for this test process.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bot-harness-lib-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary with `args`, asserting success.
fn run(args: &[&str]) -> Output {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_bot-harness"))
        .args(args)
        .output()
        .expect("the bot-harness binary runs");
    assert!(
        output.status.success(),
        "bot-harness {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// What `report` writes as JSON and as text.
fn printed(report: &impl Report) -> (Vec<u8>, Vec<u8>) {
    let (mut json, mut text) = (Vec::new(), Vec::new());
    report.write_json(&mut json).unwrap();
    report.write_text(&mut text).unwrap();
    (json, text)
}

#[test]
fn reports_print_what_the_commands_print() {
    let map = harness_map();
    let map = map.to_str().unwrap();
    let (json, text) = printed(&map_info(Path::new(map)).unwrap());
    assert_eq!(json, run(&["map", "info", map, "--json"]).stdout);
    assert_eq!(text, run(&["map", "info", map]).stdout);

    let dir = scratch("print");
    let aas = dir.join("room.aas");
    let aas_path = aas.to_str().unwrap();
    let compiled = aas_compile(Path::new(map), &aas, AasFormat::Q3).unwrap();
    let (json, text) = printed(&aas_info(&aas).unwrap());
    assert_eq!(json, run(&["aas", "info", aas_path, "--json"]).stdout);
    assert_eq!(text, run(&["aas", "info", aas_path]).stdout);

    // Every area to every tenth area, and a pair of points.
    let areas = compiled.info.areas - 1;
    let mut pairs: String = (1..=areas)
        .flat_map(|a| (1..=areas).step_by(10).map(move |b| format!("{a} {b}\n")))
        .collect();
    pairs.push_str("0 0 40 100 50 40\n");
    let pairs_path = dir.join("pairs.txt");
    std::fs::write(&pairs_path, pairs).unwrap();
    let routes = aas_route(&aas, &pairs_path).unwrap();
    assert!(
        routes.results.iter().flatten().any(|r| r.time > 0),
        "some routes take time: {routes:?}"
    );
    let (json, text) = printed(&routes);
    let pairs_arg = pairs_path.to_str().unwrap();
    assert_eq!(
        json,
        run(&["aas", "route", aas_path, "--pairs", pairs_arg, "--json"]).stdout
    );
    assert_eq!(
        text,
        run(&["aas", "route", aas_path, "--pairs", pairs_arg]).stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn compile_counts_come_from_the_world_whatever_the_format() {
    let dir = scratch("formats");
    let (q3, native) = (dir.join("room.aas"), dir.join("room.native.aas"));
    let from_q3 = aas_compile(&harness_map(), &q3, AasFormat::Q3).unwrap();
    let from_native = aas_compile(&harness_map(), &native, AasFormat::Native).unwrap();
    assert_eq!((from_q3.format, from_native.format), ("q3", "native"));
    assert_ne!(
        std::fs::read(&q3).unwrap(),
        std::fs::read(&native).unwrap(),
        "two formats"
    );
    // The counts of the Quake III file as written, read back by `aas info`.
    let written = aas_info(&q3).unwrap();
    assert_eq!(from_q3.info, written);
    assert_eq!(from_native.info, written);
    assert!(written.cluster_memory_bytes.is_some_and(|bytes| bytes > 0));
    std::fs::remove_dir_all(&dir).unwrap();
}
