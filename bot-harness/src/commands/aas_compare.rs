//! [`aas_compare()`] (`aas compare OURS.aas REF.aas --bsp MAP.bsp [--json]`): how well one AAS
//! world covers another.
//!
//! **Standing points of REF**: the centre of every grounded REF area that has reachabilities,
//! dropped onto its floor, plus the origin of every item, weapon, ammo, holdable, flag and spawn
//! point of the map, moved out of solid (origins often sit up to 16 units inside a floor or a
//! wall: the origin, then up to 16 units up, then up to 16 units sideways, until it lies in a
//! REF area a standing player fits in) and dropped onto the floor below. Dropping is a
//! standing-box trace 4096 units down in REF; the point rests 0.125 units above the floor.
//!
//! **Coverage**: the fraction of standing points that lie in a grounded area of OURS, tested at
//! the dropped point and 0.5 and 1 unit above it (a point counts when one of them is in a
//! grounded area): floors a fraction of a unit apart in the two files do not count as misses,
//! and neither does a grounded area of OURS that is thinner than a unit (a floor slab under
//! an air area that a nearly level plane cut off).
//!
//! **Reverse coverage** (`"reverse_coverage"`): the same measure the other way round — OURS's
//! standing points (centres of its grounded areas with reachabilities, and the entity origins
//! placed in OURS) tested against REF's grounded areas — so that ground OURS invents where REF
//! has none shows. `aas compare REF OURS` gives the same number as its `"coverage"`.
//!
//! **Clusters** (`"ours_clusters"`, `"ref_clusters"`, `"ours_portals"`, `"ref_portals"`:
//! real ones, the index-0 dummies not counted) and the full-cache memory model of each
//! stored clustering (`"ours_cluster_memory_bytes"`, `"ref_cluster_memory_bytes"`).
//!
//! **Reachabilities by travel type** of both files (`"ours_reach_by_type"`,
//! `"ref_reach_by_type"`, named as in `aas info`; the text report shows them side by side).
//!
//! **Route agreement** (`"route_agreement"`, see [`crate::route_agreement`] for the cost model
//! and the fields): routes between the entity standing points, each located in REF by the
//! area of the dropped point and in OURS by the first of the dropped point and 0.5 and 1 unit
//! above it that lies in an area (any area). A point without an area in REF is left out; a
//! point without an area in OURS stays in, unroutable there (`"unplaced_in_ours"` counts them).
//! For the pairs REF routes and OURS does not, `"unroutable"` names the REF reachabilities
//! through which REF's route leaves the region OURS reaches, by travel type and one by one
//! (see [`crate::route_agreement::MissingLinks`]).

use std::io::Write;
use std::path::Path;

use aas_geom::format::{ReadSettings, load_brush_world};
use aas_geom::world::{AasWorld, AreaId};
use aas_geom::world::{AreaFlags, PresenceType};
use aas_route::Clustering;
use glam::Vec3;
use serde::Serialize;
use serde_json::{Map, Value};

use super::reach_by_type::{reach_by_type, side_by_side, world_counts};
use crate::error::Error;
use crate::output::{Report, write_json_value, write_text_value};
use crate::route_agreement::{Endpoint, RouteAgreement, route_agreement};

/// Classname prefixes of the entities whose origins are standing points.
const STANDING_CLASS_PREFIXES: [&str; 5] =
    ["item_", "weapon_", "ammo_", "holdable_", "info_player_"];

/// CTF flags and team spawn points (`team_CTF_redflag`, `team_CTF_bluespawn`, …).
const STANDING_TEAM_PREFIX: &str = "team_ctf_";

/// How far an origin may be moved to get out of solid (units).
const NUDGE: [f32; 4] = [1.0, 4.0, 8.0, 16.0];

/// Heights above a dropped standing point at which OURS is probed: the point is covered when
/// one of them lies in a grounded area, and routes start from the first that lies in an area.
const COVERAGE_HEIGHTS: [f32; 3] = [0.0, 0.5, 1.0];

/// At most this many uncovered points are listed in the report.
const LISTED_MISSES: usize = 20;

/// The report of `aas compare` (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AasCompareReport {
    /// Real areas of OURS (the index-0 dummy not counted).
    pub ours_areas: usize,
    /// Real areas of REF (the index-0 dummy not counted).
    pub ref_areas: usize,
    /// `ours_areas / ref_areas`.
    pub area_ratio: f64,
    /// Fraction of REF's standing points that lie in a grounded area of OURS.
    pub coverage: f64,
    /// Number of standing points.
    pub standing_points: usize,
    /// Of which from area centres.
    pub area_points: usize,
    /// Of which from entity origins.
    pub entity_points: usize,
    /// Standing points covered by OURS.
    pub covered_points: usize,
    /// Entities whose origin could not be moved out of solid in REF (not counted).
    pub unplaced_entities: usize,
    /// Up to 20 uncovered standing points, for inspection.
    pub uncovered: Vec<[f32; 3]>,
    /// The same measure the other way round: the fraction of OURS's standing points (centres
    /// of its grounded areas with reachabilities, and the entity origins placed in OURS) that
    /// lie in a grounded area of REF — whether OURS stands only where REF has ground.
    pub reverse_coverage: f64,
    /// OURS's standing points.
    pub reverse_standing_points: usize,
    /// Of which covered by REF.
    pub reverse_covered_points: usize,
    /// Up to 20 of OURS's standing points that REF does not cover.
    pub reverse_uncovered: Vec<[f32; 3]>,
    /// Real clusters of OURS.
    pub ours_clusters: usize,
    /// Real clusters of REF.
    pub ref_clusters: usize,
    /// Real cluster portals of OURS.
    pub ours_portals: usize,
    /// Real cluster portals of REF.
    pub ref_portals: usize,
    /// The full-cache memory model of OURS's clustering, in bytes.
    pub ours_cluster_memory_bytes: u64,
    /// The full-cache memory model of REF's clustering, in bytes.
    pub ref_cluster_memory_bytes: u64,
    /// Reachabilities of OURS per travel type, as `reach_by_type` of `aas info`.
    pub ours_reach_by_type: Map<String, Value>,
    /// Reachabilities of REF per travel type.
    pub ref_reach_by_type: Map<String, Value>,
    /// Routes between the entity standing points in both files.
    pub route_agreement: RouteAgreement,
}

/// The report as printed in text: the two `*_reach_by_type` objects become one
/// `"reach_by_type (ours, ref)"` object in the place of the first.
fn text_layout(report: Value) -> Value {
    let Value::Object(fields) = report else {
        return report;
    };
    let by_type = |name: &str| fields.get(name).and_then(Value::as_object);
    let (Some(ours), Some(reference)) =
        (by_type("ours_reach_by_type"), by_type("ref_reach_by_type"))
    else {
        return Value::Object(fields);
    };
    let both = Value::Object(side_by_side(ours, reference));
    let mut laid_out = Map::new();
    for (key, value) in &fields {
        match key.as_str() {
            "ours_reach_by_type" => {
                laid_out.insert("reach_by_type (ours, ref)".to_owned(), both.clone());
            }
            "ref_reach_by_type" => {}
            _ => {
                laid_out.insert(key.clone(), value.clone());
            }
        }
    }
    Value::Object(laid_out)
}

/// The endpoint of a dropped standing point: its REF area and the area of the first of the
/// [`COVERAGE_HEIGHTS`] above it that lies in an area of OURS; `None` when either is missing.
fn endpoint(ours: &AasWorld, reference: &AasWorld, point: Vec3) -> Option<Endpoint> {
    Some(Endpoint {
        point,
        reference: reference.point_area(point)?,
        ours: locate(ours, point),
    })
}

/// The area of the first of the [`COVERAGE_HEIGHTS`] above `point` that lies in an area of
/// `world`.
fn locate(world: &AasWorld, point: Vec3) -> Option<AreaId> {
    COVERAGE_HEIGHTS
        .iter()
        .find_map(|&dz| world.point_area(point + Vec3::Z * dz))
}

fn fits_standing(world: &AasWorld, point: Vec3) -> bool {
    world.point_area(point).is_some_and(|a| {
        world.areas[a.index()]
            .presence
            .contains(PresenceType::NORMAL)
    })
}

/// `point` dropped onto the floor below it in `world` (a standing-box trace), or `None` when
/// nothing is below within 4096 units or the point is blocked.
fn drop_to_floor(world: &AasWorld, point: Vec3) -> Option<Vec3> {
    let trace = world.trace(point, point - Vec3::Z * 4096.0, PresenceType::NORMAL);
    (!trace.start_solid && trace.fraction < 1.0).then_some(trace.end)
}

/// `origin` moved out of solid in `world`: the origin, then small moves up, then sideways.
fn out_of_solid(world: &AasWorld, origin: Vec3) -> Option<Vec3> {
    let sideways = [Vec3::X, Vec3::NEG_X, Vec3::Y, Vec3::NEG_Y];
    std::iter::once(origin)
        .chain(NUDGE.iter().map(|&d| origin + Vec3::Z * d))
        .chain(
            NUDGE
                .iter()
                .flat_map(|&d| sideways.iter().map(move |&dir| origin + dir * d)),
        )
        .find(|&p| fits_standing(world, p))
}

fn is_standing_entity(classname: &str) -> bool {
    let class = classname.to_ascii_lowercase();
    STANDING_CLASS_PREFIXES
        .iter()
        .any(|prefix| class.starts_with(prefix))
        || class.starts_with(STANDING_TEAM_PREFIX)
}

/// Standing points of one world and how many of them another world covers.
struct Coverage {
    /// Area centres dropped onto their floor.
    area_points: Vec<Vec3>,
    /// Entity origins moved out of solid and dropped onto their floor.
    entity_points: Vec<Vec3>,
    /// Entities that could not be placed.
    unplaced_entities: usize,
    /// Standing points not in a grounded area of the covering world.
    uncovered: Vec<Vec3>,
}

impl Coverage {
    /// The standing points of `of` (the centres of its grounded areas with reachabilities and
    /// the `origins` placed in it) tested against the grounded areas of `by`.
    fn measure(of: &AasWorld, by: &AasWorld, origins: &[Vec3]) -> Self {
        let area_points: Vec<Vec3> = of
            .areas
            .iter()
            .filter(|area| {
                area.flags.contains(AreaFlags::GROUNDED) && !area.reachabilities.is_empty()
            })
            .filter_map(|area| drop_to_floor(of, area.center))
            .collect();
        let mut unplaced_entities = 0;
        let mut entity_points = Vec::new();
        for &origin in origins {
            match out_of_solid(of, origin).and_then(|p| drop_to_floor(of, p)) {
                Some(point) => entity_points.push(point),
                None => unplaced_entities += 1,
            }
        }
        let covered = |point: Vec3| {
            COVERAGE_HEIGHTS.iter().any(|&dz| {
                by.point_area(point + Vec3::Z * dz)
                    .is_some_and(|a| by.areas[a.index()].flags.contains(AreaFlags::GROUNDED))
            })
        };
        let uncovered = area_points
            .iter()
            .chain(&entity_points)
            .copied()
            .filter(|&p| !covered(p))
            .collect();
        Self {
            area_points,
            entity_points,
            unplaced_entities,
            uncovered,
        }
    }

    fn standing_points(&self) -> usize {
        self.area_points.len() + self.entity_points.len()
    }

    fn covered_points(&self) -> usize {
        self.standing_points() - self.uncovered.len()
    }

    /// The covered fraction (0 without points).
    fn fraction(&self) -> f64 {
        ratio(self.covered_points(), self.standing_points())
    }

    /// At most [`LISTED_MISSES`] uncovered points.
    fn listed_misses(&self) -> Vec<[f32; 3]> {
        self.uncovered
            .iter()
            .take(LISTED_MISSES)
            .map(Vec3::to_array)
            .collect()
    }
}

/// `a / b`, 0 when `b` is 0.
fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

/// Compares the `.aas` files `ours` and `reference` of one map, whose `.bsp` (for its
/// entities) is `bsp` (see the [module docs](self)).
///
/// # Errors
/// When a file cannot be read or is invalid.
pub fn aas_compare(ours: &Path, reference: &Path, bsp: &Path) -> Result<AasCompareReport, Error> {
    let ours_world = AasWorld::load(ours)?;
    let ref_world = AasWorld::load(reference)?;
    let map = load_brush_world(bsp, &ReadSettings::default())?;

    let origins: Vec<Vec3> = map
        .entities
        .iter()
        .filter(|e| is_standing_entity(e.classname()))
        .filter_map(aas_geom::Entity::origin)
        .map(|origin| origin.as_vec3())
        .collect();
    let coverage = Coverage::measure(&ref_world, &ours_world, &origins);
    let reverse = Coverage::measure(&ours_world, &ref_world, &origins);
    let endpoints: Vec<Endpoint> = coverage
        .entity_points
        .iter()
        .filter_map(|&p| endpoint(&ours_world, &ref_world, p))
        .collect();
    Ok(AasCompareReport {
        ours_areas: ours_world.areas.len(),
        ref_areas: ref_world.areas.len(),
        area_ratio: ratio(ours_world.areas.len(), ref_world.areas.len()),
        coverage: coverage.fraction(),
        standing_points: coverage.standing_points(),
        area_points: coverage.area_points.len(),
        entity_points: coverage.entity_points.len(),
        covered_points: coverage.covered_points(),
        unplaced_entities: coverage.unplaced_entities,
        uncovered: coverage.listed_misses(),
        reverse_coverage: reverse.fraction(),
        reverse_standing_points: reverse.standing_points(),
        reverse_covered_points: reverse.covered_points(),
        reverse_uncovered: reverse.listed_misses(),
        ours_clusters: ours_world.clusters.len(),
        ref_clusters: ref_world.clusters.len(),
        ours_portals: ours_world.portals.len(),
        ref_portals: ref_world.portals.len(),
        ours_cluster_memory_bytes: Clustering::from_world(&ours_world)
            .memory_model_bytes(&ours_world),
        ref_cluster_memory_bytes: Clustering::from_world(&ref_world).memory_model_bytes(&ref_world),
        ours_reach_by_type: reach_by_type(&world_counts(&ours_world)),
        ref_reach_by_type: reach_by_type(&world_counts(&ref_world)),
        route_agreement: route_agreement(&ours_world, &ref_world, &endpoints, |point| {
            locate(&ours_world, point)
        }),
    })
}

impl Report for AasCompareReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_value(out, self)
    }

    /// The fields as `aas info` prints them, the two `*_reach_by_type` objects side by side.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_text_value(out, &text_layout(serde_json::to_value(self)?), 0)
    }
}
