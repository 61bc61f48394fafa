//! [`Task`]: what a bot does for its team (botlib's long-term goal types, `ltgtype`), and
//! how long an order of each kind lasts.

use bot_interface::PlayerId;
use glam::Vec3;

/// A team task (botlib's `LTG_*`, botlib-reference §12.3). Places are points in the map
/// (resolved from the order's words by the receiver); players are by id.
#[derive(Debug, Clone, PartialEq)]
pub enum Task {
    /// No team task: items and fights, as in deathmatch.
    Roam,
    /// Go to this teammate and fight beside it (`LTG_TEAMHELP`).
    Help(PlayerId),
    /// Stay near this teammate (`LTG_TEAMACCOMPANY`; escorting a flag carrier).
    Accompany(PlayerId),
    /// Stay near this key area (`LTG_DEFENDKEYAREA`; the own flag base when defending).
    Defend(Vec3),
    /// Take the enemy flag (`LTG_GETFLAG`).
    GetFlag,
    /// Attack the enemy base (`LTG_ATTACKENEMYBASE`).
    AttackEnemyBase,
    /// Get the own flag back: to it where seen dropped, to its carrier where seen, else to
    /// the enemy base where the carrier must go (`LTG_RETURNFLAG`).
    ReturnFlag,
    /// Back to the own base (`LTG_RUSHBASE`; a flag carrier's pressing task).
    RushBase,
    /// Camp at this spot (`LTG_CAMPORDER`).
    Camp(Vec3),
    /// Walk these places in a loop (`LTG_PATROL`); `next` is the one walked to.
    Patrol {
        /// The places.
        points: Vec<Vec3>,
        /// The one walked to now.
        next: usize,
    },
    /// Get the item at this spot (`LTG_GETITEM`); done when there.
    GetItem(Vec3),
    /// Hunt down this enemy (`LTG_KILL`).
    Kill(PlayerId),
    /// Lead this teammate, waiting when it falls behind.
    LeadTheWay(PlayerId),
}

impl Task {
    /// Every task's stable name (`task_seconds` keys, the match log), in [`Task`] order.
    pub const NAMES: [&'static str; 13] = [
        "roam",
        "help",
        "accompany",
        "defend",
        "get_flag",
        "attack_enemy_base",
        "return_flag",
        "rush_base",
        "camp",
        "patrol",
        "get_item",
        "kill",
        "lead_the_way",
    ];

    /// Its position in [`NAMES`](Self::NAMES).
    #[must_use]
    pub fn index(&self) -> usize {
        match self {
            Self::Roam => 0,
            Self::Help(_) => 1,
            Self::Accompany(_) => 2,
            Self::Defend(_) => 3,
            Self::GetFlag => 4,
            Self::AttackEnemyBase => 5,
            Self::ReturnFlag => 6,
            Self::RushBase => 7,
            Self::Camp(_) => 8,
            Self::Patrol { .. } => 9,
            Self::GetItem(_) => 10,
            Self::Kill(_) => 11,
            Self::LeadTheWay(_) => 12,
        }
    }

    /// Its stable name.
    #[must_use]
    pub fn name(&self) -> &'static str {
        Self::NAMES[self.index()]
    }

    /// How long an order of this task lasts, ms (botlib-reference §12.3's goal timeouts; a
    /// roam "order" is a dismissal and lasts until the next).
    #[must_use]
    pub fn timeout_ms(&self) -> u32 {
        match self {
            Self::Help(_) | Self::GetItem(_) => 60_000,
            Self::Kill(_) | Self::ReturnFlag => 180_000,
            Self::RushBase => 120_000,
            Self::Roam => u32::MAX,
            Self::Accompany(_)
            | Self::Defend(_)
            | Self::GetFlag
            | Self::AttackEnemyBase
            | Self::Camp(_)
            | Self::Patrol { .. }
            | Self::LeadTheWay(_) => 600_000,
        }
    }
}
