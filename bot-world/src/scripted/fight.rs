//! Fighting: the nearest visible opponent, the first weapon of a fixed preference list that
//! suits its distance, and an aim at its chest with a little lead for projectiles.

use bot_interface::{BotView, SeenPlayer, SelfView, Team, Weapon, view_angles_towards};
use glam::Vec3;

use crate::rules::GameRng;

/// The weapons in order of preference, each with the distances (between origins, units) it
/// is used at.
const PREFERENCE: [(Weapon, f32, f32); 9] = [
    (Weapon::Railgun, 0.0, f32::INFINITY),
    (Weapon::RocketLauncher, 96.0, f32::INFINITY),
    (Weapon::Bfg, 96.0, f32::INFINITY),
    (Weapon::LightningGun, 0.0, 768.0),
    (Weapon::PlasmaGun, 0.0, f32::INFINITY),
    (Weapon::Shotgun, 0.0, 384.0),
    (Weapon::GrenadeLauncher, 96.0, 768.0),
    (Weapon::Machinegun, 0.0, f32::INFINITY),
    // 32 units of reach from the muzzle, plus the target's half width.
    (Weapon::Gauntlet, 0.0, 48.0),
];

/// Height of the chest above a standing player's origin.
const CHEST: f32 = 10.0;
/// Height of the chest above a crouching player's origin.
const CROUCHED_CHEST: f32 = 2.0;
/// Height of the feet above the origin (rockets and grenades aim there at players that do
/// not move up or down: the splash hits the floor next to them).
const FEET: f32 = -20.0;
/// Largest aim error, degrees, either way in pitch and yaw (redrawn every frame).
const AIM_ERROR: f32 = 1.5;

/// What fighting asks for this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Engagement {
    /// View angles aimed at the target.
    pub(super) view_angles: Vec3,
    /// Press attack.
    pub(super) attack: bool,
    /// Weapon to switch to.
    pub(super) weapon: Option<Weapon>,
}

/// Whether `other` is an opponent of `me`: alive, someone else, and in free-for-all anyone,
/// else on the other team.
fn opponent(me: &SelfView, other: &SeenPlayer) -> bool {
    other.id != me.id && other.alive && (me.team == Team::Free || other.team != me.team)
}

/// The nearest opponent in view.
fn target(view: &BotView) -> Option<&SeenPlayer> {
    let eye = view.me.eye();
    view.players
        .iter()
        .filter(|other| opponent(&view.me, other))
        .min_by(|a, b| {
            eye.distance_squared(a.origin)
                .total_cmp(&eye.distance_squared(b.origin))
        })
}

/// The first weapon of [`PREFERENCE`] owned, loaded and suited to `distance`.
fn best_weapon(me: &SelfView, distance: f32) -> Option<Weapon> {
    PREFERENCE
        .iter()
        .find(|&&(weapon, near, far)| me.can_fire(weapon) && (near..=far).contains(&distance))
        .map(|&(weapon, ..)| weapon)
}

/// Whether `weapon` is suited to `distance` by [`PREFERENCE`].
fn suits(weapon: Weapon, distance: f32) -> bool {
    PREFERENCE
        .iter()
        .any(|&(w, near, far)| w == weapon && (near..=far).contains(&distance))
}

/// The weapon to hold while no opponent is in view: the first of [`PREFERENCE`] owned and
/// loaded, at a middle distance.
pub(super) fn idle_weapon(me: &SelfView) -> Option<Weapon> {
    best_weapon(me, 256.0).filter(|&weapon| Some(weapon) != me.weapon)
}

/// Speed of the projectile `weapon` fires (units/s), `None` for hitscan weapons.
fn projectile_speed(weapon: Weapon) -> Option<f32> {
    match weapon {
        Weapon::RocketLauncher => Some(900.0),
        Weapon::GrenadeLauncher => Some(700.0),
        Weapon::PlasmaGun | Weapon::Bfg => Some(2000.0),
        _ => None,
    }
}

/// Fights the nearest opponent in view, if any: aims at it with `weapon_in_hand`'s lead, fires
/// the weapon in hand when it suits the distance, and asks for the best weapon.
pub(super) fn engage(view: &BotView, rng: &mut GameRng) -> Option<Engagement> {
    let me = &view.me;
    let enemy = target(view)?;
    let eye = me.eye();
    let distance = me.origin.distance(enemy.origin);
    let best = best_weapon(me, distance);
    let in_hand = me.weapon.filter(|&w| me.can_fire(w) && suits(w, distance));
    let aim_with = in_hand.or(best);
    let height = match aim_with {
        Some(Weapon::RocketLauncher | Weapon::GrenadeLauncher) if enemy.velocity.z == 0.0 => FEET,
        _ if enemy.crouched => CROUCHED_CHEST,
        _ => CHEST,
    };
    let mut point = enemy.origin + Vec3::Z * height;
    if let Some(speed) = aim_with.and_then(projectile_speed) {
        let flight = eye.distance(point) / speed;
        point += enemy.velocity * flight;
    }
    let error = Vec3::new(rng.crandom(), rng.crandom(), 0.0) * AIM_ERROR;
    Some(Engagement {
        view_angles: view_angles_towards(point - eye) + error,
        attack: in_hand.is_some(),
        weapon: best.filter(|&w| Some(w) != me.weapon),
    })
}

#[cfg(test)]
mod tests {
    use bot_interface::PlayerId;

    use super::*;

    fn armed(weapons: &[Weapon]) -> SelfView {
        let mut me = SelfView {
            alive: true,
            view_height: 26.0,
            weapon: weapons.first().copied(),
            ..SelfView::default()
        };
        for &weapon in weapons {
            me.weapons[weapon.index()] = true;
            me.ammo[weapon.index()] = if weapon == Weapon::Gauntlet { -1 } else { 10 };
        }
        me
    }

    fn seen(id: u16, team: Team, origin: Vec3) -> SeenPlayer {
        SeenPlayer {
            id: PlayerId(id),
            team,
            origin,
            velocity: Vec3::ZERO,
            view_angles: Vec3::ZERO,
            alive: true,
            crouched: false,
            weapon: None,
            firing: false,
            carrying_flag: None,
            powerups: Vec::new(),
        }
    }

    #[test]
    fn weapons_follow_the_preference_and_the_distance() {
        let me = armed(&[
            Weapon::Gauntlet,
            Weapon::Machinegun,
            Weapon::Shotgun,
            Weapon::LightningGun,
        ]);
        assert_eq!(best_weapon(&me, 200.0), Some(Weapon::LightningGun));
        assert_eq!(best_weapon(&me, 600.0), Some(Weapon::LightningGun));
        assert_eq!(best_weapon(&me, 1000.0), Some(Weapon::Machinegun));
        let mut empty = me.clone();
        empty.ammo[Weapon::Machinegun.index()] = 0;
        empty.ammo[Weapon::LightningGun.index()] = 0;
        empty.ammo[Weapon::Shotgun.index()] = 0;
        assert_eq!(best_weapon(&empty, 1000.0), None);
        assert_eq!(best_weapon(&empty, 40.0), Some(Weapon::Gauntlet));
        let rockets = armed(&[Weapon::Machinegun, Weapon::RocketLauncher]);
        assert_eq!(best_weapon(&rockets, 64.0), Some(Weapon::Machinegun));
        assert_eq!(best_weapon(&rockets, 300.0), Some(Weapon::RocketLauncher));
    }

    #[test]
    fn only_living_opponents_are_fought() {
        let mut rng = GameRng::new(1);
        let mut view = BotView {
            me: armed(&[Weapon::Machinegun]),
            ..BotView::default()
        };
        view.me.team = Team::Red;
        let mut dead = seen(3, Team::Blue, Vec3::new(100.0, 0.0, 0.0));
        dead.alive = false;
        view.players = vec![seen(2, Team::Red, Vec3::new(50.0, 0.0, 0.0)), dead];
        assert_eq!(engage(&view, &mut rng), None);
        view.players
            .push(seen(4, Team::Blue, Vec3::new(0.0, 300.0, 0.0)));
        let fight = engage(&view, &mut rng).expect("an opponent");
        assert!(fight.attack);
        assert!((fight.view_angles.y - 90.0).abs() <= AIM_ERROR, "{fight:?}");
        // In free-for-all, the team mate of a team game is an opponent too.
        view.me.team = Team::Free;
        view.players.truncate(1);
        assert!(engage(&view, &mut rng).is_some());
    }
}
