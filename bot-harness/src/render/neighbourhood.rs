//! The neighbourhood view (`--area N --radius R`): which areas lie within R reachability hops
//! of area N, the part of the map they cover, and the highlight and number labels drawn over
//! them.

use std::collections::VecDeque;
use std::fmt::Write as _;

use aas_geom::world::{AasWorld, AreaId};
use glam::Vec2;

use super::Scene;
use super::areas::outline;
use super::canvas::FONT;
use super::legend::{Entry, Swatch};

/// World units shown around the neighbourhood's areas.
const PAD: f32 = 48.0;
/// The smallest width and height of the part shown, world units.
const MIN_SIZE: f32 = 256.0;
/// The highlight of the focus area.
const HIGHLIGHT: &str = "#e00000";

/// Per area: whether it lies within `radius` hops of `center`, a hop being a reachability
/// either way (into the area or out of it), so that areas that only lead into the centre count
/// too.
///
/// # Complexity
/// `O(A + R)` for `A` areas and `R` reachabilities.
pub(super) fn within_hops(world: &AasWorld, center: AreaId, radius: u32) -> Vec<bool> {
    let n = world.areas.len();
    // Undirected adjacency: out-links from the file, in-links gathered once.
    let mut incoming: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (index, area) in world.areas.iter().enumerate() {
        let reaches = world
            .reachabilities
            .get(area.reachabilities.start as usize..area.reachabilities.end as usize)
            .unwrap_or(&[]);
        for reach in reaches {
            if let Some(list) = incoming.get_mut(reach.target.index()) {
                list.push(index);
            }
        }
    }
    let mut hops = vec![u32::MAX; n];
    let mut queue = VecDeque::new();
    if let Some(h) = hops.get_mut(center.index()) {
        *h = 0;
        queue.push_back(center.index());
    }
    while let Some(area) = queue.pop_front() {
        let next = hops[area] + 1;
        if next > radius {
            continue;
        }
        let outgoing = world
            .areas
            .get(area)
            .and_then(|a| {
                world
                    .reachabilities
                    .get(a.reachabilities.start as usize..a.reachabilities.end as usize)
            })
            .unwrap_or(&[])
            .iter()
            .map(|r| r.target.index());
        for neighbour in outgoing.chain(incoming[area].iter().copied()) {
            if let Some(h) = hops.get_mut(neighbour)
                && *h == u32::MAX
            {
                *h = next;
                queue.push_back(neighbour);
            }
        }
    }
    hops.into_iter().map(|h| h <= radius).collect()
}

/// The part of the map to show around the areas `members`: their bounds (x and y) with some
/// room around, at least [`MIN_SIZE`] each way, and widened to no taller than 4:3 so that the
/// picture stays a page.
pub(super) fn view(world: &AasWorld, members: &[bool]) -> (Vec2, Vec2) {
    let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
    for (area, _) in world.areas.iter().zip(members).filter(|(_, m)| **m) {
        lo = lo.min(area.mins.truncate());
        hi = hi.max(area.maxs.truncate());
    }
    let (lo, hi) = (lo - PAD, hi + PAD);
    let middle = (lo + hi) / 2.0;
    let mut half = ((hi - lo) / 2.0).max(Vec2::splat(MIN_SIZE / 2.0));
    half.x = half.x.max(half.y * 0.75);
    (middle - half, middle + half)
}

/// Outlines the focus area `center` and writes the number of every focus area (`class="label"`)
/// at its centre, the centre's in bold red. Returns the legend entries.
pub(super) fn draw(svg: &mut String, scene: &Scene<'_>, center: AreaId, radius: u32) -> Vec<Entry> {
    svg.push_str("<g id=\"neighbourhood\">\n");
    let stroke =
        format!(r#"id="focus" stroke="{HIGHLIGHT}" stroke-width="3" stroke-linejoin="round""#);
    outline(svg, scene, center.index(), &stroke);
    let mut labelled = 0;
    for (index, area) in scene.world.areas.iter().enumerate() {
        if !scene.focus[index] {
            continue;
        }
        let c = scene.canvas.project(area.center);
        let (fill, weight, size) = if index == center.index() {
            (HIGHLIGHT, "bold", 17)
        } else {
            ("#111", "bold", 13)
        };
        let _ = writeln!(
            svg,
            r##"<text class="label" x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="{size}" font-weight="{weight}" text-anchor="middle" fill="{fill}" stroke="#fff" stroke-width="3" paint-order="stroke">{}</text>"##,
            c.x,
            c.y + 4.0,
            index + 1
        );
        labelled += 1;
    }
    svg.push_str("</g>\n");
    let hops = if radius == 1 { "hop" } else { "hops" };
    vec![
        Entry::new(
            Swatch::Outline {
                fill: "none".to_owned(),
                stroke: HIGHLIGHT.to_owned(),
                width: 3.0,
            },
            format!("area {}", center.index() + 1),
        ),
        Entry::new(
            Swatch::Fill("#ffffff".to_owned()),
            format!("{labelled} areas within {radius} {hops} (numbered)"),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use aas_geom::world::{AasWorld, Area, AreaId, ReachDetail, Reachability, Travel, TravelType};
    use glam::{Vec2, Vec3};

    use super::{view, within_hops};

    /// Areas 0 → 1 → 2 → 3 in a row, 3 → 4 one way, and 5 alone; area i spans x 100i..100i+64.
    fn chain() -> AasWorld {
        let links: [&[u32]; 6] = [&[1], &[0, 2], &[1, 3], &[2, 4], &[], &[]];
        let mut world = AasWorld::default();
        for (i, targets) in links.iter().enumerate() {
            let start = u32::try_from(world.reachabilities.len()).unwrap();
            for &t in *targets {
                world.reachabilities.push(Reachability {
                    target: AreaId(t),
                    detail: ReachDetail::NONE,
                    start: Vec3::ZERO,
                    end: Vec3::ZERO,
                    travel: Travel::new(TravelType::Walk),
                    travel_time: 10,
                });
            }
            let x = 100.0 * i as f32;
            world.areas.push(Area {
                faces: 0..0,
                mins: Vec3::new(x, 0.0, 0.0),
                maxs: Vec3::new(x + 64.0, 64.0, 64.0),
                center: Vec3::new(x + 32.0, 32.0, 32.0),
                contents: Default::default(),
                flags: Default::default(),
                presence: Default::default(),
                cluster: aas_geom::world::ClusterMembership::None,
                cluster_area_num: 0,
                reachabilities: start..u32::try_from(world.reachabilities.len()).unwrap(),
            });
        }
        world
    }

    #[test]
    fn hops_follow_reachabilities_both_ways() {
        let world = chain();
        assert_eq!(
            within_hops(&world, AreaId(2), 0),
            [false, false, true, false, false, false]
        );
        assert_eq!(
            within_hops(&world, AreaId(2), 1),
            [false, true, true, true, false, false]
        );
        // Area 4 only leads nowhere, but 3 leads into it; and into 4 counts from 4's side.
        assert_eq!(
            within_hops(&world, AreaId(4), 2),
            [false, false, true, true, true, false]
        );
        assert!(within_hops(&world, AreaId(5), 9)[5]);
        assert_eq!(
            within_hops(&world, AreaId(5), 9)
                .iter()
                .filter(|m| **m)
                .count(),
            1
        );
    }

    #[test]
    fn view_pads_the_members_bounds() {
        let world = chain();
        let members = within_hops(&world, AreaId(1), 1);
        let (lo, hi) = view(&world, &members);
        assert_eq!(lo, Vec2::new(-48.0, -96.0));
        assert_eq!(hi, Vec2::new(312.0, 160.0));
        // A column of areas is widened to 3:4.
        let mut tall = chain();
        tall.areas[1].maxs.y = 1000.0;
        let (lo, hi) = view(&tall, &within_hops(&tall, AreaId(1), 0));
        assert_eq!(hi - lo, Vec2::new(822.0, 1096.0));
        let one = within_hops(&world, AreaId(5), 0);
        let (lo, hi) = view(&world, &one);
        assert_eq!((lo + hi) / 2.0, Vec2::new(532.0, 32.0));
        assert_eq!(hi - lo, Vec2::splat(256.0));
    }
}
