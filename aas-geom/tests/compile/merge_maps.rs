//! Merging of leaves into convex areas (`compile::merge_leaves`): on the hand-written maps,
//! merged worlds have no more areas than one area per leaf, every area is convex, points land
//! in the area of their leaf, and merged leaves share blocked mask, contents and mover model;
//! on the nine shared maps, every area is convex and the area count drops.

use aas_geom::PatchSettings;
use aas_geom::compile::{CompileOutput, CompileSettings, compile_world};
use aas_geom::format::bsp_q3::read_bsp;
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::world::AasWorld;
use aas_geom::world::{AreaFlags, FaceFlags};
use glam::{DVec3, Vec3};

use crate::areas_maps::{BOX_ROOM, LEDGE_ROOM, POOL_ROOM, check_point_agreement, check_round_trip};
use crate::common::{SHARED_MAPS, read_shared, shared_maps_dir};

/// How far a stored vertex may lie in front of a face plane of its area: the merge tolerance
/// (0.1) plus vertex snapping to the 1/8 grid (at most √3/16 ≈ 0.11) plus `f32` planes.
const STORED_CONVEX_TOLERANCE: f64 = 0.25;

fn compile(map: &[u8], merge_areas: bool) -> CompileOutput {
    let world = read_map(map, &MapSettings::default()).expect("test map parses");
    let settings = CompileSettings {
        merge_areas,
        ..CompileSettings::default()
    };
    compile_world(&world, &settings).expect("test map compiles")
}

/// The largest distance by which a vertex of an area lies in front of one of the area's face
/// planes (oriented out of the area), over all areas, with the area.
pub(crate) fn worst_convexity(world: &AasWorld) -> (f64, usize) {
    let mut worst = (f64::NEG_INFINITY, 0);
    for (index, area) in world.areas.iter().enumerate() {
        let refs = &world.face_refs[area.faces.start as usize..area.faces.end as usize];
        let mut points: Vec<Vec3> = Vec::new();
        for r in refs {
            let face = &world.faces[r.face.index()];
            for e in &world.edge_refs[face.edges.start as usize..face.edges.end as usize] {
                let edge = world.edges[e.edge.index()];
                points.extend(edge.iter().map(|v| world.vertices[v.index()]));
            }
        }
        for r in refs {
            let face = &world.faces[r.face.index()];
            let plane = world.planes[face.plane.index()];
            // Front of the face: the normal points into the area.
            let sign = if r.back_side { 1.0 } else { -1.0 };
            for p in &points {
                let out = sign * (f64::from(plane.normal.dot(*p)) - f64::from(plane.dist));
                if out > worst.0 {
                    worst = (out, index);
                }
            }
        }
    }
    worst
}

fn assert_convex(world: &AasWorld, what: &str) {
    let (worst, area) = worst_convexity(world);
    assert!(
        worst <= STORED_CONVEX_TOLERANCE,
        "{what}: area {area} has a vertex {worst} in front of one of its faces"
    );
}

/// Every leaf of an area has the same blocked mask, contents and mover model.
fn assert_uniform_leaves(out: &CompileOutput) {
    let mut first = vec![None; out.world.areas.len()];
    for (leaf, area) in out.tree.leaves.iter().zip(&out.leaf_area) {
        let Some(area) = area else { continue };
        let key = (leaf.blocked, leaf.contents, leaf.model);
        let slot = &mut first[area.index()];
        assert_eq!(*slot.get_or_insert(key), key, "area {area:?} mixes leaves");
    }
}

/// Grounded areas that also have a gap face.
fn mixed_areas(world: &AasWorld) -> usize {
    world
        .areas
        .iter()
        .filter(|a| a.flags.contains(AreaFlags::GROUNDED))
        .filter(|a| {
            world.face_refs[a.faces.start as usize..a.faces.end as usize]
                .iter()
                .any(|r| world.faces[r.face.index()].flags.contains(FaceFlags::GAP))
        })
        .count()
}

#[test]
fn merged_test_maps_are_convex_and_agree_with_the_tree() {
    for (name, map) in [
        ("box_room", BOX_ROOM),
        ("ledge_room", LEDGE_ROOM),
        ("pool_room", POOL_ROOM),
    ] {
        let single = compile(map, false);
        let merged = compile(map, true);
        assert_eq!(
            single.stats.areas,
            single.stats.leaves - single.stats.solid_leaves
        );
        assert!(
            merged.stats.areas <= single.stats.areas,
            "{name}: {} merged areas, {} leaves",
            merged.stats.areas,
            single.stats.areas
        );
        assert_convex(&single.world, name);
        assert_convex(&merged.world, name);
        assert_uniform_leaves(&merged);
        assert!(
            mixed_areas(&merged.world) <= mixed_areas(&single.world),
            "{name}: new gaps"
        );
        let compared = check_point_agreement(
            &merged,
            DVec3::new(-300.0, -300.0, -100.0),
            DVec3::new(300.0, 300.0, 300.0),
            2000,
        );
        assert!(compared > 1500, "{name}: only {compared} points compared");
        check_round_trip(&merged.world);
    }
}

#[test]
fn box_room_merges_into_very_few_areas() {
    let single = compile(BOX_ROOM, false);
    let merged = compile(BOX_ROOM, true);
    // The standing space above the floor and the crouch-only strip under the ceiling.
    assert!(
        merged.stats.areas <= 2,
        "{} areas ({} before merging)",
        merged.stats.areas,
        single.stats.areas
    );
    let floor = merged
        .world
        .point_area(Vec3::new(10.0, 20.0, 40.0))
        .expect("room centre is in an area");
    let corner = merged.world.point_area(Vec3::new(-230.0, 230.0, 40.0));
    assert_eq!(corner, Some(floor));
}

#[test]
fn merging_is_deterministic() {
    let a = compile(LEDGE_ROOM, true);
    let b = compile(LEDGE_ROOM, true);
    assert_eq!(a.leaf_area, b.leaf_area);
    assert_eq!(a.world, b.world);
}

#[test]
fn shared_maps_merge_into_fewer_convex_areas() {
    let Some(dir) = shared_maps_dir() else { return };
    let mut report = String::new();
    for map in SHARED_MAPS {
        let world = read_bsp(&read_shared(&dir, map, "bsp"), &PatchSettings::default())
            .unwrap_or_else(|e| panic!("{map}: {e}"));
        let out = compile_world(&world, &CompileSettings::default())
            .unwrap_or_else(|e| panic!("{map}: {e}"));
        let open_leaves = out.stats.leaves - out.stats.solid_leaves;
        assert!(
            out.stats.areas < open_leaves,
            "{map}: {} areas from {open_leaves} open leaves",
            out.stats.areas
        );
        assert_convex(&out.world, map);
        assert_uniform_leaves(&out);
        report.push_str(&format!(
            "{map}: {open_leaves} open leaves -> {} areas\n",
            out.stats.areas
        ));
    }
    #[expect(
        clippy::print_stdout,
        reason = "the per-map counts are the test's report"
    )]
    {
        println!("{report}");
    }
}
