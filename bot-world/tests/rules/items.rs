//! Pickups, caps, powerup timers, respawn timers, drops and the medkit (q3-game-rules.md
//! §1.4, §2).

use bot_interface::{ArmorKind, GameMode, HealthKind, Holdable, Item, Powerup, Team, Weapon};
use bot_world::rules::{
    GameRng, Inventory, PickupContext, PickupOutcome, RespawnKeys, Rules, can_pick_up, death_drops,
    drop_velocity, first_spawn_delay_ms, pick_up, respawn_delay_ms, use_medkit,
};

fn ffa() -> Inventory {
    Inventory::spawn(&Rules::default(), GameMode::Ffa)
}

fn at(time_ms: u32) -> PickupContext {
    PickupContext {
        time_ms,
        ..PickupContext::default()
    }
}

fn rockets_after_pickup(before: i32, context: PickupContext) -> i32 {
    let rules = Rules::default();
    let mut inventory = ffa();
    inventory.ammo[Weapon::RocketLauncher.index()] = before;
    let item = Item::Weapon(Weapon::RocketLauncher);
    assert_eq!(
        pick_up(&mut inventory, item, context, &rules),
        PickupOutcome::Taken
    );
    assert!(inventory.has_weapon(Weapon::RocketLauncher));
    inventory.ammo(Weapon::RocketLauncher)
}

#[test]
fn weapon_pickup_ammo_rule() {
    // FFA map item, q = 10: below q it becomes q, otherwise +1; always clamped to 200.
    assert_eq!(rockets_after_pickup(0, at(0)), 10);
    assert_eq!(rockets_after_pickup(5, at(0)), 10);
    assert_eq!(rockets_after_pickup(10, at(0)), 11);
    assert_eq!(rockets_after_pickup(150, at(0)), 151);
    assert_eq!(rockets_after_pickup(200, at(0)), 200);
    // Team deathmatch, or a dropped weapon: always +q.
    let tdm = PickupContext {
        mode: GameMode::Tdm,
        ..at(0)
    };
    assert_eq!(rockets_after_pickup(15, tdm), 25);
    assert_eq!(rockets_after_pickup(195, tdm), 200);
    let dropped = PickupContext {
        dropped: true,
        ..at(0)
    };
    assert_eq!(rockets_after_pickup(15, dropped), 25);
    // CTF follows FFA.
    let ctf = PickupContext {
        mode: GameMode::Ctf,
        ..at(0)
    };
    assert_eq!(rockets_after_pickup(15, ctf), 16);
    // A count key replaces the quantity; a negative one gives nothing.
    let keyed = PickupContext {
        count_key: Some(25),
        ..at(0)
    };
    assert_eq!(rockets_after_pickup(3, keyed), 25);
    let empty = PickupContext {
        count_key: Some(-1),
        ..at(0)
    };
    assert_eq!(rockets_after_pickup(3, empty), 3);
    // Each weapon's own quantity.
    let rules = Rules::default();
    for (weapon, quantity) in [
        (Weapon::Machinegun, 40),
        (Weapon::Shotgun, 10),
        (Weapon::GrenadeLauncher, 10),
        (Weapon::LightningGun, 100),
        (Weapon::Railgun, 10),
        (Weapon::PlasmaGun, 50),
        (Weapon::Bfg, 20),
    ] {
        let mut inventory = ffa();
        inventory.ammo[weapon.index()] = 0;
        pick_up(&mut inventory, Item::Weapon(weapon), at(0), &rules);
        assert_eq!(inventory.ammo(weapon), quantity, "{weapon:?}");
    }
    // The gauntlet stays infinite.
    let mut inventory = ffa();
    pick_up(
        &mut inventory,
        Item::Weapon(Weapon::Gauntlet),
        at(0),
        &rules,
    );
    assert_eq!(inventory.ammo(Weapon::Gauntlet), -1);
}

#[test]
fn ammo_boxes_and_the_cap_of_200() {
    let rules = Rules::default();
    let mut inventory = ffa();
    inventory.ammo[Weapon::Machinegun.index()] = 190;
    let bullets = Item::Ammo(Weapon::Machinegun);
    assert_eq!(
        pick_up(&mut inventory, bullets, at(0), &rules),
        PickupOutcome::Taken
    );
    assert_eq!(inventory.ammo(Weapon::Machinegun), 200);
    assert!(!can_pick_up(&inventory, bullets, &rules));
    assert_eq!(
        pick_up(&mut inventory, bullets, at(0), &rules),
        PickupOutcome::Refused
    );
    // Ammo without the weapon is fine.
    let slugs = Item::Ammo(Weapon::Railgun);
    pick_up(&mut inventory, slugs, at(0), &rules);
    assert_eq!(inventory.ammo(Weapon::Railgun), 10);
    assert!(!inventory.has_weapon(Weapon::Railgun));
    // Each box.
    for (weapon, amount) in [
        (Weapon::Shotgun, 10),
        (Weapon::GrenadeLauncher, 5),
        (Weapon::RocketLauncher, 5),
        (Weapon::LightningGun, 60),
        (Weapon::PlasmaGun, 30),
        (Weapon::Bfg, 15),
    ] {
        let mut inventory = ffa();
        pick_up(&mut inventory, Item::Ammo(weapon), at(0), &rules);
        assert_eq!(inventory.ammo(weapon), amount, "{weapon:?}");
    }
    assert!(!can_pick_up(&ffa(), Item::Ammo(Weapon::Gauntlet), &rules));
}

#[test]
fn health_caps() {
    let rules = Rules::default();
    let health_after = |before: i32, kind: HealthKind| {
        let mut inventory = ffa();
        inventory.health = before;
        let outcome = pick_up(&mut inventory, Item::Health(kind), at(0), &rules);
        (outcome, inventory.health)
    };
    assert_eq!(
        health_after(150, HealthKind::Mega),
        (PickupOutcome::Taken, 200)
    );
    assert_eq!(
        health_after(50, HealthKind::Mega),
        (PickupOutcome::Taken, 150)
    );
    assert_eq!(
        health_after(199, HealthKind::Mega),
        (PickupOutcome::Taken, 200)
    );
    assert_eq!(
        health_after(200, HealthKind::Mega),
        (PickupOutcome::Refused, 200)
    );
    assert_eq!(
        health_after(198, HealthKind::Small),
        (PickupOutcome::Taken, 200)
    );
    assert_eq!(
        health_after(125, HealthKind::Small),
        (PickupOutcome::Taken, 130)
    );
    assert_eq!(
        health_after(90, HealthKind::Medium),
        (PickupOutcome::Taken, 100)
    );
    assert_eq!(
        health_after(50, HealthKind::Medium),
        (PickupOutcome::Taken, 75)
    );
    assert_eq!(
        health_after(100, HealthKind::Medium),
        (PickupOutcome::Refused, 100)
    );
    assert_eq!(
        health_after(125, HealthKind::Large),
        (PickupOutcome::Refused, 125)
    );
    assert_eq!(
        health_after(60, HealthKind::Large),
        (PickupOutcome::Taken, 100)
    );
    // A handicapped player's caps follow its max health.
    let mut weak = Inventory::spawn_with_max_health(&rules, GameMode::Ffa, 50);
    weak.health = 40;
    pick_up(&mut weak, Item::Health(HealthKind::Mega), at(0), &rules);
    assert_eq!(weak.health, 100);
    // The dead take nothing.
    let mut dead = ffa();
    dead.health = 0;
    assert_eq!(
        pick_up(&mut dead, Item::Health(HealthKind::Mega), at(0), &rules),
        PickupOutcome::Refused
    );
}

#[test]
fn armor_caps() {
    let rules = Rules::default();
    let armor_after = |before: i32, kind: ArmorKind| {
        let mut inventory = ffa();
        inventory.armor = before;
        let outcome = pick_up(&mut inventory, Item::Armor(kind), at(0), &rules);
        (outcome, inventory.armor)
    };
    assert_eq!(armor_after(0, ArmorKind::Shard), (PickupOutcome::Taken, 5));
    assert_eq!(
        armor_after(0, ArmorKind::Combat),
        (PickupOutcome::Taken, 50)
    );
    assert_eq!(armor_after(0, ArmorKind::Body), (PickupOutcome::Taken, 100));
    assert_eq!(
        armor_after(150, ArmorKind::Body),
        (PickupOutcome::Taken, 200)
    );
    assert_eq!(
        armor_after(199, ArmorKind::Shard),
        (PickupOutcome::Taken, 200)
    );
    assert_eq!(
        armor_after(200, ArmorKind::Shard),
        (PickupOutcome::Refused, 200)
    );
}

#[test]
fn powerup_expiry_rounds_down_and_stacks() {
    let rules = Rules::default();
    let mut inventory = ffa();
    let quad = Item::Powerup(Powerup::Quad);
    // First pickup at 12.345 s: 12 s + 30 s.
    pick_up(&mut inventory, quad, at(12_345), &rules);
    assert_eq!(inventory.powerups[Powerup::Quad.index()], Some(42_000));
    // A second one while active adds 30 s to the expiry.
    pick_up(&mut inventory, quad, at(20_050), &rules);
    assert_eq!(inventory.powerups[Powerup::Quad.index()], Some(72_000));
    // Picked up again after it ran out (even before the clean-up): a fresh start.
    pick_up(&mut inventory, quad, at(80_700), &rules);
    assert_eq!(inventory.powerups[Powerup::Quad.index()], Some(110_000));
    // Flight lasts 60 s; a count key (seconds, as a dropped powerup carries) replaces it.
    pick_up(
        &mut inventory,
        Item::Powerup(Powerup::Flight),
        at(1_000),
        &rules,
    );
    assert_eq!(inventory.powerups[Powerup::Flight.index()], Some(61_000));
    let keyed = PickupContext {
        count_key: Some(7),
        dropped: true,
        ..at(5_500)
    };
    pick_up(&mut inventory, Item::Powerup(Powerup::Haste), keyed, &rules);
    assert_eq!(inventory.powerups[Powerup::Haste.index()], Some(12_000));
}

#[test]
fn holdable_slot_and_flags() {
    let rules = Rules::default();
    let mut inventory = ffa();
    let medkit = Item::Holdable(Holdable::Medkit);
    let teleporter = Item::Holdable(Holdable::Teleporter);
    assert_eq!(
        pick_up(&mut inventory, medkit, at(0), &rules),
        PickupOutcome::Taken
    );
    assert_eq!(
        pick_up(&mut inventory, teleporter, at(0), &rules),
        PickupOutcome::Refused
    );
    assert_eq!(inventory.holdable, Some(Holdable::Medkit));
    let flag = Item::Flag(Team::Red);
    assert!(!can_pick_up(&inventory, flag, &rules));
    assert_eq!(
        pick_up(&mut inventory, flag, at(0), &rules),
        PickupOutcome::NotOrdinary
    );
}

#[test]
fn the_medkit_sets_health_to_125() {
    let rules = Rules::default();
    let mut inventory = ffa();
    inventory.holdable = Some(Holdable::Medkit);
    inventory.health = 125;
    assert!(!use_medkit(&mut inventory, &rules));
    inventory.health = 30;
    assert!(use_medkit(&mut inventory, &rules));
    assert_eq!((inventory.health, inventory.holdable), (125, None));
    assert!(!use_medkit(&mut inventory, &rules));
}

#[test]
fn respawn_timers_per_class_and_mode() {
    let rules = Rules::default();
    let mut rng = GameRng::new(1);
    let keys = RespawnKeys::default();
    let delay = |item, mode, rng: &mut GameRng| respawn_delay_ms(item, mode, keys, &rules, rng);
    for mode in [GameMode::Ffa, GameMode::Tdm, GameMode::Ctf] {
        let weapon = if mode == GameMode::Tdm { 30_000 } else { 5_000 };
        let expected = [
            (Item::Weapon(Weapon::RocketLauncher), Some(weapon)),
            (Item::Weapon(Weapon::Shotgun), Some(weapon)),
            (Item::Ammo(Weapon::RocketLauncher), Some(40_000)),
            (Item::Health(HealthKind::Small), Some(35_000)),
            (Item::Health(HealthKind::Medium), Some(35_000)),
            (Item::Health(HealthKind::Large), Some(35_000)),
            (Item::Health(HealthKind::Mega), Some(35_000)),
            (Item::Armor(ArmorKind::Shard), Some(25_000)),
            (Item::Armor(ArmorKind::Combat), Some(25_000)),
            (Item::Armor(ArmorKind::Body), Some(25_000)),
            (Item::Holdable(Holdable::Teleporter), Some(60_000)),
            (Item::Holdable(Holdable::Medkit), Some(60_000)),
            (Item::Powerup(Powerup::Quad), Some(120_000)),
            (Item::Powerup(Powerup::Flight), Some(120_000)),
            (Item::Flag(Team::Red), None),
        ];
        for (item, respawn) in expected {
            assert_eq!(delay(item, mode, &mut rng), respawn, "{item:?} in {mode:?}");
        }
    }
    // No key draws nothing from the generator.
    assert_eq!(rng, GameRng::new(1));
}

#[test]
fn respawn_map_keys() {
    let rules = Rules::default();
    let armor = Item::Armor(ArmorKind::Body);
    let mut rng = GameRng::new(9);
    let wait = RespawnKeys {
        wait_s: 10.0,
        random_s: 0.0,
    };
    assert_eq!(
        respawn_delay_ms(armor, GameMode::Ffa, wait, &rules, &mut rng),
        Some(10_000)
    );
    let never = RespawnKeys {
        wait_s: -1.0,
        random_s: 0.0,
    };
    assert_eq!(
        respawn_delay_ms(armor, GameMode::Ffa, never, &rules, &mut rng),
        None
    );
    // random: wait ± random, at least 1 s, one draw, the same for the same seed.
    let random = RespawnKeys {
        wait_s: 2.0,
        random_s: 5.0,
    };
    let mut seen_floor = false;
    for seed in 0..200 {
        let mut a = GameRng::new(seed);
        let mut b = GameRng::new(seed);
        let first = respawn_delay_ms(armor, GameMode::Ffa, random, &rules, &mut a);
        assert_eq!(
            first,
            respawn_delay_ms(armor, GameMode::Ffa, random, &rules, &mut b)
        );
        let ms = first.unwrap();
        assert!((1_000..7_000).contains(&ms), "{ms}");
        seen_floor |= ms == 1_000;
        let mut c = GameRng::new(seed);
        c.crandom();
        assert_eq!(a, c, "exactly one draw");
    }
    assert!(seen_floor);
}

#[test]
fn first_appearance() {
    let rules = Rules::default();
    let mut rng = GameRng::new(3);
    assert_eq!(
        first_spawn_delay_ms(Item::Armor(ArmorKind::Body), &rules, &mut rng),
        200
    );
    assert_eq!(
        first_spawn_delay_ms(Item::Weapon(Weapon::Railgun), &rules, &mut rng),
        200
    );
    assert_eq!(rng, GameRng::new(3), "no draw for ordinary items");
    let (mut low, mut high) = (u32::MAX, 0);
    for _ in 0..2000 {
        let ms = first_spawn_delay_ms(Item::Powerup(Powerup::Quad), &rules, &mut rng);
        assert!((30_200..=60_200).contains(&ms), "{ms}");
        low = low.min(ms);
        high = high.max(ms);
    }
    assert!(low < 31_000 && high > 59_400, "{low} {high}");
}

/// What `inventory` drops on dying with `weapon` in hand at `time_ms` in `mode`: item, count
/// key and yaw offset, in toss order.
fn tossed(
    inventory: &Inventory,
    weapon: Weapon,
    time_ms: u32,
    mode: GameMode,
) -> Vec<(Item, Option<i32>, f32)> {
    death_drops(inventory, Some(weapon), time_ms, mode, &Rules::default())
        .iter()
        .map(|d| (d.item, d.count_key, d.yaw_offset_degrees))
        .collect()
}

#[test]
fn death_drops_and_tosses() {
    let rules = Rules::default();
    let mut inventory = ffa();
    inventory.weapons[Weapon::Railgun.index()] = true;
    inventory.ammo[Weapon::Railgun.index()] = 7;
    inventory.powerups[Powerup::Quad.index()] = Some(20_000);
    inventory.powerups[Powerup::Haste.index()] = Some(10_400);
    assert_eq!(
        tossed(&inventory, Weapon::Railgun, 10_000, GameMode::Ffa),
        vec![
            (Item::Weapon(Weapon::Railgun), None, 0.0),
            (Item::Powerup(Powerup::Quad), Some(10), 45.0),
            (Item::Powerup(Powerup::Haste), Some(1), 90.0),
        ]
    );
    // A carried CTF flag goes last, "the same way" (whether tossed is `flag_on_death`'s).
    let mut carrier = inventory.clone();
    carrier.flag = Some(Team::Blue);
    assert_eq!(
        tossed(&carrier, Weapon::Machinegun, 10_000, GameMode::Ctf),
        vec![
            (Item::Powerup(Powerup::Quad), Some(10), 0.0),
            (Item::Powerup(Powerup::Haste), Some(1), 45.0),
            (Item::Flag(Team::Blue), None, 90.0),
        ]
    );
    // Team deathmatch loses the powerups; the machinegun and an empty weapon are kept.
    assert_eq!(
        tossed(&inventory, Weapon::Railgun, 10_000, GameMode::Tdm).len(),
        1
    );
    assert!(tossed(&inventory, Weapon::Machinegun, 30_000, GameMode::Ffa).is_empty());
    inventory.ammo[Weapon::Railgun.index()] = 0;
    assert!(tossed(&inventory, Weapon::Railgun, 30_000, GameMode::Ffa).is_empty());

    let mut rng = GameRng::new(5);
    for _ in 0..100 {
        let velocity = drop_velocity(90.0, &rules, &mut rng);
        assert!(velocity.x.abs() < 1e-3 && (velocity.y - 150.0).abs() < 1e-3);
        assert!(velocity.z > 150.0 && velocity.z < 250.0);
    }
}

#[test]
fn pickup_box() {
    let rules = Rules::default();
    let item = glam::Vec3::new(100.0, 100.0, 0.0);
    let touches = |d: glam::Vec3| rules.items.touches(item + d, item);
    assert!(touches(glam::Vec3::ZERO));
    assert!(touches(glam::Vec3::new(-50.0, 36.0, -36.0)));
    assert!(touches(glam::Vec3::new(44.0, -36.0, 36.0)));
    assert!(!touches(glam::Vec3::new(44.5, 0.0, 0.0)));
    assert!(!touches(glam::Vec3::new(-50.5, 0.0, 0.0)));
    assert!(!touches(glam::Vec3::new(0.0, 0.0, 36.5)));
}
