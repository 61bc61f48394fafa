//! Aiming, turning and firing (`bot_brain::fight`) in a small room compiled by the tests
//! from `.map` text written here: a 1024 × 512 room with a wall across its middle that leaves
//! a gap on the +y side. The character tests read the shared bot data in place
//! (`real_data::botfiles()`) and skip quietly when it is absent.

use aas_geom::compile::pipeline::compile_world;
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::physics::{Physics, PhysicsSettings};
use aas_geom::world::AasWorld;
use bot_brain::character::{Compat, load_dir};
use bot_brain::fight::aim::{REAPPEAR_LEAD, lead_linear, line_of_fire};
use bot_brain::fight::{Aim, AimKind, AimSkill, AimTarget, Burst, FireContext, aim, should_fire};
use bot_interface::{GameRng, SelfView, Weapon, view_forward};
use glam::Vec3;

/// Rocket speed, units per second (q3-game-rules.md).
const ROCKET: f32 = 900.0;
/// Standing origin height on the room's floor (z = 0): a resting player is a trace epsilon
/// above the expanded floor.
const STAND: f32 = 24.125;

/// One axial box brush as `.map` text (planes clockwise seen from outside).
fn brush(mins: Vec3, maxs: Vec3) -> String {
    let (x0, y0, z0, x1, y1, z1) = (mins.x, mins.y, mins.z, maxs.x, maxs.y, maxs.z);
    let faces = [
        [[x0, y1, z1], [x1, y0, z1], [x0, y0, z1]],
        [[x0, y0, z0], [x1, y0, z0], [x0, y1, z0]],
        [[x1, y0, z1], [x1, y1, z0], [x1, y0, z0]],
        [[x0, y0, z0], [x0, y1, z0], [x0, y0, z1]],
        [[x0, y1, z0], [x1, y1, z0], [x0, y1, z1]],
        [[x0, y0, z1], [x1, y0, z0], [x0, y0, z0]],
    ];
    let mut text = String::from("{\n");
    for face in faces {
        for p in face {
            text.push_str(&format!("( {} {} {} ) ", p[0], p[1], p[2]));
        }
        text.push_str("base_wall/metal 0 0 0 1 1 0 0 0\n");
    }
    text.push_str("}\n");
    text
}

/// The room: interior x −512..512, y −256..256, z 0..384, walls 16 thick, and a wall across
/// x −16..16 from y = −256 to y = 96 (a gap of 160 on the +y side).
fn room() -> AasWorld {
    let (mins, maxs) = (
        Vec3::new(-512.0, -256.0, 0.0),
        Vec3::new(512.0, 256.0, 384.0),
    );
    let (lo, hi) = (mins - Vec3::splat(16.0), maxs + Vec3::splat(16.0));
    let blocks = [
        (lo, Vec3::new(hi.x, hi.y, mins.z)),
        (Vec3::new(lo.x, lo.y, maxs.z), hi),
        (
            Vec3::new(lo.x, lo.y, mins.z),
            Vec3::new(mins.x, hi.y, maxs.z),
        ),
        (
            Vec3::new(maxs.x, lo.y, mins.z),
            Vec3::new(hi.x, hi.y, maxs.z),
        ),
        (
            Vec3::new(mins.x, lo.y, mins.z),
            Vec3::new(maxs.x, mins.y, maxs.z),
        ),
        (
            Vec3::new(mins.x, maxs.y, mins.z),
            Vec3::new(maxs.x, hi.y, maxs.z),
        ),
        (
            Vec3::new(-16.0, mins.y, mins.z),
            Vec3::new(16.0, 96.0, maxs.z),
        ),
    ];
    let mut map = String::from("{\n\"classname\" \"worldspawn\"\n");
    for (a, b) in blocks {
        map.push_str(&brush(a, b));
    }
    map.push_str(
        "}\n{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-300 -150 40\"\n}\n",
    );
    map.push_str("{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"300 -150 40\"\n}\n");
    let brushes = read_map(map.as_bytes(), &MapSettings::default()).expect("the map parses");
    compile_world(&brushes, &Default::default())
        .expect("the map compiles")
        .world
}

/// A bot standing at `(x, y)` on the floor holding `weapon`, ready to fire.
fn bot_at(x: f32, y: f32, weapon: Weapon) -> SelfView {
    let mut me = SelfView {
        alive: true,
        origin: Vec3::new(x, y, STAND),
        view_height: 26.0,
        weapon: Some(weapon),
        ..SelfView::default()
    };
    me.weapons[weapon.index()] = true;
    me.ammo[weapon.index()] = 10;
    me
}

/// The angle between where the aim points and its chosen spot, degrees.
fn error_degrees(me: &SelfView, aimed: &Aim) -> f32 {
    let to_spot = (aimed.spot - me.eye()).normalize();
    let forward = view_forward(aimed.ideal_view);
    // atan2 of the sine and cosine: precise near zero, where acos of a dot is not.
    forward
        .cross(to_spot)
        .length()
        .atan2(forward.dot(to_spot))
        .to_degrees()
}

/// Whether the bot, looking exactly where `aimed` says, fires at `target` this frame.
fn fires(
    world: &AasWorld,
    me: &SelfView,
    target: &AimTarget,
    aimed: &Aim,
    weapon: Weapon,
    teammates: &[Vec3],
) -> bool {
    let mut me = me.clone();
    me.view_angles = aimed.ideal_view;
    let ctx = FireContext {
        me: &me,
        target,
        aim: aimed,
        weapon,
        splash: false,
        teammates,
        now_ms: 10_000,
    };
    should_fire(
        &ctx,
        &AimSkill::flat(1.0, 1.0),
        world,
        &mut Burst::default(),
        &mut GameRng::new(1),
    )
}

#[test]
fn linear_leading_puts_the_aim_ahead_by_speed_times_travel_time() {
    let world = room();
    let physics = Physics::new(&world, PhysicsSettings::default());
    let me = bot_at(-400.0, 150.0, Weapon::RocketLauncher);
    let velocity = Vec3::new(0.0, -300.0, 0.0);
    let target = AimTarget::seen(Vec3::new(300.0, 150.0, STAND), velocity, false, 1.0);
    let mut rng = GameRng::new(3);
    let led = aim(
        &me,
        &target,
        Weapon::RocketLauncher,
        Some(ROCKET),
        false,
        &AimSkill::flat(0.6, 1.0),
        &physics,
        &mut rng,
    );
    assert_eq!(led.kind, AimKind::Linear);
    let travel = (led.spot - me.eye()).length() / ROCKET;
    let ahead = led.target_origin - target.origin;
    assert!(
        (ahead - velocity * travel).length() < 0.5,
        "{ahead} vs {}",
        velocity * travel
    );
    assert!(ahead.y < -150.0, "well ahead: {ahead}");
    // Below the linear band: no leading at all; hitscan: never led.
    let plain = aim(
        &me,
        &target,
        Weapon::RocketLauncher,
        Some(ROCKET),
        false,
        &AimSkill::flat(0.3, 1.0),
        &physics,
        &mut rng,
    );
    assert_eq!(
        (plain.kind, plain.target_origin),
        (AimKind::Direct, target.origin)
    );
    let rail = aim(
        &me,
        &target,
        Weapon::Railgun,
        None,
        false,
        &AimSkill::flat(1.0, 1.0),
        &physics,
        &mut rng,
    );
    assert_eq!((rail.kind, rail.spot), (AimKind::Direct, target.chest()));
    assert!(error_degrees(&me, &rail) < 1e-3);
}

#[test]
fn exact_leading_stops_the_target_at_the_wall_it_runs_into() {
    let world = room();
    let physics = Physics::new(&world, PhysicsSettings::default());
    let me = bot_at(-400.0, 180.0, Weapon::RocketLauncher);
    // Running east towards the room's wall at x = 512 (origins stop at 497).
    let target = AimTarget::seen(
        Vec3::new(380.0, 180.0, STAND),
        Vec3::new(320.0, 0.0, 0.0),
        false,
        1.0,
    );
    let linear = lead_linear(me.eye(), &target, ROCKET).expect("a target that can be caught");
    assert!(
        linear.x > 512.0,
        "linear leading goes through the wall: {linear}"
    );
    let exact = aim(
        &me,
        &target,
        Weapon::RocketLauncher,
        Some(ROCKET),
        false,
        &AimSkill::flat(0.9, 1.0),
        &physics,
        &mut GameRng::new(4),
    );
    assert_eq!(exact.kind, AimKind::Predicted);
    assert!(
        exact.target_origin.x <= 497.5 && exact.target_origin.x > 470.0,
        "{}",
        exact.target_origin
    );
    assert!(
        (exact.target_origin.y - 180.0).abs() < 1.0 && (exact.target_origin.z - STAND).abs() < 2.0
    );
}

/// Mean and largest aim error over 400 seeded aims at a target crossing the line of sight.
fn errors(skill: &AimSkill, weapon: Weapon) -> (f32, f32) {
    let world = room();
    let physics = Physics::new(&world, PhysicsSettings::default());
    let me = bot_at(-400.0, 180.0, weapon);
    let target = AimTarget::seen(
        Vec3::new(300.0, 180.0, STAND),
        Vec3::new(0.0, 320.0, 0.0),
        false,
        1.0,
    );
    let mut rng = GameRng::new(0xa1);
    let all: Vec<f32> = (0..400)
        .map(|_| {
            error_degrees(
                &me,
                &aim(&me, &target, weapon, None, false, skill, &physics, &mut rng),
            )
        })
        .collect();
    let mean = all.iter().sum::<f32>() / 400.0;
    (mean, all.iter().copied().fold(0.0, f32::max))
}

#[test]
fn a_poor_aim_misses_more_than_a_good_one() {
    let (poor, poor_max) = errors(&AimSkill::flat(0.25, 0.25), Weapon::Railgun);
    let (fair, _) = errors(&AimSkill::flat(0.7, 0.75), Weapon::Railgun);
    let (good, good_max) = errors(&AimSkill::flat(1.0, 1.0), Weapon::Railgun);
    assert!(poor > 2.0 * fair && fair > 0.5, "{poor} {fair}");
    assert!(good < 1e-3 && good_max < 1e-3, "{good}");
    // Never beyond the documented spread: (8 × 0.75 + 4 × 0.72) × (1 + 700/2048).
    assert!(
        poor_max <= (8.0 * 0.75 + 4.0 * (0.65 / 0.9)) * (1.0 + 700.0 / 2048.0) + 0.05,
        "{poor_max}"
    );
}

#[test]
fn skill_one_misses_more_than_skill_five_with_the_shared_characters() {
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    for set in &real_data::BOT_SETS[..2] {
        let root = real_data::bot_set(&botfiles, set);
        let at = |skill: f32| {
            let character = load_dir(&root, "bots/default_c.c", skill, Compat::Fixed)
                .expect("default character");
            AimSkill::from_character(&character)
        };
        let (one, five) = (at(1.0), at(5.0));
        // Golden values of the default character (skill 1 and 5 blocks).
        assert!((one.accuracy_for(Weapon::Railgun) - 0.3).abs() < 1e-6);
        assert!(
            (one.skill_for(Weapon::Railgun) - 0.25).abs() < 1e-6,
            "no per-weapon skill: AIM_SKILL"
        );
        assert!((one.skill_for(Weapon::RocketLauncher) - 0.3).abs() < 1e-6);
        assert!((one.view_max_change - 90.0).abs() < 1e-6 && (one.view_factor - 0.25).abs() < 1e-6);
        assert!((one.reaction_time - 3.0).abs() < 1e-6 && (one.fire_throttle - 0.3).abs() < 1e-6);
        assert!((five.accuracy_for(Weapon::Machinegun) - 0.7).abs() < 1e-6);
        assert!((five.view_max_change - 360.0).abs() < 1e-6 && five.reaction_time.abs() < 1e-6);
        for weapon in [Weapon::Railgun, Weapon::Machinegun] {
            let (poor, _) = errors(&one, weapon);
            let (good, _) = errors(&five, weapon);
            assert!(
                poor > 1.5 && poor > 3.0 * good,
                "{set} {weapon:?}: {poor} vs {good}"
            );
        }
    }
}

#[test]
fn a_splash_aim_lands_on_the_floor_when_there_is_one() {
    let world = room();
    let physics = Physics::new(&world, PhysicsSettings::default());
    let me = bot_at(-400.0, 180.0, Weapon::RocketLauncher);
    let skill = AimSkill::flat(0.7, 1.0);
    let standing = AimTarget::seen(Vec3::new(300.0, 180.0, STAND), Vec3::ZERO, false, 1.0);
    let splash = aim(
        &me,
        &standing,
        Weapon::RocketLauncher,
        Some(ROCKET),
        true,
        &skill,
        &physics,
        &mut GameRng::new(5),
    );
    assert!(splash.floor, "{splash:?}");
    assert!(
        splash.spot.z.abs() < 1.0
            && (splash.spot.truncate() - Vec3::new(300.0, 180.0, 0.0).truncate()).length() < 1.0,
        "{}",
        splash.spot
    );
    // High in the air: no floor within reach, so the chest.
    let flying = AimTarget::seen(Vec3::new(300.0, 180.0, 250.0), Vec3::ZERO, false, 1.0);
    let body = aim(
        &me,
        &flying,
        Weapon::RocketLauncher,
        Some(ROCKET),
        true,
        &skill,
        &physics,
        &mut GameRng::new(5),
    );
    assert!(!body.floor && (body.spot - flying.chest()).length() < 1e-3);
    // Too little skill for splash aiming.
    let low = aim(
        &me,
        &standing,
        Weapon::RocketLauncher,
        Some(ROCKET),
        true,
        &AimSkill::flat(0.55, 1.0),
        &physics,
        &mut GameRng::new(5),
    );
    assert!(!low.floor && (low.spot - standing.chest()).length() < 1e-3);
}

#[test]
fn a_target_behind_a_wall_gets_no_fire() {
    let world = room();
    let physics = Physics::new(&world, PhysicsSettings::default());
    let perfect = AimSkill::flat(1.0, 1.0);
    // Across the wall at y = −150, out of sight: a prediction shot with rockets is blocked.
    let me = bot_at(-300.0, -150.0, Weapon::RocketLauncher);
    let hidden = AimTarget::lost(Vec3::new(300.0, -150.0, STAND), Vec3::ZERO, false, 0.2);
    assert!(!line_of_fire(&world, me.origin, hidden.origin));
    let at_hidden = aim(
        &me,
        &hidden,
        Weapon::RocketLauncher,
        Some(900.0),
        true,
        &perfect,
        &physics,
        &mut GameRng::new(6),
    );
    assert_eq!(at_hidden.kind, AimKind::Reappear);
    assert!(!fires(
        &world,
        &me,
        &hidden,
        &at_hidden,
        Weapon::RocketLauncher,
        &[]
    ));
    // Through the gap at y = 180: clear, and it fires.
    let me = bot_at(-300.0, 180.0, Weapon::Railgun);
    let open = AimTarget::seen(Vec3::new(300.0, 180.0, STAND), Vec3::ZERO, false, 1.0);
    assert!(line_of_fire(&world, me.origin, open.origin));
    let at_open = aim(
        &me,
        &open,
        Weapon::Railgun,
        None,
        false,
        &perfect,
        &physics,
        &mut GameRng::new(6),
    );
    assert!(fires(&world, &me, &open, &at_open, Weapon::Railgun, &[]));
    // Not through a teammate, not looking away; the trigger is held while the weapon reloads.
    assert!(!fires(
        &world,
        &me,
        &open,
        &at_open,
        Weapon::Railgun,
        &[Vec3::new(0.0, 185.0, STAND)]
    ));
    let mut busy = me.clone();
    busy.weapon_time_ms = 100;
    assert!(fires(&world, &busy, &open, &at_open, Weapon::Railgun, &[]));
    let mut away = me.clone();
    away.view_angles = at_open.ideal_view + Vec3::new(0.0, 10.0, 0.0);
    let ctx = FireContext {
        me: &away,
        target: &open,
        aim: &at_open,
        weapon: Weapon::Railgun,
        splash: false,
        teammates: &[],
        now_ms: 0,
    };
    assert!(!should_fire(
        &ctx,
        &perfect,
        &world,
        &mut Burst::default(),
        &mut GameRng::new(1)
    ));
    // A machinegun 10° off fires (its stream sweeps onto the target as the view turns);
    // 40° off it does not.
    for (off, expected) in [(10.0, true), (40.0, false)] {
        let mut gunner = me.clone();
        gunner.weapon = Some(Weapon::Machinegun);
        gunner.weapons[Weapon::Machinegun.index()] = true;
        gunner.ammo[Weapon::Machinegun.index()] = 50;
        gunner.view_angles = at_open.ideal_view + Vec3::new(0.0, off, 0.0);
        let ctx = FireContext {
            me: &gunner,
            weapon: Weapon::Machinegun,
            ..ctx
        };
        assert_eq!(
            should_fire(
                &ctx,
                &perfect,
                &world,
                &mut Burst::default(),
                &mut GameRng::new(1)
            ),
            expected,
            "{off}° off"
        );
    }
}

#[test]
fn the_gauntlet_fires_only_in_reach_and_reaction_time_holds_fire() {
    let world = room();
    let physics = Physics::new(&world, PhysicsSettings::default());
    let perfect = AimSkill::flat(1.0, 1.0);
    let me = bot_at(200.0, 180.0, Weapon::Gauntlet);
    for (x, expected) in [(240.0, true), (300.0, false)] {
        let target = AimTarget::seen(Vec3::new(x, 180.0, STAND), Vec3::ZERO, false, 1.0);
        let aimed = aim(
            &me,
            &target,
            Weapon::Gauntlet,
            None,
            false,
            &perfect,
            &physics,
            &mut GameRng::new(7),
        );
        assert_eq!(
            fires(&world, &me, &target, &aimed, Weapon::Gauntlet, &[]),
            expected,
            "x = {x}"
        );
    }
    let me = bot_at(-300.0, 180.0, Weapon::Railgun);
    let fresh = AimTarget::seen(Vec3::new(300.0, 180.0, STAND), Vec3::ZERO, false, 0.5);
    let aimed = aim(
        &me,
        &fresh,
        Weapon::Railgun,
        None,
        false,
        &perfect,
        &physics,
        &mut GameRng::new(7),
    );
    let mut looking = me.clone();
    looking.view_angles = aimed.ideal_view;
    let slow = AimSkill {
        reaction_time: 1.0,
        ..perfect
    };
    let ctx = FireContext {
        me: &looking,
        target: &fresh,
        aim: &aimed,
        weapon: Weapon::Railgun,
        splash: false,
        teammates: &[],
        now_ms: 0,
    };
    assert!(!should_fire(
        &ctx,
        &slow,
        &world,
        &mut Burst::default(),
        &mut GameRng::new(1)
    ));
    assert!(should_fire(
        &ctx,
        &perfect,
        &world,
        &mut Burst::default(),
        &mut GameRng::new(1)
    ));
}

#[test]
fn prediction_shots_at_a_lost_target_need_skill_above_one_half() {
    let world = room();
    let physics = Physics::new(&world, PhysicsSettings::default());
    let me = bot_at(-300.0, 180.0, Weapon::RocketLauncher);
    let velocity = Vec3::new(0.0, -150.0, 0.0);
    let lost = AimTarget::lost(Vec3::new(300.0, 180.0, STAND), velocity, false, 0.2);
    let skilled = aim(
        &me,
        &lost,
        Weapon::RocketLauncher,
        Some(ROCKET),
        true,
        &AimSkill::flat(0.7, 1.0),
        &physics,
        &mut GameRng::new(8),
    );
    assert_eq!(skilled.kind, AimKind::Reappear);
    assert!((skilled.target_origin - (lost.origin + velocity * REAPPEAR_LEAD)).length() < 1e-3);
    assert!(skilled.floor, "splash aiming at the reappearing feet");
    assert!(fires_splash(&world, &me, &lost, &skilled));
    let unskilled = aim(
        &me,
        &lost,
        Weapon::RocketLauncher,
        Some(ROCKET),
        true,
        &AimSkill::flat(0.45, 1.0),
        &physics,
        &mut GameRng::new(8),
    );
    assert_eq!(
        (unskilled.kind, unskilled.target_origin),
        (AimKind::Watch, lost.origin)
    );
    assert!(!fires_splash(&world, &me, &lost, &unskilled));
    // A hitscan weapon never fires at a target out of sight.
    let rail = aim(
        &me,
        &lost,
        Weapon::Railgun,
        None,
        false,
        &AimSkill::flat(1.0, 1.0),
        &physics,
        &mut GameRng::new(8),
    );
    assert_eq!(rail.kind, AimKind::Watch);
}

/// [`fires`] for a rocket launcher (splash).
fn fires_splash(world: &AasWorld, me: &SelfView, target: &AimTarget, aimed: &Aim) -> bool {
    let mut me = me.clone();
    me.view_angles = aimed.ideal_view;
    let ctx = FireContext {
        me: &me,
        target,
        aim: aimed,
        weapon: Weapon::RocketLauncher,
        splash: true,
        teammates: &[],
        now_ms: 0,
    };
    should_fire(
        &ctx,
        &AimSkill::flat(1.0, 1.0),
        world,
        &mut Burst::default(),
        &mut GameRng::new(2),
    )
}
