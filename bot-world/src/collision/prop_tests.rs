//! Property test: on hand-made rooms, `aas-geom`'s small test maps and one shared real map
//! (when the real data is there), the BVH answers every query exactly as the brute-force
//! reference does — random segments, segments from inside brushes, zero-length traces,
//! segments grazing brush faces and segments ending at or near the clip epsilon in front of
//! them, for rays, player boxes and small random boxes, under every mask.

use std::sync::LazyLock;

use aas_geom::brush::{Contents, ModelNum, PatchSettings};
use aas_geom::format::bsp_q3::read_bsp;
use glam::Vec3;
use proptest::prelude::*;
use proptest::sample::Index;

use super::test_worlds::{box_room, test_map};
use super::{CollisionWorld, SURFACE_CLIP_EPSILON, TraceHit, mask};

/// The real map of the property test: a small shared map with patches.
const REAL_MAP: &str = "am_underworks";

/// The worlds the queries run in.
static WORLDS: LazyLock<Vec<(String, CollisionWorld)>> = LazyLock::new(|| {
    let mut worlds = vec![("box_room".to_owned(), CollisionWorld::new(&box_room()))];
    for name in ["patch_floors", "arch_room", "stairs_room"] {
        worlds.push((name.to_owned(), CollisionWorld::new(&test_map(name))));
    }
    if let Some(dir) = real_data::maps() {
        let bytes = real_data::read(&dir, REAL_MAP, "bsp");
        let map = read_bsp(&bytes, &PatchSettings::default()).expect("shared .bsp loads");
        worlds.push((REAL_MAP.to_owned(), CollisionWorld::new(&map)));
    }
    worlds
});

const MASKS: [Contents; 5] = [
    mask::SHOT,
    mask::PLAYER_SOLID,
    mask::SIGHT,
    mask::LIQUID,
    mask::ALL,
];

/// Distances in front of a plane (beyond the box's reach) that a segment may end at.
const NEAR_PLANE: [f32; 7] = [
    0.0,
    SURFACE_CLIP_EPSILON,
    SURFACE_CLIP_EPSILON - 1e-3,
    SURFACE_CLIP_EPSILON + 1e-3,
    -1e-3,
    1e-3,
    0.5,
];

/// How a query's segment is made.
#[derive(Debug, Clone, Copy)]
enum Shape {
    /// Between two random points of the map's bounds.
    Random,
    /// From the centre of a brush (often inside it) to a random point.
    FromBrush,
    /// Zero length, at a random point or a brush's centre.
    ZeroLength,
    /// Along a brush plane, at or near the box's reach in front of it.
    Grazing,
    /// Towards a brush plane, ending at or near the epsilon in front of it.
    Approach,
}

/// One generated query, in unit coordinates the test maps onto a world.
#[derive(Debug, Clone)]
struct Query {
    world: Index,
    shape: Shape,
    a: [f32; 3],
    b: [f32; 3],
    brush: Index,
    plane: Index,
    size: u8,
    extent: [f32; 3],
    mask: Index,
    near: Index,
    length: f32,
    model: Index,
}

fn query() -> impl Strategy<Value = Query> {
    let unit = || prop::array::uniform3(0.0_f32..=1.0);
    let shape = prop_oneof![
        Just(Shape::Random),
        Just(Shape::FromBrush),
        Just(Shape::ZeroLength),
        Just(Shape::Grazing),
        Just(Shape::Approach),
    ];
    (
        (
            any::<Index>(),
            shape,
            unit(),
            unit(),
            any::<Index>(),
            any::<Index>(),
        ),
        (
            0_u8..3,
            prop::array::uniform3(0.5_f32..32.0),
            any::<Index>(),
            any::<Index>(),
            1.0_f32..512.0,
            any::<Index>(),
        ),
    )
        .prop_map(
            |((world, shape, a, b, brush, plane), (size, extent, mask, near, length, model))| {
                Query {
                    world,
                    shape,
                    a,
                    b,
                    brush,
                    plane,
                    size,
                    extent,
                    mask,
                    near,
                    length,
                    model,
                }
            },
        )
}

/// The box of a query: a ray, the player's standing box, or a random box.
fn query_box(query: &Query) -> (Vec3, Vec3) {
    match query.size {
        0 => (Vec3::ZERO, Vec3::ZERO),
        1 => (Vec3::new(-15.0, -15.0, -24.0), Vec3::new(15.0, 15.0, 32.0)),
        _ => {
            let e = Vec3::from(query.extent);
            (-e, Vec3::new(e.y, e.z, e.x) * 0.5)
        }
    }
}

/// How far in front of a plane with normal `n` the box's origin is when the box touches it.
fn reach(n: Vec3, mins: Vec3, maxs: Vec3) -> f32 {
    let pick = |n: f32, lo: f32, hi: f32| -n * if n < 0.0 { hi } else { lo };
    pick(n.x, mins.x, maxs.x) + pick(n.y, mins.y, maxs.y) + pick(n.z, mins.z, maxs.z)
}

/// The segment of `query` in `world`.
fn segment(world: &CollisionWorld, query: &Query, mins: Vec3, maxs: Vec3) -> (Vec3, Vec3) {
    let (lo, hi) = world
        .model_bounds(ModelNum::WORLD)
        .unwrap_or((Vec3::splat(-256.0), Vec3::splat(256.0)));
    let (lo, hi) = (lo - Vec3::splat(32.0), hi + Vec3::splat(32.0));
    let at = |u: [f32; 3]| lo + (hi - lo) * Vec3::from(u);
    let usable: Vec<usize> = (0..world.brushes.len())
        .filter(|&i| world.brushes[i].plane_count > 0 && world.brushes[i].model == ModelNum::WORLD)
        .collect();
    let brush = &world.brushes[usable[query.brush.index(usable.len())]];
    let center = (brush.mins + brush.maxs) * 0.5;
    let planes = world.brush_planes(brush);
    let plane = planes[query.plane.index(planes.len())];
    let n = plane.normal;
    // A point on the plane, then moved to where the box's origin touches it.
    let on_plane = center - n * (n.dot(center) - plane.dist);
    let touching = on_plane + n * reach(n, mins, maxs);
    let gap = NEAR_PLANE[query.near.index(NEAR_PLANE.len())];
    match query.shape {
        Shape::Random => (at(query.a), at(query.b)),
        Shape::FromBrush => (center, at(query.b)),
        Shape::ZeroLength => {
            let p = if query.a[0] < 0.5 {
                at(query.b)
            } else {
                center
            };
            (p, p)
        }
        Shape::Grazing => {
            let d = Vec3::from(query.b) - Vec3::splat(0.5);
            let along = (d - n * n.dot(d)).normalize_or(n.any_orthonormal_vector());
            let p = touching + n * gap;
            (p - along * query.length, p + along * query.length)
        }
        Shape::Approach => {
            let d = (Vec3::from(query.a) - Vec3::splat(0.5)) * 0.5;
            let end = touching + n * gap;
            (end + (n + d - n * n.dot(d)) * query.length, end)
        }
    }
}

fn same(what: &str, tree: &TraceHit, brute: &TraceHit) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        tree.fraction.to_bits(),
        brute.fraction.to_bits(),
        "{}",
        what
    );
    prop_assert_eq!(
        tree.end_pos.to_array().map(f32::to_bits),
        brute.end_pos.to_array().map(f32::to_bits),
        "{}",
        what
    );
    prop_assert_eq!(tree, brute, "{}", what);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_bvh_answers_exactly_as_brute_force(query in query()) {
        let (name, world) = &WORLDS[query.world.index(WORLDS.len())];
        let (mins, maxs) = query_box(&query);
        let (start, end) = segment(world, &query, mins, maxs);
        let mask = MASKS[query.mask.index(MASKS.len())];
        let what = format!("{name}: {query:?}: {start} -> {end}");
        same(
            &what,
            &world.trace(start, end, mins, maxs, mask),
            &world.brute_force_trace(start, end, mins, maxs, mask),
        )?;
        prop_assert_eq!(
            world.contents(start, mask),
            world.brute_force_contents(start, mask),
            "{}",
            what
        );
        prop_assert_eq!(world.contents(end, mask), world.brute_force_contents(end, mask), "{}", what);
        let models: Vec<ModelNum> = world.models().collect();
        let model = models[query.model.index(models.len())];
        let offset = (Vec3::from(query.a) - Vec3::splat(0.5)) * 64.0;
        same(
            &format!("{what} (model {model:?} at {offset})"),
            &world.trace_model(model, offset, start, end, mins, maxs, mask),
            &world.brute_force_trace_model(model, offset, start, end, mins, maxs, mask),
        )?;
    }
}
