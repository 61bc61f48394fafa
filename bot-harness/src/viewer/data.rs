//! The match as the page reads it: the log's header, the players' tracks (compact, see
//! [`super::encode`]), the items and when they are present, frags, chat and flag events,
//! the players' planned routes and decisions when the log carries them, and the team play
//! ([`super::team`]).

use std::io::BufRead;

use bot_world::log::{Header, LogError};
use serde::Serialize;
use serde_json::Value;

use super::encode::encode_track;
use super::team::{TEAM_FROM, TeamEntry, TeamReader};

/// A player of the match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct PlayerInfo {
    /// The name.
    pub(crate) name: String,
    /// `free`, `red` or `blue`.
    pub(crate) team: String,
}

/// One player's state per frame, each field a compact track ([`encode_track`]) in this
/// order: x, y, z (tenths of a unit), pitch, yaw (whole degrees), health, armor, weapon
/// number, flag bits (the log's `players` row).
pub(crate) type Track = [String; 9];

/// Everything the page shows of a match (the JSON embedded in the page).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct MatchData {
    /// The map's name.
    pub(crate) map: String,
    /// `ffa`, `tdm` or `ctf`.
    pub(crate) mode: String,
    /// The seed.
    pub(crate) seed: u64,
    /// Frame length, ms.
    pub(crate) frame_ms: u32,
    /// Frames in the log.
    pub(crate) frames: u32,
    /// The players, in id order.
    pub(crate) players: Vec<PlayerInfo>,
    /// Per player its [`Track`].
    pub(crate) tracks: Vec<Track>,
    /// Every item that was ever on the map: `[entity, classname, x, y, z, placed]`, `placed`
    /// 1 for the header's items (present from the start), 0 for items dropped during play.
    pub(crate) items: Vec<(u32, String, i32, i32, i32, u8)>,
    /// `[frame, item index, present]`: an item was picked up (0) or (re)appeared (1).
    pub(crate) item_events: Vec<(u32, usize, u8)>,
    /// `[frame, killer (−1: the world), victim, cause]`.
    pub(crate) frags: Vec<(u32, i64, u32, String)>,
    /// `[frame, player, team only (0/1), text]`.
    pub(crate) chat: Vec<(u32, u32, u8, String)>,
    /// `[frame, player, from, to, reason]`: a bot's AI network switched nodes (the log's
    /// `decision` lines but the team's, which are in `team`).
    pub(crate) decisions: Vec<(u32, u32, String, String, String)>,
    /// The team play: leadership changes and orders, from the team bots' decisions
    /// ([`TeamEntry`]); empty for a log without team bots.
    pub(crate) team: Vec<TeamEntry>,
    /// `[frame, action, team, player (−1: none)]` (CTF).
    pub(crate) flags: Vec<(u32, String, String, i64)>,
    /// Hitscan shots (the `fire` events with an `end`), as compact columns
    /// ([`encode_track`] over the shots, in log order): frame, player, weapon number, and
    /// where the shot ended, x, y, z (whole units). The shot starts at the shooter.
    pub(crate) shots: [String; 6],
    /// Explosions, as compact columns like `shots`: frame, weapon number, x, y, z.
    pub(crate) explosions: [String; 5],
    /// Projectiles in flight, from re-simulating the match (see
    /// [`super::projectiles`]; empty until then).
    pub(crate) projectiles: Vec<super::projectiles::ProjectileTrack>,
    /// `[frame, player, points]`: from that frame on, the player's planned route (the log's
    /// optional `route` lines), `points` its points' x, y, z flattened, in whole units; empty
    /// when the player has no route any more. Empty for logs of players that plan none.
    pub(crate) routes: Vec<(u32, u32, Vec<i32>)>,
    /// How the match ended, if the log says.
    pub(crate) end: Option<String>,
}

/// A weapon field of an event as the game's weapon number (0: unknown).
fn weapon_number(value: &Value) -> i64 {
    value
        .get("weapon")
        .and_then(Value::as_str)
        .and_then(bot_interface::Weapon::from_name)
        .map_or(0, |weapon| i64::from(weapon.number()))
}

/// A point field of an event in whole units.
fn point(value: &Value, field: &str, line: usize) -> Result<[i64; 3], LogError> {
    let p: [f64; 3] = value
        .get(field)
        .cloned()
        .map(serde_json::from_value)
        .transpose()
        .map_err(|e| bad(line, format!("{field:?}: {e}")))?
        .ok_or_else(|| bad(line, format!("the event has no point {field:?}")))?;
    Ok(p.map(whole))
}

/// Rounds `value` to a whole number (tracks hold small whole numbers).
#[expect(
    clippy::cast_possible_truncation,
    reason = "map coordinates in tenths and angles stay far inside i64"
)]
fn whole(value: f64) -> i64 {
    value.round() as i64
}

/// A line's error.
fn bad(line: usize, message: impl Into<String>) -> LogError {
    LogError::Line {
        line,
        message: message.into(),
    }
}

/// A field of an event as an unsigned number.
fn number(value: &Value, field: &str, line: usize) -> Result<u64, LogError> {
    value
        .get(field)
        .and_then(Value::as_u64)
        .ok_or_else(|| bad(line, format!("the event has no number {field:?}")))
}

/// A field of an event as text.
fn text<'v>(value: &'v Value, field: &str, line: usize) -> Result<&'v str, LogError> {
    value
        .get(field)
        .and_then(Value::as_str)
        .ok_or_else(|| bad(line, format!("the event has no text {field:?}")))
}

/// A player field that may be null (−1).
fn maybe_player(value: &Value, field: &str) -> i64 {
    value.get(field).and_then(Value::as_i64).unwrap_or(-1)
}

/// A frame number as `u32`.
fn frame_u32(frame: u64, line: usize) -> Result<u32, LogError> {
    u32::try_from(frame).map_err(|_| bad(line, format!("frame {frame} is too large")))
}

/// A `route` line's points, flattened (x, y, z of each, in whole units).
fn route_points(value: &Value, line: usize) -> Result<Vec<i32>, LogError> {
    let points: Vec<[f64; 3]> = value
        .get("points")
        .cloned()
        .map(serde_json::from_value)
        .transpose()
        .map_err(|e| bad(line, format!("\"points\": {e}")))?
        .ok_or_else(|| bad(line, "a route line without \"points\""))?;
    #[expect(clippy::cast_possible_truncation, reason = "map coordinates")]
    let at = |v: f64| v.round() as i32;
    // The page draws a line through the points: a point closer than `ROUTE_POINT_SPACING` to
    // the last one kept (a reachability's start and end are often a few units apart) adds
    // nothing to it. The goal, the last point, is always kept.
    let mut kept: Vec<[f64; 3]> = Vec::with_capacity(points.len());
    for (index, point) in points.iter().enumerate() {
        let last = index + 1 == points.len();
        let near = kept.last().is_some_and(|previous| {
            let d = [0, 1, 2].map(|i| point[i] - previous[i]);
            d[0].hypot(d[1]).hypot(d[2]) < ROUTE_POINT_SPACING
        });
        if last && near && kept.len() > 1 {
            kept.pop();
        }
        if last || !near {
            kept.push(*point);
        }
    }
    Ok(kept.iter().flatten().map(|&v| at(v)).collect())
}

/// Route points closer than this to the previous point kept are left out of the page (units).
const ROUTE_POINT_SPACING: f64 = 24.0;

/// Reads a match log into what the page shows. The header goes through the log's own
/// schema; frame lines must hold one `players` row per player.
///
/// # Errors
/// [`LogError`] naming the first line that is not valid.
pub(crate) fn read_match(input: impl BufRead) -> Result<(Header, MatchData), LogError> {
    let mut lines = input.lines();
    let first = lines.next().ok_or(LogError::NoHeader)??;
    let value: Value = serde_json::from_str(&first).map_err(|e| bad(1, e.to_string()))?;
    if value.get("event").and_then(Value::as_str) != Some("header") {
        return Err(LogError::NoHeader);
    }
    if let Some(found) = value.get("version").and_then(Value::as_u64)
        && found != u64::from(bot_world::log::LOG_VERSION)
    {
        return Err(LogError::Version {
            found: u32::try_from(found).unwrap_or(u32::MAX),
        });
    }
    let header: Header = serde_json::from_value(value).map_err(|e| bad(1, e.to_string()))?;
    let count = header.players.len();
    let players: Vec<PlayerInfo> = header
        .players
        .iter()
        .map(|p| PlayerInfo {
            name: p.name.clone(),
            team: serde_json::to_value(p.team)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
        })
        .collect();
    let mut team = TeamReader::new(&players);
    let mut columns: Vec<[Vec<i64>; 9]> = vec![Default::default(); count];
    let mut items: Vec<(u32, String, i32, i32, i32, u8)> = header
        .items
        .iter()
        .map(|(entity, class, [x, y, z])| {
            #[expect(clippy::cast_possible_truncation, reason = "map coordinates")]
            let at = |v: f32| v.round() as i32;
            (*entity, class.clone(), at(*x), at(*y), at(*z), 1)
        })
        .collect();
    let mut item_events = Vec::new();
    let mut frags = Vec::new();
    let mut chat = Vec::new();
    let mut decisions = Vec::new();
    let mut flags = Vec::new();
    let mut routes = Vec::new();
    let mut end = None;
    let mut frames = 0_u32;
    let mut shots: [Vec<i64>; 6] = Default::default();
    let mut explosions: [Vec<i64>; 5] = Default::default();
    for (offset, line_text) in lines.enumerate() {
        let line = offset + 2;
        let line_text = line_text?;
        if line_text.trim().is_empty() {
            continue;
        }
        let value: Value =
            serde_json::from_str(&line_text).map_err(|e| bad(line, e.to_string()))?;
        let frame = number(&value, "frame", line)?;
        let event = text(&value, "event", line)?;
        if frame != u64::from(frames) {
            return Err(bad(
                line,
                format!("frame {frame} where frame {frames} was expected"),
            ));
        }
        let frame = frame_u32(frame, line)?;
        match event {
            "frame" => {
                let rows: Vec<[f64; 9]> = value
                    .get("players")
                    .cloned()
                    .map(serde_json::from_value)
                    .transpose()
                    .map_err(|e| bad(line, format!("\"players\": {e}")))?
                    .ok_or_else(|| bad(line, "a frame line without \"players\""))?;
                if rows.len() != count {
                    return Err(bad(
                        line,
                        format!("{} player rows for {count} players", rows.len()),
                    ));
                }
                for (row, column) in rows.iter().zip(&mut columns) {
                    for (field, (&value, track)) in row.iter().zip(column.iter_mut()).enumerate() {
                        track.push(if field < 3 {
                            whole(value * 10.0)
                        } else {
                            whole(value)
                        });
                    }
                }
                frames += 1;
            }
            "pickup" => {
                let entity = number(&value, "entity", line)?;
                if let Some(index) = items.iter().rposition(|i| u64::from(i.0) == entity) {
                    item_events.push((frame, index, 0));
                }
            }
            "item_spawn" => {
                let entity = number(&value, "entity", line)?;
                let index = match items.iter().rposition(|i| u64::from(i.0) == entity) {
                    Some(index) => index,
                    None => {
                        let origin: [f64; 3] = value
                            .get("origin")
                            .cloned()
                            .map(serde_json::from_value)
                            .transpose()
                            .map_err(|e| bad(line, format!("\"origin\": {e}")))?
                            .unwrap_or_default();
                        #[expect(clippy::cast_possible_truncation, reason = "map coordinates")]
                        let at = |v: f64| v.round() as i32;
                        items.push((
                            u32::try_from(entity).unwrap_or(u32::MAX),
                            text(&value, "item", line)?.to_owned(),
                            at(origin[0]),
                            at(origin[1]),
                            at(origin[2]),
                            0,
                        ));
                        items.len() - 1
                    }
                };
                item_events.push((frame, index, 1));
            }
            "frag" => frags.push((
                frame,
                maybe_player(&value, "killer"),
                u32::try_from(number(&value, "victim", line)?).unwrap_or(u32::MAX),
                value
                    .get("cause")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_owned(),
            )),
            "chat" => chat.push((
                frame,
                u32::try_from(number(&value, "player", line)?).unwrap_or(u32::MAX),
                u8::from(value.get("team_only").and_then(Value::as_bool) == Some(true)),
                text(&value, "text", line)?.to_owned(),
            )),
            "decision" => {
                let player = u32::try_from(number(&value, "player", line)?).unwrap_or(u32::MAX);
                let from = text(&value, "from", line)?;
                let to = text(&value, "to", line)?;
                let reason = text(&value, "reason", line)?;
                if from == TEAM_FROM {
                    team.decision(frame, player, to, reason);
                } else {
                    let texts = [from, to, reason].map(str::to_owned);
                    let [from, to, reason] = texts;
                    decisions.push((frame, player, from, to, reason));
                }
            }
            "flag" => flags.push((
                frame,
                text(&value, "action", line)?.to_owned(),
                text(&value, "team", line)?.to_owned(),
                maybe_player(&value, "player"),
            )),
            "fire" if value.get("end").is_some_and(|end| !end.is_null()) => {
                let [x, y, z] = point(&value, "end", line)?;
                let player = i64::try_from(number(&value, "player", line)?).unwrap_or(-1);
                let row = [i64::from(frame), player, weapon_number(&value), x, y, z];
                for (column, value) in shots.iter_mut().zip(row) {
                    column.push(value);
                }
            }
            "explosion" => {
                let [x, y, z] = point(&value, "origin", line)?;
                let row = [i64::from(frame), weapon_number(&value), x, y, z];
                for (column, value) in explosions.iter_mut().zip(row) {
                    column.push(value);
                }
            }
            "route" => routes.push((
                frame,
                u32::try_from(number(&value, "player", line)?).unwrap_or(u32::MAX),
                route_points(&value, line)?,
            )),
            "match_end" => {
                end = value
                    .get("reason")
                    .and_then(Value::as_str)
                    .map(str::to_owned);
            }
            _ => {}
        }
    }
    let tracks = columns
        .iter()
        .map(|column| column.each_ref().map(|values| encode_track(values)))
        .collect();
    let team = team.finish();
    let data = MatchData {
        map: header.map.clone(),
        mode: serde_json::to_value(header.mode)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        seed: header.seed,
        frame_ms: header.frame_ms,
        frames,
        players,
        tracks,
        items,
        item_events,
        frags,
        chat,
        decisions,
        team,
        flags,
        shots: shots.each_ref().map(|column| encode_track(column)),
        explosions: explosions.each_ref().map(|column| encode_track(column)),
        projectiles: Vec::new(),
        routes,
        end,
    };
    Ok((header, data))
}
