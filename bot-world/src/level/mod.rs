//! [`Level`]: everything a match needs from a map that never changes during the match — the
//! brushes, the navigation world, the entities the rules act on — and its loading.
//!
//! A level comes from a `.bsp` (or a `.map`): the brushes give collision and the entities;
//! the `.aas` is loaded when given, else compiled in memory (a newcomer needs only the
//! `.bsp`). A `.aas` compiled for another `.bsp` (its stored checksum differs from this
//! file's) is refused. Entities the world does not model are listed as
//! [`LevelDiagnostic`]s, never a failure.

mod error;
mod items;
mod load;
mod spawns;

use aas_geom::entities::{DoorEntities, MapEntities};
use aas_geom::format::bsp_q3::BspVisibility;
use aas_geom::{AasWorld, BrushWorld};
use bot_brain::movement::{DoorOpener, Shootable};
use serde::Serialize;

use crate::collision::CollisionWorld;

pub use error::LevelError;
pub use items::{LevelItem, TeamChain, filtered_out, team_chains};
pub use load::{BuildError, LevelSettings};
pub use spawns::{SpawnKind, SpawnPoint};

/// A map ready to be played on.
#[derive(Debug)]
pub struct Level {
    /// The map's name: its file stem (`"oacmpdm1"`).
    pub name: String,
    /// The checksum of the `.bsp` file (0 for a `.map`), as a `.aas` stores it.
    pub bsp_checksum: i32,
    /// FNV-1a 64 of the map file's bytes (0 when not loaded from a file): match logs record
    /// it so that a replay refuses another map.
    pub file_hash: u64,
    /// The map's brushes and entities.
    pub brushes: BrushWorld,
    /// Traces against the map's own brushes and patches (shots, sight, items).
    pub collision: CollisionWorld,
    /// The `.bsp`'s potentially visible set, when the map is a `.bsp` with visibility data
    /// (`None` for `.map` files and levels built from brushes): a cheap, conservative
    /// "no line of sight possible" test run before sight traces.
    pub visibility: Option<BspVisibility>,
    /// The navigation world (loaded or compiled), clustered.
    pub aas: AasWorld,
    /// Whether the navigation world was compiled in memory (no `.aas` given).
    pub aas_compiled: bool,
    /// Gravity (units/s²): the `worldspawn` key, else 800.
    pub gravity: f32,
    /// Jump pads, teleporters, lifts, bobbing platforms and item spots, for physics.
    pub movement: MapEntities,
    /// Doors, buttons and damaging volumes.
    pub doors: DoorEntities,
    /// Spawn points, in entity order.
    pub spawns: Vec<SpawnPoint>,
    /// Items, weapons, ammunition, powerups, holdables and flags, in entity order.
    pub items: Vec<LevelItem>,
    /// What the world does not model, or found wrong, in entity order.
    pub diagnostics: Vec<LevelDiagnostic>,
}

impl Level {
    /// The doors and buttons that open when shot (`health` set), by the box each fills where
    /// the map builds it: what a bot's
    /// [`Navigator::with_shootables`](bot_brain::movement::Navigator::with_shootables) fires
    /// at when one holds it up.
    #[must_use]
    pub fn shootables(&self) -> Vec<Shootable> {
        self.doors
            .doors
            .iter()
            .chain(&self.doors.buttons)
            .filter(|mover| mover.health > 0)
            .map(|mover| Shootable {
                mins: mover.mins,
                maxs: mover.maxs,
            })
            .collect()
    }

    /// The doors that a button elsewhere opens (a `func_door` without `health`, not starting
    /// open, whose `targetname` a `func_button`'s `target` names; the first such button), by
    /// the boxes both fill where the map builds them: what a bot's
    /// [`Navigator::with_door_openers`](bot_brain::movement::Navigator::with_door_openers)
    /// goes to press when such a door holds it up. In entity order.
    #[must_use]
    pub fn door_openers(&self) -> Vec<DoorOpener> {
        let doors = &self.doors;
        doors
            .doors
            .iter()
            .filter(|door| door.health <= 0 && !door.start_open)
            .filter_map(|door| {
                let name = door.targetname.as_deref()?;
                let button = doors
                    .buttons
                    .iter()
                    .find(|button| button.target.as_deref() == Some(name))?;
                Some(DoorOpener {
                    door: Shootable {
                        mins: door.mins,
                        maxs: door.maxs,
                    },
                    button: Shootable {
                        mins: button.mins,
                        maxs: button.maxs,
                    },
                    shot: button.health > 0,
                })
            })
            .collect()
    }
}

/// One note about one entity of a level: not modelled, or malformed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LevelDiagnostic {
    /// Index of the entity in the map (`None` for the navigation file as a whole).
    pub entity: Option<usize>,
    /// Its class name (empty for the navigation file).
    pub classname: String,
    /// What is wrong or left out.
    pub message: String,
}

impl std::fmt::Display for LevelDiagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.entity {
            Some(entity) => write!(f, "entity {entity} ({}): {}", self.classname, self.message),
            None => write!(f, "{}", self.message),
        }
    }
}
