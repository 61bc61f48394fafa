//! The collision BVH against its brute-force reference on every shared real map (the nine
//! shared maps and the nine of the map pack): per map 250 each of rays near entities, player
//! boxes moving near entities, short rays and zero-length boxes anywhere in the map's bounds
//! (often in solid), 1500 point-contents queries and a few brush-model traces at offsets,
//! all bit-identical.

use std::path::Path;

use aas_geom::brush::{BrushGeometry, BrushWorld, Contents, PatchSettings, Plane, SurfaceFlags};
use aas_geom::format::bsp_q3::read_bsp;
use bot_world::collision::{CollisionWorld, TraceHit, mask};
use glam::Vec3;

const PLAYER_MINS: Vec3 = Vec3::new(-15.0, -15.0, -24.0);
const PLAYER_MAXS: Vec3 = Vec3::new(15.0, 15.0, 32.0);

/// A tiny deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1_u64 << 24) as f32
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n.max(1) as u64).unwrap_or(0)
    }

    fn offset(&mut self, size: f32) -> Vec3 {
        Vec3::new(
            self.range(-size, size),
            self.range(-size, size),
            self.range(-size, size),
        )
    }

    fn direction(&mut self) -> Vec3 {
        loop {
            let v = self.offset(1.0);
            if v.length_squared() > 0.01 && v.length_squared() <= 1.0 {
                return v.normalize();
            }
        }
    }
}

/// Entity origins: points in or near the playable space.
fn anchors(world: &BrushWorld) -> Vec<Vec3> {
    world
        .entities
        .iter()
        .filter_map(aas_geom::brush::Entity::origin)
        .map(|origin| origin.as_vec3())
        .collect()
}

fn assert_same(what: &str, tree: &TraceHit, brute: &TraceHit) {
    let bits = |hit: &TraceHit| {
        (
            hit.fraction.to_bits(),
            hit.end_pos.to_array().map(f32::to_bits),
        )
    };
    assert_eq!(bits(tree), bits(brute), "{what}: {tree:?} != {brute:?}");
    assert_eq!(tree, brute, "{what}");
}

/// Checks `count` queries of each kind on one map; returns how many traces hit something.
fn check_map(name: &str, world: &BrushWorld, count: usize) -> usize {
    let collision = CollisionWorld::new(world);
    let (lo, hi) = collision
        .model_bounds(aas_geom::brush::ModelNum::WORLD)
        .expect("the world model has brushes");
    let anchors = anchors(world);
    assert!(!anchors.is_empty(), "{name}: no entity origins");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64);
    let mut hits = 0;
    let near = |rng: &mut Rng, size: f32| anchors[rng.below(anchors.len())] + rng.offset(size);
    let masks = [mask::SHOT, mask::PLAYER_SOLID, mask::SIGHT, mask::ALL];
    for i in 0..count {
        let mask = masks[i % masks.len()];
        // A ray of up to ~1200 units from near an entity.
        let start = near(&mut rng, 128.0);
        let end = start + rng.direction() * rng.range(200.0, 1200.0);
        let tree = collision.trace(start, end, Vec3::ZERO, Vec3::ZERO, mask);
        let brute = collision.brute_force_trace(start, end, Vec3::ZERO, Vec3::ZERO, mask);
        assert_same(&format!("{name}: ray {i} {start} -> {end}"), &tree, &brute);
        hits += usize::from(tree.hit());
        // A player box moving ~100 units.
        let start = near(&mut rng, 96.0);
        let end = start + rng.direction() * rng.range(0.0, 160.0);
        let tree = collision.trace(start, end, PLAYER_MINS, PLAYER_MAXS, mask);
        let brute = collision.brute_force_trace(start, end, PLAYER_MINS, PLAYER_MAXS, mask);
        assert_same(&format!("{name}: box {i} {start} -> {end}"), &tree, &brute);
        hits += usize::from(tree.hit());
        // Anywhere in the map's bounds, often in solid: a short ray, a zero-length box.
        let anywhere = Vec3::new(
            rng.range(lo.x, hi.x),
            rng.range(lo.y, hi.y),
            rng.range(lo.z, hi.z),
        );
        let end = anywhere + rng.offset(64.0);
        assert_same(
            &format!("{name}: anywhere ray {i}"),
            &collision.trace(anywhere, end, Vec3::ZERO, Vec3::ZERO, mask),
            &collision.brute_force_trace(anywhere, end, Vec3::ZERO, Vec3::ZERO, mask),
        );
        let small = Vec3::splat(rng.range(1.0, 16.0));
        assert_same(
            &format!("{name}: zero-length box {i}"),
            &collision.trace(anywhere, anywhere, -small, small, mask),
            &collision.brute_force_trace(anywhere, anywhere, -small, small, mask),
        );
        // Point contents, near entities and anywhere.
        for point in [near(&mut rng, 256.0), anywhere] {
            for mask in [mask::ALL, mask::LIQUID, mask::SIGHT] {
                assert_eq!(
                    collision.contents(point, mask),
                    collision.brute_force_contents(point, mask),
                    "{name}: contents at {point} ({mask:?})"
                );
            }
        }
    }
    // Brush models at an offset, where the map has any.
    let models: Vec<_> = collision.models().filter(|m| m.0 != 0).collect();
    for (i, &model) in models.iter().enumerate().take(count / 4) {
        let Some((mlo, mhi)) = collision.model_bounds(model) else {
            continue;
        };
        let offset = rng.offset(64.0);
        let center = (mlo + mhi) * 0.5 + offset;
        let start = center + rng.direction() * 200.0;
        let (tree, brute) = (
            collision.trace_model(
                model,
                offset,
                start,
                center,
                PLAYER_MINS,
                PLAYER_MAXS,
                mask::ALL,
            ),
            collision.brute_force_trace_model(
                model,
                offset,
                start,
                center,
                PLAYER_MINS,
                PLAYER_MAXS,
                mask::ALL,
            ),
        );
        assert_same(&format!("{name}: model {model:?} ({i})"), &tree, &brute);
        hits += usize::from(tree.hit());
    }
    hits
}

fn check_folder(dir: &Path, names: &[&str], count: usize) {
    for name in names {
        let bytes = real_data::read(dir, name, "bsp");
        let world = read_bsp(&bytes, &PatchSettings::default()).expect("shared .bsp loads");
        let hits = check_map(name, &world, count);
        // Most rays from near entities reach a wall within 1200 units.
        assert!(hits > count / 2, "{name}: only {hits} hits");
    }
}

#[test]
fn the_bvh_equals_brute_force_on_the_shared_maps() {
    let Some(dir) = real_data::maps() else {
        return;
    };
    check_folder(&dir, &real_data::SHARED_MAPS, 250);
}

#[test]
fn the_bvh_equals_brute_force_on_the_map_pack() {
    let Some(dir) = real_data::pack_maps() else {
        return;
    };
    check_folder(&dir, &real_data::PACK_MAPS, 250);
}

#[test]
fn real_maps_have_liquids_sky_and_few_rejected_brushes() {
    let Some(dir) = real_data::maps() else {
        return;
    };
    let (mut liquids, mut sky) = (0, 0);
    for name in real_data::SHARED_MAPS {
        let world = read_bsp(
            &real_data::read(&dir, name, "bsp"),
            &PatchSettings::default(),
        )
        .expect("shared .bsp loads");
        let collision = CollisionWorld::new(&world);
        assert!(
            collision.rejected_brushes().len() * 100 <= collision.brush_count(),
            "{name}: {} of {} brushes rejected",
            collision.rejected_brushes().len(),
            collision.brush_count()
        );
        // Points in water, slime or lava, found at the centres of liquid brushes.
        for (index, brush) in world.all_brushes().enumerate() {
            if brush.contents.intersects(Contents::LIQUID) && brush.model.0 == 0 {
                let id = bot_world::collision::BrushIndex(u32::try_from(index).unwrap());
                assert_eq!(collision.brush_contents(id), Some(brush.contents));
                let planes: Vec<Plane> = brush.sides.iter().map(|side| side.plane).collect();
                let center = BrushGeometry::from_planes(&planes)
                    .expect("a liquid brush with volume")
                    .center()
                    .as_vec3();
                let found = collision.contents(center, mask::LIQUID);
                assert!(
                    found.contains(brush.contents & Contents::LIQUID),
                    "{name}: {found:?} at the centre of liquid brush {index}"
                );
                liquids += 1;
            }
        }
        // Shots fired straight up from the spawn points: outdoor ones vanish in the sky.
        for origin in world
            .entities
            .iter()
            .filter(|e| e.classname() == "info_player_deathmatch")
            .filter_map(aas_geom::brush::Entity::origin)
        {
            let start = origin.as_vec3() + Vec3::Z * 30.0;
            let hit = collision.trace(
                start,
                start + Vec3::Z * 8192.0,
                Vec3::ZERO,
                Vec3::ZERO,
                mask::SHOT,
            );
            if hit.surface_flags.contains(SurfaceFlags::NOIMPACT) {
                sky += 1;
                assert!(hit.hit() && hit.normal.z < 0.0, "{name}: {hit:?}");
            }
        }
    }
    assert!(
        liquids > 0 && sky > 0,
        "{liquids} liquid brushes, {sky} spawns under the sky"
    );
}
