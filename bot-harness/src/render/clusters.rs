//! The clusters layer: areas tinted by their routing cluster (a deterministic palette of
//! distinct hues), cluster portal areas pale yellow with a thick outline and a diamond marker
//! (`class="portal"`), and each cluster's number on its largest shown area.

use std::fmt::Write as _;

use aas_geom::world::{AasWorld, ClusterMembership};
use glam::Vec3;

use super::Scene;
use super::areas::outline;
use super::canvas::{FONT, escape};
use super::legend::{Entry, Swatch};

/// Fill of a portal area.
pub(crate) const PORTAL_FILL: &str = "#fff3a0";
/// Stroke of a portal area's outline and marker.
const PORTAL_STROKE: &str = "#111111";
/// Fill of an area in no cluster.
pub(crate) const NO_CLUSTER: &str = "#dddddd";

/// The tint of cluster `index` (0-based): hues a golden angle apart, so that clusters with
/// near numbers get far hues; pale, so that arrows stay visible on them.
pub(crate) fn colour(index: usize) -> String {
    const GOLDEN: f64 = 0.618_033_988_749_895;
    #[expect(
        clippy::cast_precision_loss,
        reason = "cluster counts are far below 2^52"
    )]
    let hue = (0.08 + GOLDEN * index as f64).fract();
    // Every third colour a little darker and more saturated, to tell near hues apart.
    let (saturation, lightness) = match index % 3 {
        0 => (0.70, 0.72),
        1 => (0.60, 0.80),
        _ => (0.75, 0.64),
    };
    hsl_hex(hue, saturation, lightness)
}

/// `#rrggbb` of the colour with hue `h`, saturation `s` and lightness `l`, all in 0..=1.
fn hsl_hex(h: f64, s: f64, l: f64) -> String {
    let chroma = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let sector = h * 6.0;
    let x = chroma * (1.0 - (sector % 2.0 - 1.0).abs());
    let (r, g, b) = match sector {
        s if s < 1.0 => (chroma, x, 0.0),
        s if s < 2.0 => (x, chroma, 0.0),
        s if s < 3.0 => (0.0, chroma, x),
        s if s < 4.0 => (0.0, x, chroma),
        s if s < 5.0 => (x, 0.0, chroma),
        _ => (chroma, 0.0, x),
    };
    let m = l - chroma / 2.0;
    let byte = |v: f64| {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "clamped to 0..=255 first"
        )]
        let byte = ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
        byte
    };
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

/// Each area's fill by its cluster, and the legend entries (the palette, portal areas, areas
/// in no cluster) of what is among the areas `drawn` (faint when the areas are drawn as their
/// bounds).
pub(super) fn fills(world: &AasWorld, drawn: &[bool], faint: bool) -> (Vec<String>, Vec<Entry>) {
    let (mut clusters, mut portals, mut loose) = (vec![false; world.clusters.len()], 0, 0);
    let fills = world
        .areas
        .iter()
        .zip(drawn)
        .map(|(area, &shown)| match area.cluster {
            ClusterMembership::Cluster(cluster) => {
                if let Some(used) = clusters.get_mut(cluster.index()) {
                    *used |= shown;
                }
                colour(cluster.index())
            }
            ClusterMembership::Portal(_) => {
                portals += usize::from(shown);
                PORTAL_FILL.to_owned()
            }
            ClusterMembership::None => {
                loose += usize::from(shown);
                NO_CLUSTER.to_owned()
            }
        })
        .collect();
    let used: Vec<usize> = (0..clusters.len()).filter(|&c| clusters[c]).collect();
    let mut legend = Vec::new();
    if !used.is_empty() {
        legend.push(Entry::new(
            Swatch::Palette(used.iter().map(|&c| colour(c)).collect()),
            format!(
                "{} of {} clusters, one tint each",
                used.len(),
                world.clusters.len()
            ),
        ));
    }
    if portals > 0 {
        legend.push(Entry::new(
            Swatch::Outline {
                fill: PORTAL_FILL.to_owned(),
                stroke: PORTAL_STROKE.to_owned(),
                width: 2.0,
            },
            format!("cluster portal area ({portals})"),
        ));
    }
    if loose > 0 {
        legend.push(Entry::new(
            Swatch::fill(NO_CLUSTER, faint),
            format!("in no cluster ({loose})"),
        ));
    }
    (fills, legend)
}

/// Outlines every shown portal area and marks it with a diamond (`class="portal"`, titled
/// with the area and the two clusters it joins), then writes each cluster's number (`C3`) on
/// its largest shown area. Returns the number of portal areas marked.
pub(super) fn draw(svg: &mut String, scene: &Scene<'_>) -> usize {
    let world = scene.world;
    svg.push_str("<g id=\"clusters\">\n");
    let stroke = format!(r#"stroke="{PORTAL_STROKE}" stroke-width="2.2" stroke-linejoin="round""#);
    let mut marked = 0;
    // Per cluster: where its number goes — its largest shown area (by the size of its bounds
    // from above) whose centre no area of another cluster drawn later covers, else its largest:
    // inside the cluster whatever its shape, and on top on a map of several floors.
    let mut largest: Vec<Option<(bool, f32, Vec3)>> = vec![None; world.clusters.len()];
    for (position, &index) in scene.order.iter().enumerate() {
        let area = &world.areas[index];
        match area.cluster {
            ClusterMembership::Cluster(cluster) => {
                let size = (area.maxs - area.mins).truncate();
                let size = size.x * size.y;
                let seen = !covered(scene, position, cluster.index());
                if let Some(best) = largest.get_mut(cluster.index())
                    && best.is_none_or(|(s, z, _)| (seen, size) > (s, z))
                {
                    *best = Some((seen, size, area.center));
                }
            }
            ClusterMembership::Portal(portal) => {
                outline(svg, scene, index, &stroke);
                let joins = world
                    .portals
                    .get(portal.index())
                    .map_or_else(String::new, |p| {
                        format!(
                            " between clusters {} and {}",
                            p.front.index() + 1,
                            p.back.index() + 1
                        )
                    });
                let c = scene.canvas.project(area.center);
                let _ = writeln!(
                    svg,
                    r#"<path class="portal" d="M{:.1},{:.1} l5,5 l-5,5 l-5,-5 Z" fill="{PORTAL_STROKE}" stroke="{PORTAL_FILL}" stroke-width="1"><title>{}</title></path>"#,
                    c.x,
                    c.y - 5.0,
                    escape(&format!("portal area {}{joins}", index + 1))
                );
                marked += 1;
            }
            ClusterMembership::None => {}
        }
    }
    for (cluster, best) in largest.iter().enumerate() {
        let Some((_, _, center)) = best else {
            continue;
        };
        let c = scene.canvas.project(*center);
        let _ = writeln!(
            svg,
            r##"<text class="cluster" x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="15" font-weight="bold" text-anchor="middle" fill="#222" stroke="#fff" stroke-width="3" paint-order="stroke">C{}</text>"##,
            c.x,
            c.y + 5.0,
            cluster + 1
        );
    }
    svg.push_str("</g>\n");
    marked
}

/// Whether an area drawn after the one at `position` of the drawing order, and in another
/// cluster than `cluster`, covers its centre (by its bounds from above).
fn covered(scene: &Scene<'_>, position: usize, cluster: usize) -> bool {
    let world = scene.world;
    let center = world.areas[scene.order[position]].center;
    scene.order[position + 1..].iter().any(|&later| {
        let area = &world.areas[later];
        let other = match area.cluster {
            ClusterMembership::Cluster(c) => c.index() != cluster,
            ClusterMembership::Portal(_) | ClusterMembership::None => true,
        };
        other
            && scene.shapes[later] != super::areas::Shape::Nothing
            && (area.mins.x..=area.maxs.x).contains(&center.x)
            && (area.mins.y..=area.maxs.y).contains(&center.y)
    })
}

#[cfg(test)]
mod tests {
    use super::{colour, hsl_hex};

    #[test]
    fn palette_is_distinct_and_stable() {
        assert_eq!(hsl_hex(0.0, 1.0, 0.5), "#ff0000");
        assert_eq!(hsl_hex(1.0 / 3.0, 1.0, 0.5), "#00ff00");
        assert_eq!(hsl_hex(0.5, 0.0, 1.0), "#ffffff");
        let colours: Vec<String> = (0..40).map(colour).collect();
        for (i, a) in colours.iter().enumerate() {
            assert_eq!(*a, colour(i), "deterministic");
            for b in &colours[..i] {
                assert_ne!(a, b, "distinct");
            }
        }
    }
}
