//! What a goal is: a place the bot goes to, named so that the avoid table and the goal stack
//! can tell goals apart (botlib's `bot_goal_t`, reduced to what the brain needs).

use bot_interface::Item;
use glam::Vec3;

/// A level item: its position in [`LevelItems`](super::LevelItems) (map order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SpotId(pub u32);

impl SpotId {
    /// The position in the level's item list.
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Which goal: the key of the avoid table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GoalId {
    /// An item placed in the map (or a roam spot).
    Spot(SpotId),
    /// An item a player dropped, by its entity number.
    Dropped {
        /// The world's entity number of the dropped item.
        entity: u32,
    },
    /// Any other place the caller names (a camp spot, an enemy's last position, a button).
    Other(u32),
}

/// A goal: where to go and what it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Goal {
    /// Which goal.
    pub id: GoalId,
    /// Where it is (an item's resting origin).
    pub origin: Vec3,
    /// The item there, if it is one ([`None`] for roam spots and other goals).
    pub item: Option<Item>,
}
