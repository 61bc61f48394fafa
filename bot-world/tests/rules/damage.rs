//! Splash, armor, self-damage, protection and knockback (q3-game-rules.md §3.1, §3.2).

use bot_interface::{GameMode, PlayerId, Powerup, Weapon};
use bot_world::rules::{
    DamageCause, DamageFlags, DamageHit, Inventory, Rules, SplashSight, apply_damage, armor_save,
    knockback_time_ms, knockback_velocity, splash_direction, splash_points, splash_sight_points,
};
use glam::Vec3;

/// A standing player's box around `origin` (unpadded).
fn player_box(origin: Vec3) -> (Vec3, Vec3) {
    (
        origin + Vec3::new(-15.0, -15.0, -24.0),
        origin + Vec3::new(15.0, 15.0, 32.0),
    )
}

fn rocket_splash_at(explosion: Vec3) -> Option<i32> {
    let (mins, maxs) = player_box(Vec3::ZERO);
    splash_points(explosion, mins, maxs, 100, 120.0)
}

fn hit(amount: i32, attacker: Option<u16>, target: u16, cause: DamageCause) -> DamageHit {
    DamageHit {
        amount,
        attacker: attacker.map(PlayerId),
        attacker_max_health: 100,
        target: PlayerId(target),
        same_team: false,
        mode: GameMode::Ffa,
        time_ms: 10_000,
        direction: Some(Vec3::X),
        cause,
        flags: DamageFlags::for_cause(cause),
    }
}

fn player(health: i32, armor: i32) -> Inventory {
    let mut inventory = Inventory::spawn(&Rules::default(), GameMode::Ffa);
    inventory.health = health;
    inventory.armor = armor;
    inventory
}

#[test]
fn splash_at_a_distance_from_the_padded_box() {
    // The padded box reaches x = 16: 60 units beyond it is half the radius.
    assert_eq!(rocket_splash_at(Vec3::new(76.0, 0.0, 0.0)), Some(50));
    // 30 units: 100 × (1 − 30/120) = 75.
    assert_eq!(rocket_splash_at(Vec3::new(46.0, 0.0, 0.0)), Some(75));
    // 1 unit: 99.17 truncated.
    assert_eq!(rocket_splash_at(Vec3::new(17.0, 0.0, 0.0)), Some(99));
    // Inside the box and inside the padding: the full damage.
    assert_eq!(rocket_splash_at(Vec3::ZERO), Some(100));
    assert_eq!(rocket_splash_at(Vec3::new(15.5, 0.0, 0.0)), Some(100));
    assert_eq!(rocket_splash_at(Vec3::new(0.0, 0.0, 33.0)), Some(100));
    assert_eq!(rocket_splash_at(Vec3::new(0.0, 0.0, -25.0)), Some(100));
    // At the radius and beyond: nothing; just inside it: 0 points (the hit still does 1).
    assert_eq!(rocket_splash_at(Vec3::new(136.0, 0.0, 0.0)), None);
    assert_eq!(rocket_splash_at(Vec3::new(500.0, 0.0, 0.0)), None);
    assert_eq!(rocket_splash_at(Vec3::new(135.5, 0.0, 0.0)), Some(0));
    // Diagonal: distance to the box corner (16, 16, 33) from (16+30, 16+40, 33) is 50.
    assert_eq!(rocket_splash_at(Vec3::new(46.0, 56.0, 33.0)), Some(58));
}

#[test]
fn splash_of_every_splash_weapon_at_its_half_radius() {
    let rules = Rules::default();
    let (mins, maxs) = player_box(Vec3::ZERO);
    for (weapon, half_damage) in [
        (Weapon::GrenadeLauncher, 50),
        (Weapon::RocketLauncher, 50),
        (Weapon::PlasmaGun, 7),
        (Weapon::Bfg, 50),
    ] {
        let weapon_rules = rules.weapon(weapon);
        let explosion = Vec3::new(16.0 + weapon_rules.splash_radius / 2.0, 0.0, 0.0);
        let damage = rules.weapon_splash_damage(weapon, false);
        let points = splash_points(explosion, mins, maxs, damage, weapon_rules.splash_radius);
        assert_eq!(points, Some(half_damage), "{weapon:?}");
    }
    // Quad multiplies before the falloff: 300 at half the radius is 150.
    let quad = rules.weapon_splash_damage(Weapon::RocketLauncher, true);
    assert_eq!(quad, 300);
    let explosion = Vec3::new(76.0, 0.0, 0.0);
    assert_eq!(splash_points(explosion, mins, maxs, quad, 120.0), Some(150));
}

#[test]
fn splash_direction_and_sight_points() {
    let rules = Rules::default();
    let direction = splash_direction(Vec3::new(100.0, 0.0, 0.0), Vec3::ZERO, &rules);
    let expected = Vec3::new(100.0, 0.0, 24.0).normalize();
    assert!((direction - expected).length() < 1e-6);
    assert_eq!(
        splash_direction(Vec3::ZERO, Vec3::new(0.0, 0.0, 24.0), &rules),
        Vec3::Z
    );

    let corners = splash_sight_points(Vec3::ZERO, &rules);
    assert_eq!(corners.len(), 9);
    assert_eq!(corners[0], Vec3::ZERO);
    assert!(corners[1..].iter().all(|p| p.abs() == Vec3::splat(15.0)));
    let q3 = Rules {
        damage: bot_world::rules::DamageRules {
            splash_sight: SplashSight::FourSides,
            ..Default::default()
        },
        ..Rules::default()
    };
    let sides = splash_sight_points(Vec3::ZERO, &q3);
    assert_eq!(sides.len(), 5);
    assert!(
        sides[1..]
            .iter()
            .all(|p| p.z == 0.0 && p.x.abs() == 15.0 && p.y.abs() == 15.0)
    );
}

#[test]
fn armor_absorbs_two_thirds_rounded_up() {
    let rules = Rules::default();
    // 100 damage against 50 armor: the armor takes all it has.
    let mut target = player(100, 50);
    let outcome = apply_damage(
        &mut target,
        &hit(100, Some(1), 0, DamageCause::Weapon(Weapon::Railgun)),
        &rules,
    );
    assert_eq!((outcome.armor_lost, outcome.health_lost), (50, 50));
    assert_eq!((target.armor, target.health), (0, 50));
    // 100 damage against 200 armor: ceil(66.0) = 66 absorbed, 34 to health.
    let mut target = player(100, 200);
    let outcome = apply_damage(
        &mut target,
        &hit(100, Some(1), 0, DamageCause::Weapon(Weapon::Railgun)),
        &rules,
    );
    assert_eq!((outcome.armor_lost, outcome.health_lost), (66, 34));
    assert_eq!((target.armor, target.health), (134, 66));
    // Rounding up: 7 × 0.66 = 4.62 → 5; 10 → 7 (6.6); 1 → 1.
    assert_eq!(armor_save(7, 100, &rules), 5);
    assert_eq!(armor_save(10, 100, &rules), 7);
    assert_eq!(armor_save(1, 100, &rules), 1);
    // The double-precision product matches exact integer arithmetic for every damage.
    for damage in 1..=5000 {
        assert_eq!(
            armor_save(damage, i32::MAX, &rules),
            (damage * 66 + 99) / 100,
            "{damage}"
        );
    }
    // Drowning skips armor.
    let mut target = player(100, 100);
    let outcome = apply_damage(
        &mut target,
        &hit(10, None, 0, DamageCause::Drowning),
        &rules,
    );
    assert_eq!(
        (outcome.armor_lost, target.health, target.armor),
        (0, 90, 100)
    );
}

#[test]
fn self_damage_is_halved_but_knockback_is_not() {
    let rules = Rules::default();
    let mut target = player(100, 0);
    let outcome = apply_damage(
        &mut target,
        &hit(100, Some(0), 0, DamageCause::Splash(Weapon::RocketLauncher)),
        &rules,
    );
    assert_eq!(outcome.damage, 50);
    assert_eq!(target.health, 50);
    assert_eq!(outcome.knockback_points, 100);
    assert_eq!(outcome.knockback, Vec3::new(500.0, 0.0, 0.0));
    // 1 point halves to 0, which becomes 1; a splash of 0 points does 1.
    let mut target = player(100, 0);
    let outcome = apply_damage(
        &mut target,
        &hit(1, Some(0), 0, DamageCause::Splash(Weapon::RocketLauncher)),
        &rules,
    );
    assert_eq!(outcome.damage, 1);
    let mut target = player(100, 0);
    let outcome = apply_damage(
        &mut target,
        &hit(0, Some(3), 0, DamageCause::Splash(Weapon::PlasmaGun)),
        &rules,
    );
    assert_eq!((outcome.damage, target.health), (1, 99));
    // 3 self-damage → 1 (truncated 1.5).
    let mut target = player(100, 0);
    let outcome = apply_damage(
        &mut target,
        &hit(3, Some(0), 0, DamageCause::Splash(Weapon::PlasmaGun)),
        &rules,
    );
    assert_eq!(outcome.damage, 1);
}

#[test]
fn teammates_are_protected_but_pushed() {
    let rules = Rules::default();
    let mut target = player(100, 0);
    let mut team_hit = hit(100, Some(1), 0, DamageCause::Weapon(Weapon::Railgun));
    team_hit.same_team = true;
    team_hit.mode = GameMode::Tdm;
    let outcome = apply_damage(&mut target, &team_hit, &rules);
    assert!(outcome.blocked);
    assert_eq!((outcome.damage, target.health), (0, 100));
    assert_eq!(outcome.knockback, Vec3::new(500.0, 0.0, 0.0));
    // Friendly fire on: hurt.
    let mut friendly = rules.clone();
    friendly.modes.friendly_fire = true;
    let outcome = apply_damage(&mut target, &team_hit, &friendly);
    assert_eq!((outcome.blocked, target.health), (false, 0));
    // A telefrag ignores protection.
    let mut target = player(100, 0);
    let mut telefrag = hit(rules.damage.telefrag, Some(1), 0, DamageCause::Telefrag);
    telefrag.same_team = true;
    telefrag.mode = GameMode::Ctf;
    let outcome = apply_damage(&mut target, &telefrag, &rules);
    assert!(outcome.killed && outcome.gibbed);
    assert_eq!(target.health, -999);
}

#[test]
fn the_battlesuit_blocks_splash_and_falls_and_halves_the_rest() {
    let rules = Rules::default();
    let suited = || {
        let mut target = player(100, 0);
        target.powerups[Powerup::Battlesuit.index()] = Some(20_000);
        target
    };
    let mut target = suited();
    let outcome = apply_damage(
        &mut target,
        &hit(100, Some(1), 0, DamageCause::Splash(Weapon::RocketLauncher)),
        &rules,
    );
    assert!(outcome.blocked);
    assert_eq!(target.health, 100);
    assert_eq!(outcome.knockback_points, 100, "still knocked back");
    let mut target = suited();
    let outcome = apply_damage(&mut target, &hit(10, None, 0, DamageCause::Falling), &rules);
    assert!(outcome.blocked);
    let mut target = suited();
    apply_damage(
        &mut target,
        &hit(100, Some(1), 0, DamageCause::Weapon(Weapon::RocketLauncher)),
        &rules,
    );
    assert_eq!(target.health, 50);
    // Expired: full damage.
    let mut target = suited();
    let mut late = hit(100, Some(1), 0, DamageCause::Weapon(Weapon::RocketLauncher));
    late.time_ms = 20_001;
    apply_damage(&mut target, &late, &rules);
    assert_eq!(target.health, 0);
}

#[test]
fn handicap_scales_other_players_hits() {
    let rules = Rules::default();
    let mut target = player(100, 0);
    let mut weak = hit(100, Some(1), 0, DamageCause::Weapon(Weapon::Railgun));
    weak.attacker_max_health = 50;
    let outcome = apply_damage(&mut target, &weak, &rules);
    assert_eq!((outcome.damage, outcome.knockback_points), (50, 50));
}

#[test]
fn death_and_gibbing() {
    let rules = Rules::default();
    let mut target = player(30, 0);
    let outcome = apply_damage(
        &mut target,
        &hit(60, Some(1), 0, DamageCause::Weapon(Weapon::Railgun)),
        &rules,
    );
    assert!(outcome.killed && !outcome.gibbed);
    assert_eq!(target.health, -30);
    // Hitting the corpse again: not killed again, no knockback, gibbed at −40.
    let outcome = apply_damage(
        &mut target,
        &hit(10, Some(1), 0, DamageCause::Weapon(Weapon::Machinegun)),
        &rules,
    );
    assert!(!outcome.killed && outcome.gibbed);
    assert_eq!(outcome.knockback_points, 0);
    assert_eq!(target.health, -40);
}

#[test]
fn knockback_values() {
    let rules = Rules::default();
    assert_eq!(
        knockback_velocity(Vec3::X, 100, &rules),
        Vec3::new(500.0, 0.0, 0.0)
    );
    assert_eq!(
        knockback_velocity(Vec3::new(0.0, 0.0, 2.0), 200, &rules),
        Vec3::new(0.0, 0.0, 1000.0)
    );
    assert_eq!(
        knockback_velocity(Vec3::X, 300, &rules),
        Vec3::new(1000.0, 0.0, 0.0)
    );
    assert_eq!(knockback_velocity(Vec3::ZERO, 100, &rules), Vec3::ZERO);
    assert_eq!(knockback_velocity(Vec3::X, -5, &rules), Vec3::ZERO);
    assert_eq!(knockback_time_ms(0, &rules), 0);
    assert_eq!(knockback_time_ms(10, &rules), 50);
    assert_eq!(knockback_time_ms(60, &rules), 120);
    assert_eq!(knockback_time_ms(100, &rules), 200);
    assert_eq!(knockback_time_ms(200, &rules), 200);
    // Through apply_damage: 300 damage pushes at most 1000 ups.
    let mut target = player(500, 0);
    let outcome = apply_damage(
        &mut target,
        &hit(300, Some(1), 0, DamageCause::Weapon(Weapon::Bfg)),
        &rules,
    );
    assert_eq!(outcome.knockback_points, 200);
    assert_eq!(outcome.knockback.length(), 1000.0);
    // No knockback flag, or no direction.
    let mut laser = hit(50, None, 0, DamageCause::Laser);
    let outcome = apply_damage(&mut player(100, 0), &laser, &rules);
    assert_eq!(outcome.knockback_points, 0);
    laser.flags.no_knockback = false;
    laser.direction = None;
    let outcome = apply_damage(&mut player(100, 0), &laser, &rules);
    assert_eq!(outcome.knockback, Vec3::ZERO);
}

proptest::proptest! {
    #[test]
    fn damage_is_split_between_armor_and_health(
        amount in 0..400_i32,
        health in 1..300_i32,
        armor in 0..300_i32,
        self_hit: bool,
        splash: bool,
    ) {
        let rules = Rules::default();
        let cause = if splash {
            DamageCause::Splash(Weapon::RocketLauncher)
        } else {
            DamageCause::Weapon(Weapon::RocketLauncher)
        };
        let attacker = if self_hit { 0 } else { 1 };
        let mut target = player(health, armor);
        let outcome = apply_damage(&mut target, &hit(amount, Some(attacker), 0, cause), &rules);
        proptest::prop_assert!(outcome.damage >= 1);
        proptest::prop_assert!(outcome.damage <= amount.max(1));
        proptest::prop_assert_eq!(outcome.armor_lost + outcome.health_lost, outcome.damage);
        proptest::prop_assert_eq!(outcome.armor_lost, armor_save(outcome.damage, armor, &rules));
        proptest::prop_assert!(target.armor >= 0);
        proptest::prop_assert_eq!(outcome.killed, target.health <= 0);
        proptest::prop_assert_eq!(outcome.knockback_points, amount.min(200));
    }
}
