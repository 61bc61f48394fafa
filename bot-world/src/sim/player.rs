//! [`PlayerSlot`]: one player's whole state in the world, and its statistics.

use std::collections::BTreeMap;

use aas_geom::PlayerState;
use bot_interface::{PlayerId, Team, Weapon};
use glam::Vec3;
use serde::Serialize;

use crate::rules::{Breath, Inventory, PainDebounce};

/// What a player did during a match (the match summary's per-player numbers).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PlayerStats {
    /// Kills of opponents.
    pub frags: u32,
    /// Deaths of any cause.
    pub deaths: u32,
    /// Deaths by the player's own hand or the world's (falling, lava, its own rocket …).
    pub suicides: u32,
    /// Damage dealt to other players (health + armor taken off).
    pub damage_given: u32,
    /// Damage received.
    pub damage_taken: u32,
    /// Items picked up, by class name.
    pub pickups: BTreeMap<&'static str, u32>,
    /// Shots fired, per weapon (indexed by [`Weapon::index`]).
    pub shots: [u32; 9],
    /// Shots that hit a player, per weapon (a shotgun blast or a rail counts once).
    pub hits: [u32; 9],
}

/// The weapon in hand and its timing (Quake III's weapon state).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum WeaponPhase {
    /// Ready to fire (or firing).
    Ready,
    /// Putting the weapon away to switch to `next`.
    Dropping {
        /// The weapon being switched to.
        next: Weapon,
    },
    /// Raising the new weapon.
    Raising,
}

/// One player in the world.
#[derive(Debug, Clone)]
pub struct PlayerSlot {
    /// Who.
    pub id: PlayerId,
    /// Its name.
    pub name: String,
    /// Its team.
    pub team: Team,
    /// Movement state (origin, velocity, ground, water level …).
    pub body: PlayerState,
    /// View angles (pitch, yaw, roll) in degrees.
    pub view_angles: Vec3,
    /// Health, armor, weapons, ammunition, powerups, holdable, flag.
    pub inventory: Inventory,
    /// Alive (else waiting to respawn).
    pub alive: bool,
    /// Whether the player has entered the match (spawned once).
    pub entered: bool,
    /// Match time (ms) of the last death.
    pub died_ms: u32,
    /// The weapon in hand (`None` while dead).
    pub weapon: Option<Weapon>,
    /// Milliseconds until the weapon may act again (may go below zero while firing: Quake
    /// III carries the remainder over).
    pub weapon_time: i32,
    /// Switching state.
    pub weapon_phase: WeaponPhase,
    /// Firing and jumping are blocked after a spawn until attack and use are released.
    pub respawn_hold: bool,
    /// Fired this frame.
    pub fired: bool,
    /// Score (frags, minus suicides, plus CTF bonuses).
    pub score: i32,
    /// Statistics.
    pub stats: PlayerStats,
    /// Milliseconds accumulated towards the next once-per-second tick.
    pub second_residual: u32,
    /// Air left (drowning).
    pub breath: Breath,
    /// When liquids may hurt again.
    pub pain: PainDebounce,
    /// Took damage this frame (for the pain feedback at the end of the frame).
    pub damaged: bool,
    /// Match time (ms) when the player last hurt the enemy flag carrier (CTF: killing it
    /// soon after is a [`CtfBonus::CarrierDanger`](crate::rules::CtfBonus::CarrierDanger)).
    pub hurt_carrier_ms: Option<u32>,
    /// Match time (ms) when the player last returned its own flag by touch (CTF: a capture by
    /// a teammate soon after is an assist, [`ctf_capture_assist`](crate::rules::ctf_capture_assist)).
    pub returned_flag_ms: Option<u32>,
    /// Match time (ms) when the player last fragged the enemy flag carrier (CTF: an assist
    /// like `returned_flag_ms`).
    pub fragged_carrier_ms: Option<u32>,
    /// Whether the player held the jump button last frame (for the respawn rule).
    pub buttons_held: bot_interface::Buttons,
    /// The last other player that hurt it (Quake III's `PERS_ATTACKER`; kept across
    /// respawns).
    pub last_attacker: Option<PlayerId>,
}

impl PlayerSlot {
    /// The absolute bounding box (as shots see it).
    #[must_use]
    pub fn bounds(&self) -> (Vec3, Vec3) {
        let (mins, maxs) = self.body.box_extents();
        (self.body.origin + mins, self.body.origin + maxs)
    }

    /// The eye position.
    #[must_use]
    pub fn eye(&self, view_height: f32, crouch_view_height: f32) -> Vec3 {
        let height = if self.body.crouched {
            crouch_view_height
        } else {
            view_height
        };
        self.body.origin + Vec3::Z * height
    }
}
