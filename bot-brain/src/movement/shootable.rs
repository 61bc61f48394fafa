//! [`Shootable`]: a door or button that opens when shot, and the test that fires at one
//! standing closed in the player's way.

use aas_geom::physics::{STANDING_MAXS, STANDING_MINS, segment_meets_box};
use bot_interface::{SelfView, Weapon};
use glam::Vec3;

use super::locate::flat;

/// A door or button that opens when shot (a `func_door` or `func_button` with `health`), by
/// the box it fills closed, where the map builds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shootable {
    /// Lower corner of its closed box.
    pub mins: Vec3,
    /// Upper corner of its closed box.
    pub maxs: Vec3,
}

impl Shootable {
    /// The point to fire at: the middle of its closed box.
    #[must_use]
    pub fn aim_point(&self) -> Vec3 {
        (self.mins + self.maxs) * 0.5
    }
}

/// How far ahead of the player (units, horizontally) a shootable counts as in its way.
const LOOK_AHEAD: f32 = 48.0;

/// Below this share of the wished speed, along the wished direction, the player is held up.
const HELD_UP: f32 = 0.25;

/// The weapons a door in the way is shot with, best first: hitscan, no splash (a rocket or a
/// grenade fired at a door a step away hurts the shooter as much as the door).
const DOOR_WEAPONS: [Weapon; 4] = [
    Weapon::Machinegun,
    Weapon::Shotgun,
    Weapon::LightningGun,
    Weapon::Railgun,
];

/// The weapon to shoot a door in the way with: the first of [`DOOR_WEAPONS`] the player owns
/// with ammunition; `None` (the one in hand) without any.
pub(super) fn door_weapon(me: &SelfView) -> Option<Weapon> {
    DOOR_WEAPONS
        .into_iter()
        .find(|weapon| me.weapons[weapon.index()] && me.ammo[weapon.index()] > 0)
}

/// The shootable among `shootables` that holds up `me`, who wishes to move along
/// `direction` at `speed`: the player moves slower than a quarter of that speed along it,
/// and its box, moved 48 units ahead along the direction, meets the shootable's closed box.
/// A door that is open is not in the way at all, so the player moves and nothing is shot;
/// one that is closed stops the player, which then fires until it opens.
pub(super) fn shootable_in_the_way<'s>(
    shootables: &'s [Shootable],
    me: &SelfView,
    direction: Vec3,
    speed: f32,
) -> Option<&'s Shootable> {
    let ahead = flat(direction).normalize_or_zero();
    if shootables.is_empty() || ahead == Vec3::ZERO || speed <= 0.0 {
        return None;
    }
    if me.velocity.dot(ahead) >= HELD_UP * speed {
        return None;
    }
    let end = me.origin + ahead * LOOK_AHEAD;
    shootables.iter().find(|door| {
        // The origin's path meets the door's box grown by the player's box.
        segment_meets_box(
            me.origin,
            end,
            door.mins - STANDING_MAXS,
            door.maxs - STANDING_MINS,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(origin: Vec3, velocity: Vec3) -> SelfView {
        SelfView {
            origin,
            velocity,
            on_ground: true,
            ..SelfView::default()
        }
    }

    /// A door 16 units thick across the way at x 100..116.
    const DOOR: Shootable = Shootable {
        mins: Vec3::new(100.0, -64.0, 0.0),
        maxs: Vec3::new(116.0, 64.0, 128.0),
    };

    #[test]
    fn a_player_stopped_in_front_of_a_door_shoots_it() {
        let me = standing(Vec3::new(84.0, 0.0, 24.0), Vec3::ZERO);
        let found = shootable_in_the_way(&[DOOR], &me, Vec3::X, 320.0);
        assert_eq!(
            found.map(Shootable::aim_point),
            Some(Vec3::new(108.0, 0.0, 64.0))
        );
    }

    #[test]
    fn a_moving_player_or_one_facing_away_does_not() {
        let running = standing(Vec3::new(84.0, 0.0, 24.0), Vec3::new(300.0, 0.0, 0.0));
        assert_eq!(
            shootable_in_the_way(&[DOOR], &running, Vec3::X, 320.0),
            None
        );
        let stopped = standing(Vec3::new(84.0, 0.0, 24.0), Vec3::ZERO);
        assert_eq!(
            shootable_in_the_way(&[DOOR], &stopped, Vec3::NEG_X, 320.0),
            None
        );
        assert_eq!(shootable_in_the_way(&[DOOR], &stopped, Vec3::X, 0.0), None);
    }

    #[test]
    fn a_door_further_than_the_look_ahead_or_beside_the_way_is_not_in_it() {
        let far = standing(Vec3::new(30.0, 0.0, 24.0), Vec3::ZERO);
        assert_eq!(shootable_in_the_way(&[DOOR], &far, Vec3::X, 320.0), None);
        let beside = standing(Vec3::new(84.0, 100.0, 24.0), Vec3::ZERO);
        assert_eq!(shootable_in_the_way(&[DOOR], &beside, Vec3::X, 320.0), None);
    }

    #[test]
    fn a_door_is_shot_with_a_hitscan_weapon_not_a_rocket() {
        let mut me = SelfView::default();
        let owns = |me: &mut SelfView, weapon: Weapon| {
            me.weapons[weapon.index()] = true;
            me.ammo[weapon.index()] = 10;
        };
        owns(&mut me, Weapon::RocketLauncher);
        me.weapon = Some(Weapon::RocketLauncher);
        assert_eq!(door_weapon(&me), None, "no hitscan weapon: the one in hand");
        owns(&mut me, Weapon::Railgun);
        assert_eq!(door_weapon(&me), Some(Weapon::Railgun));
        owns(&mut me, Weapon::Machinegun);
        assert_eq!(door_weapon(&me), Some(Weapon::Machinegun));
        me.ammo[Weapon::Machinegun.index()] = 0;
        assert_eq!(
            door_weapon(&me),
            Some(Weapon::Railgun),
            "not without ammunition"
        );
    }
}
