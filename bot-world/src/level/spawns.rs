//! [`SpawnPoint`]: where players enter the match.

use aas_geom::brush::Entity;
use glam::Vec3;
use serde::Serialize;

/// Which players may spawn at a point, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpawnKind {
    /// `info_player_deathmatch` (and its alias `info_player_start`): anybody, in FFA and TDM,
    /// and in CTF when a map has no team spawns.
    Deathmatch,
    /// `team_CTF_redplayer`: red players' first spawn in CTF.
    RedPlayer,
    /// `team_CTF_blueplayer`: blue players' first spawn in CTF.
    BluePlayer,
    /// `team_CTF_redspawn`: red players' later spawns in CTF.
    RedSpawn,
    /// `team_CTF_bluespawn`: blue players' later spawns in CTF.
    BlueSpawn,
}

/// A spawn point of the map.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpawnPoint {
    /// Index of the entity in the map.
    pub entity: usize,
    /// Which players spawn here.
    pub kind: SpawnKind,
    /// Its origin (players appear 9 units above it).
    pub origin: Vec3,
    /// The facing of players who spawn here (yaw in degrees).
    pub yaw: f32,
    /// Spawnflag 1 on a deathmatch spot: the first spawn of a local player.
    pub initial: bool,
    /// `nobots`: bots never spawn here.
    pub no_bots: bool,
    /// `nohumans`: humans never spawn here.
    pub no_humans: bool,
    /// Its `target`: what a player spawning here uses.
    pub target: Option<String>,
}

/// The spawn point of entity `index`, if it is one with a usable origin.
pub(super) fn extract(index: usize, entity: &Entity) -> Option<SpawnPoint> {
    let class = entity.classname();
    let kind = [
        ("info_player_deathmatch", SpawnKind::Deathmatch),
        ("info_player_start", SpawnKind::Deathmatch),
        ("team_CTF_redplayer", SpawnKind::RedPlayer),
        ("team_CTF_blueplayer", SpawnKind::BluePlayer),
        ("team_CTF_redspawn", SpawnKind::RedSpawn),
        ("team_CTF_bluespawn", SpawnKind::BlueSpawn),
    ]
    .into_iter()
    .find(|(name, _)| name.eq_ignore_ascii_case(class))?
    .1;
    let origin = entity.origin().filter(|o| o.is_finite())?.as_vec3();
    let flag = |key: &str| {
        entity
            .get(key)
            .and_then(|value| value.trim().parse::<i32>().ok())
            .is_some_and(|value| value != 0)
    };
    let spawnflags = entity
        .get("spawnflags")
        .and_then(|value| value.trim().parse::<u32>().ok())
        .unwrap_or(0);
    let yaw = entity
        .get("angle")
        .and_then(|value| value.trim().parse::<f32>().ok())
        .filter(|yaw| yaw.is_finite())
        .unwrap_or(0.0);
    Some(SpawnPoint {
        entity: index,
        kind,
        origin,
        yaw,
        initial: kind == SpawnKind::Deathmatch && spawnflags & 1 != 0,
        no_bots: flag("nobots"),
        no_humans: flag("nohumans"),
        target: entity
            .get("target")
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned),
    })
}
