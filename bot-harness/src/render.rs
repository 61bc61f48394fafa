//! Top-down SVG pictures of an AAS world: each area's ground faces, coloured by what the area
//! is, to spot holes and bad splits by eye.

use std::fmt::Write as _;

use aas_geom::world::{AasWorld, Area};
use aas_geom::world::{AreaContents, AreaFlags, FaceFlags, PresenceType};
use glam::{Vec2, Vec3};

/// Width of the drawing area in pixels (the height follows the map's aspect ratio).
const WIDTH: f32 = 1600.0;
const MARGIN: f32 = 20.0;

/// Fill colour and legend label of an area, by its most telling property.
fn style(area: &Area) -> (&'static str, &'static str) {
    let c = area.contents;
    if c.contains(AreaContents::LAVA) {
        ("#d9381e", "lava")
    } else if c.contains(AreaContents::SLIME) {
        ("#7ac943", "slime")
    } else if c.contains(AreaContents::WATER) {
        ("#3b82c4", "water")
    } else if c.contains(AreaContents::TELEPORTER) {
        ("#9b59b6", "teleporter")
    } else if c.contains(AreaContents::JUMPPAD) {
        ("#f39c12", "jump pad")
    } else if c.contains(AreaContents::DONOTENTER) {
        ("#7b241c", "do not enter")
    } else if c.contains(AreaContents::CLUSTERPORTAL) {
        ("#f1c40f", "cluster portal")
    } else if c.contains(AreaContents::MOVER) {
        ("#95a5a6", "mover")
    } else if !area.presence.contains(PresenceType::NORMAL) {
        ("#d2b48c", "crouch only")
    } else if area.flags.contains(AreaFlags::GROUNDED) {
        ("#a3c9a8", "grounded")
    } else {
        ("#eeeeee", "in the air")
    }
}

/// The ground-face polygons of `area` (empty when the file keeps no faces, as `bspc -optimize`
/// output does).
fn ground_polygons(world: &AasWorld, area: &Area) -> Vec<Vec<Vec3>> {
    let refs = world
        .face_refs
        .get(area.faces.start as usize..area.faces.end as usize)
        .unwrap_or(&[]);
    refs.iter()
        .filter_map(|face_ref| world.faces.get(face_ref.face.index()))
        .filter(|face| face.flags.contains(FaceFlags::GROUND))
        .map(|face| {
            let edges = world
                .edge_refs
                .get(face.edges.start as usize..face.edges.end as usize)
                .unwrap_or(&[]);
            edges
                .iter()
                .filter_map(|edge_ref| {
                    let [a, b] = *world.edges.get(edge_ref.edge.index())?;
                    let first = if edge_ref.reversed { b } else { a };
                    world.vertices.get(first.index()).copied()
                })
                .collect()
        })
        .filter(|points: &Vec<Vec3>| points.len() >= 3)
        .collect()
}

/// Draws `world` from above as an SVG document: every area's ground faces. A world without any
/// faces (files built with `bspc -optimize` keep none) is drawn as the areas' bounding
/// rectangles, dashed. Lower areas are drawn first so that upper floors stay on top.
#[must_use]
pub(crate) fn render_svg(world: &AasWorld) -> String {
    let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
    for area in &world.areas {
        lo = lo.min(area.mins.truncate());
        hi = hi.max(area.maxs.truncate());
    }
    if !lo.is_finite() || !hi.is_finite() {
        (lo, hi) = (Vec2::ZERO, Vec2::ONE);
    }
    let size = (hi - lo).max(Vec2::ONE);
    let scale = (WIDTH - 2.0 * MARGIN) / size.x;
    let height = size.y * scale + 2.0 * MARGIN;
    let project = |p: Vec3| Vec2::new(MARGIN + (p.x - lo.x) * scale, MARGIN + (hi.y - p.y) * scale);

    let mut order: Vec<usize> = (0..world.areas.len()).collect();
    order.sort_by(|&a, &b| {
        world.areas[a]
            .mins
            .z
            .total_cmp(&world.areas[b].mins.z)
            .then(a.cmp(&b))
    });

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0}" viewBox="0 0 {WIDTH} {height:.0}">"#
    );
    let _ = writeln!(
        svg,
        r##"<rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    let mut legend: Vec<(&str, &str)> = Vec::new();
    for index in order {
        let area = &world.areas[index];
        let (fill, label) = style(area);
        if !legend.iter().any(|(_, l)| *l == label) {
            legend.push((fill, label));
        }
        let polygons = ground_polygons(world, area);
        if polygons.is_empty() && !world.faces.is_empty() {
            // An area without ground (in the air, or crouch-only under a ceiling) has nothing
            // to stand on to draw.
            continue;
        }
        if polygons.is_empty() {
            let (a, b) = (project(area.mins), project(area.maxs));
            let _ = writeln!(
                svg,
                r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{fill}" fill-opacity="0.35" stroke="#555" stroke-width="0.5" stroke-dasharray="2,2"><title>area {}</title></rect>"##,
                a.x.min(b.x),
                a.y.min(b.y),
                (b.x - a.x).abs(),
                (b.y - a.y).abs(),
                index + 1
            );
            continue;
        }
        for polygon in polygons {
            let points: Vec<String> = polygon
                .iter()
                .map(|&p| {
                    let q = project(p);
                    format!("{:.1},{:.1}", q.x, q.y)
                })
                .collect();
            let _ = writeln!(
                svg,
                r##"<polygon points="{}" fill="{fill}" stroke="#333" stroke-width="0.5"><title>area {}</title></polygon>"##,
                points.join(" "),
                index + 1
            );
        }
    }
    for (row, (fill, label)) in legend.iter().enumerate() {
        let y = MARGIN + 18.0 * row as f32;
        let _ = writeln!(
            svg,
            r##"<rect x="{MARGIN}" y="{y}" width="12" height="12" fill="{fill}" stroke="#333"/><text x="{}" y="{}" font-family="sans-serif" font-size="12">{label}</text>"##,
            MARGIN + 16.0,
            y + 10.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}
