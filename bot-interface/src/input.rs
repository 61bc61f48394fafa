//! [`BotInput`]: the basic actions of thesis §7.2, the only way a player acts.

use bitflags::bitflags;
use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::Weapon;

bitflags! {
    /// The buttons a player holds during one frame.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
    pub struct Buttons: u16 {
        /// Fire the current weapon (held: fire again as soon as the weapon is ready).
        const ATTACK = 1;
        /// Use the holdable item (teleporter, medkit).
        const USE = 1 << 1;
        /// Jump (a new jump needs the button released first); swim up in a liquid.
        const JUMP = 1 << 2;
        /// Crouch; swim down in a liquid.
        const CROUCH = 1 << 3;
        /// Walk instead of run (half speed, silent footsteps).
        const WALK = 1 << 4;
        /// Play a gesture (a taunt, heard by others).
        const GESTURE = 1 << 5;
        /// Ask to respawn while dead (attack also does, as in Quake III).
        const RESPAWN = 1 << 6;
    }
}

/// What a player does during one server frame (thesis §7.2's basic actions).
///
/// Directions are in world space (Quake units, Z up); the world keeps the view angles the
/// player gives and moves it along `move_direction` whatever it looks at, as a bot's movement
/// commands do in botlib (the game turns them into forward/right moves relative to the view).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BotInput {
    /// Direction to move in; need not be normalised; zero stands still. On the ground and in
    /// the air only the horizontal part counts; in a liquid (or with flight) it is 3-D.
    pub move_direction: Vec3,
    /// Wished speed, units per second; the world caps it at the player's running (or
    /// crouching, swimming, walking) speed. Use `f32::MAX` for "as fast as possible".
    pub move_speed: f32,
    /// View angles in degrees: pitch (positive looks down, clamped to about ±88°), yaw
    /// (counter-clockwise from +X) and roll (ignored). Weapons fire along the view.
    pub view_angles: Vec3,
    /// Buttons held this frame.
    pub buttons: Buttons,
    /// Switch to this weapon (kept as the wish until owned and switched to).
    pub weapon: Option<Weapon>,
    /// Say this to everybody.
    pub say: Option<String>,
    /// Say this to the own team only.
    pub say_team: Option<String>,
    /// The typed form of what `say_team` says, for teammates that read it
    /// ([`TeamMessage`](crate::TeamMessage)); ignored without `say_team`.
    pub team_message: Option<crate::TeamMessage>,
}

impl BotInput {
    /// Stand still, looking along `view_angles`, no buttons.
    #[must_use]
    pub fn looking(view_angles: Vec3) -> Self {
        Self {
            view_angles,
            ..Self::default()
        }
    }

    /// Whether `button` is held.
    #[must_use]
    pub fn holds(&self, button: Buttons) -> bool {
        self.buttons.contains(button)
    }
}

/// The unit vector a player with view `angles` (pitch, yaw, roll in degrees; positive pitch
/// looks down) looks along.
#[must_use]
pub fn view_forward(angles: Vec3) -> Vec3 {
    let (pitch, yaw) = (angles.x.to_radians(), angles.y.to_radians());
    Vec3::new(
        pitch.cos() * yaw.cos(),
        pitch.cos() * yaw.sin(),
        -pitch.sin(),
    )
}

/// The view angles (pitch, yaw, 0 in degrees) that look along `direction` (any length; zero
/// looks along +X).
#[must_use]
pub fn view_angles_towards(direction: Vec3) -> Vec3 {
    let horizontal = direction.truncate().length();
    if horizontal == 0.0 && direction.z == 0.0 {
        return Vec3::ZERO;
    }
    let yaw = direction.y.atan2(direction.x).to_degrees();
    let pitch = (-direction.z).atan2(horizontal).to_degrees();
    Vec3::new(pitch, yaw, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_angles_and_forward_agree() {
        for direction in [
            Vec3::X,
            Vec3::Y,
            Vec3::new(1.0, 1.0, -1.0),
            Vec3::new(-3.0, 0.5, 2.0),
        ] {
            let forward = view_forward(view_angles_towards(direction));
            assert!(
                (forward - direction.normalize()).length() < 1e-5,
                "{direction} -> {forward}"
            );
        }
        assert_eq!(view_angles_towards(Vec3::ZERO), Vec3::ZERO);
    }

    #[test]
    fn buttons_serialize_as_names() {
        let input = BotInput {
            buttons: Buttons::ATTACK | Buttons::JUMP,
            ..BotInput::default()
        };
        let json = serde_json::to_string(&input).expect("serializes");
        assert!(json.contains("ATTACK | JUMP"), "{json}");
        let back: BotInput = serde_json::from_str(&json).expect("parses");
        assert_eq!(back, input);
    }
}
