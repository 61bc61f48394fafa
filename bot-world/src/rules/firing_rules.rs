//! [`FiringRules`]: what every weapon shares: ammunition cap, weapon switching, missile start
//! (q3-game-rules.md §1.2, §1.3, §1.4).

use serde::{Deserialize, Serialize};

/// Rules shared by every weapon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FiringRules {
    /// Ammunition per weapon never exceeds this; an ammo box is refused at or above it: 200
    /// (§1.4 "Max ammo").
    pub max_ammo: i32,
    /// The muzzle is this far along the view's forward from the eye: 14 units (§1.2 "Muzzle
    /// point").
    pub muzzle_forward: f32,
    /// A missile starts this far along its flight: 50 ms (§1.2 "Missile start",
    /// `MISSILE_PRESTEP_TIME`).
    pub missile_prestep_ms: u32,
    /// Putting the current weapon away takes this: 200 ms (§1.3 "Drop").
    pub weapon_drop_ms: u32,
    /// Raising the new weapon takes this: 250 ms (§1.3 "Raise"; a whole switch is 450 ms).
    pub weapon_raise_ms: u32,
    /// Trying to fire without ammunition waits this: 500 ms (§1.3 "Out of ammo").
    pub out_of_ammo_ms: u32,
}

impl Default for FiringRules {
    fn default() -> Self {
        Self {
            max_ammo: 200,
            muzzle_forward: 14.0,
            missile_prestep_ms: 50,
            weapon_drop_ms: 200,
            weapon_raise_ms: 250,
            out_of_ammo_ms: 500,
        }
    }
}
