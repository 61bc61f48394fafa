//! Health count-down, regeneration, fire intervals, falls, liquids and drowning
//! (q3-game-rules.md §1.2, §1.3, §2.3, §3.3, §4).

use bot_interface::{GameMode, Powerup, Weapon};
use bot_world::rules::{
    Breath, Inventory, Liquid, PainDebounce, Rules, SecondClock, WeaponClock, drowning_damage,
    fall_damage, fall_delta, fire_interval_ms, health_tick, liquid_damage, player_respawn_due,
    weapon_switch_ms,
};

const FRAME_MS: u32 = 50;

fn ffa() -> Inventory {
    Inventory::spawn(&Rules::default(), GameMode::Ffa)
}

#[test]
fn health_and_armor_count_down_to_100() {
    let rules = Rules::default();
    let mut inventory = ffa();
    inventory.health = 150;
    inventory.armor = 150;
    let mut clock = SecondClock::default();
    let mut time = 0;
    let mut reached = None;
    // 50 ms frames: the clock ticks every 20 frames.
    while time <= 60_000 {
        time += FRAME_MS;
        for _ in 0..clock.advance(FRAME_MS, &rules) {
            health_tick(&mut inventory, time, &rules);
        }
        if reached.is_none() && inventory.health == 100 {
            reached = Some(time);
        }
    }
    assert_eq!(reached, Some(50_000));
    assert_eq!((inventory.health, inventory.armor), (100, 100));
    // Spawn health 125 is gone after 25 s.
    let mut spawned = ffa();
    for second in 1..=25 {
        health_tick(&mut spawned, second * 1000, &rules);
    }
    assert_eq!(spawned.health, 100);
    // Below the max nothing changes; the dead do not tick.
    spawned.health = 80;
    assert_eq!(health_tick(&mut spawned, 0, &rules).health_change, 0);
    spawned.health = -5;
    spawned.armor = 150;
    health_tick(&mut spawned, 0, &rules);
    assert_eq!((spawned.health, spawned.armor), (-5, 150));
}

#[test]
fn regeneration() {
    let rules = Rules::default();
    let mut inventory = ffa();
    inventory.health = 50;
    inventory.armor = 120;
    inventory.powerups[Powerup::Regeneration.index()] = Some(100_000);
    let mut healths = Vec::new();
    for second in 1..=24 {
        let tick = health_tick(&mut inventory, second * 1000, &rules);
        assert_eq!(
            tick.regenerated,
            inventory.health <= 200 && tick.health_change > 0
        );
        healths.push(inventory.health);
    }
    assert_eq!(&healths[..6], &[65, 80, 95, 110, 115, 120]);
    assert_eq!(*healths.last().unwrap(), 200);
    // Armor still counts down.
    assert_eq!(inventory.armor, 100);
    // At 200 regeneration does nothing, and it stops decay.
    let tick = health_tick(&mut inventory, 30_000, &rules);
    assert!(!tick.regenerated);
    assert_eq!(inventory.health, 200);
    // 99 → 110 (+15 capped at 1.1 × max).
    inventory.health = 99;
    health_tick(&mut inventory, 31_000, &rules);
    assert_eq!(inventory.health, 110);
}

#[test]
fn fire_intervals_of_every_weapon() {
    let rules = Rules::default();
    let expected = [
        (Weapon::Gauntlet, 400, 307),
        (Weapon::Machinegun, 100, 76),
        (Weapon::Shotgun, 1000, 769),
        (Weapon::GrenadeLauncher, 800, 615),
        (Weapon::RocketLauncher, 800, 615),
        (Weapon::LightningGun, 50, 38),
        (Weapon::Railgun, 1500, 1153),
        (Weapon::PlasmaGun, 100, 76),
        (Weapon::Bfg, 200, 153),
    ];
    for (weapon, plain, haste) in expected {
        assert_eq!(fire_interval_ms(weapon, false, &rules), plain, "{weapon:?}");
        assert_eq!(
            fire_interval_ms(weapon, true, &rules),
            haste,
            "{weapon:?} with haste"
        );
    }
    assert_eq!(weapon_switch_ms(&rules), 450);
    assert_eq!(rules.firing.out_of_ammo_ms, 500);
}

#[test]
fn the_weapon_clock_carries_remainders() {
    let rules = Rules::default();
    let shots = |weapon: Weapon, haste: bool, frames: u32| {
        let mut clock = WeaponClock::default();
        let mut shots = 0;
        for _ in 0..frames {
            clock.advance(FRAME_MS);
            if clock.ready() {
                clock.add(fire_interval_ms(weapon, haste, &rules));
                shots += 1;
            }
        }
        shots
    };
    // 10 s of 50 ms frames.
    assert_eq!(shots(Weapon::Machinegun, false, 200), 100);
    assert_eq!(shots(Weapon::LightningGun, false, 200), 200);
    assert_eq!(shots(Weapon::Railgun, false, 200), 7);
    // With haste the average interval is exactly 76 ms, not two frames.
    let hasted = shots(Weapon::Machinegun, true, 200);
    assert!((131..=133).contains(&hasted), "{hasted}");
    // Releasing only drops a negative remainder.
    let mut clock = WeaponClock { remaining_ms: 30 };
    clock.release();
    assert_eq!(clock.remaining_ms, 30);
    let mut clock = WeaponClock { remaining_ms: -20 };
    clock.release();
    assert_eq!(clock.remaining_ms, 0);
}

#[test]
fn falling_thresholds() {
    let rules = Rules::default();
    let damage = |speed: f32| fall_damage(fall_delta(speed, false, 0, &rules), &rules);
    // delta = v² / 10000: 40 at 632.46 ups, 60 at 774.6 ups.
    assert_eq!(damage(600.0), 0);
    assert_eq!(damage(632.0), 0);
    assert_eq!(damage(633.0), 5);
    assert_eq!(damage(774.0), 5);
    assert_eq!(damage(775.0), 10);
    assert_eq!(damage(1200.0), 10);
    // From rest with g = 800: 250 units is v = 632.46, just at the threshold; 260 hurts.
    let from_height = |h: f32| (2.0 * 800.0 * h).sqrt();
    assert_eq!(damage(from_height(260.0)), 5);
    assert_eq!(damage(from_height(380.0)), 10);
    // Crouching doubles, water halves and quarters, under water nothing.
    let close = |a: f32, b: f32| (a - b).abs() < 1e-3;
    assert!(close(fall_delta(500.0, true, 0, &rules), 50.0));
    assert!(close(fall_delta(1000.0, false, 1, &rules), 50.0));
    assert!(close(fall_delta(1000.0, false, 2, &rules), 25.0));
    assert_eq!(fall_delta(1000.0, false, 3, &rules), 0.0);
}

#[test]
fn liquids_and_their_cadence() {
    let rules = Rules::default();
    assert_eq!(liquid_damage(Liquid::Lava, 1, &rules), 30);
    assert_eq!(liquid_damage(Liquid::Lava, 3, &rules), 90);
    assert_eq!(liquid_damage(Liquid::Slime, 2, &rules), 20);
    assert_eq!(liquid_damage(Liquid::Water, 3, &rules), 0);
    assert_eq!(liquid_damage(Liquid::Lava, 0, &rules), 0);
    // Standing in lava from t = 1000 with 50 ms frames.
    let mut debounce = PainDebounce::default();
    let mut hits = Vec::new();
    let mut time = 1000;
    while time <= 4000 {
        if debounce.liquid_may_hurt(time) {
            hits.push(time);
            debounce.after_damage(time, &rules);
        }
        time += FRAME_MS;
    }
    assert_eq!(
        hits,
        vec![1000, 1700, 1750, 2450, 2500, 3200, 3250, 3950, 4000]
    );
}

#[test]
fn drowning_sequence() {
    let rules = Rules::default();
    assert_eq!(drowning_damage(2, &rules), 4);
    assert_eq!(drowning_damage(14, &rules), 15);
    assert_eq!(drowning_damage(15, &rules), 15);
    let mut breath = Breath::new(0, &rules);
    let mut hits = Vec::new();
    let mut time = 0;
    while time < 22_000 {
        time += FRAME_MS;
        if let Some(damage) = breath.check(time, 3, false, &rules) {
            hits.push((time, damage));
        }
    }
    assert_eq!(
        hits,
        vec![
            (12_050, 4),
            (13_050, 6),
            (14_050, 8),
            (15_050, 10),
            (16_050, 12),
            (17_050, 14),
            (18_050, 15),
            (19_050, 15),
            (20_050, 15),
            (21_050, 15),
        ]
    );
    // Surfacing resets the air and the counter.
    assert_eq!(breath.check(time, 2, false, &rules), None);
    assert_eq!(breath, Breath::new(time, &rules));
    // The battlesuit keeps the air topped up.
    let mut suited = Breath::new(0, &rules);
    for frame in 1..=1000 {
        assert_eq!(suited.check(frame * FRAME_MS, 3, true, &rules), None);
    }
}

#[test]
fn respawn_after_death() {
    let rules = Rules::default();
    // Died at 1000: earliest strictly after 2700, then on a press; forced after 22700.
    assert!(!player_respawn_due(1000, 2700, true, &rules));
    assert!(player_respawn_due(1000, 2750, true, &rules));
    assert!(!player_respawn_due(1000, 2750, false, &rules));
    assert!(!player_respawn_due(1000, 22_700, false, &rules));
    assert!(player_respawn_due(1000, 22_750, false, &rules));
    let mut never = rules.clone();
    never.player.forced_respawn_ms = 0;
    assert!(!player_respawn_due(1000, 1_000_000, false, &never));
}
