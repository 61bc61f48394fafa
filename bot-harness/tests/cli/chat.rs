//! `bot-harness chat …` on the golden fixtures of `bot-chat` and on the shared bot data.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::{run, run_json, shared_botfiles};

/// The golden botfiles folder of `bot-chat`'s tests.
fn golden() -> String {
    format!(
        "{}/../bot-chat/tests/fixtures/golden",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn check_lists_every_file_as_json() {
    let report = run_json(&["chat", "check", "--botfiles", &golden(), "--json"]);
    let files = report["files"].as_array().unwrap();
    let listed: Vec<(&str, &str, bool)> = files
        .iter()
        .map(|f| {
            (
                f["file"].as_str().unwrap(),
                f["kind"].as_str().unwrap(),
                f["ok"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("syn.c", "syn", true),
            ("rnd.c", "rnd", true),
            ("match.c", "match", true),
            ("rchat.c", "rchat", true),
            ("bots/grunt_t.c", "initial", true),
        ]
    );
    assert!(files.iter().all(|f| f.get("error").is_none()));
}

#[test]
fn match_prints_type_subtype_and_variables() {
    let report = run_json(&[
        "chat",
        "match",
        "--botfiles",
        &golden(),
        "Grunt defend the base for 10 minutes",
        "--json",
    ]);
    assert_eq!(report["type"], 5);
    assert_eq!(report["subtype"], 18);
    let vars = report["variables"].as_array().unwrap();
    assert_eq!(vars.len(), 8);
    assert_eq!(vars[2], "Grunt");
    assert_eq!(vars[5], "the base");
    assert_eq!(vars[6], "10 minutes");
    assert!(vars[0].is_null());
    // Another context; and no match prints null.
    let report = run_json(&[
        "chat",
        "match",
        "--botfiles",
        &golden(),
        "--context",
        "32",
        "Grunt and Hunter",
        "--json",
    ]);
    assert_eq!(report["type"], 102);
    let none = run_json(&["chat", "match", "--botfiles", &golden(), "hello", "--json"]);
    assert!(none.is_null());
    let text = run(&["chat", "match", "--botfiles", &golden(), "hello"]);
    assert_eq!(String::from_utf8_lossy(&text.stdout), "no match\n");
}

#[test]
fn reply_prints_the_reply_and_the_chat_that_fired() {
    let report = run_json(&[
        "chat",
        "reply",
        "--botfiles",
        &golden(),
        "--bot",
        "Mynx",
        "--gender",
        "female",
        "--sender",
        "Sarge",
        "well hello",
        "--json",
    ]);
    assert_eq!(report["reply"], "Hello yourself, Sarge!");
    assert!(
        report["chat"]["origin"]
            .as_str()
            .unwrap()
            .starts_with("rchat.c:11:")
    );
    assert_eq!(report["chat"]["priority"], 3.0);
    let report = run_json(&[
        "chat",
        "reply",
        "--botfiles",
        &golden(),
        "--bot",
        "Grunt",
        "--gender",
        "male",
        "well hello",
        "--json",
    ]);
    assert!(report["reply"].is_null() && report["chat"].is_null());
    let output = run(&[
        "chat",
        "reply",
        "--botfiles",
        &golden(),
        "--bot",
        "Grunt",
        "--gender",
        "male",
        "I don't hate you",
    ]);
    assert!(output.status.success());
    assert!(output.stdout.is_empty(), "no reply prints nothing");
    let output = run(&[
        "chat",
        "reply",
        "--botfiles",
        &golden(),
        "--bot",
        "Grunt",
        "I hate you",
    ]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("fired: rchat.c:4:1 (priority 5"), "{text}");
}

#[test]
fn lint_counts_every_kind() {
    let report = run_json(&["chat", "lint", "--botfiles", &golden(), "--json"]);
    let counts = report["counts"].as_object().unwrap();
    assert_eq!(counts.len(), 8);
    assert!(counts.values().all(|n| n == 1), "{counts:?}");
    assert_eq!(report["findings"].as_array().unwrap().len(), 8);
    assert_eq!(report["findings"][0]["kind"], "all-keys-prefixed");
    assert!(report["rejected"].as_array().unwrap().is_empty());
}

#[test]
fn repl_talks_line_by_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bot-harness"))
        .args([
            "chat",
            "repl",
            "--botfiles",
            &golden(),
            "--bot",
            "Grunt",
            "--sender",
            "Sarge",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"my dog is smarter than you\nnice weather\n\nnot read\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("Grunt: So your dog is smarter than I?"),
        "{text}"
    );
    assert!(text.contains("(Grunt does not reply)"), "{text}");
    assert_eq!(text.matches("Sarge> ").count(), 3, "{text}");
}

#[test]
fn missing_folder_and_missing_files_fail() {
    let output = run(&["chat", "check", "--botfiles", "/nonexistent/botfiles"]);
    assert!(!output.status.success());
    let output = run(&[
        "chat",
        "match",
        "--botfiles",
        &format!("{}/bots", golden()),
        "x",
    ]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no match file"));
}

#[test]
fn shared_sets_check_and_lint() {
    let Some(botfiles) = shared_botfiles() else {
        return;
    };
    let nk = botfiles.join("NeonKnightOA-nk-oa-botfiles/botfiles");
    let output = run(&[
        "chat",
        "check",
        "--botfiles",
        nk.to_str().unwrap(),
        "--json",
    ]);
    assert!(!output.status.success(), "nk-oa has rejected files");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let rejected: Vec<(&str, &str)> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["ok"] == false)
        .map(|f| (f["file"].as_str().unwrap(), f["error"].as_str().unwrap()))
        .collect();
    assert_eq!(rejected.len(), 3, "{rejected:?}");
    assert_eq!(
        rejected[2],
        ("rchat.c", "rchat.c:70:1: expected a number, found `{`")
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("3 of 5 chat files rejected"));
    for set in ["Amanieu-tremfusion", "mecwerks-Mecwerks-AI"] {
        let dir = botfiles.join(set).join("botfiles");
        let dir = dir.to_str().unwrap();
        let report = run_json(&["chat", "check", "--botfiles", dir, "--json"]);
        assert!(
            report["files"]
                .as_array()
                .unwrap()
                .iter()
                .all(|f| f["ok"] == true)
        );
        let lint = run_json(&["chat", "lint", "--botfiles", dir, "--json"]);
        assert!(
            lint["counts"]["undefined-random"].as_u64().unwrap() >= 1,
            "{set}"
        );
    }
}
