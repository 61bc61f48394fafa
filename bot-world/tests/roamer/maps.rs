//! The maps the roamer is driven over: `aas-geom`'s hand-made test maps (compiled and
//! clustered here) and the shared real maps (their `.bsp` for the entities, bspc's `.aas` for
//! the areas).

use std::path::Path;

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::{ReadSettings, load_brush_world};
use aas_geom::world::{AasWorld, AreaFlags, AreaId, PresenceType, TravelFlags};
use aas_geom::{BrushWorld, MapEntities, extract_entities, world_gravity};
use aas_route::cluster::ClusterSettings;
use aas_route::{Clustering, Router, RouterSettings};
use bot_interface::{HealthKind, Item, ItemSpotInfo};
use glam::Vec3;

/// Spawn point classes, in the order they are collected.
const SPAWNS: [&str; 4] = [
    "info_player_deathmatch",
    "info_player_start",
    "team_CTF_redspawn",
    "team_CTF_bluespawn",
];
/// Entity numbers of the made-up items start here.
const MADE_UP_ENTITY: u32 = 10_000;
/// Made-up items on a small map: at most this many.
const MADE_UP_ITEMS: usize = 12;

/// A map ready to be played on.
pub(crate) struct Map {
    pub(crate) name: String,
    pub(crate) world: AasWorld,
    pub(crate) entities: MapEntities,
    pub(crate) spawns: Vec<Vec3>,
    pub(crate) items: Vec<ItemSpotInfo>,
    /// The boxes of the lethal `trigger_hurt`s (damage 100 or more: the voids and pits that
    /// kill whoever falls in).
    pub(crate) death: Vec<(Vec3, Vec3)>,
}

/// The bounds of the lethal `trigger_hurt` brush models of `brushes` (damage of 100 or more).
fn death_volumes(brushes: &BrushWorld) -> Vec<(Vec3, Vec3)> {
    let lethal = |entity: usize| {
        brushes.entities.get(entity).is_some_and(|e| {
            e.classname().eq_ignore_ascii_case("trigger_hurt")
                && e.get("dmg")
                    .and_then(|d| d.trim().parse::<f64>().ok())
                    .unwrap_or(5.0)
                    >= 100.0
        })
    };
    let mut volumes: Vec<(usize, Vec3, Vec3)> = Vec::new();
    for brush in brushes.all_brushes() {
        let Some(entity) = brush.entity.filter(|&e| lethal(e)) else {
            continue;
        };
        let planes: Vec<aas_geom::Plane> = brush.sides.iter().map(|side| side.plane).collect();
        let Ok(geometry) = aas_geom::brush::BrushGeometry::from_planes(&planes) else {
            continue;
        };
        let (lo, hi) = (geometry.mins().as_vec3(), geometry.maxs().as_vec3());
        match volumes.iter_mut().find(|(e, ..)| *e == entity) {
            Some((_, mins, maxs)) => {
                *mins = mins.min(lo);
                *maxs = maxs.max(hi);
            }
            None => volumes.push((entity, lo, hi)),
        }
    }
    volumes.into_iter().map(|(_, lo, hi)| (lo, hi)).collect()
}

/// The spawn points and items of `brushes`.
fn spawns_and_items(
    brushes: &BrushWorld,
    entities: &MapEntities,
) -> (Vec<Vec3>, Vec<ItemSpotInfo>) {
    let spawns = SPAWNS
        .iter()
        .flat_map(|class| {
            brushes
                .entities
                .iter()
                .filter(move |e| e.classname().eq_ignore_ascii_case(class))
        })
        .filter_map(aas_geom::Entity::origin)
        .map(|origin| origin.as_vec3())
        .collect();
    let items = entities
        .items
        .iter()
        .enumerate()
        .filter_map(|(index, spot)| {
            Some(ItemSpotInfo {
                entity: u32::try_from(index).ok()?,
                item: Item::from_classname(&spot.classname)?,
                origin: spot.origin,
            })
        })
        .collect();
    (spawns, items)
}

/// Made-up items at the centres of up to [`MADE_UP_ITEMS`] grounded areas, spread over the
/// area list, so that a small map's every corner is a goal; given a spawn point, only areas
/// with a route back to its area (no goal in a pit without a way out).
fn made_up_items(world: &AasWorld, spawn: Option<Vec3>) -> Vec<ItemSpotInfo> {
    let home: Option<AreaId> = spawn.and_then(|spawn| {
        let spawn = spawn + Vec3::Z * 9.0;
        let trace = world.trace(spawn, spawn - Vec3::Z * 256.0, PresenceType::NORMAL);
        world.point_area(trace.end)
    });
    let mut router = Router::new(
        world,
        Clustering::from_world(world),
        RouterSettings::default(),
    )
    .expect("the stored clustering fits");
    let flags = TravelFlags::DEFAULT;
    let candidates: Vec<Vec3> = world
        .areas
        .iter()
        .enumerate()
        .filter(|(index, area)| {
            let id = AreaId::from_index(*index);
            let both_ways =
                home.is_none_or(|home| router.route(id, area.center, home, flags).is_some());
            area.flags.contains(AreaFlags::GROUNDED)
                && area.presence.contains(PresenceType::NORMAL)
                && both_ways
        })
        .map(|(_, area)| area.center)
        .collect();
    let stride = candidates.len().div_ceil(MADE_UP_ITEMS).max(1);
    candidates
        .iter()
        .step_by(stride)
        .zip(MADE_UP_ENTITY..)
        .map(|(&origin, entity)| ItemSpotInfo {
            entity,
            item: Item::Health(HealthKind::Small),
            origin,
        })
        .collect()
}

/// Compiles and clusters `aas-geom`'s test map `name`; its items plus made-up ones (only in
/// areas with routes both to and from the first spawn point's when `return_trip`).
pub(crate) fn test_map(name: &str, return_trip: bool) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../aas-geom/tests/maps")
        .join(format!("{name}.map"));
    let brushes = load_brush_world(&path, &ReadSettings::default())
        .unwrap_or_else(|error| panic!("{name}: {error}"));
    let mut world = compile_world(&brushes, &CompileSettings::default())
        .unwrap_or_else(|error| panic!("{name}: {error}"))
        .world;
    Clustering::compute(&world, &ClusterSettings::default()).store_into(&mut world);
    let entities = extract_entities(&brushes, world_gravity(&brushes));
    let (spawns, mut items) = spawns_and_items(&brushes, &entities);
    let home = spawns.first().copied().filter(|_| return_trip);
    items.extend(made_up_items(&world, home));
    Map {
        name: name.to_owned(),
        world,
        entities,
        spawns,
        items,
        death: death_volumes(&brushes),
    }
}

/// The shared real map `name` in `dir`: bspc's `.aas`, and the `.bsp`'s entities.
pub(crate) fn real_map(dir: &Path, name: &str) -> Map {
    let world = AasWorld::load(dir.join(format!("{name}.aas")))
        .unwrap_or_else(|error| panic!("{name}: {error}"));
    let brushes = load_brush_world(&dir.join(format!("{name}.bsp")), &ReadSettings::default())
        .unwrap_or_else(|error| panic!("{name}: {error}"));
    let entities = extract_entities(&brushes, world_gravity(&brushes));
    let (spawns, items) = spawns_and_items(&brushes, &entities);
    Map {
        name: name.to_owned(),
        world,
        entities,
        spawns,
        items,
        death: death_volumes(&brushes),
    }
}
