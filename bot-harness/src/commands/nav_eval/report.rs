//! The reports of `nav-eval`: the pooled evaluation ([`NavEvalReport`], the `--json`
//! contract) and one case alone ([`CaseReport`]).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use aas_geom::world::TravelType;
use bot_world::Level;
use serde::Serialize;

use super::case::{CaseResult, Outcome, travel_counts};
use super::points::Point;
use crate::error::Error;
use crate::output::{Report, write_json_direct};

/// Hotspots listed at most.
const MAX_HOTSPOTS: usize = 20;
/// Failed cases listed at most.
const MAX_FAILED_CASES: usize = 200;
/// Cases listed per hotspot at most.
const CASES_PER_HOTSPOT: usize = 3;

/// How stable the results are over the runs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stability {
    /// Runs over the same paths.
    pub runs: usize,
    /// The largest difference between two runs' restricted success rates (a fraction).
    pub max_diff: f64,
    /// The mean absolute difference of a run's restricted success rate from the runs' mean.
    pub mean_diff: f64,
    /// Each run's restricted success rate, in seed order.
    pub restricted_success_rates: Vec<f64>,
}

/// How often a travel type was carried out, and missed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TravelUse {
    /// Reachabilities of this type carried out (ended in their target area or not).
    pub used: u32,
    /// Of those, the ones that did not end in their target area.
    pub failed: u32,
}

/// Failures that ended in one area.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hotspot {
    /// The area the traveller was last in (`null`: never found in one).
    pub area: Option<usize>,
    /// The mean position of the failures, rounded to units.
    pub position: [f32; 3],
    /// Failures there.
    pub failures: u32,
    /// The most common cause (ties: the first in name order).
    pub cause: String,
    /// Every cause with its count.
    pub causes: BTreeMap<String, u32>,
    /// Up to three of its cases: `[start, goal, seed]`.
    pub cases: Vec<(usize, usize, u64)>,
}

/// A failed case, to replay with `--case START GOAL --seed SEED --log FILE`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FailedCase {
    /// The start point.
    pub start: usize,
    /// The goal point.
    pub goal: usize,
    /// The case's seed.
    pub seed: u64,
    /// Why it failed.
    pub cause: String,
    /// The area it ended in.
    pub area: Option<usize>,
    /// What its navigator was doing at the end.
    pub activity: String,
}

/// A relevant point as the report lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ListedPoint {
    /// Its index (for `--case`).
    pub index: usize,
    /// What is there.
    pub what: String,
    /// The standing point, rounded to units.
    pub position: [f32; 3],
    /// Its area.
    pub area: usize,
}

/// The report of `nav-eval` (see the [module docs](super) for every field).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NavEvalReport {
    /// The map's name.
    pub map: String,
    /// Paths evaluated, pooled over the runs.
    pub paths: usize,
    /// Paths completed.
    pub success: usize,
    /// Paths failed while following.
    pub failure: usize,
    /// Paths without a route.
    pub not_built: usize,
    /// success / paths.
    pub success_rate: f64,
    /// success / (paths − not built).
    pub restricted_success_rate: f64,
    /// not built / paths.
    pub not_built_rate: f64,
    /// Stability over the runs.
    pub stability: Stability,
    /// Travel types carried out, by name, for every type the map's AAS holds or the
    /// traveller used.
    pub by_travel_type: BTreeMap<String, TravelUse>,
    /// Failures grouped by area, most first.
    pub hotspots: Vec<Hotspot>,
    /// The relevant points.
    pub points: Vec<ListedPoint>,
    /// Relevant entities where nobody stands (left out).
    pub points_left_out: usize,
    /// Failed cases (at most 200), in run and path order.
    pub failed_cases: Vec<FailedCase>,
    /// The first run's seed.
    pub seed: u64,
    /// The time factor.
    pub time_factor: f32,
    /// Whether the traveller owned a rocket launcher with rockets (`--rocket-launcher`).
    pub rocket_launcher: bool,
    /// Mean seconds to arrive over the successes.
    pub mean_seconds: f64,
    /// Wall-clock time of the whole evaluation, milliseconds.
    pub wall_ms: f64,
}

/// Pools the results of the runs into the report.
#[must_use]
pub(super) fn summarise(
    level: &Level,
    points: &[Point],
    left_out: usize,
    results: &[(usize, u64, CaseResult)],
    (runs, time_factor, rocket_launcher): (&[u64], f32, bool),
    wall: Duration,
) -> NavEvalReport {
    let mut success = 0;
    let mut failure = 0;
    let mut not_built = 0;
    let mut seconds = 0.0_f64;
    let mut per_run = vec![(0_usize, 0_usize); runs.len()];
    for (run, _, result) in results {
        match &result.outcome {
            Outcome::Success { seconds: s } => {
                success += 1;
                seconds += f64::from(*s);
                per_run[*run].0 += 1;
            }
            Outcome::Failure(_) => {
                failure += 1;
                per_run[*run].1 += 1;
            }
            Outcome::NotBuilt => not_built += 1,
        }
    }
    let rates: Vec<f64> = per_run
        .iter()
        .map(|&(done, failed)| ratio(done, done + failed))
        .collect();
    let paths = results.len();
    NavEvalReport {
        map: level.name.clone(),
        paths,
        success,
        failure,
        not_built,
        success_rate: ratio(success, paths),
        restricted_success_rate: ratio(success, paths - not_built),
        not_built_rate: ratio(not_built, paths),
        stability: stability(rates),
        by_travel_type: by_travel_type(level, results),
        hotspots: hotspots(results),
        points: points
            .iter()
            .enumerate()
            .map(|(index, point)| ListedPoint {
                index,
                what: point.what.clone(),
                position: point.standing.round().to_array(),
                area: point.area.index(),
            })
            .collect(),
        points_left_out: left_out,
        failed_cases: results
            .iter()
            .filter_map(|(_, seed, result)| match &result.outcome {
                Outcome::Failure(failure) => Some(FailedCase {
                    start: result.start,
                    goal: result.goal,
                    seed: *seed,
                    cause: failure.cause.clone(),
                    area: failure.area.map(aas_geom::world::AreaId::index),
                    activity: failure.activity.clone(),
                }),
                _ => None,
            })
            .take(MAX_FAILED_CASES)
            .collect(),
        seed: runs.first().copied().unwrap_or(0),
        time_factor,
        rocket_launcher,
        mean_seconds: if success == 0 {
            0.0
        } else {
            seconds / success as f64
        },
        wall_ms: wall.as_secs_f64() * 1000.0,
    }
}

/// `part / whole`, 0 when `whole` is 0.
fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The stability of the runs' restricted success rates.
fn stability(rates: Vec<f64>) -> Stability {
    let runs = rates.len();
    let max = rates.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = rates.iter().copied().fold(f64::INFINITY, f64::min);
    let mean = rates.iter().sum::<f64>() / runs.max(1) as f64;
    let mean_diff = rates.iter().map(|rate| (rate - mean).abs()).sum::<f64>() / runs.max(1) as f64;
    Stability {
        runs,
        max_diff: if runs == 0 { 0.0 } else { max - min },
        mean_diff,
        restricted_success_rates: rates,
    }
}

/// Travel-type use summed over the cases, for the types the AAS holds or that were used.
fn by_travel_type(
    level: &Level,
    results: &[(usize, u64, CaseResult)],
) -> BTreeMap<String, TravelUse> {
    let mut present = [false; aas_geom::world::TRAVEL_TYPE_COUNT];
    for reach in &level.aas.reachabilities {
        if let Some(kind) = reach.kind() {
            present[kind.position()] = true;
        }
    }
    let mut uses = [(0_u32, 0_u32); aas_geom::world::TRAVEL_TYPE_COUNT];
    for (_, _, result) in results {
        for (kind, used, failed) in travel_counts(&result.record) {
            uses[kind.position()].0 += used;
            uses[kind.position()].1 += failed;
        }
    }
    TravelType::ALL
        .iter()
        .filter(|kind| present[kind.position()] || uses[kind.position()].0 > 0)
        .map(|kind| {
            let (used, failed) = uses[kind.position()];
            (kind.name().to_owned(), TravelUse { used, failed })
        })
        .collect()
}

/// The failures grouped by area, most first (ties: area order).
fn hotspots(results: &[(usize, u64, CaseResult)]) -> Vec<Hotspot> {
    struct Group {
        failures: u32,
        sum: glam::DVec3,
        causes: BTreeMap<String, u32>,
        cases: Vec<(usize, usize, u64)>,
    }
    let mut groups: BTreeMap<Option<usize>, Group> = BTreeMap::new();
    for (_, seed, result) in results {
        let Outcome::Failure(failure) = &result.outcome else {
            continue;
        };
        let group = groups
            .entry(failure.area.map(aas_geom::world::AreaId::index))
            .or_insert_with(|| Group {
                failures: 0,
                sum: glam::DVec3::ZERO,
                causes: BTreeMap::new(),
                cases: Vec::new(),
            });
        group.failures += 1;
        group.sum += failure.position.as_dvec3();
        *group.causes.entry(failure.cause.clone()).or_default() += 1;
        if group.cases.len() < CASES_PER_HOTSPOT {
            group.cases.push((result.start, result.goal, *seed));
        }
    }
    let mut spots: Vec<Hotspot> = groups
        .into_iter()
        .map(|(area, group)| {
            let cause = group
                .causes
                .iter()
                .fold(None::<(&String, u32)>, |best, (cause, &count)| match best {
                    Some((_, most)) if most >= count => best,
                    _ => Some((cause, count)),
                })
                .map(|(cause, _)| cause.clone())
                .unwrap_or_default();
            let mean = group.sum / f64::from(group.failures.max(1));
            Hotspot {
                area,
                position: mean.as_vec3().round().to_array(),
                failures: group.failures,
                cause,
                causes: group.causes,
                cases: group.cases,
            }
        })
        .collect();
    spots.sort_by(|a, b| b.failures.cmp(&a.failures).then(a.area.cmp(&b.area)));
    spots.truncate(MAX_HOTSPOTS);
    spots
}

impl Report for NavEvalReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    /// The rates, stability, travel types and the first hotspots.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        writeln!(
            out,
            "{}: {} paths ({} runs): {} succeeded, {} failed, {} not built",
            self.map, self.paths, self.stability.runs, self.success, self.failure, self.not_built
        )?;
        writeln!(
            out,
            "success {:.2} %, restricted success {:.2} %, not built {:.2} %; \
             stability: max diff {:.2} points, mean diff {:.2} points",
            self.success_rate * 100.0,
            self.restricted_success_rate * 100.0,
            self.not_built_rate * 100.0,
            self.stability.max_diff * 100.0,
            self.stability.mean_diff * 100.0
        )?;
        writeln!(out, "{:<14} {:>8} {:>8}", "travel type", "used", "failed")?;
        for (name, usage) in &self.by_travel_type {
            writeln!(out, "{name:<14} {:>8} {:>8}", usage.used, usage.failed)?;
        }
        if !self.hotspots.is_empty() {
            writeln!(out, "hotspots (area, failures, cause, position, a case):")?;
        }
        for spot in self.hotspots.iter().take(10) {
            let area = spot.area.map_or("-".to_owned(), |area| area.to_string());
            let case = spot.cases.first().map_or(String::new(), |(s, g, seed)| {
                format!("--case {s} {g} --seed {seed}")
            });
            writeln!(
                out,
                "  {area:>6} {:>5}  {:<22} {:>7.0} {:>7.0} {:>7.0}  {case}",
                spot.failures, spot.cause, spot.position[0], spot.position[1], spot.position[2]
            )?;
        }
        writeln!(
            out,
            "{} points ({} left out), mean {:.1} s to arrive; {:.0} ms",
            self.points.len(),
            self.points_left_out,
            self.mean_seconds,
            self.wall_ms
        )?;
        Ok(())
    }
}

/// The report of `nav-eval --case START GOAL --log FILE`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CaseReport {
    /// The map's name.
    pub map: String,
    /// The start point.
    pub start: ListedPoint,
    /// The goal point.
    pub goal: ListedPoint,
    /// The case's seed.
    pub seed: u64,
    /// The route's travel time (hundredths of a second), `null` when not built.
    pub route_time: Option<u16>,
    /// `success`, `failure` or `not_built`.
    pub outcome: &'static str,
    /// Seconds to arrive (successes).
    pub seconds: Option<f32>,
    /// Why it failed (failures).
    pub cause: Option<String>,
    /// Where it ended (failures).
    pub position: Option<[f32; 3]>,
    /// What its navigator was doing at the end (failures).
    pub activity: Option<String>,
    /// Travel types carried out: `{type: {"used", "failed"}}`.
    pub travel: BTreeMap<String, TravelUse>,
    /// The match log written.
    pub log: PathBuf,
}

impl CaseReport {
    /// The report of `result`, the case seeded with `seed`, logged to `log`.
    #[must_use]
    pub(super) fn of(
        level: &Level,
        points: &[Point],
        result: &CaseResult,
        seed: u64,
        log: &Path,
    ) -> Self {
        let listed = |index: usize| {
            let point = &points[index];
            ListedPoint {
                index,
                what: point.what.clone(),
                position: point.standing.round().to_array(),
                area: point.area.index(),
            }
        };
        let (outcome, seconds, cause, position, activity) = match &result.outcome {
            Outcome::Success { seconds } => ("success", Some(*seconds), None, None, None),
            Outcome::Failure(failure) => (
                "failure",
                None,
                Some(failure.cause.clone()),
                Some(failure.position.round().to_array()),
                Some(failure.activity.clone()),
            ),
            Outcome::NotBuilt => ("not_built", None, None, None, None),
        };
        Self {
            map: level.name.clone(),
            start: listed(result.start),
            goal: listed(result.goal),
            seed,
            route_time: result.route_time,
            outcome,
            seconds,
            cause,
            position,
            activity,
            travel: travel_counts(&result.record)
                .into_iter()
                .filter(|&(_, used, _)| used > 0)
                .map(|(kind, used, failed)| (kind.name().to_owned(), TravelUse { used, failed }))
                .collect(),
            log: log.to_path_buf(),
        }
    }
}

impl Report for CaseReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        writeln!(
            out,
            "{}: {} {} -> {} {} (seed {}): {}",
            self.map,
            self.start.index,
            self.start.what,
            self.goal.index,
            self.goal.what,
            self.seed,
            self.outcome
        )?;
        if let Some(seconds) = self.seconds {
            writeln!(out, "arrived after {seconds:.2} s")?;
        }
        if let (Some(cause), Some(position)) = (&self.cause, self.position) {
            writeln!(
                out,
                "failed: {cause} at {:.0} {:.0} {:.0}",
                position[0], position[1], position[2]
            )?;
            if let Some(activity) = &self.activity {
                writeln!(out, "doing: {activity}")?;
            }
        }
        for (name, usage) in &self.travel {
            writeln!(
                out,
                "  {name:<14} used {:>4}, failed {:>4}",
                usage.used, usage.failed
            )?;
        }
        writeln!(
            out,
            "log: {} (bot-harness view {} -o case.html)",
            self.log.display(),
            self.log.display()
        )?;
        Ok(())
    }
}
