//! The projectiles the page draws: the log records when a missile is fired and where it
//! explodes, not its flight, so the match is re-simulated from the log's inputs (as `replay`
//! does, hash by hash, from [`replay_world`]) and each projectile's position after every frame is kept.

use bot_world::log::RecordedMatch;
use bot_world::{Level, replay_world};

use super::encode::encode_track;

/// One projectile's flight: `[entity, weapon number, first frame, x, y, z]`, the coordinates
/// compact tracks ([`encode_track`], whole units) from its first frame in flight to its last.
pub(crate) type ProjectileTrack = (u32, u8, u32, String, String, String);

/// The projectiles of a re-simulated match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Flights {
    /// Every projectile's flight, in the order they were fired.
    pub(crate) tracks: Vec<ProjectileTrack>,
    /// The first frame whose state hash differs from the log (another build or an edited
    /// log): flights are kept up to there. `None` when every frame matched.
    pub(crate) diverged_at: Option<u32>,
}

/// A coordinate in whole units.
#[expect(clippy::cast_possible_truncation, reason = "map coordinates")]
fn whole(value: f32) -> i64 {
    value.round() as i64
}

/// Re-simulates `recorded` on `level` and collects the projectiles' flights.
pub(crate) fn flights(recorded: &RecordedMatch, level: &Level) -> Flights {
    let mut world = replay_world(recorded, level);
    // Per entity: (weapon, first frame, x, y, z columns); in flight: entity → index.
    let mut flying: Vec<(u32, u8, u32, [Vec<i64>; 3])> = Vec::new();
    let mut index_of: std::collections::BTreeMap<u32, usize> = std::collections::BTreeMap::new();
    let mut diverged_at = None;
    for (frame, recorded_frame) in (0_u32..).zip(&recorded.frames) {
        world.step(&recorded_frame.inputs);
        if world.last_hash() != recorded_frame.hash {
            diverged_at = Some(frame);
            break;
        }
        for projectile in world.projectiles() {
            let index = *index_of.entry(projectile.entity).or_insert_with(|| {
                flying.push((
                    projectile.entity,
                    projectile.weapon.number(),
                    frame,
                    Default::default(),
                ));
                flying.len() - 1
            });
            for (column, value) in flying[index].3.iter_mut().zip(projectile.origin.to_array()) {
                column.push(whole(value));
            }
        }
    }
    let tracks = flying
        .into_iter()
        .map(|(entity, weapon, first, [x, y, z])| {
            (
                entity,
                weapon,
                first,
                encode_track(&x),
                encode_track(&y),
                encode_track(&z),
            )
        })
        .collect();
    Flights {
        tracks,
        diverged_at,
    }
}
