//! The areas layer: each area's ground faces seen from above, filled by what the area is (or
//! by its cluster, see [`super::clusters`]), to spot holes and bad splits by eye.

use std::fmt::Write as _;

use aas_geom::world::{AasWorld, Area};
use aas_geom::world::{AreaContents, AreaFlags, FaceFlags, PresenceType};
use glam::Vec3;

use super::Scene;
use super::canvas::points_attribute;
use super::legend::{Entry, Swatch};

/// The area kinds in legend order: fill colour and label.
pub(crate) const KINDS: [(&str, &str); 11] = [
    ("#a3c9a8", "grounded"),
    ("#eeeeee", "in the air"),
    ("#d2b48c", "crouch only"),
    ("#3b82c4", "water"),
    ("#7ac943", "slime"),
    ("#d9381e", "lava"),
    ("#9b59b6", "teleporter"),
    ("#f39c12", "jump pad"),
    ("#95a5a6", "mover"),
    ("#f1c40f", "cluster portal"),
    ("#7b241c", "do not enter"),
];

/// The kind of an area (a position in [`KINDS`]), by its most telling property.
pub(crate) fn kind(area: &Area) -> usize {
    let c = area.contents;
    if c.contains(AreaContents::LAVA) {
        5
    } else if c.contains(AreaContents::SLIME) {
        4
    } else if c.contains(AreaContents::WATER) {
        3
    } else if c.contains(AreaContents::TELEPORTER) {
        6
    } else if c.contains(AreaContents::JUMPPAD) {
        7
    } else if c.contains(AreaContents::DONOTENTER) {
        10
    } else if c.contains(AreaContents::CLUSTERPORTAL) {
        9
    } else if c.contains(AreaContents::MOVER) {
        8
    } else if !area.presence.contains(PresenceType::NORMAL) {
        2
    } else if area.flags.contains(AreaFlags::GROUNDED) {
        0
    } else {
        1
    }
}

/// How an area is drawn.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Shape {
    /// Its ground faces.
    Ground(Vec<Vec<Vec3>>),
    /// Its bounding rectangle, dashed: the file keeps no faces at all (`bspc -optimize`).
    Bounds,
    /// Nothing: it has no ground to stand on (in the air, or in water above the floor).
    Nothing,
}

/// The shape of `area` (a world without any faces draws every area as its bounds).
pub(crate) fn shape(world: &AasWorld, area: &Area) -> Shape {
    if world.faces.is_empty() {
        return Shape::Bounds;
    }
    let polygons = ground_polygons(world, area);
    if polygons.is_empty() {
        Shape::Nothing
    } else {
        Shape::Ground(polygons)
    }
}

/// The height of an area's ground: the lowest corner of its ground faces, else the bottom of
/// its bounds. Heights are the `.aas` file's, which place the player's origin (24 units above
/// the floor for a standing player), not the floor itself.
pub(crate) fn ground_height(area: &Area, shape: &Shape) -> f32 {
    match shape {
        Shape::Ground(polygons) => polygons
            .iter()
            .flatten()
            .map(|p| p.z)
            .fold(f32::INFINITY, f32::min),
        Shape::Bounds | Shape::Nothing => area.mins.z,
    }
}

/// The ground-face polygons of `area`.
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

/// Each area's fill by what it is, and the legend entries of the kinds among the areas
/// `drawn`, in legend order (faint when the areas are drawn as their bounds).
pub(super) fn content_fills(
    world: &AasWorld,
    drawn: &[bool],
    faint: bool,
) -> (Vec<String>, Vec<Entry>) {
    let mut used = [false; KINDS.len()];
    let fills = world
        .areas
        .iter()
        .zip(drawn)
        .map(|(area, &drawn)| {
            let kind = kind(area);
            used[kind] |= drawn;
            KINDS[kind].0.to_owned()
        })
        .collect();
    let legend = KINDS
        .iter()
        .zip(used)
        .filter(|(_, used)| *used)
        .map(|(&(fill, label), _)| Entry::new(Swatch::fill(fill, faint), label))
        .collect();
    (fills, legend)
}

/// Draws the shown areas, lower ones first so that upper floors stay on top, each polygon
/// with its area's number as its title (`<title>area N</title>`, the file's 1-based number).
/// Areas outside the focus (around a neighbourhood) are drawn faded.
pub(super) fn draw(svg: &mut String, scene: &Scene<'_>, fills: &[String]) {
    svg.push_str("<g id=\"areas\">\n");
    for &index in &scene.order {
        let (Some(area), Some(fill)) = (scene.world.areas.get(index), fills.get(index)) else {
            continue;
        };
        let number = index + 1;
        let fade = if scene.focus[index] {
            ""
        } else {
            r#" opacity="0.4""#
        };
        match &scene.shapes[index] {
            Shape::Nothing => {}
            Shape::Bounds => {
                let (a, b) = (
                    scene.canvas.project(area.mins),
                    scene.canvas.project(area.maxs),
                );
                let _ = writeln!(
                    svg,
                    r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{fill}" fill-opacity="0.35" stroke="#555" stroke-width="0.5" stroke-dasharray="2,2"{fade}><title>area {number}</title></rect>"##,
                    a.x.min(b.x),
                    a.y.min(b.y),
                    (b.x - a.x).abs(),
                    (b.y - a.y).abs(),
                );
            }
            Shape::Ground(polygons) => {
                for polygon in polygons {
                    let points = points_attribute(polygon.iter().map(|&p| scene.canvas.project(p)));
                    let _ = writeln!(
                        svg,
                        r##"<polygon points="{points}" fill="{fill}" stroke="#333" stroke-width="0.5"{fade}><title>area {number}</title></polygon>"##,
                    );
                }
            }
        }
    }
    svg.push_str("</g>\n");
}

/// Outlines the area `index` (its ground faces, or its bounds), `stroke` (the stroke's
/// attributes) added to each element.
pub(super) fn outline(svg: &mut String, scene: &Scene<'_>, index: usize, stroke: &str) {
    let Some(area) = scene.world.areas.get(index) else {
        return;
    };
    match &scene.shapes[index] {
        Shape::Ground(polygons) => {
            for polygon in polygons {
                let points = points_attribute(polygon.iter().map(|&p| scene.canvas.project(p)));
                let _ = writeln!(svg, r#"<polygon points="{points}" fill="none" {stroke}/>"#);
            }
        }
        Shape::Bounds | Shape::Nothing => {
            let (a, b) = (
                scene.canvas.project(area.mins),
                scene.canvas.project(area.maxs),
            );
            let _ = writeln!(
                svg,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" {stroke}/>"#,
                a.x.min(b.x),
                a.y.min(b.y),
                (b.x - a.x).abs(),
                (b.y - a.y).abs(),
            );
        }
    }
}
