//! [`TravelTimes`]: botlib's default travel-time rules of each reachability type, in
//! hundredths of a second.

use serde::{Deserialize, Serialize};

/// The travel-time rules (botlib's `rs_*` settings and the rules of its reachability code;
/// `botlib-reference.md` §2.6). Times are in hundredths of a second.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TravelTimes {
    /// Walking or stepping to a neighbouring floor.
    pub walk: u16,
    /// Added when the player must crouch (`rs_startcrouch`).
    pub start_crouch: u16,
    /// Jumping onto a barrier (`rs_barrierjump`).
    pub barrier_jump: u16,
    /// Starting a jump (`rs_startjump`); the horizontal distance adds `distance × 240 /
    /// max_walk_velocity`.
    pub start_jump: u16,
    /// Climbing a ladder.
    pub ladder: u16,
    /// Starting to walk off a ledge (`rs_startwalkoffledge`); the fall adds `height × 50 /
    /// gravity`.
    pub start_walk_off_ledge: u16,
    /// Added for a landing that hurts by 5 (`rs_falldamage5`).
    pub fall_damage_5: u16,
    /// Added for a landing that hurts by 10 (`rs_falldamage10`).
    pub fall_damage_10: u16,
    /// Swimming into a neighbouring liquid area.
    pub swim: u16,
    /// Jumping out of water (`rs_waterjump`).
    pub water_jump: u16,
    /// Teleporting (`rs_teleport`).
    pub teleport: u16,
    /// Starting an elevator ride (`rs_startelevator`); the climb adds `height × 100 / speed`.
    pub start_elevator: u16,
    /// Rocket jumping (`rs_rocketjump`).
    pub rocket_jump: u16,
    /// Using a jump pad (`rs_jumppad`).
    pub jump_pad: u16,
    /// Using a jump pad with air control towards another landing spot
    /// (`rs_aircontrolledjumppad`).
    pub air_controlled_jump_pad: u16,
    /// Riding a bobbing platform (`rs_funcbob`).
    pub func_bob: u16,
}

impl Default for TravelTimes {
    fn default() -> Self {
        Self {
            walk: 1,
            start_crouch: 300,
            barrier_jump: 100,
            start_jump: 300,
            ladder: 10,
            start_walk_off_ledge: 70,
            fall_damage_5: 300,
            fall_damage_10: 500,
            swim: 1,
            water_jump: 400,
            teleport: 50,
            start_elevator: 50,
            rocket_jump: 500,
            jump_pad: 250,
            air_controlled_jump_pad: 300,
            func_bob: 300,
        }
    }
}

/// A time in hundredths of a second, rounded down and capped to the `u16` range.
#[must_use]
pub(crate) fn centiseconds(value: f32) -> u16 {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "clamped to the u16 range first"
    )]
    let value = value.clamp(0.0, f32::from(u16::MAX)) as u16;
    value
}

impl TravelTimes {
    /// The extra time of a landing after a fall of `height` units under `gravity`: the
    /// landing speed `sqrt(2 · gravity · height)` gives Quake III's fall delta
    /// `(speed / 100)²`, which hurts by 10 above `delta_10` and by 5 above `delta_5`.
    #[must_use]
    pub fn fall_damage(&self, height: f32, gravity: f32, delta_5: f32, delta_10: f32) -> u16 {
        let speed = (2.0 * gravity * height.max(0.0)).sqrt();
        let delta = speed * speed * 0.0001;
        if delta > delta_10 {
            self.fall_damage_10
        } else if delta > delta_5 {
            self.fall_damage_5
        } else {
            0
        }
    }

    /// The time of walking off a ledge and falling `height` units, before any
    /// [fall damage](Self::fall_damage): `start_walk_off_ledge + height × 50 / gravity`.
    #[must_use]
    pub fn walk_off_ledge(&self, height: f32, gravity: f32) -> u16 {
        self.start_walk_off_ledge
            .saturating_add(centiseconds(height.max(0.0) * 50.0 / gravity))
    }

    /// The time of a jump over `distance` units at running speed `max_speed`, before any
    /// [fall damage](Self::fall_damage): `start_jump + distance × 240 / max_speed`.
    #[must_use]
    pub fn jump(&self, distance: f32, max_speed: f32) -> u16 {
        self.start_jump
            .saturating_add(centiseconds(distance * 240.0 / max_speed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ledge_and_jump_times_follow_the_botlib_rules() {
        let times = TravelTimes::default();
        let ledge =
            |h: f32| times.walk_off_ledge(h, 800.0) + times.fall_damage(h, 800.0, 40.0, 60.0);
        // A 320-unit fall: 70 + 20 + 300 (fall delta 51.2 > 40).
        assert_eq!(ledge(320.0), 390);
        // A 160-unit fall does not hurt: 70 + 10.
        assert_eq!(ledge(160.0), 80);
        // A 400-unit fall hurts by 10: 70 + 25 + 500.
        assert_eq!(ledge(400.0), 595);
        // A jump over 144.9 units on the level: 300 + 108.
        assert_eq!(times.jump(144.9, 320.0), 408);
    }
}
