//! The settings table: defaults against the reference, modes, JSON round trip and overrides
//! (q3-game-rules.md §1–§5).

use bot_interface::{GameMode, Weapon};
use bot_world::rules::{Rules, RulesError, WeaponKind};

#[test]
fn weapon_defaults_match_the_reference() {
    let rules = Rules::default();
    // (weapon, kind, damage, splash, radius, interval, speed, lifetime, pickup, box)
    let expected = [
        (
            Weapon::Gauntlet,
            WeaponKind::Melee,
            50,
            0,
            0.0,
            400,
            0.0,
            0,
            0,
            0,
        ),
        (
            Weapon::Machinegun,
            WeaponKind::Hitscan,
            7,
            0,
            0.0,
            100,
            0.0,
            0,
            40,
            50,
        ),
        (
            Weapon::Shotgun,
            WeaponKind::Pellets,
            10,
            0,
            0.0,
            1000,
            0.0,
            0,
            10,
            10,
        ),
        (
            Weapon::GrenadeLauncher,
            WeaponKind::Missile,
            100,
            100,
            150.0,
            800,
            700.0,
            2500,
            10,
            5,
        ),
        (
            Weapon::RocketLauncher,
            WeaponKind::Missile,
            100,
            100,
            120.0,
            800,
            900.0,
            15000,
            10,
            5,
        ),
        (
            Weapon::LightningGun,
            WeaponKind::Beam,
            8,
            0,
            0.0,
            50,
            0.0,
            0,
            100,
            60,
        ),
        (
            Weapon::Railgun,
            WeaponKind::Rail,
            100,
            0,
            0.0,
            1500,
            0.0,
            0,
            10,
            10,
        ),
        (
            Weapon::PlasmaGun,
            WeaponKind::Missile,
            20,
            15,
            20.0,
            100,
            2000.0,
            10000,
            50,
            30,
        ),
        (
            Weapon::Bfg,
            WeaponKind::Missile,
            100,
            100,
            120.0,
            200,
            2000.0,
            10000,
            20,
            15,
        ),
    ];
    for (weapon, kind, damage, splash, radius, interval, speed, lifetime, pickup, ammo_box) in
        expected
    {
        let w = rules.weapon(weapon);
        assert_eq!(
            (
                w.kind,
                w.damage,
                w.splash_damage,
                w.splash_radius,
                w.fire_interval_ms
            ),
            (kind, damage, splash, radius, interval),
            "{weapon:?}"
        );
        assert_eq!(
            (w.projectile_speed, w.lifetime_ms, w.pickup_ammo, w.ammo_box),
            (speed, lifetime, pickup, ammo_box),
            "{weapon:?}"
        );
        assert_eq!(w.ammo_per_shot, 1);
    }
    let shotgun = rules.weapon(Weapon::Shotgun);
    assert_eq!((shotgun.pellets, shotgun.spread), (11, 11_200.0));
    assert_eq!(rules.weapon(Weapon::Machinegun).spread, 3200.0);
    assert_eq!(rules.weapon(Weapon::Railgun).pierce_limit, 4);
    assert_eq!(rules.weapon(Weapon::LightningGun).range, Some(768.0));
    assert_eq!(rules.weapon(Weapon::Gauntlet).range, Some(32.0));
    let grenade = rules.weapon(Weapon::GrenadeLauncher);
    assert_eq!(grenade.projectile_gravity, Some(800.0));
    assert_eq!(grenade.launch_lift, 0.2);
    let bounce = grenade.bounce.unwrap();
    assert_eq!(
        (bounce.factor, bounce.stop_normal_z, bounce.stop_speed),
        (0.65, 0.2, 40.0)
    );
    assert!(
        rules
            .weapons
            .iter()
            .filter(|(_, w)| w.bounce.is_some())
            .count()
            == 1
    );
    assert_eq!(rules.firing.max_ammo, 200);
    assert_eq!(rules.firing.missile_prestep_ms, 50);
}

#[test]
fn other_defaults_match_the_reference() {
    let rules = Rules::default();
    assert_eq!(rules.player.spawn_health(rules.player.max_health), 125);
    assert_eq!(rules.player.respawn_delay_ms, 1700);
    assert_eq!(rules.player.forced_respawn_ms, 20_000);
    assert_eq!(rules.player.haste_speed_factor, 1.3);
    assert_eq!(rules.items.dropped_lifetime_ms, 30_000);
    assert_eq!(rules.items.spawn_delay_ms, 200);
    assert_eq!(rules.damage.armor_protection, 0.66);
    assert_eq!(rules.damage.quad_factor, 3.0);
    assert_eq!(rules.damage.telefrag, 100_000);
    assert_eq!(rules.damage.pain_debounce_ms, 700);
    assert_eq!(rules.modes.frag_limit, 20);
    assert_eq!(rules.modes.time_limit_ms, 0);
    assert_eq!(rules.modes.ctf.capture_limit, 8);
    assert!(!rules.modes.friendly_fire);
    let ctf = &rules.modes.ctf;
    assert_eq!(
        (
            ctf.capture_bonus,
            ctf.recovery_bonus,
            ctf.frag_carrier_bonus,
            ctf.carrier_danger_bonus
        ),
        (5, 1, 2, 2)
    );
    assert_eq!(
        (
            ctf.base_defense_bonus,
            ctf.carrier_protect_bonus,
            ctf.defense_radius
        ),
        (1, 1, 1000.0)
    );
}

#[test]
fn team_deathmatch_differences() {
    let rules = Rules::default();
    for (mode, mg_damage, mg_ammo, respawn, full, drops) in [
        (GameMode::Ffa, 7, 100, 5_000, false, true),
        (GameMode::Tdm, 5, 50, 30_000, true, false),
        (GameMode::Ctf, 7, 100, 5_000, false, true),
    ] {
        assert_eq!(
            rules.weapon_damage(Weapon::Machinegun, mode, false),
            mg_damage
        );
        assert_eq!(rules.start_ammo(Weapon::Machinegun, mode), mg_ammo);
        assert_eq!(rules.start_ammo(Weapon::Gauntlet, mode), -1);
        assert_eq!(rules.start_ammo(Weapon::Railgun, mode), 0);
        assert_eq!(rules.weapon_respawn_ms(mode), respawn);
        assert_eq!(rules.weapon_pickup_full_ammo(mode), full);
        assert_eq!(rules.drops_powerups_on_death(mode), drops);
        assert_eq!(rules.weapon_damage(Weapon::Railgun, mode, false), 100);
    }
    // Quad: ×3, truncated; in TDM on the team damage.
    assert_eq!(
        rules.weapon_damage(Weapon::Machinegun, GameMode::Tdm, true),
        15
    );
    assert_eq!(
        rules.weapon_damage(Weapon::PlasmaGun, GameMode::Ffa, true),
        60
    );
    assert_eq!(rules.weapon_splash_damage(Weapon::PlasmaGun, true), 45);
}

#[test]
fn json_round_trip() {
    let rules = Rules::default();
    let text = rules.to_json_pretty();
    assert!(text.contains("\"rocketlauncher\""));
    assert!(text.contains("\"flag_return_ms\": 30000"));
    assert_eq!(Rules::from_json(&text).unwrap(), rules);
    // A changed table round-trips too.
    let mut changed = rules.clone();
    changed.weapons.get_mut(Weapon::Shotgun).pellets = 20;
    changed.modes.friendly_fire = true;
    changed.damage.splash_sight = bot_world::rules::SplashSight::FourSides;
    assert_eq!(
        Rules::from_json(&changed.to_json_pretty()).unwrap(),
        changed
    );
    // The empty object is the default table.
    assert_eq!(Rules::from_json("{}").unwrap(), rules);
}

#[test]
fn overriding_one_number() {
    let rules =
        Rules::from_json(r#"{"weapons": {"rocketlauncher": {"splash_radius": 150}}}"#).unwrap();
    let mut expected = Rules::default();
    expected
        .weapons
        .get_mut(Weapon::RocketLauncher)
        .splash_radius = 150.0;
    assert_eq!(rules, expected);

    let rules = Rules::from_json(r#"{"modes": {"ctf": {"flag_return_ms": 40000}}}"#).unwrap();
    let mut expected = Rules::default();
    expected.modes.ctf.flag_return_ms = 40_000;
    assert_eq!(rules, expected);

    // Two weapons, one of them with a team-only override removed.
    let rules = Rules::from_json(
        r#"{"weapons": {"machinegun": {"tdm_damage": null}, "railgun": {"damage": 80}}}"#,
    )
    .unwrap();
    assert_eq!(
        rules.weapon_damage(Weapon::Machinegun, GameMode::Tdm, false),
        7
    );
    assert_eq!(rules.weapon(Weapon::Railgun).damage, 80);
    assert_eq!(rules.weapon(Weapon::Railgun).fire_interval_ms, 1500);
}

#[test]
fn unknown_keys_are_named() {
    let message = |text: &str| match Rules::from_json(text) {
        Err(error @ RulesError::Json { .. }) => error.to_string(),
        other => panic!("expected a JSON error, got {other:?}"),
    };
    let top = message(r#"{"weapon": {}}"#);
    assert!(top.contains("unknown field `weapon`"), "{top}");
    assert!(top.contains("line 1"), "{top}");
    let nested = message("{\n  \"player\": {\"max_helth\": 90}\n}");
    assert!(nested.contains("unknown field `max_helth`"), "{nested}");
    assert!(nested.contains("line 2"), "{nested}");
    let weapon = message(r#"{"weapons": {"rocket": {}}}"#);
    assert!(weapon.contains("unknown field `rocket`"), "{weapon}");
    assert!(weapon.contains("rocketlauncher"), "{weapon}");
    let field = message(r#"{"weapons": {"railgun": {"damag": 80}}}"#);
    assert!(
        field.contains("weapons.railgun: unknown field `damag`"),
        "{field}"
    );
    let deep = message(r#"{"weapons": {"grenadelauncher": {"bounce": {"factr": 1}}}}"#);
    assert!(deep.contains("unknown field `factr`"), "{deep}");
    let kind = message(r#"{"damage": {"telefrag": "lots"}}"#);
    assert!(kind.contains("invalid type"), "{kind}");
    assert!(message("not json").contains("expected"));
}

#[test]
fn unusable_values_are_refused() {
    let error = Rules::from_json(r#"{"damage": {"knockback_mass": 0}}"#).unwrap_err();
    assert_eq!(
        error,
        RulesError::Invalid {
            key: "damage.knockback_mass".to_owned(),
            reason: "must be a finite number above 0"
        }
    );
    assert!(error.to_string().contains("damage.knockback_mass"));
    let error = Rules::from_json(r#"{"weapons": {"bfg": {"splash_radius": -1}}}"#).unwrap_err();
    assert!(
        error.to_string().contains("weapons.bfg.splash_radius"),
        "{error}"
    );
    assert!(Rules::from_json(r#"{"damage": {"armor_protection": 1.5}}"#).is_err());
    assert!(Rules::from_json(r#"{"player": {"tick_ms": 0}}"#).is_err());
}
