//! [`nav_eval()`] (`nav-eval MAP [--aas FILE] [--pairs N] [--seeds K] [--time-factor F]
//! [--seed S] [--rocket-launcher] [--json]`, and `--case START GOAL --log FILE`): the navigation evaluation of
//! seed 001 (Macháč 2014, §4 and §7) on a Quake III map, with the brain's movement AI.
//!
//! **Points and paths.** The relevant points are where a standing player touches each item,
//! weapon, ammunition box and flag of the map, and each spawn point ([`points`]). A path is
//! an ordered pair of distinct points; all of them are evaluated, or a seeded sample of at
//! most `--pairs` (default 2,000; the sample depends on `--seed` only). Pairs whose two
//! points are within reach of each other already (24 units) are left out.
//!
//! **A case** ([`case`]): a [`Traveller`](bot_brain::movement::Traveller) (the brain's
//! [`Navigator`](bot_brain::movement::Navigator), thinking at 10 Hz and moving every frame)
//! enters an otherwise empty free-for-all match at the start point, looking towards the goal,
//! and must come within 24 units horizontally and 40 vertically of the goal's standing point
//! within max(10 s, F × the route's travel time). A path with no route under the travel
//! flags (default flags: no weapon jumps, hook, slime or lava) is **not built**: it measures
//! the AAS, not the bot. Dying, or running out of time, is a **failure**. With
//! `--rocket-launcher` the traveller owns a rocket launcher with 10 rockets from the start,
//! so its routes may rocket jump while its health is above 60 (the time allowed and whether
//! a path is built still come from the route without rocket jumps).
//!
//! **Runs.** The same paths are run `--seeds` times (K runs with seeds S, S + 1, …; each
//! case's own seed is derived from its run's seed and its index, and printed with failed
//! cases so that `--case START GOAL --seed CASE_SEED --log FILE` replays one exactly, and
//! `bot-harness view FILE` shows it). Cases run in parallel (rayon, one router per worker:
//! routes do not depend on what the caches hold), and the results are a pure function of the
//! map, the arguments and the seeds.
//!
//! **Report** (`--json`): `{"map", "paths", "success", "failure", "not_built",
//! "success_rate", "restricted_success_rate", "not_built_rate", "stability": {"runs",
//! "max_diff", "mean_diff", "restricted_success_rates"}, "by_travel_type": {type: {"used",
//! "failed"}}, "hotspots": [{"area", "position", "failures", "cause", "causes", "cases"}],
//! "points", "failed_cases", "seed", "time_factor", "rocket_launcher", "mean_seconds",
//! "wall_ms"}`. Counts are pooled over the
//! runs (`paths` = pairs × runs); rates are seed 001's (success + failure + not built = 1;
//! restricted success = success / (paths − not built)); `max_diff` is the largest difference
//! between two runs' restricted success rates and `mean_diff` the mean absolute difference of
//! a run's rate from the runs' mean (fractions: 0.01 is one percentage point). `used` counts
//! the reachabilities of a type the traveller carried out (ended in their target area or not)
//! and `failed` those that did not end in their target area. Hotspots group failures by the
//! area the traveller was in at the end (the most common cause, all causes with counts, the
//! mean position, up to three cases), most failures first.

pub mod case;
pub mod points;
mod report;

use std::io::BufWriter;
use std::path::PathBuf;

use bot_brain::movement::shared_router;
use bot_interface::GameRng;
use bot_world::log::LogWriter;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use self::case::{ARRIVE_RADIUS, CaseContext, CaseResult, run_case};
use self::points::relevant_points;
pub use self::report::{CaseReport, NavEvalReport};
use super::match_play::load_level;
use crate::error::Error;

/// Everything `nav-eval` takes.
#[derive(Debug, Clone, PartialEq)]
pub struct NavEvalArgs {
    /// The map (`.bsp`, `.map`, or `arena`).
    pub map: PathBuf,
    /// Its `.aas` (else compiled in memory).
    pub aas: Option<PathBuf>,
    /// At most this many paths (a seeded sample when there are more).
    pub pairs: usize,
    /// Runs over the same paths, with seeds `seed`, `seed + 1`, ….
    pub seeds: u32,
    /// Time allowed per path: this factor × the route's travel time (at least 10 s).
    pub time_factor: f32,
    /// The first run's seed (and the sample's).
    pub seed: u64,
    /// The traveller owns a rocket launcher with rockets from the start (rocket jumps in
    /// its routes).
    pub rocket_launcher: bool,
    /// Show a progress bar on standard error (when it is a terminal).
    pub progress: bool,
}

/// One case to replay alone (`--case START GOAL --log FILE`).
#[derive(Debug, Clone, PartialEq)]
pub struct CaseArgs {
    /// The map (`.bsp`, `.map`, or `arena`).
    pub map: PathBuf,
    /// Its `.aas` (else compiled in memory).
    pub aas: Option<PathBuf>,
    /// The start point's index (as the report's `points` lists them).
    pub start: usize,
    /// The goal point's index.
    pub goal: usize,
    /// The case's seed (a failed case's `seed` in the report).
    pub seed: u64,
    /// Time allowed: this factor × the route's travel time (at least 10 s).
    pub time_factor: f32,
    /// The traveller owns a rocket launcher with rockets from the start.
    pub rocket_launcher: bool,
    /// Where to write the case's match log.
    pub log: PathBuf,
}

/// Evaluates navigation on a map as `args` say.
///
/// # Errors
/// When the map or the `.aas` cannot be loaded, or the arguments make no sense (no seeds,
/// a time factor that is not positive).
pub fn nav_eval(args: &NavEvalArgs) -> Result<NavEvalReport, Error> {
    check_time_factor(args.time_factor)?;
    if args.seeds == 0 {
        return Err(Error::Argument("--seeds must be at least 1".to_owned()));
    }
    let started = std::time::Instant::now();
    let level = load_level(&args.map, args.aas.as_deref())?;
    let (points, left_out) = relevant_points(&level);
    let paths = sample_paths(&points, args.pairs, args.seed);
    let movers = level.movement.movers();
    let shootables = level.shootables();
    let openers = level.door_openers();
    let ctx = CaseContext {
        level: &level,
        points: &points,
        movers: &movers,
        shootables: &shootables,
        openers: &openers,
        time_factor: args.time_factor,
        rocket_launcher: args.rocket_launcher,
    };
    let runs: Vec<u64> = (0..u64::from(args.seeds))
        .map(|run| args.seed.wrapping_add(run))
        .collect();
    let jobs: Vec<(usize, u64, (usize, usize))> = runs
        .iter()
        .enumerate()
        .flat_map(|(run, &run_seed)| {
            paths
                .iter()
                .enumerate()
                .map(move |(index, &pair)| (run, case_seed(run_seed, index), pair))
        })
        .collect();
    let bar = if args.progress {
        ProgressBar::new(jobs.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} paths, {per_sec}, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let results: Vec<(usize, u64, CaseResult)> = jobs
        .par_iter()
        .map_init(
            || shared_router(&level.aas),
            |router, &(run, seed, pair)| {
                let result = run_case::<std::io::Sink>(ctx, pair, seed, router.clone(), None);
                bar.inc(1);
                result.map(|result| (run, seed, result))
            },
        )
        .collect::<Result<_, _>>()?;
    bar.finish_and_clear();
    Ok(report::summarise(
        &level,
        &points,
        left_out,
        &results,
        (&runs, args.time_factor, args.rocket_launcher),
        started.elapsed(),
    ))
}

/// Runs one case alone, writing its match log (to open with `view`).
///
/// # Errors
/// When the map or the `.aas` cannot be loaded, a point index is out of range, or the log
/// cannot be written.
pub fn nav_eval_case(args: &CaseArgs) -> Result<CaseReport, Error> {
    check_time_factor(args.time_factor)?;
    let level = load_level(&args.map, args.aas.as_deref())?;
    let (points, _) = relevant_points(&level);
    for index in [args.start, args.goal] {
        if index >= points.len() {
            return Err(Error::Argument(format!(
                "point {index} does not exist: the map has {} relevant points (0 to {})",
                points.len(),
                points.len().saturating_sub(1)
            )));
        }
    }
    let movers = level.movement.movers();
    let shootables = level.shootables();
    let openers = level.door_openers();
    let ctx = CaseContext {
        level: &level,
        points: &points,
        movers: &movers,
        shootables: &shootables,
        openers: &openers,
        time_factor: args.time_factor,
        rocket_launcher: args.rocket_launcher,
    };
    let file = std::fs::File::create(&args.log).map_err(|source| Error::Io {
        path: args.log.clone(),
        source,
    })?;
    let io = |source| Error::Io {
        path: args.log.clone(),
        source,
    };
    let mut writer = LogWriter::new(BufWriter::new(file));
    let map = args.map.to_string_lossy();
    let aas = args.aas.as_ref().map(|path| path.to_string_lossy());
    let result = run_case(
        ctx,
        (args.start, args.goal),
        args.seed,
        shared_router(&level.aas),
        Some((&mut writer, map.as_ref(), aas.as_deref())),
    )
    .map_err(io)?;
    writer.finish().map_err(io)?;
    Ok(CaseReport::of(
        &level, &points, &result, args.seed, &args.log,
    ))
}

/// Refuses a time factor that is not a positive number.
fn check_time_factor(factor: f32) -> Result<(), Error> {
    if factor.is_finite() && factor > 0.0 {
        Ok(())
    } else {
        Err(Error::Argument(format!(
            "--time-factor must be a positive number, not {factor}"
        )))
    }
}

/// The seed of case `index` of the run seeded with `run_seed`.
#[must_use]
pub fn case_seed(run_seed: u64, index: usize) -> u64 {
    GameRng::new(run_seed).fork(index as u64).next_u64()
}

/// The ordered pairs of distinct points not already within reach of each other: all of
/// them when there are at most `limit`, else `limit` of them drawn without replacement with
/// a generator seeded by `seed`, in drawing order.
#[must_use]
pub fn sample_paths(points: &[points::Point], limit: usize, seed: u64) -> Vec<(usize, usize)> {
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (start, from) in points.iter().enumerate() {
        for (goal, to) in points.iter().enumerate() {
            let offset = to.standing - from.standing;
            let close = offset.truncate().length() < ARRIVE_RADIUS && offset.z.abs() < 40.0;
            if start != goal && !close {
                pairs.push((start, goal));
            }
        }
    }
    if pairs.len() <= limit {
        return pairs;
    }
    // A partial Fisher–Yates shuffle: the first `limit` places.
    let mut rng = GameRng::new(seed);
    for place in 0..limit {
        let pick = place + rng.below(pairs.len() - place);
        pairs.swap(place, pick);
    }
    pairs.truncate(limit);
    pairs
}
