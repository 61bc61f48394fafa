//! `bot-harness weights eval` and `weights check` on botfiles we write here and on the shared
//! bot-data sets.

use std::path::{Path, PathBuf};

use crate::common::{run, run_json, shared_botfiles};

/// A scratch botfiles folder for this test process.
fn scratch(tag: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("bot-harness-weights-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("bots")).unwrap();
    dir
}

const INV_H: &str = "#define INVENTORY_ARMOR 1\n#define INVENTORY_HEALTH 29\n\
#define ENEMY_HORIZONTAL_DIST 200\n";

const ITEMS: &str = "#include \"inv.h\"\n#define AW 40\n\
weight \"item_armor\" { switch(INVENTORY_ARMOR) { case 10: return AW; \
case 20: return balance(20, 10, 30); default: return 2; } }\n\
weight \"item_health\" { switch(INVENTORY_HEALTH) { case 50: return 80; default: return 10; } }\n\
weight \"far\" { switch(ENEMY_HORIZONTAL_DIST) { case 500: return 1; default: return $evalint(AW*0.1); } }\n";

/// A botfiles folder with `inv.h`, a good item config and two broken ones.
fn botfiles(tag: &str) -> PathBuf {
    let dir = scratch(tag);
    std::fs::write(dir.join("inv.h"), INV_H).unwrap();
    std::fs::write(dir.join("bots/good_i.c"), ITEMS).unwrap();
    // INVENTORY_SCOUT is not defined by inv.h.
    std::fs::write(
        dir.join("bots/bad_w.c"),
        "#include \"inv.h\"\nweight \"x\"\n{\n\tswitch(INVENTORY_SCOUT) { default: return 1; }\n}\n",
    )
    .unwrap();
    std::fs::write(dir.join("bots/missing_i.c"), "#include \"nothere.h\"\n").unwrap();
    std::fs::write(dir.join("bots/good_c.c"), "not a weight file\n").unwrap();
    dir
}

fn eval_json(dir: &Path, file: &str, inventory: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "weights",
        "eval",
        "--botfiles",
        dir.to_str().unwrap(),
        file,
        "--json",
    ];
    for pair in inventory {
        args.push("--inventory");
        args.push(pair);
    }
    run_json(&args)
}

#[test]
fn eval_interpolates_like_ioquake3_with_named_slots() {
    let dir = botfiles("eval");
    let report = eval_json(
        &dir,
        "bots/good_i.c",
        &["INVENTORY_ARMOR=15", "ENEMY_HORIZONTAL_DIST=900"],
    );
    let weights = report["weights"].as_object().unwrap();
    // File order, every weight.
    assert_eq!(
        weights.keys().collect::<Vec<_>>(),
        ["item_armor", "item_health", "far"]
    );
    // Halfway between case 10 (40) and case 20 (20); health unset is 0 < 50; beyond 500 the
    // default, $evalint(40*0.1) = 0.
    assert_eq!(weights["item_armor"], 30.0);
    assert_eq!(weights["item_health"], 80.0);
    assert_eq!(weights["far"], 0.0);
    // By slot number, and past the last case into the default (never interpolated).
    let report = eval_json(&dir, "bots/good_i.c", &["1=19", "29=60"]);
    assert_eq!(report["weights"]["item_armor"], 22.0);
    assert_eq!(report["weights"]["item_health"], 10.0);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn eval_text_report_lists_the_weights() {
    let dir = botfiles("eval-text");
    let output = run(&[
        "weights",
        "eval",
        "--botfiles",
        dir.to_str().unwrap(),
        "bots/good_i.c",
    ]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("item_armor") && text.contains("40"), "{text}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn eval_rejects_unknown_names_bad_values_and_broken_files() {
    let dir = botfiles("eval-bad");
    let root = dir.to_str().unwrap();
    let cases: [(&[&str], &str); 4] = [
        (
            &[
                "weights",
                "eval",
                "--botfiles",
                root,
                "bots/good_i.c",
                "--inventory",
                "INVENTORY_NOPE=1",
            ],
            "`INVENTORY_NOPE` is not an inventory slot",
        ),
        (
            &[
                "weights",
                "eval",
                "--botfiles",
                root,
                "bots/good_i.c",
                "--inventory",
                "INVENTORY_ARMOR=x",
            ],
            "`x` is not an integer",
        ),
        (
            &["weights", "eval", "--botfiles", root, "bots/bad_w.c"],
            "bots/bad_w.c:4:9: expected an inventory index (an integer), found `INVENTORY_SCOUT`",
        ),
        (
            &["weights", "eval", "--botfiles", root, "bots/none_i.c"],
            "bots/none_i.c",
        ),
    ];
    for (args, message) in cases {
        let output = run(args);
        assert!(!output.status.success(), "{args:?} succeeded");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn check_reports_each_weight_file() {
    let dir = botfiles("check");
    let report = run_json(&[
        "weights",
        "check",
        "--botfiles",
        dir.to_str().unwrap(),
        "--json",
    ]);
    let files = report["files"].as_array().unwrap();
    let names: Vec<&str> = files.iter().map(|f| f["file"].as_str().unwrap()).collect();
    assert_eq!(names, ["bots/bad_w.c", "bots/good_i.c", "bots/missing_i.c"]);
    assert_eq!(files[1]["ok"], true);
    assert!(files[1].get("error").is_none());
    assert_eq!(files[0]["ok"], false);
    assert!(
        files[0]["error"]
            .as_str()
            .unwrap()
            .contains("bots/bad_w.c:4:9:"),
        "{}",
        files[0]["error"]
    );
    assert_eq!(files[2]["ok"], false);
    assert!(files[2]["error"].as_str().unwrap().contains("nothere.h"));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn shared_sets_check_as_documented() {
    let Some(botfiles) = shared_botfiles() else {
        return;
    };
    let nk = botfiles.join("NeonKnightOA-nk-oa-botfiles/botfiles");
    let report = run_json(&[
        "weights",
        "check",
        "--botfiles",
        nk.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(
        report,
        serde_json::json!({"files": [
            {"file": "bots/default_i.c", "ok": true},
            {"file": "bots/default_w.c", "ok": true},
        ]})
    );
    let trem = botfiles.join("Amanieu-tremfusion/botfiles");
    let report = run_json(&[
        "weights",
        "check",
        "--botfiles",
        trem.to_str().unwrap(),
        "--json",
    ]);
    let files = report["files"].as_array().unwrap();
    assert_eq!(files.len(), 10);
    for file in files {
        let name = file["file"].as_str().unwrap();
        let error = file["error"].as_str().unwrap();
        let (body, slot) = if name.ends_with("_i.c") {
            ("fuzi.c:42:8", "INVENTORY_SCOUT")
        } else {
            ("fuzw.c:26:9", "INVENTORY_BFG10K")
        };
        assert_eq!(file["ok"], false);
        assert!(
            error.starts_with(body)
                && error.contains(slot)
                && error.contains(&format!("included from {name}:")),
            "{name}: {error}"
        );
    }
    let mec = botfiles.join("mecwerks-Mecwerks-AI/botfiles");
    let report = run_json(&[
        "weights",
        "check",
        "--botfiles",
        mec.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(report, serde_json::json!({"files": []}));
}

#[test]
fn shared_weapon_weights_evaluate() {
    let Some(botfiles) = shared_botfiles() else {
        return;
    };
    let nk = botfiles.join("NeonKnightOA-nk-oa-botfiles/botfiles");
    let report = eval_json(
        &nk,
        "bots/default_w.c",
        &[
            "INVENTORY_CHAINGUN=1",
            "INVENTORY_BELT=40",
            "ENEMY_HORIZONTAL_DIST=300",
        ],
    );
    let weights = report["weights"].as_object().unwrap();
    assert_eq!(weights.len(), 13);
    assert_eq!(weights["Chaingun"], 250.0);
    assert_eq!(weights["Shotgun"], 0.0);
    let report = eval_json(&nk, "bots/default_i.c", &["INVENTORY_ARMOR=55"]);
    assert_eq!(report["weights"].as_object().unwrap().len(), 53);
}
