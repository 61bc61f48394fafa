//! `match` and `replay` end to end: the summary's JSON contract, the log, a replay that
//! agrees, an edited log that does not, and refused input.

use super::common::{pack_maps, run, run_json};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bot-harness-matches-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir.join(name)
}

#[test]
fn a_match_on_the_arena_prints_its_summary_and_replays() {
    let log = temp("arena.jsonl");
    let log_text = log.to_string_lossy().into_owned();
    let summary = run_json(&[
        "match",
        "arena",
        "--players",
        "6",
        "--seed",
        "5",
        "--time-limit",
        "60",
        "--frag-limit",
        "0",
        "--log",
        &log_text,
        "--json",
    ]);
    for field in [
        "map",
        "mode",
        "seed",
        "frames",
        "sim_seconds",
        "wall_ms",
        "realtime_factor",
        "final_hash",
        "players",
        "teams",
        "captures",
        "diagnostics",
    ] {
        assert!(summary.get(field).is_some(), "no {field:?} in {summary:#}");
    }
    assert_eq!(summary["map"], "arena");
    assert_eq!(summary["mode"], "ffa");
    // 60 s at 20 Hz; a lead tied at the time limit goes on in sudden death (Quake III),
    // which ends as soon as one player leads.
    assert_eq!(summary["end"], "time_limit");
    let frames = summary["frames"].as_u64().expect("frames");
    assert!(frames >= 1200, "{frames} frames");
    if frames > 1200 {
        let mut scores: Vec<i64> = summary["players"]
            .as_array()
            .expect("players")
            .iter()
            .map(|p| p["score"].as_i64().expect("score"))
            .collect();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        assert!(scores[0] > scores[1], "sudden death ended tied: {scores:?}");
    }
    assert!(summary["teams"].is_null() && summary["captures"].is_null());
    let players = summary["players"].as_array().expect("players");
    assert_eq!(players.len(), 6);
    for player in players {
        for field in [
            "name",
            "team",
            "frags",
            "deaths",
            "suicides",
            "damage_given",
            "damage_taken",
            "pickups",
            "shots",
            "hits",
        ] {
            assert!(player.get(field).is_some(), "no {field:?} in {player:#}");
        }
    }
    let frags: u64 = players
        .iter()
        .map(|p| p["frags"].as_u64().expect("n"))
        .sum();
    assert!(frags > 0, "{summary:#}");

    // Every line of the log is an object with "frame" and "event"; chat and frag lines carry
    // their fields.
    let text = std::fs::read_to_string(&log).expect("the log");
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        assert!(
            value["frame"].is_u64() && value["event"].is_string(),
            "{line}"
        );
        if value["event"] == "frag" {
            for field in ["killer", "victim", "weapon", "cause"] {
                assert!(value.get(field).is_some(), "{line}");
            }
        }
    }

    let replayed = run_json(&["replay", &log_text, "--json"]);
    assert_eq!(replayed["identical"], true, "{replayed:#}");
    assert_eq!(replayed["frames"], summary["frames"]);
    assert_eq!(replayed["final_hash"], summary["final_hash"]);

    // An edited log: a logged hash changed.
    let edited: Vec<String> = text
        .lines()
        .map(|line| {
            if line.starts_with("{\"frame\":600,\"event\":\"frame\"") {
                let mut value: serde_json::Value = serde_json::from_str(line).expect("json");
                value["hash"] = serde_json::json!("0123456789abcdef");
                value.to_string()
            } else {
                line.to_owned()
            }
        })
        .collect();
    let edited_path = temp("edited.jsonl");
    std::fs::write(&edited_path, edited.join("\n")).expect("written");
    let output = run(&["replay", &edited_path.to_string_lossy(), "--json"]);
    assert!(!output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["identical"], false);
    assert_eq!(report["first_mismatch"], 600);
}

#[test]
fn a_team_match_reports_teams() {
    let summary = run_json(&[
        "match",
        "arena",
        "--mode",
        "ctf",
        "--players",
        "4",
        "--time-limit",
        "20",
        "--json",
    ]);
    assert_eq!(summary["mode"], "ctf");
    assert!(summary["teams"]["red"].is_i64() && summary["captures"]["blue"].is_i64());
    let teams: Vec<&str> = summary["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["team"].as_str().expect("a team"))
        .collect();
    assert_eq!(teams, ["red", "blue", "red", "blue"]);
}

#[test]
fn a_match_with_another_maps_aas_is_refused() {
    let Some(dir) = pack_maps() else {
        return;
    };
    let output = run(&[
        "match",
        &dir.join("oacmpdm1.bsp").to_string_lossy(),
        "--aas",
        &dir.join("oacmpdm2.aas").to_string_lossy(),
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("compiled for another map"), "{stderr}");
}

#[test]
fn capture_the_flag_on_a_map_whose_flags_are_for_another_mode_is_refused() {
    let Some(dir) = pack_maps() else {
        return;
    };
    // oacmpdm3's flags are for one-flag and double domination games only.
    let output = run(&[
        "match",
        &dir.join("oacmpdm3.bsp").to_string_lossy(),
        "--aas",
        &dir.join("oacmpdm3.aas").to_string_lossy(),
        "--mode",
        "ctf",
    ]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no red flag for capture the flag"),
        "{stderr}"
    );
}

#[test]
fn replaying_something_that_is_not_a_log_fails_clearly() {
    let path = temp("not-a-log.jsonl");
    std::fs::write(&path, "hello\n").expect("written");
    let output = run(&["replay", &path.to_string_lossy()]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("line 1"), "{stderr}");
}
