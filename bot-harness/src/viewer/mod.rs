//! The match viewer (`bot-harness view`): one self-contained HTML page that replays a match
//! log over the map's navigation floor.
//!
//! [`data`] reads the log into what the page shows (players' tracks in the compact form of
//! [`encode`], the team play through [`team`]), [`floor`] draws the AAS areas' ground faces
//! as polygons, [`nav`] gathers the clusters, portals and reachabilities the navigation layers
//! draw, and [`page()`] puts them, as JSON in a `<script type="application/json"
//! id="match-data">` block, into the page with its style and scripts (`page.html`,
//! `viewer.css`, `layers.js`, `team.js`, `viewer.js` beside this file, compiled into the
//! binary). The page needs no server, network or build step.

pub(crate) mod data;
pub(crate) mod encode;
pub(crate) mod floor;
pub(crate) mod nav;
pub(crate) mod projectiles;
pub(crate) mod team;

use serde::Serialize;

use self::data::MatchData;
use self::floor::Floor;
use self::nav::Nav;

/// The page's skeleton: `{{TITLE}}`, `{{STYLE}}`, `{{DATA}}`, `{{LAYERS}}`, `{{TEAM}}` and
/// `{{SCRIPT}}` are filled in.
const PAGE: &str = include_str!("page.html");
/// The page's style.
const STYLE: &str = include_str!("viewer.css");
/// The page's script.
const SCRIPT: &str = include_str!("viewer.js");
/// The navigation layers' script (it runs first and registers `window.viewerNav`).
const LAYERS: &str = include_str!("layers.js");
/// The team play's script (it runs before the page's script and registers
/// `window.viewerTeam`).
const TEAM: &str = include_str!("team.js");

/// The version of the embedded JSON's layout.
pub(crate) const DATA_VERSION: u32 = 1;

/// The JSON embedded in the page.
#[derive(Serialize)]
struct Embedded<'a> {
    /// [`DATA_VERSION`].
    viewer_version: u32,
    /// The match.
    #[serde(flatten)]
    data: &'a MatchData,
    /// The navigation floor.
    floor: &'a Floor,
    /// The navigation layers' data.
    nav: &'a Nav,
}

/// `text` with the characters HTML gives a meaning escaped.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The page replaying `data` over `floor`, with the navigation layers of `nav`.
///
/// # Errors
/// When the data cannot be encoded as JSON.
pub(crate) fn page(
    data: &MatchData,
    floor: &Floor,
    nav: &Nav,
) -> Result<String, serde_json::Error> {
    let json = serde_json::to_string(&Embedded {
        viewer_version: DATA_VERSION,
        data,
        floor,
        nav,
    })?;
    // `<` only occurs inside JSON strings, where `\u003c` means the same: no text of the log
    // can close the script block.
    let json = json.replace('<', "\\u003c");
    let title = escape_html(&format!("{} — {} match replay", data.map, data.mode));
    Ok(PAGE
        .replacen("{{TITLE}}", &title, 1)
        .replacen("{{STYLE}}", STYLE, 1)
        .replacen("{{LAYERS}}", LAYERS, 1)
        .replacen("{{TEAM}}", TEAM, 1)
        .replacen("{{SCRIPT}}", SCRIPT, 1)
        .replacen("{{DATA}}", &json, 1))
}

#[cfg(test)]
mod tests {
    use super::data::read_match;
    use super::encode::decode_track;

    /// A two-frame log of two players.
    const LOG: &str = r#"{"frame":0,"event":"header","version":1,"map":"room","map_path":"room.map","aas_path":null,"map_checksum":"0000000000000001","bsp_checksum":0,"mode":"ffa","seed":1,"frame_ms":50,"settings":SETTINGS,"players":[{"id":0,"name":"a","team":"free","kind":"roamer"},{"id":1,"name":"b</script>","team":"free","kind":"roamer"}],"items":[[64,"item_armor_body",[10,20,30]]],"initial_hash":"0"}
{"frame":0,"event":"pickup","player":0,"entity":64,"item":"item_armor_body"}
{"frame":0,"event":"frame","hash":"1","players":[[1.5,2,3,0,90,100,0,2,33],[-4,5,6,0,0,100,0,2,33]],"inputs":[[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0]]}
{"frame":1,"event":"frag","killer":0,"victim":1,"weapon":"machinegun","cause":"machinegun"}
{"frame":1,"event":"chat","player":0,"team_only":false,"text":"gg <b>"}
{"frame":1,"event":"route","player":1,"goal":[40,0,24],"points":[[-4,5,6],[0.4,-0.6,24],[40,0,24]]}
{"frame":1,"event":"route","player":0,"goal":null,"points":[]}
{"frame":1,"event":"fire","player":0,"weapon":"railgun","origin":[1.6,2,3],"end":[100.4,-50,8]}
{"frame":1,"event":"fire","player":1,"weapon":"rocketlauncher","origin":[1.6,2,3],"end":null}
{"frame":1,"event":"explosion","weapon":"rocketlauncher","origin":[1,2,3]}
{"frame":1,"event":"decision","player":0,"from":"seek_ltg","to":"battle_fight","reason":"found enemy"}
{"frame":1,"event":"decision","player":0,"from":"team","to":"leader a","reason":"leadership"}
{"frame":1,"event":"decision","player":0,"from":"team","to":"b</script> defend the base","reason":"both flags at base"}
{"frame":1,"event":"decision","player":1,"from":"team","to":"defend","reason":"ordered by a"}
{"frame":1,"event":"frame","hash":"2","players":[[1.6,2,3,0,91,100,0,2,33],[-4,5,6,0,0,0,0,0,0]],"inputs":[[0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0]]}
"#;

    /// [`LOG`] with the default settings.
    fn log() -> String {
        let settings = serde_json::to_string(&bot_world::MatchSettings::default()).expect("JSON");
        LOG.replacen("SETTINGS", &settings, 1)
    }

    #[test]
    fn reads_tracks_events_and_items() {
        let (header, data) = read_match(log().as_bytes()).expect("a log");
        assert_eq!(header.map_checksum, "0000000000000001");
        assert_eq!(data.frames, 2);
        assert_eq!(data.players[1].name, "b</script>");
        assert_eq!(decode_track(&data.tracks[0][0]), Some(vec![15, 16]));
        assert_eq!(decode_track(&data.tracks[0][4]), Some(vec![90, 91]));
        assert_eq!(decode_track(&data.tracks[1][5]), Some(vec![100, 0]));
        assert_eq!(data.item_events, [(0, 0, 0)]);
        assert_eq!(data.frags, [(1, 0, 1, "machinegun".to_owned())]);
        assert_eq!(data.chat[0].3, "gg <b>");
        // One hitscan shot (the rocket is a missile): frame, player, weapon, end point.
        let shot: Vec<_> = data.shots.iter().map(|c| decode_track(c)).collect();
        let one = |v: i64| Some(vec![v]);
        assert_eq!(shot, [one(1), one(0), one(7), one(100), one(-50), one(8)]);
        let blast: Vec<_> = data.explosions.iter().map(|c| decode_track(c)).collect();
        assert_eq!(blast, [one(1), one(5), one(1), one(2), one(3)]);
        // The AI network's node switches are the decisions; the team's are the team play,
        // the order paired with its taking.
        assert_eq!(
            data.decisions,
            [(
                1,
                0,
                "seek_ltg".into(),
                "battle_fight".into(),
                "found enemy".into()
            )]
        );
        let order = (
            1,
            "order",
            "free".into(),
            1,
            "defend the base".into(),
            0,
            "both flags at base".into(),
            1,
        );
        let leader = (
            1,
            "leader",
            "free".into(),
            0,
            "a".into(),
            0,
            "leadership".into(),
            -1,
        );
        assert_eq!(data.team, [leader, order]);
        assert_eq!(
            data.routes,
            [
                // The second point, 19 units from the first, adds nothing to the line.
                (1, 1, vec![-4, 5, 6, 40, 0, 24]),
                (1, 0, Vec::new())
            ]
        );
    }

    #[test]
    fn a_log_without_routes_has_none_and_a_bad_route_line_is_named() {
        let plain: String = log()
            .lines()
            .filter(|line| !line.contains(r#""event":"route""#))
            .map(|line| format!("{line}\n"))
            .collect();
        let (_, data) = read_match(plain.as_bytes()).expect("a log");
        assert!(data.routes.is_empty());
        let bad = log().replacen(r#""points":[]"#, r#""points":[[1,2]]"#, 1);
        let error = read_match(bad.as_bytes()).expect_err("a point of two numbers");
        assert!(
            error.to_string().starts_with("line 7: \"points\""),
            "{error}"
        );
    }

    #[test]
    fn the_page_embeds_the_data_safely() {
        let (_, data) = read_match(log().as_bytes()).expect("a log");
        let floor = super::floor::Floor {
            kinds: Vec::new(),
            polygons: Vec::new(),
            heights: (0, 0),
        };
        let html = super::page(&data, &floor, &super::nav::Nav::empty()).expect("a page");
        assert_eq!(
            html.matches("</script>").count(),
            5,
            "error catcher, data, layers, team and script blocks"
        );
        assert!(!html.contains("{{"), "every placeholder filled");
        let start = html.find(r#"id="match-data">"#).expect("the data block") + 16;
        let end = start + html[start..].find("</script>").expect("its end");
        let json: serde_json::Value = serde_json::from_str(&html[start..end]).expect("JSON");
        assert_eq!(json["players"][1]["name"], "b</script>");
        assert_eq!(json["frames"], 2);
        assert_eq!(json["routes"][0][2][3], 40);
        assert_eq!(json["team"][1][1], "order");
        assert_eq!(json["team"][1][4], "defend the base");
        assert_eq!(json["nav"]["types"][2][1], "walk");
        assert_eq!(json["nav"]["reach"].as_array().map(Vec::len), Some(0));
    }
}
