//! `nav-eval` end to end: the report's JSON contract, a whole run that repeats exactly, a
//! case alone whose log replays, and refused arguments.

use super::common::{harness_file, run, run_json};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bot-harness-nav-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir.join(name)
}

/// The report without its wall-clock time (the only field that may differ between runs).
fn without_wall_time(mut report: serde_json::Value) -> serde_json::Value {
    report.as_object_mut().expect("an object").remove("wall_ms");
    report
}

#[test]
fn nav_eval_on_the_arena_meets_its_contract_and_repeats_exactly() {
    let args = [
        "nav-eval", "arena", "--pairs", "30", "--seeds", "2", "--seed", "4", "--json",
    ];
    let report = run_json(&args);
    for field in [
        "map",
        "paths",
        "success",
        "failure",
        "not_built",
        "success_rate",
        "restricted_success_rate",
        "not_built_rate",
        "stability",
        "by_travel_type",
        "hotspots",
        "wall_ms",
    ] {
        assert!(report.get(field).is_some(), "no {field:?} in {report:#}");
    }
    for field in ["runs", "max_diff", "mean_diff"] {
        assert!(
            report["stability"].get(field).is_some(),
            "no stability.{field}"
        );
    }
    assert_eq!(report["map"], "arena");
    // 30 paths, run twice (seeds 4 and 5).
    assert_eq!(report["paths"], 60);
    assert_eq!(report["stability"]["runs"], 2);
    let count = |field: &str| report[field].as_u64().expect("a count");
    assert_eq!(count("success") + count("failure") + count("not_built"), 60);
    let rate = |field: &str| report[field].as_f64().expect("a rate");
    let built = 60 - count("not_built");
    assert!(
        (rate("restricted_success_rate") - count("success") as f64 / built as f64).abs() < 1e-9
    );
    assert!((rate("success_rate") - count("success") as f64 / 60.0).abs() < 1e-9);
    // The arena's items are reachable on foot: most paths are built and walked.
    assert!(count("success") > 40, "{report:#}");
    let walk = &report["by_travel_type"]["walk"];
    assert!(walk["used"].as_u64().expect("used") > 0, "{report:#}");
    assert!(walk["failed"].as_u64().expect("failed") <= walk["used"].as_u64().expect("used"));
    let failures: u64 = report["hotspots"]
        .as_array()
        .expect("hotspots")
        .iter()
        .map(|spot| {
            for field in ["area", "position", "failures", "cause"] {
                assert!(spot.get(field).is_some(), "no {field:?} in {spot:#}");
            }
            spot["failures"].as_u64().expect("failures")
        })
        .sum();
    assert!(failures <= count("failure"));

    let again = run_json(&args);
    assert_eq!(without_wall_time(report), without_wall_time(again));
}

#[test]
fn a_case_alone_writes_a_log_that_replays() {
    let log = temp("case.jsonl");
    let log_text = log.to_string_lossy().into_owned();
    let case = run_json(&[
        "nav-eval", "arena", "--case", "0", "7", "--seed", "9", "--log", &log_text, "--json",
    ]);
    assert_eq!(case["start"]["index"], 0);
    assert_eq!(case["goal"]["index"], 7);
    assert!(
        ["success", "failure", "not_built"].contains(&case["outcome"].as_str().expect("outcome")),
        "{case:#}"
    );
    if case["outcome"] != "not_built" {
        let replayed = run_json(&["replay", &log_text, "--json"]);
        assert_eq!(replayed["identical"], true, "{replayed:#}");
    }
    // The same case, run again, ends the same way.
    let again = run_json(&[
        "nav-eval", "arena", "--case", "0", "7", "--seed", "9", "--log", &log_text, "--json",
    ]);
    assert_eq!(case, again);
}

#[test]
fn nav_eval_refuses_points_and_factors_that_do_not_exist() {
    let log = temp("refused.jsonl").to_string_lossy().into_owned();
    let output = run(&["nav-eval", "arena", "--case", "0", "99999", "--log", &log]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("point 99999 does not exist"), "{stderr}");

    let output = run(&["nav-eval", "arena", "--time-factor", "0"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--time-factor must be a positive number"),
        "{stderr}"
    );

    let output = run(&["nav-eval", "arena", "--case", "0", "1"]);
    assert!(!output.status.success(), "--case needs --log");
}

/// `--rocket-launcher`: on `rocketjump_room` the ledge's armour is reached only by a rocket
/// jump. Without a launcher that path is not built; with one it is built, carried out with a
/// rocket jump, and the report says the option was on.
#[test]
fn nav_eval_with_a_rocket_launcher_routes_and_makes_rocket_jumps() {
    let map = harness_file("../aas-geom/tests/maps/rocketjump_room.map");
    let plain = run_json(&["nav-eval", &map, "--json"]);
    assert_eq!(plain["rocket_launcher"], false);
    assert_eq!(plain["not_built"], 1, "{plain:#}");
    assert_eq!(
        plain["by_travel_type"]["rocketjump"]["used"], 0,
        "{plain:#}"
    );
    let armed = run_json(&["nav-eval", &map, "--rocket-launcher", "--json"]);
    assert_eq!(armed["rocket_launcher"], true);
    assert_eq!(armed["not_built"], 0, "{armed:#}");
    assert_eq!(armed["success"], armed["paths"], "{armed:#}");
    let rocket_jumps = &armed["by_travel_type"]["rocketjump"];
    assert!(rocket_jumps["used"].as_u64() > Some(0), "{armed:#}");
    assert_eq!(rocket_jumps["failed"], 0, "{armed:#}");
}
