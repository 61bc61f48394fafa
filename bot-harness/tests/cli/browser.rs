//! The replay page in a real browser: headless Chromium opens a page `view` wrote, seeks to a
//! frame through the address (`#frame=N&report`), and the page's self-report (script errors,
//! each player's state and the canvas pixel under it, pixels of the floor) is checked against
//! the log. Screenshots are saved under the target folder (`tmp/viewer/`) to look at.
//!
//! Chromium is found as `$CHROMIUM`, else `chromium`, `chromium-browser` or `google-chrome` on
//! the `PATH`; `scripts/install-browser.sh` installs Debian's package where it is missing.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::common::run_json;

/// Where this test's files go: the target folder's `tmp/viewer`, kept for looking at.
fn out_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("viewer");
    std::fs::create_dir_all(&dir).expect("a folder for the pages and screenshots");
    dir
}

/// The browser, or a failure that says how to get one.
fn chromium() -> PathBuf {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return PathBuf::from(path);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return candidate;
            }
        }
    }
    panic!(
        "no Chromium for the page tests: run scripts/install-browser.sh (Debian's chromium \
         package) or set CHROMIUM to a Chrome or Chromium binary"
    );
}

/// Runs headless Chromium on `url` with `extra` arguments (a fresh profile each time, no
/// network chatter); returns standard output and standard error.
fn headless(url: &str, extra: &[&str]) -> (String, String) {
    let profile = tempfile_dir();
    let output = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--window-size=1400,900",
            "--virtual-time-budget=4000",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("Chromium runs");
    let _ = std::fs::remove_dir_all(&profile);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(
        output.status.success(),
        "Chromium failed on {url}: {stderr}"
    );
    (stdout, stderr)
}

/// A fresh, empty browser profile folder.
fn tempfile_dir() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "bot-harness-chromium-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("a profile folder");
    dir
}

/// The page's self-report from the DOM Chromium dumped.
fn self_report(dom: &str) -> serde_json::Value {
    let open = r#"<pre id="report" hidden="">"#;
    let start = dom
        .find(open)
        .unwrap_or_else(|| panic!("no report in the page: {}", &dom[..dom.len().min(2000)]))
        + open.len();
    let end = start + dom[start..].find("</pre>").expect("the report's end");
    let text = dom[start..end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("the report is not JSON ({e}): {text}"))
}

/// The `players` rows of frame line `frame` of `log`.
fn logged_players(log: &Path, frame: u64) -> Vec<Vec<f64>> {
    let text = std::fs::read_to_string(log).expect("the log");
    let line = text
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("a JSON line"))
        .find(|v| v["event"] == "frame" && v["frame"] == frame)
        .expect("the frame's line");
    serde_json::from_value(line["players"].clone()).expect("player rows")
}

/// Every line of `log` but the header and frame lines.
fn logged_events(log: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(log)
        .expect("the log")
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("a JSON line"))
        .filter(|v| v["event"] != "frame" && v["event"] != "header")
        .collect()
}

/// `#rrggbb` as numbers.
fn rgb(hex: &str) -> [i64; 3] {
    let channel = |at: usize| i64::from_str_radix(&hex[at..at + 2], 16).expect("hex colour");
    [channel(1), channel(3), channel(5)]
}

fn pixel(value: &serde_json::Value) -> [i64; 4] {
    serde_json::from_value(value.clone()).expect("a pixel [r, g, b, a]")
}

#[test]
#[expect(
    clippy::print_stderr,
    reason = "the timings measured and where the screenshots are, for whoever runs the test"
)]
fn the_replay_page_draws_the_log_in_chromium() {
    let dir = out_dir();
    let log = dir.join("arena.jsonl");
    let page = dir.join("arena.html");
    run_json(&[
        "match",
        "arena",
        "--players",
        "6",
        "--seed",
        "7",
        "--time-limit",
        "60",
        "--frag-limit",
        "0",
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
    let url = |fragment: &str| format!("file://{}#{fragment}", page.display());

    for frame in [0_u64, 437, 1199] {
        let (dom, stderr) = headless(&url(&format!("frame={frame}&report")), &["--dump-dom"]);
        assert!(
            !stderr.contains("Uncaught"),
            "a script error at frame {frame}: {stderr}"
        );
        let report = self_report(&dom);
        assert_eq!(report["errors"], serde_json::json!([]), "script errors");
        assert_eq!(report["frame"], frame, "the page seeked to the frame asked");
        assert!(report["team"].is_null(), "no team play in a free-for-all");
        let timing = &report["timing"];
        eprintln!(
            "frame {frame}: page ready after {} ms, one redraw {} ms",
            timing["ready_ms"], timing["draw_ms"]
        );

        // The shots and explosions drawn are the log's: shots of the last three frames,
        // explosions of the last six.
        let events = logged_events(&log);
        let recent = |kind: &str, span: u64| {
            events
                .iter()
                .filter(|e| e["event"] == kind && (kind != "fire" || !e["end"].is_null()))
                .filter(|e| {
                    (frame.saturating_sub(span - 1)..=frame)
                        .contains(&e["frame"].as_u64().unwrap_or(u64::MAX))
                })
                .count()
        };
        assert_eq!(report["drawn"]["shots"], recent("fire", 3), "shots drawn");
        assert_eq!(
            report["drawn"]["explosions"],
            recent("explosion", 6),
            "explosions drawn"
        );
        // Every living player with a route planned (the last `route` line up to the frame
        // has points) has it drawn: nobody is followed, so everyone's.
        let rows = logged_players(&log, frame);
        let routed = (0..rows.len())
            .filter(|&player| {
                let last = events.iter().rfind(|e| {
                    e["event"] == "route"
                        && e["player"] == player
                        && e["frame"].as_u64().is_some_and(|at| at <= frame)
                });
                let alive = rows[player][8] as u64 & 1 == 1;
                alive && last.is_some_and(|e| e["points"].as_array().is_some_and(|p| !p.is_empty()))
            })
            .count();
        assert_eq!(report["drawn"]["routes"], routed, "routes drawn");
        // Every placed item that is taken and comes back later in the log has its countdown.
        let header: serde_json::Value = serde_json::from_str(
            std::fs::read_to_string(&log)
                .expect("the log")
                .lines()
                .next()
                .expect("a header"),
        )
        .expect("JSON");
        let counting = header["items"]
            .as_array()
            .expect("items")
            .iter()
            .filter(|item| {
                let of_item: Vec<&serde_json::Value> = events
                    .iter()
                    .filter(|e| {
                        (e["event"] == "pickup" || e["event"] == "item_spawn")
                            && e["entity"] == item[0]
                    })
                    .collect();
                let at = |e: &&serde_json::Value| e["frame"].as_u64().unwrap_or(u64::MAX);
                let taken = of_item
                    .iter()
                    .rfind(|e| at(e) <= frame)
                    .is_some_and(|e| e["event"] == "pickup");
                let back = of_item
                    .iter()
                    .find(|e| at(e) > frame)
                    .is_some_and(|e| e["event"] == "item_spawn");
                taken && back
            })
            .count();
        assert_eq!(
            report["drawn"]["countdowns"], counting,
            "respawn countdowns"
        );

        // The page's state is the log's frame.
        let players = report["players"].as_array().expect("players");
        assert_eq!(players.len(), rows.len());
        for (shown, row) in players.iter().zip(&rows) {
            for (field, index) in [("x", 0), ("y", 1), ("z", 2)] {
                let value = shown[field].as_f64().expect("a coordinate");
                assert!(
                    (value - row[index]).abs() < 0.051,
                    "{field}: {value} vs {row:?}"
                );
            }
            for (field, index) in [("health", 5), ("armor", 6), ("weapon", 7), ("flags", 8)] {
                assert_eq!(
                    shown[field].as_f64(),
                    Some(row[index]),
                    "{field} of {row:?}"
                );
            }
        }

        // Each living player stands in its colour on the canvas, where it is not crowded.
        let mut checked = 0;
        for (i, shown) in players.iter().enumerate() {
            if shown["alive"] != true {
                continue;
            }
            let at = |p: &serde_json::Value| {
                let s: [f64; 2] = serde_json::from_value(p["screen"].clone()).expect("screen");
                s
            };
            let (me, radius) = (at(shown), shown["radius"].as_f64().expect("radius"));
            let crowded = players.iter().enumerate().any(|(j, other)| {
                let o = at(other);
                j != i && (o[0] - me[0]).hypot(o[1] - me[1]) < 6.0 * radius + 60.0
            });
            if crowded || shown["pixel"].is_null() {
                continue;
            }
            let expected = rgb(shown["colour"].as_str().expect("colour"));
            let found = pixel(&shown["pixel"]);
            for c in 0..3 {
                assert!(
                    (found[c] - expected[c]).abs() <= 8,
                    "player {i} at frame {frame}: pixel {found:?}, colour {expected:?}"
                );
            }
            checked += 1;
        }
        assert!(checked > 0, "no player could be checked at frame {frame}");

        // The floor is drawn where its polygons are, the background elsewhere.
        let background = pixel(&report["background"]);
        assert_eq!(background, [0x14, 0x15, 0x16, 255], "the canvas background");
        let floor = report["floor"].as_array().expect("floor samples");
        let drawn = floor
            .iter()
            .filter(|s| !s["pixel"].is_null() && pixel(&s["pixel"]) != background)
            .count();
        assert!(
            floor.len() >= 10 && drawn * 10 >= floor.len() * 9,
            "{drawn} of {} floor samples drawn",
            floor.len()
        );
    }

    // The navigation layers, asked for in the address, are on and drawn: the floor's colours
    // change under the clusters' tints, and every reachability is drawn.
    let frame = 437;
    let (plain, _) = headless(&url(&format!("frame={frame}&report")), &["--dump-dom"]);
    let (layered, _) = headless(
        &url(&format!("frame={frame}&report&layers=areas,clusters,reach")),
        &["--dump-dom"],
    );
    let (plain, layered) = (self_report(&plain), self_report(&layered));
    assert_eq!(layered["errors"], serde_json::json!([]), "script errors");
    for layer in ["areas", "clusters", "reach"] {
        assert_eq!(plain["layers"][layer], false, "{layer} is off by default");
        assert_eq!(layered["layers"][layer], true, "{layer} is on when asked");
    }
    let view = run_json(&[
        "view",
        &log.to_string_lossy(),
        "-o",
        &page.to_string_lossy(),
        "--json",
    ]);
    assert_eq!(
        layered["layers_drawn"]["reach"], view["reachabilities"],
        "every reachability drawn"
    );
    let samples = |report: &serde_json::Value| -> Vec<[i64; 4]> {
        report["floor"]
            .as_array()
            .expect("floor samples")
            .iter()
            .filter(|s| !s["pixel"].is_null())
            .map(|s| pixel(&s["pixel"]))
            .collect()
    };
    let (before, after) = (samples(&plain), samples(&layered));
    let changed = before.iter().zip(&after).filter(|(a, b)| a != b).count();
    assert!(
        changed * 2 >= before.len(),
        "{changed} of {} floor samples changed under the layers",
        before.len()
    );

    // Screenshots to look at: the whole arena, and following a player closely.
    for (name, fragment) in [
        ("arena-frame-437.png", "frame=437"),
        ("arena-follow-frame-900.png", "frame=900&follow=1"),
        (
            "arena-layers-frame-437.png",
            "frame=437&layers=clusters,reach",
        ),
    ] {
        let shot = dir.join(name);
        let _ = std::fs::remove_file(&shot);
        headless(
            &url(fragment),
            &[&format!("--screenshot={}", shot.display())],
        );
        let bytes = std::fs::metadata(&shot).map_or(0, |m| m.len());
        assert!(bytes > 20_000, "{}: {bytes} bytes", shot.display());
        eprintln!("screenshot: {}", shot.display());
    }
}

/// The name of the player `id` of the log's header (`nobody` for none).
fn player_name(header: &serde_json::Value, id: i64) -> String {
    usize::try_from(id)
        .ok()
        .and_then(|i| header["players"][i]["name"].as_str())
        .unwrap_or("nobody")
        .to_owned()
}

#[test]
#[expect(
    clippy::print_stderr,
    reason = "where the screenshots are, for whoever runs the test"
)]
fn the_team_panel_shows_leaders_orders_tasks_and_flags_in_chromium() {
    let dir = out_dir();
    let log = dir.join("arena-ctf.jsonl");
    let page = dir.join("arena-ctf.html");
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
    let url = |fragment: &str| format!("file://{}#{fragment}", page.display());
    let text = std::fs::read_to_string(&log).expect("the log");
    let header: serde_json::Value =
        serde_json::from_str(text.lines().next().expect("a header")).expect("JSON");
    let team_of = |id: &serde_json::Value| {
        header["players"][usize::try_from(id.as_u64().expect("a player")).expect("small")]["team"]
            .as_str()
            .expect("a team")
            .to_owned()
    };
    let events = logged_events(&log);
    let at = |e: &serde_json::Value| e["frame"].as_u64().expect("a frame");
    let team_decisions: Vec<&serde_json::Value> = events
        .iter()
        .filter(|e| e["event"] == "decision" && e["from"] == "team")
        .collect();
    let reason = |e: &serde_json::Value| e["reason"].as_str().unwrap_or("").to_owned();
    let is_order = |e: &serde_json::Value| {
        let why = reason(e);
        why != "leadership" && !why.starts_with("ordered by ") && !why.starts_with("told by ")
    };
    // The moments to look at: before anything, with a flag carried after the first orders,
    // and the end.
    let first_order = team_decisions
        .iter()
        .find(|e| is_order(e))
        .map(|e| at(e))
        .expect("the leaders gave orders");
    let carried = events
        .iter()
        .find(|e| e["event"] == "flag" && e["action"] == "taken" && at(e) > first_order)
        .map(|e| at(e) + 5)
        .expect("a flag taken after the first orders");
    let last = logged_events(&log).last().map_or(0, at);
    for frame in [0, carried, last] {
        let (dom, _) = headless(&url(&format!("frame={frame}&report")), &["--dump-dom"]);
        let report = self_report(&dom);
        assert_eq!(report["errors"], serde_json::json!([]), "script errors");
        let team = &report["team"];
        assert_eq!(team["active"], true, "the Team section is shown in CTF");

        // Each team's leader: the last leadership view of any of its members.
        for side in ["red", "blue"] {
            let expected = team_decisions
                .iter()
                .rfind(|e| {
                    at(e) <= frame && reason(e) == "leadership" && team_of(&e["player"]) == side
                })
                .and_then(|e| e["to"].as_str()?.strip_prefix("leader "))
                .unwrap_or("nobody");
            let shown = player_name(&header, team["leaders"][side].as_i64().expect("a leader"));
            assert_eq!(shown, expected, "the {side} leader at frame {frame}");
        }

        // Each team's flag: its last flag event; a carrier carries it in the frame's row.
        let rows = logged_players(&log, frame);
        for (side, bit) in [("red", 8), ("blue", 16)] {
            let last_event = events
                .iter()
                .rfind(|e| e["event"] == "flag" && e["team"] == side && at(e) <= frame);
            let expected = match last_event.map(|e| e["action"].as_str().unwrap_or("")) {
                Some("taken") => "carried",
                Some("dropped") => "dropped",
                _ => "base",
            };
            let flag = &team["flags"][side];
            assert_eq!(flag["state"], expected, "the {side} flag at frame {frame}");
            if expected == "carried" {
                let carrier =
                    usize::try_from(flag["player"].as_u64().expect("a carrier")).expect("small");
                assert_eq!(
                    rows[carrier][8] as u64 & bit,
                    bit,
                    "the {side} flag's carrier"
                );
            }
        }

        // Each player's task: the last order it took (a leader's own orders are its tasks
        // at once, so a leader's task may be newer).
        let leaders: Vec<String> = team_decisions
            .iter()
            .filter(|e| is_order(e))
            .map(|e| player_name(&header, e["player"].as_i64().expect("a player")))
            .collect();
        for (i, shown) in team["tasks"].as_array().expect("tasks").iter().enumerate() {
            let name = player_name(&header, i64::try_from(i).expect("small"));
            let taken = team_decisions.iter().rfind(|e| {
                at(e) <= frame && e["player"] == i && reason(e).starts_with("ordered by ")
            });
            match taken {
                Some(e) if !leaders.contains(&name) => {
                    assert_eq!(shown["taken"], at(e), "{name}'s task at frame {frame}");
                    let by = reason(e).trim_start_matches("ordered by ").to_owned();
                    let by_shown = player_name(&header, shown["by"].as_i64().expect("by"));
                    assert_eq!(by_shown, by, "who ordered {name}'s task");
                }
                Some(e) => assert!(shown["taken"].as_u64() >= Some(at(e)), "{name}: {shown}"),
                None if !leaders.contains(&name) => {
                    assert!(
                        shown.is_null(),
                        "{name} has no task at frame {frame}: {shown}"
                    );
                }
                None => {}
            }
        }
        let players = report["players"].as_array().expect("players");
        for (shown, task) in players.iter().zip(team["tasks"].as_array().expect("tasks")) {
            assert_eq!(
                shown["task"], task["what"],
                "the player's task in window.viewer"
            );
        }

        // The timeline: every order given so far, every flag event so far.
        let orders = team_decisions
            .iter()
            .filter(|e| is_order(e) && at(e) <= frame)
            .count();
        assert_eq!(
            team["orders_past"], orders,
            "orders listed at frame {frame}"
        );
        let flags = events
            .iter()
            .filter(|e| e["event"] == "flag" && at(e) <= frame)
            .count();
        assert!(
            team["past"].as_u64() >= Some(flags as u64),
            "{} entries for {flags} flag events",
            team["past"]
        );
    }

    // The filter, from the address: the red team's entries and the flag events only.
    let (dom, _) = headless(
        &url(&format!("frame={carried}&report&team=red")),
        &["--dump-dom"],
    );
    let report = self_report(&dom);
    assert_eq!(report["errors"], serde_json::json!([]), "script errors");
    assert_eq!(report["team"]["filter"], "red");
    let shown: Vec<&str> = report["team"]["teams_shown"]
        .as_array()
        .expect("teams shown")
        .iter()
        .map(|t| t.as_str().unwrap_or("?"))
        .collect();
    assert!(
        shown.iter().all(|t| ["", "red"].contains(t)) && shown.contains(&"red"),
        "{shown:?}"
    );

    let shot = dir.join(format!("arena-ctf-frame-{carried}.png"));
    let _ = std::fs::remove_file(&shot);
    headless(
        &url(&format!("frame={carried}")),
        &[&format!("--screenshot={}", shot.display())],
    );
    let bytes = std::fs::metadata(&shot).map_or(0, |m| m.len());
    assert!(bytes > 20_000, "{}: {bytes} bytes", shot.display());
    eprintln!("screenshot: {}", shot.display());
}
