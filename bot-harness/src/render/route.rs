//! The route layer (`--route X,Y,Z X,Y,Z`): the route the router takes between two points,
//! drawn as one polyline (`id="route"`) from the start point through every reachability's start
//! and end points to the goal point, over a white casing, with the start and the goal marked.

use std::fmt::Write as _;

use aas_geom::world::AasWorld;
use glam::Vec3;

use super::Scene;
use super::canvas::{FONT, escape, points_attribute};
use super::legend::{Entry, Swatch};

/// The route's colour.
const COLOUR: &str = "#0050ff";
/// The start marker's colour.
const START: &str = "#119933";
/// The goal marker's colour.
const GOAL: &str = "#cc1111";

/// A route to draw: its two points, the areas they are in, the reachabilities it takes and
/// its travel time.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RoutePath {
    /// The start point.
    pub(crate) from: Vec3,
    /// The goal point.
    pub(crate) to: Vec3,
    /// The start point's area (0-based).
    pub(crate) start_area: usize,
    /// The goal point's area (0-based).
    pub(crate) goal_area: usize,
    /// The reachabilities taken, in order (0-based indices into the world's).
    pub(crate) reaches: Vec<usize>,
    /// Travel time, hundredths of a second.
    pub(crate) time: u16,
}

impl RoutePath {
    /// The polyline's points: the start point, each reachability's start and end point, the
    /// goal point.
    pub(crate) fn points(&self, world: &AasWorld) -> Vec<Vec3> {
        let mut points = vec![self.from];
        for reach in self
            .reaches
            .iter()
            .filter_map(|&r| world.reachabilities.get(r))
        {
            points.push(reach.start);
            points.push(reach.end);
        }
        points.push(self.to);
        points
    }
}

/// Draws `route`: the polyline, then the start (`S`, `class="route-start"`) and goal (`G`,
/// `class="route-goal"`) markers centred on its first and last points. Returns the legend
/// entries.
pub(super) fn draw(svg: &mut String, scene: &Scene<'_>, route: &RoutePath) -> Vec<Entry> {
    let points = points_attribute(
        route
            .points(scene.world)
            .into_iter()
            .map(|p| scene.canvas.project(p)),
    );
    let seconds = f32::from(route.time) / 100.0;
    let title = escape(&format!(
        "route from ({} {} {}) in area {} to ({} {} {}) in area {}: {seconds:.2} s, {} reachabilities",
        route.from.x,
        route.from.y,
        route.from.z,
        route.start_area + 1,
        route.to.x,
        route.to.y,
        route.to.z,
        route.goal_area + 1,
        route.reaches.len()
    ));
    let _ = writeln!(
        svg,
        r##"<g id="route-layer" fill="none" stroke-linejoin="round" stroke-linecap="round"><polyline points="{points}" stroke="#ffffff" stroke-width="7" stroke-opacity="0.9"/><polyline id="route" points="{points}" stroke="{COLOUR}" stroke-width="3.5"><title>{title}</title></polyline>"##
    );
    for (class, point, fill, letter) in [
        ("route-start", route.from, START, 'S'),
        ("route-goal", route.to, GOAL, 'G'),
    ] {
        let c = scene.canvas.project(point);
        let _ = writeln!(
            svg,
            r##"<circle class="{class}" cx="{:.1}" cy="{:.1}" r="9" fill="{fill}" stroke="#ffffff" stroke-width="2"/><text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="12" font-weight="bold" fill="#ffffff" stroke="none" text-anchor="middle">{letter}</text>"##,
            c.x,
            c.y,
            c.x,
            c.y + 4.5
        );
    }
    svg.push_str("</g>\n");
    vec![
        Entry::new(
            Swatch::Line {
                colour: COLOUR.to_owned(),
                width: 3.5,
            },
            format!("{seconds:.2} s ({} reachabilities)", route.reaches.len()),
        ),
        Entry::new(
            Swatch::Marker {
                fill: START.to_owned(),
                letter: 'S',
            },
            format!("start, area {}", route.start_area + 1),
        ),
        Entry::new(
            Swatch::Marker {
                fill: GOAL.to_owned(),
                letter: 'G',
            },
            format!("goal, area {}", route.goal_area + 1),
        ),
    ]
}
