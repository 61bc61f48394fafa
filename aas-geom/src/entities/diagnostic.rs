//! [`EntityDiagnostic`]: why an entity was skipped, or what was odd about one that was kept.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One note about one entity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EntityDiagnostic {
    /// Index of the entity in [`BrushWorld::entities`](crate::BrushWorld::entities).
    pub entity: usize,
    /// The entity's `classname`.
    pub classname: String,
    /// What is wrong.
    pub problem: EntityProblem,
    /// Whether the entity was left out of [`MapEntities`](super::MapEntities) because of it.
    pub skipped: bool,
}

impl fmt::Display for EntityDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let outcome = if self.skipped { "skipped" } else { "kept" };
        write!(
            f,
            "entity {} ({}), {outcome}: {}",
            self.entity, self.classname, self.problem
        )
    }
}

/// What is wrong with an entity.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum EntityProblem {
    /// The entity has no `target` key.
    NoTarget,
    /// No entity has a `targetname` equal to the `target`.
    TargetNotFound {
        /// The `target` value.
        target: String,
    },
    /// Several entities have the `targetname`; the first is used (the game picks at random).
    SeveralTargets {
        /// The `target` value.
        target: String,
        /// How many entities match.
        count: usize,
    },
    /// The target entity has no well-formed `origin`.
    TargetWithoutOrigin {
        /// The target entity's index.
        target_entity: usize,
    },
    /// The entity has no brush model, or none of its brushes has a volume.
    NoBrushes,
    /// A jump pad's target is not above the trigger's centre.
    TargetNotAbove {
        /// `target.z − centre.z` (units).
        height: f32,
    },
    /// A jump pad's flight time is not finite and positive (gravity not positive).
    BadFlightTime {
        /// The gravity used (units/s²).
        gravity: f32,
    },
    /// A teleporter with spawnflag 1 only teleports spectators.
    SpectatorOnly,
    /// A key's value is not a number; the default is used instead.
    BadNumber {
        /// The key.
        key: String,
        /// Its value.
        value: String,
    },
    /// A key's value is out of range (zero or negative where the game divides by it).
    OutOfRange {
        /// The key.
        key: String,
        /// Its value.
        value: f32,
    },
    /// An item has no well-formed `origin`.
    NoOrigin,
    /// A jump pad whose flight leads nowhere a route continues: it lands back on the pad (or
    /// nowhere), no floor beside the flight is in reach by steering, and it touches no other
    /// pad (or its trigger has no area a player can stand in).
    JumpPadLeadsNowhere,
    /// The origin lies in solid and no point a little above or beside it is open: players
    /// cannot reach the entity (an item or spawn point buried in a wall or floor).
    OriginInSolid,
    /// A brush entity of a class the compiler does not compile: its brushes are not
    /// navigation geometry.
    BrushesIgnored,
    /// A mover on a path (`func_train`, `func_rotating`, `func_pendulum`): the areas it
    /// overlaps are marked as mover areas, but no reachability rides it.
    NotRidden,
    /// The `target_teleporter` a trigger uses (entity `teleporter`) has no `target` key, so it
    /// teleports nobody.
    TeleporterWithoutTarget {
        /// The `target_teleporter` entity's index.
        teleporter: usize,
    },
    /// A standing player does not fit at a teleporter's destination (lifted as the game lifts
    /// it): a teleported player would be stuck in solid.
    DestinationBlocked {
        /// The destination (the target's origin).
        destination: [f32; 3],
    },
    /// A player teleported to the destination does not come down on ground or into a liquid
    /// within the time the reachability computation follows it (a fall into the void, or a
    /// loop of teleporters).
    NoLanding {
        /// The destination (the target's origin).
        destination: [f32; 3],
    },
}

impl fmt::Display for EntityProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoTarget => write!(f, "no \"target\" key"),
            Self::TargetNotFound { target } => {
                write!(f, "no entity has \"targetname\" \"{target}\"")
            }
            Self::SeveralTargets { target, count } => write!(
                f,
                "{count} entities have \"targetname\" \"{target}\"; the first is used"
            ),
            Self::TargetWithoutOrigin { target_entity } => {
                write!(f, "target entity {target_entity} has no valid \"origin\"")
            }
            Self::NoBrushes => write!(f, "no brush model with volume"),
            Self::TargetNotAbove { height } => write!(
                f,
                "target is {height} units above the trigger's centre; it must be higher"
            ),
            Self::BadFlightTime { gravity } => {
                write!(f, "no finite positive flight time with gravity {gravity}")
            }
            Self::SpectatorOnly => write!(f, "spawnflag 1: teleports spectators only"),
            Self::BadNumber { key, value } => {
                write!(f, "\"{key}\" \"{value}\" is not a number; default used")
            }
            Self::OutOfRange { key, value } => write!(f, "\"{key}\" {value} is out of range"),
            Self::NoOrigin => write!(f, "no valid \"origin\""),
            Self::JumpPadLeadsNowhere => write!(
                f,
                "no reachability: its flight lands back on the pad or nowhere, and no floor \
                 beside it is in reach by steering"
            ),
            Self::OriginInSolid => write!(
                f,
                "origin is inside solid (no open space up to 64 units above or 16 beside it): \
                 players cannot reach it"
            ),
            Self::BrushesIgnored => write!(
                f,
                "brush entity of a class the compiler does not compile: its brushes are not \
                 navigation geometry"
            ),
            Self::NotRidden => write!(
                f,
                "moves on a path: the areas it overlaps are marked as mover areas, but no \
                 reachability rides it"
            ),
            Self::TeleporterWithoutTarget { teleporter } => write!(
                f,
                "the target_teleporter it uses (entity {teleporter}) has no \"target\" key"
            ),
            Self::DestinationBlocked {
                destination: [x, y, z],
            } => write!(
                f,
                "a player does not fit at the destination ({x} {y} {z}): it would be stuck"
            ),
            Self::NoLanding {
                destination: [x, y, z],
            } => write!(
                f,
                "a player teleported to ({x} {y} {z}) never comes down on ground or into a liquid"
            ),
        }
    }
}

impl EntityDiagnostic {
    /// A diagnostic on entity `entity` of `world`.
    pub(crate) fn new(
        world: &crate::brush::BrushWorld,
        entity: usize,
        problem: EntityProblem,
        skipped: bool,
    ) -> Self {
        Self {
            entity,
            classname: world
                .entities
                .get(entity)
                .map_or_else(String::new, |e| e.classname().to_owned()),
            problem,
            skipped,
        }
    }
}

/// The notes gathered while reading one entity.
pub(super) struct Notes<'w> {
    entity: usize,
    classname: &'w str,
    notes: Vec<(EntityProblem, bool)>,
}

impl<'w> Notes<'w> {
    /// No notes yet on entity `entity` of class `classname`.
    pub(super) fn new(entity: usize, classname: &'w str) -> Self {
        Self {
            entity,
            classname,
            notes: Vec::new(),
        }
    }

    /// The entity's index.
    pub(super) fn entity(&self) -> usize {
        self.entity
    }

    /// Records a problem that does not stop the entity from being used.
    pub(super) fn note(&mut self, problem: EntityProblem) {
        self.notes.push((problem, false));
    }

    /// Records the problem that makes the entity unusable; always returns `None`, so that
    /// extractors can end with `return notes.skip(…)`.
    pub(super) fn skip<T>(&mut self, problem: EntityProblem) -> Option<T> {
        self.notes.push((problem, true));
        None
    }

    /// Records `result`'s problem as a skip when it is an error.
    pub(super) fn require<T>(&mut self, result: Result<T, EntityProblem>) -> Option<T> {
        result.map_or_else(|problem| self.skip(problem), Some)
    }

    /// The notes as diagnostics.
    pub(super) fn finish(self) -> impl Iterator<Item = EntityDiagnostic> + 'w {
        let Self {
            entity,
            classname,
            notes,
        } = self;
        notes
            .into_iter()
            .map(move |(problem, skipped)| EntityDiagnostic {
                entity,
                classname: classname.to_owned(),
                problem,
                skipped,
            })
    }
}
