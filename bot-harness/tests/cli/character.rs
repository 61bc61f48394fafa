//! `bot-harness character check` and `character show` on the hand-written characters of
//! `bot-brain/tests/botfiles` (written for this project) and on the shared bot-data sets.

use std::path::PathBuf;

use crate::common::{run, run_json, shared_botfiles};

/// The hand-written botfiles folder of `bot-brain`'s tests.
fn fixtures() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../bot-brain/tests/botfiles")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn check_reports_errors_and_fallbacks_and_fails() {
    let dir = fixtures();
    let output = run(&["character", "check", "--botfiles", &dir, "--json"]);
    assert!(!output.status.success(), "two files are broken");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("2 of 6 character files rejected"),
        "{stderr}"
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let files = report["files"].as_array().unwrap();
    let names: Vec<&str> = files.iter().map(|f| f["file"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "bots/broken_c.c",
            "bots/default_c.c",
            "bots/lone_c.c",
            "bots/mixed_c.c",
            "bots/pike_c.c",
            "bots/twice_c.c"
        ]
    );
    assert_eq!(
        files[0],
        serde_json::json!({
            "file": "bots/broken_c.c",
            "ok": false,
            "error": "bots/broken_c.c:6:10: expected a number or a string for characteristic 6, found `-`",
            "fallback": "skill 4: bots/default_c.c at skill 4"
        })
    );
    assert_eq!(
        files[1],
        serde_json::json!({"file": "bots/default_c.c", "ok": true})
    );
    assert_eq!(files[2]["ok"], true);
    assert_eq!(
        files[2]["fallback"],
        "skill 4: bots/default_c.c at skill 4 (bots/lone_c.c: no skill 4 block); \
         skill 5: bots/default_c.c at skill 5 (bots/lone_c.c: no skill 5 block)"
    );
    // Exactly these fields.
    for file in files {
        for key in file.as_object().unwrap().keys() {
            assert!(
                ["file", "ok", "error", "fallback"].contains(&key.as_str()),
                "{key}"
            );
        }
    }
}

#[test]
fn show_prints_every_characteristic_by_name_in_both_modes() {
    let dir = fixtures();
    let show = |skill: &str, compat: Option<&str>| {
        let mut args = vec![
            "character",
            "show",
            "--botfiles",
            &dir,
            "bots/pike_c.c",
            "--skill",
            skill,
            "--json",
        ];
        if let Some(compat) = compat {
            args.extend(["--compat", compat]);
        }
        run_json(&args)
    };
    let report = show("2", Some("botlib"));
    assert_eq!(report.as_object().unwrap().len(), 1);
    let chars = report["characteristics"].as_object().unwrap();
    assert_eq!(chars.len(), 49);
    assert_eq!(chars.keys().next().unwrap(), "CHARACTERISTIC_NAME");
    assert_eq!(chars["CHARACTERISTIC_NAME"], "Pike");
    assert_eq!(chars["CHARACTERISTIC_VIEW_MAXCHANGE"], 100);
    assert_eq!(chars["CHARACTERISTIC_REACTIONTIME"], 1.5);
    assert_eq!(chars["CHARACTERISTIC_CHAT_CPM"], 200);
    assert_eq!(chars["CHARACTERISTIC_AGGRESSION"], serde_json::Value::Null);
    // The default: numbers written as integers interpolate too.
    let report = show("2", None);
    assert_eq!(
        report["characteristics"]["CHARACTERISTIC_VIEW_MAXCHANGE"],
        150.0
    );
    let report = show("4", Some("fixed"));
    assert_eq!(
        report["characteristics"]["CHARACTERISTIC_VIEW_MAXCHANGE"],
        250
    );
}

#[test]
fn show_text_notes_fallbacks_on_stderr_and_bad_input_fails() {
    let dir = fixtures();
    let output = run(&[
        "character",
        "show",
        "--botfiles",
        &dir,
        "bots/lone_c.c",
        "--skill",
        "4",
    ]);
    assert!(output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("CHARACTERISTIC_NAME") && stdout.contains("Default"),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("fallback: skill 4: bots/default_c.c at skill 4"),
        "{stderr}"
    );
    let output = run(&[
        "character",
        "show",
        "--botfiles",
        "/nonexistent-botfiles",
        "bots/x_c.c",
        "--skill",
        "1",
    ]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a botfiles folder"));
    let output = run(&[
        "character",
        "show",
        "--botfiles",
        &dir,
        "bots/pike_c.c",
        "--skill",
        "x",
    ]);
    assert!(!output.status.success());
}

#[test]
fn every_shared_character_file_checks_ok() {
    let Some(botfiles) = shared_botfiles() else {
        return;
    };
    let mut total = 0;
    for set in real_data::BOT_SETS {
        let root = real_data::bot_set(&botfiles, set);
        let report = run_json(&[
            "character",
            "check",
            "--botfiles",
            root.to_str().unwrap(),
            "--json",
        ]);
        for file in report["files"].as_array().unwrap() {
            assert_eq!(file["ok"], true, "{set}: {file}");
            assert!(file.get("fallback").is_none(), "{set}: {file}");
            total += 1;
        }
    }
    assert_eq!(total, 8);
}

#[test]
fn show_on_the_shared_data_matches_the_reference_values() {
    // NeonKnightOA bots/default_c.c: REACTIONTIME 3.0 / 1.75 (floats) → 2.583 at skill 2;
    // VIEW_MAXCHANGE 90 / 240 (integers) → 90 with botlib's rule, 140 interpolated.
    let Some(botfiles) = shared_botfiles() else {
        return;
    };
    let root = real_data::bot_set(&botfiles, real_data::BOT_SETS[0]);
    let root = root.to_str().unwrap();
    let show = |compat: &str| {
        run_json(&[
            "character",
            "show",
            "--botfiles",
            root,
            "bots/default_c.c",
            "--skill",
            "2",
            "--compat",
            compat,
            "--json",
        ])
    };
    let botlib = show("botlib");
    let chars = &botlib["characteristics"];
    assert_eq!(chars["CHARACTERISTIC_VIEW_MAXCHANGE"], 90);
    let reaction = chars["CHARACTERISTIC_REACTIONTIME"].as_f64().unwrap();
    assert!((reaction - 2.583_333).abs() < 1e-5, "{reaction}");
    assert_eq!(chars["CHARACTERISTIC_ITEMWEIGHTS"], "bots/default_i.c");
    let fixed = show("fixed");
    assert_eq!(
        fixed["characteristics"]["CHARACTERISTIC_VIEW_MAXCHANGE"],
        140.0
    );
}
