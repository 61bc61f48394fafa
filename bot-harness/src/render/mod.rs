//! Top-down pictures of an AAS world (`aas render`): the areas, and on request the
//! reachabilities, the clusters, a route and an area's neighbourhood, as one SVG document that
//! [`png`] can rasterise.
//!
//! A picture is built in layers, each a module with one job: [`areas`] (ground faces filled by
//! area kind), [`clusters`] (tints by cluster, portal areas marked), [`reach`] (arrows by travel
//! type), [`route`] (a route's polyline), [`neighbourhood`] (the focus area and its
//! neighbours' numbers), then [`legend`] below the map. [`canvas`] holds the projection. The
//! same world and settings always give the same bytes: areas, reachabilities and legend
//! entries are visited in file order, numbers are printed with fixed decimals, and no hash
//! order or clock is involved.

pub(crate) mod areas;
mod canvas;
pub(crate) mod clusters;
mod legend;
mod neighbourhood;
pub(crate) mod png;
pub(crate) mod reach;
mod route;

use std::fmt::Write as _;

use aas_geom::world::{AasWorld, AreaId, TravelType};
use glam::Vec2;

use self::areas::Shape;
use self::canvas::{Canvas, escape};
use self::legend::Legend;
pub(crate) use self::route::RoutePath;

/// What to draw besides the areas.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RenderSettings {
    /// Picture width, pixels.
    pub(crate) width: u32,
    /// The caption's first words (the file's name).
    pub(crate) caption: String,
    /// Draw reachabilities of these travel types (every type when empty); `None`: none.
    pub(crate) reach: Option<Vec<TravelType>>,
    /// Tint areas by cluster and mark portal areas.
    pub(crate) clusters: bool,
    /// A route to draw.
    pub(crate) route: Option<RoutePath>,
    /// Show only this area and the areas within this many reachability hops of it.
    pub(crate) focus: Option<(AreaId, u32)>,
    /// Draw only areas whose ground height lies in this range (inclusive).
    pub(crate) height: Option<(f32, f32)>,
}

/// A drawn picture.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Picture {
    /// The SVG document.
    pub(crate) svg: String,
    /// Its width, pixels.
    pub(crate) width: u32,
    /// Its height, pixels.
    pub(crate) height: u32,
    /// Areas shown (in the height slice and, for a neighbourhood, in view).
    pub(crate) areas: usize,
    /// Reachability arrows drawn.
    pub(crate) reachabilities: usize,
    /// Portal areas marked.
    pub(crate) portals: usize,
}

/// What every layer draws from: the world, each area's shape and whether it is shown, the
/// drawing order, the focus areas and the projection.
pub(crate) struct Scene<'w> {
    /// The world drawn.
    world: &'w AasWorld,
    /// Each area's shape.
    shapes: Vec<Shape>,
    /// The shown areas, lower grounds first (then by number).
    order: Vec<usize>,
    /// Per area: whether its reachabilities (and, in a neighbourhood, its number) are drawn.
    focus: Vec<bool>,
    /// The projection.
    canvas: Canvas,
}

/// Draws `world` from above as an SVG document, as `settings` ask. Lower areas are drawn first
/// so that upper floors stay on top; a world without any faces (`bspc -optimize` keeps none) is
/// drawn as the areas' bounding rectangles, dashed.
///
/// # Errors
/// When the focus area is not in the world or not in the height slice, or the height slice
/// holds no area (the message says why).
pub(crate) fn render_svg(world: &AasWorld, settings: &RenderSettings) -> Result<Picture, String> {
    let shapes: Vec<Shape> = world.areas.iter().map(|a| areas::shape(world, a)).collect();
    let ground: Vec<f32> = world
        .areas
        .iter()
        .zip(&shapes)
        .map(|(a, s)| areas::ground_height(a, s))
        .collect();
    let in_slice: Vec<bool> = ground
        .iter()
        .map(|&z| {
            settings
                .height
                .is_none_or(|(lo, hi)| (lo..=hi).contains(&z))
        })
        .collect();
    if let Some((lo, hi)) = settings.height
        && !in_slice.contains(&true)
    {
        let (min, max) = ground
            .iter()
            .zip(&shapes)
            .filter(|(_, shape)| **shape != Shape::Nothing)
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(a, b), (&z, _)| {
                (a.min(z), b.max(z))
            });
        return Err(format!(
            "no area has its ground between heights {lo} and {hi} (grounds lie between {min} and {max})"
        ));
    }
    let members = match settings.focus {
        Some((center, radius)) => {
            let Some(&inside) = in_slice.get(center.index()) else {
                return Err(format!(
                    "area {} is not in the file (areas 1..={})",
                    center.index() + 1,
                    world.areas.len()
                ));
            };
            if !inside {
                return Err(format!(
                    "area {} has its ground at height {}, outside the height slice",
                    center.index() + 1,
                    ground[center.index()]
                ));
            }
            let near = neighbourhood::within_hops(world, center, radius);
            Some(
                near.iter()
                    .zip(&in_slice)
                    .map(|(a, b)| *a && *b)
                    .collect::<Vec<bool>>(),
            )
        }
        None => None,
    };
    let (lo, hi) = match &members {
        Some(members) => neighbourhood::view(world, members),
        None => {
            // The areas drawn, or when none has a shape, every area in the slice.
            let drawn: Vec<bool> = in_slice
                .iter()
                .zip(&shapes)
                .map(|(&inside, shape)| inside && *shape != Shape::Nothing)
                .collect();
            let frame = if drawn.contains(&true) {
                &drawn
            } else {
                &in_slice
            };
            bounds(world, frame, settings.route.as_ref())
        }
    };
    let canvas = Canvas::new(lo, hi, settings.width);
    let shown: Vec<bool> = world
        .areas
        .iter()
        .zip(&in_slice)
        .map(|(area, &inside)| {
            inside && (members.is_none() || canvas.overlaps(area.mins, area.maxs))
        })
        .collect();
    let mut order: Vec<usize> = (0..world.areas.len()).filter(|&a| shown[a]).collect();
    order.sort_by(|&a, &b| ground[a].total_cmp(&ground[b]).then(a.cmp(&b)));
    let scene = Scene {
        world,
        shapes,
        order,
        focus: members.unwrap_or_else(|| shown.clone()),
        canvas,
    };
    Ok(draw(&scene, settings, &shown))
}

/// The part of the world to show: the bounds (x and y) of the areas `framed` and the route's
/// points.
fn bounds(world: &AasWorld, framed: &[bool], route: Option<&RoutePath>) -> (Vec2, Vec2) {
    let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
    for (area, _) in world.areas.iter().zip(framed).filter(|(_, f)| **f) {
        lo = lo.min(area.mins.truncate());
        hi = hi.max(area.maxs.truncate());
    }
    for p in route.map(|r| r.points(world)).unwrap_or_default() {
        lo = lo.min(p.truncate());
        hi = hi.max(p.truncate());
    }
    if lo.is_finite() && hi.is_finite() {
        (lo, hi)
    } else {
        (Vec2::ZERO, Vec2::ONE)
    }
}

/// Draws every layer of `scene` and the legend.
fn draw(scene: &Scene<'_>, settings: &RenderSettings, shown: &[bool]) -> Picture {
    let world = scene.world;
    let mut caption = format!("{}: {} areas", settings.caption, world.areas.len());
    if let Some((lo, hi)) = settings.height {
        let _ = write!(caption, ", grounds at heights {lo} to {hi}");
    }
    let mut legend = Legend::new(String::new());
    let drawn: Vec<bool> = shown
        .iter()
        .zip(&scene.shapes)
        .map(|(&shown, shape)| shown && *shape != Shape::Nothing)
        .collect();
    let faint = world.faces.is_empty();
    let (fills, entries) = if settings.clusters {
        clusters::fills(world, &drawn, faint)
    } else {
        areas::content_fills(world, &drawn, faint)
    };
    legend.block(
        if settings.clusters {
            "clusters"
        } else {
            "areas"
        },
        entries,
    );

    let mut body = String::new();
    areas::draw(&mut body, scene, &fills);
    let portals = if settings.clusters {
        clusters::draw(&mut body, scene)
    } else {
        0
    };
    let mut reachabilities = 0;
    if let Some(types) = &settings.reach {
        let (count, entries) = reach::draw(&mut body, scene, types);
        reachabilities = count;
        legend.block("reachabilities", entries);
    }
    if let Some((center, radius)) = settings.focus {
        legend.block(
            "neighbourhood",
            neighbourhood::draw(&mut body, scene, center, radius),
        );
    }
    if let Some(route) = &settings.route {
        legend.block("route", route::draw(&mut body, scene, route));
    }
    let areas_shown = scene.order.len();
    let _ = write!(caption, ", {areas_shown} shown");
    if reachabilities > 0 || settings.reach.is_some() {
        let _ = write!(caption, ", {reachabilities} reachabilities");
    }
    legend.set_caption(caption);

    let width = scene.canvas.width;
    let top = scene.canvas.map_height;
    let height = (top + legend.height(width)).ceil();
    let mut svg = String::with_capacity(body.len() + 4096);
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let _ = writeln!(
        svg,
        "<title>{}: top-down view of the navigation areas</title>",
        escape(&settings.caption)
    );
    svg.push_str(r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    svg.push('\n');
    let _ = writeln!(
        svg,
        r#"<clipPath id="map-clip"><rect width="{width}" height="{top:.1}"/></clipPath>"#
    );
    let _ = writeln!(
        svg,
        r#"<g id="map" clip-path="url(#map-clip)" data-projection="{}">"#,
        scene.canvas.projection_attribute()
    );
    svg.push_str(&body);
    svg.push_str("</g>\n");
    legend.draw(&mut svg, top, width);
    svg.push_str("</svg>\n");
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a positive whole number of pixels, far below 2^32"
    )]
    let height = height as u32;
    Picture {
        svg,
        width: settings.width,
        height,
        areas: areas_shown,
        reachabilities,
        portals,
    }
}
