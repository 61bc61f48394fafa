//! `view` end to end: one self-contained page whose embedded data is the log's, and clear
//! errors for a bad log, a missing map and another map.

use super::common::{harness_file, run, run_json};

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bot-harness-view-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir.join(name)
}

/// A short arena match's log (4 players, 20 s), written once per test that asks.
fn arena_log(name: &str) -> std::path::PathBuf {
    let log = temp(name);
    run_json(&[
        "match",
        "arena",
        "--players",
        "4",
        "--seed",
        "3",
        "--time-limit",
        "20",
        "--frag-limit",
        "0",
        "--log",
        &log.to_string_lossy(),
        "--json",
    ]);
    log
}

/// The JSON of the page's `match-data` block.
fn embedded(html: &str) -> serde_json::Value {
    let open = r#"<script type="application/json" id="match-data">"#;
    let start = html.find(open).expect("the data block") + open.len();
    let end = start + html[start..].find("</script>").expect("its end");
    serde_json::from_str(&html[start..end]).expect("the data block is JSON")
}

/// A track of the page (the compact form the page's script decodes; see
/// `src/viewer/encode.rs`), decoded independently of the crate.
fn decode(text: &str) -> Vec<i64> {
    const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let (mut values, mut previous, mut token, mut shift) = (Vec::new(), 0_i64, 0_u64, 0);
    for c in text.chars() {
        let digit = ALPHABET.find(c).expect("a digit") as u64;
        token |= (digit & 31) << shift;
        shift += 5;
        if digit >= 32 {
            continue;
        }
        if token & 1 == 1 {
            for _ in 0..=(token >> 1) {
                values.push(previous);
            }
        } else {
            let zigzag = (token >> 1) as i64;
            previous += if zigzag & 1 == 1 {
                -(zigzag + 1) / 2
            } else {
                zigzag / 2
            };
            values.push(previous);
        }
        (token, shift) = (0, 0);
    }
    values
}

#[test]
fn the_page_is_self_contained_and_holds_the_log() {
    let log = arena_log("arena.jsonl");
    let page = temp("arena.html");
    let report = run_json(&[
        "view",
        &log.to_string_lossy(),
        "-o",
        &page.to_string_lossy(),
        "--json",
    ]);
    let html = std::fs::read_to_string(&page).expect("the page");
    assert_eq!(report["bytes"], html.len());
    assert_eq!(report["players"], 4);
    assert!(
        report["polygons"].as_u64().expect("a count") > 0,
        "{report:#}"
    );

    // No external reference: no http(s) source or link, no script or style file.
    let lower = html.to_lowercase();
    for needle in [
        "src=\"http",
        "href=\"http",
        "src='http",
        "href='http",
        "<script src",
        "<link",
        "@import",
        "url(http",
    ] {
        assert!(!lower.contains(needle), "the page contains {needle:?}");
    }
    assert!(html.contains("window.viewer"));

    // The embedded JSON: the log's frames and players, positions as logged.
    let text = std::fs::read_to_string(&log).expect("the log");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let frames: Vec<&serde_json::Value> = lines.iter().filter(|l| l["event"] == "frame").collect();
    let data = embedded(&html);
    assert_eq!(data["frames"], frames.len());
    assert_eq!(report["frames"], frames.len());
    let names: Vec<&str> = lines[0]["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["name"].as_str().expect("a name"))
        .collect();
    let embedded_names: Vec<&str> = data["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(embedded_names, names);
    assert_eq!(data["map"], "arena");
    for (player, track) in data["tracks"]
        .as_array()
        .expect("tracks")
        .iter()
        .enumerate()
    {
        let x = decode(track[0].as_str().expect("a track"));
        let health = decode(track[5].as_str().expect("a track"));
        assert_eq!(x.len(), frames.len());
        for frame in [0, 137, frames.len() - 1] {
            let row = &frames[frame]["players"][player];
            let logged_x = (row[0].as_f64().expect("x") * 10.0).round() as i64;
            assert_eq!(x[frame], logged_x, "player {player} frame {frame}");
            assert_eq!(health[frame], row[5].as_f64().expect("health") as i64);
        }
    }
    let frags = lines.iter().filter(|l| l["event"] == "frag").count();
    assert_eq!(data["frags"].as_array().expect("frags").len(), frags);

    // The navigation layers' data: a cluster per area, the portals, every reachability.
    let nav = &data["nav"];
    let clusters = nav["clusters"].as_array().expect("clusters");
    let areas = clusters.len() as i64;
    for polygon in data["floor"]["polygons"].as_array().expect("polygons") {
        assert!((1..=areas).contains(&polygon[2].as_i64().expect("an area")));
    }
    let cluster_count = nav["cluster_colours"].as_array().expect("colours").len() as u64;
    assert!(cluster_count > 1, "{nav:#}");
    assert!(
        clusters
            .iter()
            .all(|c| c.as_u64().is_some_and(|c| c <= cluster_count))
    );
    let portals = nav["portals"].as_array().expect("portals");
    assert!(!portals.is_empty());
    for portal in portals {
        let area = portal[0].as_u64().expect("an area") as usize;
        assert_eq!(
            clusters[area - 1],
            0,
            "a portal area has cluster 0: {portal}"
        );
        for side in [&portal[1], &portal[2]] {
            assert!((1..=cluster_count).contains(&side.as_u64().expect("a cluster")));
        }
    }
    let reach = nav["reach"].as_array().expect("reachabilities");
    assert_eq!(report["reachabilities"], reach.len());
    assert!(!reach.is_empty());
    let types = nav["types"].as_array().expect("travel types");
    assert_eq!(types.len(), 20);
    assert_eq!(types[2][1], "walk");
    for row in reach {
        let row: Vec<i64> = row
            .as_array()
            .expect("a row")
            .iter()
            .map(|v| v.as_i64().expect("whole numbers"))
            .collect();
        assert_eq!(row.len(), 9);
        assert!(
            (1..=areas).contains(&row[0]) && (1..=areas).contains(&row[1]),
            "{row:?}"
        );
        assert!((0..20).contains(&row[2]), "{row:?}");
        assert!(row[3..].iter().all(|c| c.abs() <= 4096), "{row:?}");
    }
}

#[test]
fn a_bad_log_fails_clearly() {
    let path = temp("not-a-log.jsonl");
    std::fs::write(&path, "hello\n").expect("written");
    let output = run(&["view", &path.to_string_lossy(), "-o", "/dev/null"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: ") && stderr.contains("line 1"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");

    let missing = temp("missing.jsonl");
    let output = run(&["view", &missing.to_string_lossy(), "-o", "/dev/null"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("missing.jsonl"), "{stderr}");
}

#[test]
fn a_missing_or_other_map_fails_clearly() {
    let log = arena_log("moved.jsonl");
    let text = std::fs::read_to_string(&log).expect("the log");
    let moved = text.replacen(
        "\"map_path\":\"arena\"",
        "\"map_path\":\"/nowhere/gone.map\"",
        1,
    );
    assert_ne!(moved, text);
    let edited = temp("gone.jsonl");
    std::fs::write(&edited, moved).expect("written");
    let page = temp("gone.html");
    let args = [
        "view",
        &edited.to_string_lossy(),
        "-o",
        &page.to_string_lossy(),
    ]
    .map(ToString::to_string);
    let output = run(&args.each_ref().map(String::as_str));
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("gone.map") && stderr.contains("--map"),
        "{stderr}"
    );
    assert!(!page.exists(), "no page for a failed view");

    // --map names the map: the arena works, another map is refused by its checksum.
    let mut with_map: Vec<&str> = args.iter().map(String::as_str).collect();
    with_map.extend(["--map", "arena"]);
    let output = run(&with_map);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let room = harness_file("maps/harness_room.map");
    let mut other: Vec<&str> = args.iter().map(String::as_str).collect();
    other.extend(["--map", &room]);
    let output = run(&other);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("differs"), "{stderr}");
}

#[test]
fn a_team_match_embeds_its_team_play() {
    let log = temp("ctf.jsonl");
    let page = temp("ctf.html");
    run_json(&[
        "match",
        "arena",
        "--mode",
        "ctf",
        "--red",
        "bastion,clatter",
        "--blue",
        "kestrel,vesper",
        "--seed",
        "3",
        "--time-limit",
        "60",
        "--log",
        &log.to_string_lossy(),
        "--json",
    ]);
    run_json(&[
        "view",
        &log.to_string_lossy(),
        "-o",
        &page.to_string_lossy(),
        "--json",
    ]);
    let data = embedded(&std::fs::read_to_string(&page).expect("the page"));
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&log)
        .expect("the log")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let team: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|l| l["event"] == "decision" && l["from"] == "team")
        .collect();
    let reason = |l: &serde_json::Value| l["reason"].as_str().expect("a reason").to_owned();
    assert!(!team.is_empty(), "the team bots decide");

    // The AI network's decisions stay decisions; the team's are the team timeline.
    let decisions = data["decisions"].as_array().expect("decisions");
    assert!(decisions.iter().all(|d| d[2] != "team"));
    let entries = data["team"].as_array().expect("the team timeline");
    let of_kind = |kind: &'static str| entries.iter().filter(move |e| e[1] == kind);

    // Every order of a leader is an order entry, in log order, to a player of the match.
    let orders: Vec<&&serde_json::Value> = team
        .iter()
        .filter(|l| {
            let why = reason(l);
            why != "leadership" && !why.starts_with("ordered by ") && !why.starts_with("told by ")
        })
        .collect();
    assert!(!orders.is_empty(), "the leaders give orders");
    assert_eq!(of_kind("order").count(), orders.len());
    for (order, entry) in orders.iter().zip(of_kind("order")) {
        assert_eq!(entry[0], order["frame"], "{entry}");
        assert_eq!(entry[5], order["player"], "the leader: {entry}");
        let addressee = &lines[0]["players"][entry[3].as_u64().expect("a player") as usize];
        let words = order["to"].as_str().expect("words");
        assert!(
            words.starts_with(addressee["name"].as_str().expect("a name")),
            "{words} to {addressee}"
        );
    }
    // Every order taken is taken at an "ordered by" decision of its addressee.
    for entry in of_kind("order").filter(|e| e[7].as_i64() >= Some(0) && e[3] != e[5]) {
        assert!(
            team.iter().any(|l| l["frame"] == entry[7]
                && l["player"] == entry[3]
                && reason(l).starts_with("ordered by ")),
            "{entry}"
        );
    }
    // A leader per team, from the leadership decisions.
    for side in ["red", "blue"] {
        assert!(
            of_kind("leader").any(|e| e[2] == side && e[3].as_i64() >= Some(0)),
            "a {side} leader: {entries:?}"
        );
    }
}
