//! Property tests of the whole compiler and the sampling queries on random box worlds, against
//! brute force over the expanded boxes.
//!
//! A world is a closed room with a few axial solid boxes in it, some on the floor, some
//! floating, some low enough above the floor to leave a crouch-only gap. Boxes keep 80 units
//! from each other and from the walls and ceiling, so the open space is connected and nothing
//! is removed as outside. Every plane of such a world, expanded or split, is axial at an
//! integer coordinate, so sample points at fractional coordinates are never on a boundary and
//! the brute force answers are exact:
//!
//! - a point is open for a presence box when it is outside every box expanded by it (the
//!   Minkowski sum of an axial box and the player box is an axial box);
//! - it must then lie in exactly one area (tested against every area's face planes, not only
//!   through the tree), whose presence says which boxes fit; a point solid for both boxes lies
//!   in none;
//! - every area is convex;
//! - a trace stops where a ray first enters an expanded box (the slab method), backed off by
//!   [`TRACE_EPSILON`] along the hit plane, and reports that box face's normal;
//! - the areas along a line and the areas in a box include every area that holds one of
//!   their sample points; entity linking agrees with the box query both ways.

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::sample::{AreaLinks, TRACE_EPSILON};
use aas_geom::world::PresenceType;
use aas_geom::world::{AasWorld, AreaId};
use glam::DVec3;
use proptest::prelude::*;

use crate::box_brush::box_brush_text;
use crate::merge_maps::worst_convexity;

/// Inner bounds of the room.
const ROOM_MINS: DVec3 = DVec3::new(-512.0, -512.0, 0.0);
const ROOM_MAXS: DVec3 = DVec3::new(512.0, 512.0, 384.0);
/// Wall thickness.
const WALL: f64 = 16.0;
/// The standing and crouching boxes of the default compile settings.
const STANDING: (DVec3, DVec3) = (
    DVec3::new(-15.0, -15.0, -24.0),
    DVec3::new(15.0, 15.0, 32.0),
);
const CROUCHING: (DVec3, DVec3) = (
    DVec3::new(-15.0, -15.0, -24.0),
    DVec3::new(15.0, 15.0, 16.0),
);
/// Least distance between boxes, and between a box and the walls or ceiling.
const SEPARATION: f64 = 80.0;
/// A stored vertex may lie this far in front of a face plane of its area (see `merge_maps`).
const STORED_CONVEX_TOLERANCE: f64 = 0.25;

/// A small deterministic generator (`SplitMix64`), so that a failing case is one `u64` seed.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A multiple of `step` in `[lo, hi]`.
    fn grid(&mut self, lo: f64, hi: f64, step: f64) -> f64 {
        let steps = ((hi - lo) / step).floor() as u64 + 1;
        lo + (self.next() % steps) as f64 * step
    }

    /// A point in the room at fractional coordinates (never on an integer plane).
    fn point(&mut self) -> DVec3 {
        let mut coordinate = |lo: f64, hi: f64| {
            let whole = self.grid(lo + 1.0, hi - 2.0, 1.0);
            whole + [0.37, 0.61, 0.13, 0.83][(self.next() % 4) as usize]
        };
        DVec3::new(
            coordinate(ROOM_MINS.x, ROOM_MAXS.x),
            coordinate(ROOM_MINS.y, ROOM_MAXS.y),
            coordinate(ROOM_MINS.z, ROOM_MAXS.z),
        )
    }
}

/// A random box world: the room's solids (walls included) and a seed point.
struct BoxWorld {
    solids: Vec<(DVec3, DVec3)>,
    map: String,
}

fn overlaps_with_margin(a: &(DVec3, DVec3), b: &(DVec3, DVec3), margin: f64) -> bool {
    (a.0 - margin).cmplt(b.1).all() && b.0.cmplt(a.1 + margin).all()
}

fn box_world(seed: u64) -> BoxWorld {
    let mut rng = SplitMix(seed);
    let mut inner: Vec<(DVec3, DVec3)> = Vec::new();
    let wanted = 1 + rng.next() % 8;
    for _ in 0..wanted * 20 {
        if inner.len() as u64 == wanted {
            break;
        }
        let size = DVec3::new(
            rng.grid(16.0, 192.0, 8.0),
            rng.grid(16.0, 192.0, 8.0),
            rng.grid(16.0, 192.0, 8.0),
        );
        let lo = ROOM_MINS + SEPARATION;
        let hi = ROOM_MAXS - SEPARATION - size;
        if hi.cmplt(lo).any() {
            continue;
        }
        // On the floor, floating, or low enough above it for a crouch-only gap (48 units:
        // a crouching player needs 40, a standing one 56).
        let z = match rng.next() % 3 {
            0 => ROOM_MINS.z,
            1 => ROOM_MINS.z + 48.0,
            _ => rng.grid(
                ROOM_MINS.z + SEPARATION,
                hi.z.max(ROOM_MINS.z + SEPARATION),
                8.0,
            ),
        };
        let mins = DVec3::new(rng.grid(lo.x, hi.x, 8.0), rng.grid(lo.y, hi.y, 8.0), z);
        let candidate = (mins, mins + size);
        if candidate.1.z > ROOM_MAXS.z - SEPARATION {
            continue;
        }
        if inner
            .iter()
            .any(|other| overlaps_with_margin(&candidate, other, SEPARATION))
        {
            continue;
        }
        inner.push(candidate);
    }
    let (lo, hi) = (ROOM_MINS, ROOM_MAXS);
    let w = WALL;
    let mut solids = vec![
        (
            DVec3::new(lo.x - w, lo.y - w, lo.z - w),
            DVec3::new(hi.x + w, hi.y + w, lo.z),
        ),
        (
            DVec3::new(lo.x - w, lo.y - w, hi.z),
            DVec3::new(hi.x + w, hi.y + w, hi.z + w),
        ),
        (
            DVec3::new(lo.x - w, lo.y - w, lo.z),
            DVec3::new(lo.x, hi.y + w, hi.z),
        ),
        (
            DVec3::new(hi.x, lo.y - w, lo.z),
            DVec3::new(hi.x + w, hi.y + w, hi.z),
        ),
        (
            DVec3::new(lo.x, lo.y - w, lo.z),
            DVec3::new(hi.x, lo.y, hi.z),
        ),
        (
            DVec3::new(lo.x, hi.y, lo.z),
            DVec3::new(hi.x, hi.y + w, hi.z),
        ),
    ];
    solids.extend(inner);
    let mut seed_point = None;
    for _ in 0..1000 {
        let p = rng.point();
        if is_open(&solids, STANDING, p) {
            seed_point = Some(p);
            break;
        }
    }
    let seed_point = seed_point.expect("a random world has standing room");
    let mut map = String::from("{\n\"classname\" \"worldspawn\"\n");
    for (mins, maxs) in &solids {
        map.push_str(&box_brush_text(*mins, *maxs, "common/caulk"));
    }
    map.push_str(&format!(
        "}}\n{{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"{} {} {}\"\n}}\n",
        seed_point.x, seed_point.y, seed_point.z
    ));
    BoxWorld { solids, map }
}

/// The box `solid` grown by the player box `player` (Minkowski sum).
fn expanded(solid: &(DVec3, DVec3), player: (DVec3, DVec3)) -> (DVec3, DVec3) {
    (solid.0 - player.1, solid.1 - player.0)
}

fn is_open(solids: &[(DVec3, DVec3)], player: (DVec3, DVec3), p: DVec3) -> bool {
    solids.iter().all(|s| {
        let (lo, hi) = expanded(s, player);
        !(lo.cmplt(p).all() && p.cmplt(hi).all())
    })
}

/// Where the segment first enters an expanded solid: (fraction, hit normal), or `None`.
fn brute_hit(
    solids: &[(DVec3, DVec3)],
    player: (DVec3, DVec3),
    start: DVec3,
    end: DVec3,
) -> Option<(f64, DVec3)> {
    let delta = end - start;
    let mut best: Option<(f64, DVec3)> = None;
    for solid in solids {
        let (lo, hi) = expanded(solid, player);
        let (mut enter, mut leave, mut normal) = (f64::NEG_INFINITY, f64::INFINITY, DVec3::ZERO);
        let mut missed = false;
        for axis in 0..3 {
            let (s, d) = (start[axis], delta[axis]);
            if d == 0.0 {
                if s <= lo[axis] || s >= hi[axis] {
                    missed = true;
                }
                continue;
            }
            let (t0, t1) = ((lo[axis] - s) / d, (hi[axis] - s) / d);
            let (near, far, sign) = if t0 < t1 {
                (t0, t1, -1.0)
            } else {
                (t1, t0, 1.0)
            };
            if near > enter {
                enter = near;
                normal = DVec3::ZERO;
                normal[axis] = sign;
            }
            leave = leave.min(far);
        }
        if missed || enter >= leave || !(0.0..=1.0).contains(&enter) {
            continue;
        }
        if best.is_none_or(|(b, _)| enter < b) {
            best = Some((enter, normal));
        }
    }
    best
}

/// The areas whose face planes all hold `p` (normals point into the area).
fn areas_holding(world: &AasWorld, p: DVec3) -> Vec<AreaId> {
    world
        .areas
        .iter()
        .enumerate()
        .filter(|(_, area)| {
            world.face_refs[area.faces.start as usize..area.faces.end as usize]
                .iter()
                .all(|r| {
                    let plane = world.planes[world.faces[r.face.index()].plane.index()];
                    let d = f64::from(plane.normal.dot(p.as_vec3())) - f64::from(plane.dist);
                    let into = if r.back_side { -d } else { d };
                    into >= -0.01
                })
        })
        .map(|(index, _)| AreaId(u32::try_from(index).unwrap()))
        .collect()
}

fn compile(world: &BoxWorld) -> AasWorld {
    let brushes = read_map(world.map.as_bytes(), &MapSettings::default()).expect("map parses");
    let out = compile_world(&brushes, &CompileSettings::default()).expect("world compiles");
    assert!(out.stats.leak.is_none(), "a closed room does not leak");
    out.world.validate().expect("compiled world is consistent");
    out.world
}

fn check_points(world: &AasWorld, boxes: &BoxWorld, rng: &mut SplitMix) {
    for _ in 0..300 {
        let p = rng.point();
        let standing = is_open(&boxes.solids, STANDING, p);
        let crouching = is_open(&boxes.solids, CROUCHING, p);
        let holding = areas_holding(world, p);
        let found = world.point_area(p.as_vec3());
        if !crouching {
            assert!(
                found.is_none(),
                "{p} is solid for both boxes, yet in {found:?}"
            );
            assert!(holding.is_empty(), "{p} is solid, yet held by {holding:?}");
            continue;
        }
        assert_eq!(holding.len(), 1, "{p}: held by {holding:?}");
        assert_eq!(
            found,
            holding.first().copied(),
            "{p}: tree and faces disagree"
        );
        let presence = world.areas[holding[0].index()].presence;
        assert_eq!(
            presence.contains(PresenceType::NORMAL),
            standing,
            "{p}: presence {presence:?}, standing open {standing}"
        );
        assert!(presence.contains(PresenceType::CROUCH), "{p}: {presence:?}");
    }
}

fn check_traces(world: &AasWorld, boxes: &BoxWorld, rng: &mut SplitMix) {
    for (player, presence) in [
        (STANDING, PresenceType::NORMAL),
        (CROUCHING, PresenceType::CROUCH),
    ] {
        let mut done = 0;
        for _ in 0..400 {
            if done == 40 {
                break;
            }
            let (start, end) = (rng.point(), rng.point());
            if !is_open(&boxes.solids, player, start) {
                continue;
            }
            done += 1;
            let trace = world.trace(start.as_vec3(), end.as_vec3(), presence);
            assert!(!trace.start_solid, "{start} is open for {presence:?}");
            let length = (end - start).length();
            match brute_hit(&boxes.solids, player, start, end) {
                None => assert_eq!(trace.fraction, 1.0, "{start} → {end}: nothing in the way"),
                Some((fraction, normal)) => {
                    let cos = (end - start).normalize().dot(normal).abs().max(1e-6);
                    let slack = f64::from(TRACE_EPSILON) / cos / length + 1e-3;
                    let short = fraction - f64::from(trace.fraction);
                    assert!(
                        (-1e-3..=slack).contains(&short),
                        "{start} → {end} ({presence:?}): hit at {fraction}, trace stopped at {}",
                        trace.fraction
                    );
                    assert!(trace.fraction < 1.0);
                    assert!(
                        (trace.normal.as_dvec3() - normal).length() < 1e-3,
                        "{start} → {end}: hit plane normal {} instead of {normal}",
                        trace.normal
                    );
                    assert!(trace.plane.is_some(), "a hit names its plane");
                }
            }
            let stop = trace.end.as_dvec3();
            assert!(
                is_open(&boxes.solids, player, stop),
                "{start} → {end}: the trace ends in solid at {stop}"
            );
            // Every area a sample point of the line lies in is on the line's area list, in order.
            let crossings = world.trace_areas(start.as_vec3(), end.as_vec3());
            let listed: Vec<AreaId> = crossings.iter().map(|c| c.area).collect();
            let mut last = 0;
            for step in 0..=64 {
                let p = start.lerp(end, f64::from(step) / 64.0);
                let Some(area) = world.point_area(p.as_vec3()) else {
                    continue;
                };
                let position = listed[last..]
                    .iter()
                    .position(|&a| a == area)
                    .map(|i| i + last);
                let position = position.unwrap_or_else(|| {
                    panic!("{start} → {end}: {area:?} at {p} missing from {listed:?} after {last}")
                });
                last = position;
            }
        }
    }
}

fn check_boxes(world: &AasWorld, rng: &mut SplitMix) {
    let mut links = AreaLinks::new(world);
    for _ in 0..20 {
        let centre = rng.point();
        let half = DVec3::new(
            rng.grid(1.0, 96.0, 1.0),
            rng.grid(1.0, 96.0, 1.0),
            rng.grid(1.0, 96.0, 1.0),
        );
        let (mins, maxs) = ((centre - half).as_vec3(), (centre + half).as_vec3());
        let found = world.bbox_areas(mins, maxs);
        for i in 0..=4 {
            for j in 0..=4 {
                for k in 0..=4 {
                    let t = DVec3::new(f64::from(i), f64::from(j), f64::from(k)) / 4.0;
                    let p = (centre - half) + 2.0 * half * t;
                    if let Some(area) = world.point_area(p.as_vec3()) {
                        assert!(
                            found.contains(&area),
                            "{area:?} holds {p}, not in {found:?}"
                        );
                    }
                }
            }
        }
        for area in &found {
            let a = &world.areas[area.index()];
            assert!(
                (a.mins - 0.5).cmple(maxs).all() && mins.cmple(a.maxs + 0.5).all(),
                "{area:?} does not touch the box"
            );
        }
        let key = links.link(world, mins, maxs);
        let mut linked = links.areas_of(key).to_vec();
        let mut expected = found.clone();
        linked.sort_unstable();
        expected.sort_unstable();
        assert_eq!(linked, expected, "entity linking and the box query agree");
        for area in &found {
            assert!(links.entities_in(*area).contains(&key));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_box_worlds_agree_with_brute_force(seed in any::<u64>()) {
        let boxes = box_world(seed);
        let world = compile(&boxes);
        let (worst, area) = worst_convexity(&world);
        prop_assert!(
            worst <= STORED_CONVEX_TOLERANCE,
            "area {} has a vertex {} in front of one of its faces", area, worst
        );
        let mut rng = SplitMix(seed ^ 0x5EED);
        check_points(&world, &boxes, &mut rng);
        check_traces(&world, &boxes, &mut rng);
        check_boxes(&world, &mut rng);
    }
}

#[test]
fn a_generated_world_has_inner_boxes_and_crouch_gaps() {
    // The generator is not degenerate: over a few seeds it makes floating boxes, boxes on the
    // floor and crouch-only gaps under low boxes.
    let (mut floating, mut crouch_gaps) = (0, 0);
    for seed in 0..16 {
        let boxes = box_world(seed);
        for solid in &boxes.solids[6..] {
            if solid.0.z == ROOM_MINS.z + 48.0 {
                crouch_gaps += 1;
            } else if solid.0.z > ROOM_MINS.z {
                floating += 1;
            }
        }
    }
    assert!(
        floating > 0 && crouch_gaps > 0,
        "{floating} floating, {crouch_gaps} low"
    );
}
