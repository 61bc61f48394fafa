//! The built-in arena `maps/arena.map` (written by `tools/arena_map.py`): it loads, compiles
//! to areas with a reachability of every movement the map is built to show, every spawn point
//! and item stands in an area, every item is routed to from every spawn point (also without
//! the lift, jump pads and teleporters) and back, its movers and triggers are extracted
//! without complaint, and it holds an item of every class.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

use aas_geom::compile::{CompileOutput, CompileSettings, compile_world};
use aas_geom::format::{ReadSettings, load_brush_world};
use aas_geom::world::{AasWorld, AreaContents, AreaFlags, AreaId, Reachability, TravelType};
use aas_geom::{BrushWorld, MapEntities, extract_entities, world_gravity};
use aas_route::{ClusterSettings, Clustering, Router, RouterSettings, TravelFlags};
use glam::Vec3;

const MAP: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/arena.map");

/// Spawn-point classes: deathmatch, and the CTF game-start and respawn points.
const SPAWN_CLASSES: [&str; 5] = [
    "info_player_deathmatch",
    "team_CTF_redplayer",
    "team_CTF_blueplayer",
    "team_CTF_redspawn",
    "team_CTF_bluespawn",
];

/// Every item class the arena must hold (the gauntlet included), and the two CTF flags.
const ITEM_CLASSES: [&str; 34] = [
    "weapon_gauntlet",
    "weapon_machinegun",
    "weapon_shotgun",
    "weapon_grenadelauncher",
    "weapon_rocketlauncher",
    "weapon_lightning",
    "weapon_railgun",
    "weapon_plasmagun",
    "weapon_bfg",
    "ammo_bullets",
    "ammo_shells",
    "ammo_grenades",
    "ammo_rockets",
    "ammo_lightning",
    "ammo_slugs",
    "ammo_cells",
    "ammo_bfg",
    "item_armor_shard",
    "item_armor_combat",
    "item_armor_body",
    "item_health_small",
    "item_health",
    "item_health_large",
    "item_health_mega",
    "item_quad",
    "item_enviro",
    "item_haste",
    "item_invis",
    "item_regen",
    "item_flight",
    "holdable_teleporter",
    "holdable_medkit",
    "team_CTF_redflag",
    "team_CTF_blueflag",
];

/// The arena read, compiled (default settings) and clustered, with its entities.
struct Arena {
    brushes: BrushWorld,
    compiled: CompileOutput,
    clustering: Clustering,
    entities: MapEntities,
}

fn arena() -> &'static Arena {
    static ARENA: OnceLock<Arena> = OnceLock::new();
    ARENA.get_or_init(|| {
        let brushes = load_brush_world(Path::new(MAP), &ReadSettings::default())
            .unwrap_or_else(|e| panic!("{MAP}: {e}"));
        let mut compiled = compile_world(&brushes, &CompileSettings::default())
            .unwrap_or_else(|e| panic!("{MAP}: {e}"));
        let clustering = Clustering::compute(&compiled.world, &ClusterSettings::default());
        clustering.store_into(&mut compiled.world);
        let entities = extract_entities(&brushes, world_gravity(&brushes));
        Arena {
            brushes,
            compiled,
            clustering,
            entities,
        }
    })
}

/// The reachabilities of `world` with their source areas.
fn reaches(world: &AasWorld) -> impl Iterator<Item = (AreaId, &Reachability)> {
    (0..world.areas.len()).flat_map(move |i| {
        let area = AreaId::from_index(i);
        world.reachabilities_of(area).iter().map(move |r| (area, r))
    })
}

/// The area a player or item at `origin` is in: the area at the origin or, for an origin on or
/// a little under the floor of the areas (they hold a standing player's origin, 24 units above
/// the floor; items are placed 16 above it), straight above it within 40 units.
fn area_at_or_above(world: &AasWorld, origin: Vec3) -> Option<AreaId> {
    (0..=20u8).find_map(|step| world.point_area(origin + Vec3::Z * f32::from(step) * 2.0))
}

/// Classname and origin of every entity of one of `classes`.
fn entities_of(brushes: &BrushWorld, classes: &[&str]) -> Vec<(String, Vec3)> {
    brushes
        .entities
        .iter()
        .filter(|e| classes.contains(&e.classname()))
        .map(|e| {
            let origin = e.origin().unwrap_or_else(|| panic!("{e:?} has no origin"));
            (e.classname().to_owned(), origin.as_vec3())
        })
        .collect()
}

#[test]
fn the_arena_compiles_with_a_reachability_of_every_movement() {
    let arena = arena();
    let out = &arena.compiled;
    assert!(
        out.stats.leak.is_none(),
        "the arena leaks: {:?}",
        out.stats.leak
    );
    out.world.validate().expect("a valid world");
    assert!(
        out.entity_diagnostics.is_empty(),
        "{:?}",
        out.entity_diagnostics
    );
    assert!(
        out.prepare_diagnostics.is_empty(),
        "{:?}",
        out.prepare_diagnostics
    );
    let world = &out.world;
    assert!(world.areas.len() > 50, "{} areas", world.areas.len());

    let mut by_type: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, reach) in reaches(world) {
        let kind = reach.kind().expect("a known travel type");
        *by_type.entry(kind.name()).or_default() += 1;
    }
    for kind in [
        TravelType::Walk,
        TravelType::BarrierJump,
        TravelType::Jump,
        TravelType::WalkOffLedge,
        TravelType::Swim,
        TravelType::WaterJump,
        TravelType::Teleport,
        TravelType::JumpPad,
        TravelType::Elevator,
    ] {
        assert!(
            by_type.get(kind.name()).copied().unwrap_or(0) > 0,
            "no {} reachability: {by_type:?}",
            kind.name()
        );
    }

    // Where the shortcuts lead: jump pads and teleporters onto the mezzanine (top z 128, a
    // standing origin at 152), the lift from the hall floor up to it.
    let on_mezzanine =
        |p: Vec3| (p.z - 152.0).abs() < 2.0 && p.y > 640.0 && p.y < 1024.0 && p.x.abs() < 512.0;
    let of_kind = |kind: TravelType| -> Vec<(AreaId, &Reachability)> {
        reaches(world)
            .filter(|(_, r)| r.kind() == Some(kind))
            .collect()
    };
    for kind in [
        TravelType::JumpPad,
        TravelType::Teleport,
        TravelType::Elevator,
    ] {
        let found = of_kind(kind);
        assert!(
            found.iter().any(|(_, r)| on_mezzanine(r.end)),
            "no {} onto the mezzanine: {found:?}",
            kind.name()
        );
    }
    for (_, reach) in of_kind(TravelType::Elevator) {
        assert!(reach.start.z < 30.0, "{reach:?}");
    }
    // The lava trenches (x -640..-512 and 512..640, y -1024..-768) are jumped across.
    let jumps = of_kind(TravelType::Jump);
    for side in [-1.0_f32, 1.0] {
        assert!(
            jumps.iter().any(|(_, r)| {
                let (a, b) = (side * r.start.x, side * r.end.x);
                let (lo, hi) = (a.min(b), a.max(b));
                lo < 512.0 + 16.0 && hi > 640.0 - 16.0 && r.start.y < -768.0
            }),
            "no jump across the trench at x {}: {jumps:?}",
            side * 576.0
        );
    }
    // Out of the pool by water jumps, and swimming between its areas.
    let water = |area: AreaId| {
        world.areas[area.index()]
            .contents
            .contains(AreaContents::WATER)
    };
    let water_jumps = of_kind(TravelType::WaterJump);
    assert!(
        water_jumps
            .iter()
            .all(|(from, r)| water(*from) && !water(r.target)),
        "{water_jumps:?}"
    );
    assert!(
        of_kind(TravelType::Swim)
            .iter()
            .all(|(from, r)| water(*from) && water(r.target))
    );
}

#[test]
fn every_spawn_point_and_item_stands_in_an_area() {
    let arena = arena();
    let world = &arena.compiled.world;
    let mut spots = entities_of(&arena.brushes, &SPAWN_CLASSES);
    spots.extend(
        arena
            .entities
            .items
            .iter()
            .map(|item| (item.classname.clone(), item.origin)),
    );
    for (class, origin) in spots {
        let area = area_at_or_above(world, origin)
            .unwrap_or_else(|| panic!("{class} at {origin} is in no area"));
        let info = &world.areas[area.index()];
        // The game drops an item to the floor (the mega health floats over the dais): the area
        // is on the ground, or under water.
        assert!(
            info.flags.contains(AreaFlags::GROUNDED) || info.contents.contains(AreaContents::WATER),
            "{class} at {origin}: area {} is neither grounded nor water ({:?})",
            area.index(),
            info.flags
        );
        assert!(
            !info
                .contents
                .intersects(AreaContents::LAVA | AreaContents::SLIME),
            "{class} at {origin} is in lava"
        );
    }
}

#[test]
fn every_item_is_routed_to_from_every_spawn_point_and_back() {
    let arena = arena();
    let world = &arena.compiled.world;
    let spawns: Vec<(String, Vec3, AreaId)> = entities_of(&arena.brushes, &SPAWN_CLASSES)
        .into_iter()
        .map(|(class, origin)| {
            let area = area_at_or_above(world, origin).expect("spawn in an area");
            (class, origin, area)
        })
        .collect();
    let items: Vec<(String, Vec3, AreaId)> = arena
        .entities
        .items
        .iter()
        .map(|item| {
            let area = area_at_or_above(world, item.origin).expect("item in an area");
            (item.classname.clone(), item.origin, area)
        })
        .collect();
    assert!(
        spawns.len() >= 32 && items.len() >= 50,
        "{} {}",
        spawns.len(),
        items.len()
    );
    let mut router = Router::new(world, arena.clustering.clone(), RouterSettings::default())
        .expect("a clustering that fits");
    // All movement a bot uses by default, and the same on foot only: no lift, jump pad or
    // teleporter (they are shortcuts).
    let on_foot = TravelFlags::DEFAULT
        .difference(TravelFlags::ELEVATOR | TravelFlags::JUMPPAD | TravelFlags::TELEPORT);
    let mut missing = Vec::new();
    for flags in [TravelFlags::DEFAULT, on_foot] {
        for (spawn, spawn_origin, spawn_area) in &spawns {
            for (item, item_origin, item_area) in &items {
                let there = router.route(*spawn_area, *spawn_origin, *item_area, flags);
                let back = router.route(
                    *item_area,
                    world.areas[item_area.index()].center,
                    *spawn_area,
                    flags,
                );
                if there.is_none() || back.is_none() {
                    missing.push(format!(
                        "{spawn} {spawn_origin} <-> {item} {item_origin} ({flags:?}): there {there:?}, back {back:?}"
                    ));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} unrouted:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn movers_and_triggers_are_extracted_without_complaint() {
    let arena = arena();
    let entities = &arena.entities;
    assert!(
        entities.diagnostics.is_empty(),
        "{:?}",
        entities.diagnostics
    );
    assert_eq!(entities.jump_pads.len(), 2, "{:?}", entities.jump_pads);
    assert_eq!(entities.teleporters.len(), 2, "{:?}", entities.teleporters);
    assert_eq!(entities.plats.len(), 1, "{:?}", entities.plats);
    for pad in &entities.jump_pads {
        // Launched up over the mezzanine's edge (y 640, top z 128).
        assert!(pad.velocity.z > 0.0 && pad.velocity.y > 0.0, "{pad:?}");
        assert!(pad.target.y > 640.0 && pad.target.z > 128.0, "{pad:?}");
    }
    for teleporter in &entities.teleporters {
        assert!(teleporter.destination.z > 128.0, "{teleporter:?}");
    }
    let plat = &entities.plats[0];
    assert!((plat.height - 128.0).abs() < f32::EPSILON, "{plat:?}");
    assert!((plat.maxs.z - 128.0).abs() < f32::EPSILON, "{plat:?}");

    // Two doors, each a brush model of its own with a direction to slide in.
    let doors: Vec<usize> = arena
        .brushes
        .entities
        .iter()
        .enumerate()
        .filter(|(_, e)| e.classname() == "func_door")
        .map(|(index, _)| index)
        .collect();
    assert_eq!(doors.len(), 2);
    for door in doors {
        assert!(arena.brushes.entities[door].get("angle").is_some());
        assert!(
            arena
                .brushes
                .models
                .iter()
                .any(|m| m.entity == Some(door) && m.brush_count > 0),
            "door {door} has no brush model"
        );
    }
}

#[test]
fn the_arena_holds_every_item_class_and_enough_spawn_points() {
    let arena = arena();
    let classes: BTreeSet<&str> = arena
        .brushes
        .entities
        .iter()
        .map(aas_geom::Entity::classname)
        .collect();
    let missing: Vec<&str> = ITEM_CLASSES
        .iter()
        .chain(&SPAWN_CLASSES)
        .copied()
        .filter(|class| !classes.contains(class))
        .collect();
    assert!(missing.is_empty(), "missing classes: {missing:?}");
    let count = |class: &str| {
        arena
            .brushes
            .entities
            .iter()
            .filter(|e| e.classname() == class)
            .count()
    };
    assert!(count("info_player_deathmatch") >= 16);
    for class in &SPAWN_CLASSES[1..] {
        assert!(count(class) >= 4, "{class}: {}", count(class));
    }
    assert!(count("item_armor_shard") >= 3);
    assert_eq!(count("worldspawn"), 1);
    assert_eq!(
        arena.brushes.entities[0].get("message"),
        Some("Harness Arena")
    );
    // At least one item floats (spawnflags 1, suspended): the mega health over the dais.
    assert!(arena.brushes.entities.iter().any(|e| {
        e.classname() == "item_health_mega"
            && e.get("spawnflags")
                .and_then(|f| f.parse::<u32>().ok())
                .is_some_and(|f| f & 1 == 1)
    }));
}
