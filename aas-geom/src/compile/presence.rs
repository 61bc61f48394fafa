//! Player presence boxes: the bounding boxes a player can have (thesis §6.2: normal and crouch),
//! by which solid brushes are expanded so that areas can be computed for a point.

use glam::DVec3;
use serde::{Deserialize, Serialize};

/// A set of presence boxes, as bits indexed by the box's position in the compile settings'
/// box list (bit 0 is the first box, normally the standing box).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct PresenceMask(pub u8);

impl PresenceMask {
    /// No box.
    pub const NONE: Self = Self(0);

    /// The mask holding only box `index` (`index < 8`).
    #[must_use]
    pub const fn single(index: usize) -> Self {
        Self(1 << index)
    }

    /// Every box of a list of `count` boxes (`count <= 8`).
    #[must_use]
    pub const fn all(count: usize) -> Self {
        if count >= 8 {
            Self(u8::MAX)
        } else {
            Self((1_u8 << count) - 1)
        }
    }

    /// Whether box `index` is in the set.
    #[must_use]
    pub const fn contains(self, index: usize) -> bool {
        index < 8 && self.0 & (1 << index) != 0
    }

    /// The union of two sets.
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// One player bounding box, relative to the player's origin.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PresenceBox {
    /// The Quake III presence type value written to `.aas` files (`PRESENCE_NORMAL` 2,
    /// `PRESENCE_CROUCH` 4).
    pub presence_type: i32,
    /// Lower corner relative to the origin.
    pub mins: DVec3,
    /// Upper corner relative to the origin.
    pub maxs: DVec3,
}

impl PresenceBox {
    /// The standing player: `(-15, -15, -24)–(15, 15, 32)`, presence type 2.
    pub const NORMAL: Self = Self {
        presence_type: 2,
        mins: DVec3::new(-15.0, -15.0, -24.0),
        maxs: DVec3::new(15.0, 15.0, 32.0),
    };

    /// The crouching player: `(-15, -15, -24)–(15, 15, 16)`, presence type 4.
    pub const CROUCH: Self = Self {
        presence_type: 4,
        mins: DVec3::new(-15.0, -15.0, -24.0),
        maxs: DVec3::new(15.0, 15.0, 16.0),
    };

    /// The default boxes of Quake III's bspc: normal, then crouch.
    pub const DEFAULTS: [Self; 2] = [Self::NORMAL, Self::CROUCH];
}
