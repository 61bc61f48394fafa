//! Tests across the BSP stages (build, prune, portals, outside) on hand-built and random
//! worlds, against brute-force point classification.

use glam::DVec3;
use proptest::prelude::*;

use super::*;
use crate::brush::{Contents, Plane};

fn v(x: f64, y: f64, z: f64) -> DVec3 {
    DVec3::new(x, y, z)
}

fn solid(mins: DVec3, maxs: DVec3, source: usize) -> ExpandedBrush {
    box_brush(mins, maxs, Contents::SOLID, PresenceMask::single(0), source)
}

/// The six walls (16 thick) around the interior `lo..hi`, leaving out wall `skip`
/// (0..6: -x, +x, -y, +y, -z, +z).
fn room(lo: DVec3, hi: DVec3, skip: Option<usize>) -> Vec<ExpandedBrush> {
    let t = 16.0;
    let (olo, ohi) = (lo - t, hi + t);
    let walls = [
        (v(olo.x, olo.y, olo.z), v(lo.x, ohi.y, ohi.z)),
        (v(hi.x, olo.y, olo.z), v(ohi.x, ohi.y, ohi.z)),
        (v(lo.x, olo.y, olo.z), v(hi.x, lo.y, ohi.z)),
        (v(lo.x, hi.y, olo.z), v(hi.x, ohi.y, ohi.z)),
        (v(lo.x, lo.y, olo.z), v(hi.x, hi.y, lo.z)),
        (v(lo.x, lo.y, hi.z), v(hi.x, hi.y, ohi.z)),
    ];
    walls
        .into_iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != skip)
        .map(|(i, (a, b))| solid(a, b, i))
        .collect()
}

struct Compiled {
    tree: BspTree,
    portals: Portals,
    report: OutsideReport,
}

fn compile(brushes: &[ExpandedBrush], box_count: usize, seeds: &[DVec3]) -> Compiled {
    let mut tree = build_tree(brushes, box_count, &BuildSettings::default()).unwrap();
    prune_solid(&mut tree);
    let portals = portalize(&tree);
    let report = remove_outside(&mut tree, &portals, seeds).unwrap();
    Compiled {
        tree,
        portals,
        report,
    }
}

fn open_leaves(tree: &BspTree) -> Vec<&BspLeaf> {
    tree.leaves
        .iter()
        .filter(|l| !l.is_solid(tree.box_count))
        .collect()
}

fn volume(leaf: &BspLeaf) -> f64 {
    (leaf.maxs - leaf.mins).element_product()
}

#[test]
fn closed_room_keeps_exactly_its_interior() {
    let (lo, hi) = (v(0.0, 0.0, 0.0), v(256.0, 192.0, 128.0));
    let c = compile(&room(lo, hi, None), 1, &[v(100.0, 100.0, 50.0)]);
    assert!(c.report.leak.is_none());
    assert!(c.report.leaves_removed > 0, "the void around the room");
    let open = open_leaves(&c.tree);
    assert_eq!(open.len(), 1, "an empty box room is one convex leaf");
    for leaf in &open {
        assert!(leaf.mins.cmpge(lo - 1e-6).all() && leaf.maxs.cmple(hi + 1e-6).all());
    }
    let total: f64 = open.iter().map(|l| volume(l)).sum();
    assert!((total - (hi - lo).element_product()).abs() < 1e-3);
    assert!(c.tree.is_solid(c.tree.point_leaf(v(-100.0, 50.0, 50.0))));
    check_portals(&c.tree, &c.portals);
    let interior = c.tree.point_leaf(v(100.0, 100.0, 50.0));
    assert_eq!(c.portals.of_leaf(interior).len(), 6, "one portal per wall");
}

#[test]
fn room_with_a_missing_wall_leaks() {
    let (lo, hi) = (v(0.0, 0.0, 0.0), v(256.0, 192.0, 128.0));
    let seed = v(100.0, 100.0, 50.0);
    let c = compile(&room(lo, hi, Some(1)), 1, &[seed]);
    let leak = c.report.leak.expect("one wall missing");
    assert_eq!(leak.seed, 0);
    assert_eq!(leak.seed_point, seed);
    assert_eq!(leak.leaf_path[0], c.tree.point_leaf(seed));
    let on_boundary = (0..3).any(|a| {
        (leak.point[a] - c.tree.region_mins[a]).abs() < 1e-6
            || (leak.point[a] - c.tree.region_maxs[a]).abs() < 1e-6
    });
    assert!(on_boundary, "the leaking portal is on the root region");
    assert_eq!(
        c.report.leaves_removed, 0,
        "fallback: everything reachable kept"
    );
}

#[test]
fn inner_wall_seals_the_other_side_away() {
    let (lo, hi) = (v(0.0, 0.0, 0.0), v(256.0, 192.0, 128.0));
    let mut brushes = room(lo, hi, None);
    brushes.push(solid(v(120.0, 0.0, 0.0), v(136.0, 192.0, 128.0), 6));
    let c = compile(&brushes, 1, &[v(60.0, 100.0, 50.0)]);
    assert!(c.report.leak.is_none());
    assert!(!c.tree.is_solid(c.tree.point_leaf(v(60.0, 100.0, 50.0))));
    let other = c.tree.point_leaf(v(200.0, 100.0, 50.0));
    assert!(c.tree.is_solid(other));
    assert!(c.tree.leaves[other.0 as usize].removed_as_outside);
}

#[test]
fn pillar_in_a_room_is_surrounded_by_open_leaves() {
    let (lo, hi) = (v(0.0, 0.0, 0.0), v(256.0, 256.0, 128.0));
    let mut brushes = room(lo, hi, None);
    brushes.push(solid(v(96.0, 96.0, 0.0), v(160.0, 160.0, 128.0), 6));
    let c = compile(&brushes, 1, &[v(20.0, 20.0, 50.0)]);
    assert!(c.report.leak.is_none());
    assert!(c.tree.is_solid(c.tree.point_leaf(v(128.0, 128.0, 50.0))));
    let around = [
        v(50.0, 128.0, 50.0),
        v(200.0, 128.0, 50.0),
        v(128.0, 50.0, 50.0),
        v(128.0, 200.0, 50.0),
    ];
    let mut leaves: Vec<LeafId> = around.iter().map(|&p| c.tree.point_leaf(p)).collect();
    assert!(leaves.iter().all(|&l| !c.tree.is_solid(l)));
    leaves.sort();
    leaves.dedup();
    assert!(leaves.len() >= 2, "no convex leaf wraps around the pillar");
    assert!(open_leaves(&c.tree).len() >= 4);
    let total: f64 = open_leaves(&c.tree).iter().map(|l| volume(l)).sum();
    assert!((total - (256.0 * 256.0 - 64.0 * 64.0) * 128.0).abs() < 1e-3);
}

#[test]
fn water_brush_marks_its_leaves() {
    let (lo, hi) = (v(0.0, 0.0, 0.0), v(256.0, 256.0, 128.0));
    let mut brushes = room(lo, hi, None);
    brushes.push(box_brush(
        v(0.0, 0.0, 0.0),
        v(128.0, 256.0, 40.0),
        Contents::WATER,
        PresenceMask::NONE,
        6,
    ));
    let c = compile(&brushes, 1, &[v(200.0, 200.0, 100.0)]);
    let wet = c.tree.point_leaf(v(60.0, 60.0, 20.0));
    let dry = c.tree.point_leaf(v(60.0, 60.0, 80.0));
    assert!(
        c.tree.leaves[wet.0 as usize]
            .contents
            .contains(Contents::WATER)
    );
    assert!(!c.tree.is_solid(wet));
    assert!(c.tree.leaves[dry.0 as usize].contents.is_empty());
    assert!(!c.tree.is_solid(dry));
}

#[test]
fn crouch_only_space_is_open_for_one_box() {
    let (lo, hi) = (v(0.0, 0.0, 0.0), v(256.0, 256.0, 128.0));
    let mut brushes: Vec<ExpandedBrush> = room(lo, hi, None)
        .into_iter()
        .map(|mut b| {
            b.blocks = PresenceMask::all(2);
            b
        })
        .collect();
    // A low ceiling over half the room, expanded further down for the standing box.
    brushes.push(box_brush(
        v(128.0, 0.0, 56.0),
        v(256.0, 256.0, 128.0),
        Contents::SOLID,
        PresenceMask::single(0),
        6,
    ));
    brushes.push(box_brush(
        v(128.0, 0.0, 72.0),
        v(256.0, 256.0, 128.0),
        Contents::SOLID,
        PresenceMask::single(1),
        7,
    ));
    let c = compile(&brushes, 2, &[v(60.0, 60.0, 20.0)]);
    let crouch = c.tree.point_leaf(v(200.0, 100.0, 64.0));
    let leaf = &c.tree.leaves[crouch.0 as usize];
    assert_eq!(leaf.blocked, PresenceMask::single(0));
    assert!(!leaf.is_solid(2));
    assert!(c.tree.is_solid(c.tree.point_leaf(v(200.0, 100.0, 100.0))));
    assert!(
        c.tree.leaves[c.tree.point_leaf(v(200.0, 100.0, 20.0)).0 as usize]
            .blocked
            .is_empty()
    );
}

/// A room whose corner holds a block of 4×4×2 touching solid cubes.
fn room_with_block() -> Vec<ExpandedBrush> {
    let (lo, hi) = (v(0.0, 0.0, 0.0), v(256.0, 256.0, 128.0));
    let mut brushes = room(lo, hi, None);
    for i in 0..4 {
        for j in 0..4 {
            for k in 0..2 {
                let a = v(
                    f64::from(i) * 32.0,
                    f64::from(j) * 32.0,
                    f64::from(k) * 32.0,
                );
                brushes.push(solid(a, a + 32.0, brushes.len()));
            }
        }
    }
    brushes
}

#[test]
fn pruning_more_than_halves_a_solid_heavy_world() {
    let mut tree = build_tree(&room_with_block(), 1, &BuildSettings::default()).unwrap();
    let first = prune_solid(&mut tree);
    assert!(first.nodes_after < first.nodes_before);
    assert_eq!(
        first.leaves_before - first.leaves_after,
        first.nodes_before - first.nodes_after
    );
    let portals = portalize(&tree);
    remove_outside(&mut tree, &portals, &[v(200.0, 200.0, 100.0)]).unwrap();
    let second = prune_solid(&mut tree);
    assert!(
        second.nodes_after * 2 <= first.nodes_before,
        "{} -> {} -> {}",
        first.nodes_before,
        first.nodes_after,
        second.nodes_after
    );
    assert!(tree.is_solid(tree.point_leaf(v(50.0, 50.0, 50.0))));
    assert!(!tree.is_solid(tree.point_leaf(v(200.0, 200.0, 100.0))));

    // A solid block with nothing open but the void: everything inside collapses.
    let block: Vec<ExpandedBrush> = (0..27)
        .map(|n| {
            let a = v(f64::from(n % 3), f64::from(n / 3 % 3), f64::from(n / 9)) * 32.0;
            solid(a, a + 32.0, n as usize)
        })
        .collect();
    let mut tree = build_tree(&block, 1, &BuildSettings::default()).unwrap();
    let stats = prune_solid(&mut tree);
    assert!(stats.nodes_after * 2 <= stats.nodes_before, "{stats:?}");
}

/// Portals from the cross-sections the build records, and from cutting every region again.
fn both_portalisations(tree: &BspTree) -> (Portals, Portals) {
    assert_eq!(tree.sections.len(), tree.nodes.len());
    assert!(tree.sections.iter().all(Option::is_some));
    let mut without = tree.clone();
    without.sections.clear();
    (portalize(tree), portalize(&without))
}

#[test]
fn recorded_sections_survive_pruning_and_give_the_portals_of_cut_regions() {
    let mut tree = build_tree(&room_with_block(), 1, &BuildSettings::default()).unwrap();
    let (recorded, cut) = both_portalisations(&tree);
    assert_eq!(recorded, cut);
    let first = prune_solid(&mut tree);
    assert!(first.nodes_after < first.nodes_before);
    let (recorded, cut) = both_portalisations(&tree);
    assert_eq!(recorded, cut);
    remove_outside(&mut tree, &recorded, &[v(200.0, 200.0, 100.0)]).unwrap();
    let second = prune_solid(&mut tree);
    assert!(second.nodes_after < second.nodes_before);
    let (recorded, cut) = both_portalisations(&tree);
    assert_eq!(recorded, cut);
    assert!(!recorded.portals.is_empty());
}

#[test]
fn bad_inputs_are_typed_errors() {
    let settings = BuildSettings::default();
    assert_eq!(build_tree(&[], 1, &settings), Err(BuildError::NoBrushes));
    let b = solid(v(0.0, 0.0, 0.0), v(8.0, 8.0, 8.0), 0);
    assert_eq!(
        build_tree(std::slice::from_ref(&b), 0, &settings),
        Err(BuildError::BoxCount(0))
    );
    let mut nan = b.clone();
    nan.planes[0].dist = f64::NAN;
    let flat = solid(v(0.0, 0.0, 0.0), v(8.0, 8.0, 0.0), 1);
    assert_eq!(
        build_tree(&[nan.clone(), flat.clone()], 1, &settings),
        Err(BuildError::NoBrushes)
    );
    let tree = build_tree(&[nan, flat, b], 1, &settings).unwrap();
    assert_eq!(tree.skipped_brushes, vec![0, 1]);
    let shallow = BuildSettings {
        max_depth: 2,
        ..settings
    };
    assert!(matches!(
        build_tree(
            &room(v(0.0, 0.0, 0.0), v(64.0, 64.0, 64.0), None),
            1,
            &shallow
        ),
        Err(BuildError::TooDeep { .. })
    ));
    let mut tree = build_tree(
        &room(v(0.0, 0.0, 0.0), v(64.0, 64.0, 64.0), None),
        1,
        &settings,
    )
    .unwrap();
    let portals = portalize(&tree);
    assert_eq!(
        remove_outside(&mut tree, &portals, &[v(-8.0, 32.0, 32.0), DVec3::NAN]),
        Err(OutsideError::NoSeed { seeds: 2 })
    );
    let mut tree = build_tree(&room_with_block(), 1, &settings).unwrap();
    let portals = portalize(&tree);
    prune_solid(&mut tree);
    assert!(matches!(
        remove_outside(&mut tree, &portals, &[v(200.0, 200.0, 100.0)]),
        Err(OutsideError::StalePortals { .. })
    ));
}

/// Brute-force classification of `p`: (blocked, contents) over all brushes.
fn brute_force(brushes: &[ExpandedBrush], p: DVec3) -> (PresenceMask, Contents) {
    let mut blocked = PresenceMask::NONE;
    let mut contents = Contents::empty();
    for b in brushes.iter().filter(|b| point_in_brush(b, p)) {
        if b.contents.blocks_player() {
            blocked = blocked.union(b.blocks);
        } else {
            contents |= b.contents;
        }
    }
    (blocked, contents)
}

fn near_any_plane(brushes: &[ExpandedBrush], p: DVec3) -> bool {
    brushes
        .iter()
        .flat_map(|b| &b.planes)
        .any(|plane| plane.distance_to(p).abs() < 0.1)
}

/// Checks that every portal lies on its plane, joins two distinct sides, and that each leaf's
/// portals close it (the outward area vectors of a closed surface sum to zero).
fn check_portals(tree: &BspTree, portals: &Portals) {
    let regions = leaf_regions(tree);
    let mut sums = vec![(DVec3::ZERO, 0.0_f64); tree.leaves.len()];
    for portal in &portals.portals {
        assert_ne!(portal.front, portal.back);
        let plane = tree.planes.get(portal.plane);
        for &p in portal.winding.points() {
            assert!(plane.distance_to(p).abs() < 1e-3, "portal off its plane");
        }
        if let Some(node) = portal.node {
            assert_eq!(tree.nodes[node.0 as usize].plane, portal.plane);
        }
        let area = portal.winding.area();
        for (side, sign) in [(portal.front, -1.0), (portal.back, 1.0)] {
            if let PortalSide::Leaf(l) = side {
                let entry = &mut sums[l.0 as usize];
                entry.0 += plane.normal * area * sign;
                entry.1 += area;
            }
        }
    }
    for (i, (vector, total)) in sums.iter().enumerate() {
        // Pieces under `MIN_PORTAL_AREA` are dropped by design, so a sliver leaf (where sloped
        // brushes meet, a fraction of a unit across) may have no portal at all.
        let surface = regions[i].as_ref().map_or(0.0, |region| {
            region
                .faces()
                .filter_map(|face| face.winding())
                .map(|winding| winding.area())
                .sum::<f64>()
        });
        assert!(
            *total > 0.0 || surface < SLIVER_SURFACE,
            "leaf {i} (surface {surface}) has no portal"
        );
        assert!(
            vector.length() <= 1e-3 * total + 0.5,
            "leaf {i} not closed: {vector} of {total}"
        );
    }
    for (i, list) in portals.leaf_portals.iter().enumerate() {
        for &id in list {
            let portal = portals.get(id).unwrap();
            let me = PortalSide::Leaf(LeafId(i as u32));
            assert!(portal.front == me || portal.back == me);
        }
    }
}

/// The surface area under which a leaf is a sliver whose portal pieces may all be dropped.
const SLIVER_SURFACE: f64 = 0.5;

/// Each leaf's region (`None` when it is empty): the root region split down the tree.
fn leaf_regions(tree: &BspTree) -> Vec<Option<ConvexBrush>> {
    let mut regions = vec![None; tree.leaves.len()];
    let root = ConvexBrush::from_planes(&tree.root_planes, &tree.planes).expect("a root region");
    let mut stack = vec![(tree.root, root)];
    while let Some((child, region)) = stack.pop() {
        match child {
            Child::Leaf(leaf) => regions[leaf.0 as usize] = Some(region),
            Child::Node(id) => {
                let node = tree.nodes[id.0 as usize];
                let split = region.split(node.plane, &tree.planes);
                for (part, side) in [(split.front, 0), (split.back, 1)] {
                    if let Some(part) = part {
                        stack.push((node.children[side], part));
                    }
                }
            }
        }
    }
    regions
}

fn arb_world() -> impl Strategy<Value = (Vec<ExpandedBrush>, usize)> {
    let boxes = prop::collection::vec(
        (
            (0..24_i32, 0..24_i32, 0..24_i32),
            (1..10_i32, 1..10_i32, 1..10_i32),
            0..4_u8,
        ),
        1..7,
    );
    let slopes = prop::collection::vec(
        (
            (0..16_i32, 0..16_i32, 0..16_i32),
            (-3..=3_i32, -3..=3_i32, 1..=3_i32),
        ),
        0..3,
    );
    (boxes, slopes).prop_map(|(boxes, slopes)| {
        let mut brushes = Vec::new();
        for ((x, y, z), (w, d, h), kind) in boxes {
            let mins = DVec3::new(f64::from(x), f64::from(y), f64::from(z)) * 8.0;
            let maxs = mins + DVec3::new(f64::from(w), f64::from(d), f64::from(h)) * 8.0;
            let (contents, blocks) = match kind {
                0 | 1 => (Contents::SOLID, PresenceMask::single(0)),
                2 => (Contents::SOLID, PresenceMask::single(1)),
                _ => (Contents::WATER, PresenceMask::NONE),
            };
            brushes.push(box_brush(mins, maxs, contents, blocks, brushes.len()));
        }
        for ((x, y, z), (a, b, c)) in slopes {
            let mins = DVec3::new(f64::from(x), f64::from(y), f64::from(z)) * 8.0;
            let maxs = mins + 64.0;
            let normal = DVec3::new(f64::from(a), f64::from(b), f64::from(c)).normalize();
            let cut = Plane {
                normal,
                dist: normal.dot((mins + maxs) * 0.5) + 3.0,
            };
            brushes.push(cut_box_brush(
                mins,
                maxs,
                cut,
                Contents::SOLID,
                PresenceMask::all(2),
                brushes.len(),
            ));
        }
        (brushes, 2)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn leaves_match_brute_force_and_portals_close_them(
        (brushes, box_count) in arb_world(),
        points in prop::collection::vec((-8.0..208.0_f64, -8.0..208.0_f64, -8.0..208.0_f64), 40),
    ) {
        let mut tree = build_tree(&brushes, box_count, &BuildSettings::default()).unwrap();
        let check = |tree: &BspTree, pruned: bool| {
            for &(x, y, z) in &points {
                let p = DVec3::new(x, y, z);
                if near_any_plane(&brushes, p) {
                    continue;
                }
                let (blocked, contents) = brute_force(&brushes, p);
                let leaf = &tree.leaves[tree.point_leaf(p).0 as usize];
                let solid = blocked.0 & PresenceMask::all(box_count).0 == PresenceMask::all(box_count).0;
                if pruned && solid {
                    prop_assert!(leaf.is_solid(box_count));
                } else {
                    prop_assert_eq!(leaf.blocked, blocked, "at {}", p);
                }
                prop_assert_eq!(leaf.contents, contents, "at {}", p);
            }
            Ok(())
        };
        check(&tree, false)?;
        check_portals(&tree, &portalize(&tree));
        prune_solid(&mut tree);
        check(&tree, true)?;
        check_portals(&tree, &portalize(&tree));
    }

    /// The node cross-sections the build records (kept through pruning) give exactly the
    /// portals that cutting every node region again gives.
    #[test]
    fn recorded_sections_give_the_portals_of_cut_regions((brushes, box_count) in arb_world()) {
        let mut tree = build_tree(&brushes, box_count, &BuildSettings::default()).unwrap();
        for pruned in [false, true] {
            if pruned {
                prune_solid(&mut tree);
            }
            prop_assert_eq!(tree.sections.len(), tree.nodes.len());
            prop_assert!(tree.sections.iter().all(Option::is_some));
            let recorded = portalize(&tree);
            let mut without = tree.clone();
            without.sections.clear();
            prop_assert_eq!(&recorded, &portalize(&without));
        }
    }
}

/// The polytope of the axial box `lo..hi` in `planes`.
fn convex_box(planes: &mut PlaneSet, lo: DVec3, hi: DVec3) -> ConvexBrush {
    let ids: Vec<PlaneId> = Plane::axial_box(lo, hi)
        .iter()
        .filter_map(|&plane| planes.insert(plane))
        .collect();
    ConvexBrush::from_planes(&ids, planes).expect("a box")
}

/// `brush` with every face marked as lying on a split plane.
fn all_on_split(mut brush: ConvexBrush, planes: &PlaneSet) -> ConvexBrush {
    let ids: Vec<PlaneId> = brush.faces().map(|face| face.plane).collect();
    for id in ids {
        brush.mark_faces_on(id, &planes.get(id));
    }
    brush
}

#[test]
fn a_sliver_whose_faces_all_lie_on_split_planes_is_a_remnant_not_a_filler() {
    // A region of a corridor, and the corner of a ramp's brush poking 0.02 units into it
    // with every face marked on a split plane (each came within ON_EPSILON of one): taken
    // for a filler, it made the whole region solid.
    let mut planes = PlaneSet::new();
    let (lo, hi) = (v(0.0, 0.0, 0.0), v(500.0, 26.0, 8.0));
    let region = convex_box(&mut planes, lo, hi);
    let sliver = convex_box(&mut planes, lo, v(500.0, 0.02, 0.02));
    assert!(
        !bsp_build::is_remnant(&sliver, lo, hi),
        "open faces: cut later"
    );
    let sliver = all_on_split(sliver, &planes);
    assert!(bsp_build::is_remnant(&sliver, lo, hi));
    // A fragment that fills the region is no remnant, also a hundredth of a unit past it.
    let filler = all_on_split(region, &planes);
    assert!(!bsp_build::is_remnant(&filler, lo, hi));
    let past = all_on_split(convex_box(&mut planes, lo - 0.01, hi + 0.01), &planes);
    assert!(!bsp_build::is_remnant(&past, lo, hi));
}
