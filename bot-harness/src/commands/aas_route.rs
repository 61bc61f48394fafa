//! [`aas_route()`] (`aas route FILE --pairs PAIRS [--json]`): the travel time and first
//! reachability of each query of PAIRS, answered by `aas-route`'s clustered router with the
//! file's clusters and the default travel flags.
//!
//! A query line is `START GOAL` (the file's 1-based area numbers; the origin is the start
//! area's centre) or `X Y Z X Y Z` (a start point, which is also the origin, and a goal
//! point, each placed in its area). Each query prints `TIME REACH` — the travel time in
//! hundredths of a second and the file's 1-based number of the first reachability (0 when
//! the start is the goal) — or `null` when there is no route or a point is in no area. With
//! `--json`: `{"results": [{"time": T, "reach": R} or null, ...]}`.

use std::io::{BufRead, Write};
use std::path::Path;

use aas_geom::world::AasWorld;
use aas_route::{AreaId, Clustering, Route, RouteGraph, Router, RouterSettings, TravelFlags};
use glam::Vec3;
use serde::Serialize;

use crate::error::Error;
use crate::output::{Report, write_json_direct};

/// One answer of `aas route` (field names are a stable contract).
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct RouteResult {
    /// Travel time, hundredths of a second.
    pub time: u16,
    /// The file's 1-based reachability number; 0 when the start is the goal.
    pub reach: u32,
}

/// The report of `aas route`: one answer per query, in input order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AasRouteReport {
    /// Per query: the answer, `None` (`null`) when there is no route or a point is in no
    /// area.
    pub results: Vec<Option<RouteResult>>,
}

/// One parsed query.
enum Query {
    /// Start and goal areas (our 0-based ids).
    Areas(AreaId, AreaId),
    /// Start point (the origin) and goal point.
    Points(Vec3, Vec3),
}

/// Answers every query of the file `pairs` (`-`: standard input; the format is in the
/// [module docs](self)) in the `.aas` `file` (Quake III or native), with the file's clusters
/// and [`TravelFlags::DEFAULT`].
///
/// # Errors
/// When the `.aas` cannot be loaded, its clustering does not fit its reachabilities, or
/// `pairs` cannot be read or holds a malformed line (its number in the message).
pub fn aas_route(file: &Path, pairs: &Path) -> Result<AasRouteReport, Error> {
    let world = AasWorld::load(file)?;
    let queries = read_queries(pairs, world.areas.len())?;
    let mut router = open_router(file, &world)?;
    let results = queries
        .iter()
        .map(|query| answer(&mut router, &world, query))
        .collect();
    Ok(AasRouteReport { results })
}

impl Report for AasRouteReport {
    /// `{"results": [{"time": T, "reach": R} or null, ...]}`.
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    /// One line per query: `TIME REACH`, or `null`.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        for result in &self.results {
            match result {
                Some(r) => writeln!(out, "{} {}", r.time, r.reach)?,
                None => writeln!(out, "null")?,
            }
        }
        Ok(())
    }
}

/// The clustered router of `world` (loaded from `file`) over the file's clusters, with the
/// default settings: what `aas route` and `aas render --route` ask.
///
/// # Errors
/// When the file's clustering does not fit its reachabilities.
pub(crate) fn open_router<'w>(
    file: &Path,
    world: &'w AasWorld,
) -> Result<Router<'w, AasWorld>, Error> {
    let clustering = Clustering::from_world(world);
    Router::new(world, clustering, RouterSettings::default()).map_err(|e| Error::Io {
        path: file.to_owned(),
        source: std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("unusable clustering: {e}"),
        ),
    })
}

/// Why [`route_points`] found no route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unroutable {
    /// The start point is in no area (solid space or outside the map).
    StartOutside,
    /// The goal point is in no area.
    GoalOutside,
    /// Both are in areas, but no route joins them under the default travel flags.
    NoRoute,
}

/// A route between two points, as `aas route` answers an `X Y Z X Y Z` query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PointRoute {
    /// The start point's area (the origin is the start point).
    pub(crate) start: AreaId,
    /// The goal point's area.
    pub(crate) goal: AreaId,
    /// The router's answer.
    pub(crate) route: Route,
}

/// The route from the point `from` (the origin) to the point `to`, each placed in its area,
/// with [`TravelFlags::DEFAULT`].
///
/// # Errors
/// Which point is in no area, or that no route joins them.
pub(crate) fn route_points(
    router: &mut Router<'_, AasWorld>,
    world: &AasWorld,
    from: Vec3,
    to: Vec3,
) -> Result<PointRoute, Unroutable> {
    let start = world.point_area(from).ok_or(Unroutable::StartOutside)?;
    let goal = world.point_area(to).ok_or(Unroutable::GoalOutside)?;
    let route = router
        .route(start, from, goal, TravelFlags::DEFAULT)
        .ok_or(Unroutable::NoRoute)?;
    Ok(PointRoute { start, goal, route })
}

/// The router's answer to one query.
fn answer(
    router: &mut Router<'_, AasWorld>,
    world: &AasWorld,
    query: &Query,
) -> Option<RouteResult> {
    let route = match *query {
        Query::Areas(start, goal) => {
            router.route(start, world.area(start).center, goal, TravelFlags::DEFAULT)?
        }
        Query::Points(from, to) => route_points(router, world, from, to).ok()?.route,
    };
    Some(RouteResult {
        time: route.time,
        reach: route.first.map_or(0, |r| r.0 + 1),
    })
}

/// The queries of `path` (`-`: standard input), checked against `areas` areas.
fn read_queries(path: &Path, areas: usize) -> Result<Vec<Query>, Error> {
    let io_error = |source| Error::Io {
        path: path.to_owned(),
        source,
    };
    let text = if path.as_os_str() == "-" {
        let mut text = String::new();
        for line in std::io::stdin().lock().lines() {
            text.push_str(&line.map_err(io_error)?);
            text.push('\n');
        }
        text
    } else {
        std::fs::read_to_string(path).map_err(io_error)?
    };
    let mut queries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let query = parse_query(line, areas).map_err(|message| {
            io_error(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("line {}: {message}", index + 1),
            ))
        })?;
        queries.push(query);
    }
    Ok(queries)
}

/// One query line: two area numbers (1-based, at most `areas`) or six coordinates.
fn parse_query(line: &str, areas: usize) -> Result<Query, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    match fields.as_slice() {
        [start, goal] => {
            let area = |field: &str| -> Result<AreaId, String> {
                let number: u32 = field
                    .parse()
                    .map_err(|_| format!("`{field}` is not an area number"))?;
                if number == 0 || number as usize > areas {
                    return Err(format!("area {number} is not in 1..={areas}"));
                }
                Ok(AreaId(number - 1))
            };
            Ok(Query::Areas(area(start)?, area(goal)?))
        }
        [_, _, _, _, _, _] => {
            let mut values = [0.0_f32; 6];
            for (value, field) in values.iter_mut().zip(&fields) {
                *value = field
                    .parse()
                    .map_err(|_| format!("`{field}` is not a coordinate"))?;
            }
            Ok(Query::Points(
                Vec3::new(values[0], values[1], values[2]),
                Vec3::new(values[3], values[4], values[5]),
            ))
        }
        _ => Err(format!(
            "expected `START GOAL` or `X Y Z X Y Z`, got {} fields",
            fields.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::{Query, parse_query};

    #[test]
    fn parses_area_pairs_and_points() {
        assert!(matches!(
            parse_query("3 7", 10),
            Ok(Query::Areas(a, b)) if a.0 == 2 && b.0 == 6
        ));
        assert!(matches!(
            parse_query(" 1 2 3 4.5 -5 6 ", 10),
            Ok(Query::Points(..))
        ));
        assert!(parse_query("0 1", 10).is_err());
        assert!(parse_query("1 11", 10).is_err());
        assert!(parse_query("1 2 3", 10).is_err());
        assert!(parse_query("a b", 10).is_err());
    }
}
