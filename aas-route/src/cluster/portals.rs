//! Portal candidates: the map-authored `CLUSTERPORTAL` areas and the automatically detected
//! door openings, windows and corridor necks (thesis §6.5).
//!
//! **Automatic rule (local separation).** A routable area `A` with between 2 and
//! [`max_candidate_neighbours`](super::ClusterSettings::max_candidate_neighbours) neighbours
//! (faces and reachabilities, both directions) is a candidate when, in the ball of areas
//! within [`local_radius`](super::ClusterSettings::local_radius) steps of `A` with `A`
//! removed, its neighbours fall into **exactly two** groups that do not reach each other.
//! A door opening or a window joins two rooms that, near it, meet nowhere else; an area in
//! the middle of a room does not separate anything. Three or more groups (a junction) would
//! make a portal between three clusters, which is not allowed, so such areas are skipped.
//!
//! **Selection.** Candidates are ranked by fewest neighbours (the narrowest opening first),
//! then by the larger smaller side (a neck between two sizeable parts before one that cuts
//! off a dead end), then by area index. Authored portals are always taken; an automatic
//! candidate is taken when none of its neighbours was taken before it, so automatic portals
//! never touch another portal.

use super::ClusterSettings;
use super::adjacency::Adjacency;

/// Breadth-first scratch space reused across areas: a per-area stamp and value.
struct Scratch {
    /// The search a slot's value belongs to.
    stamp: Vec<u32>,
    /// The slot's value (a distance, then a group).
    value: Vec<u32>,
    /// The current search.
    current: u32,
}

impl Scratch {
    fn new(count: usize) -> Self {
        Self {
            stamp: vec![0; count],
            value: vec![0; count],
            current: 0,
        }
    }

    fn next(&mut self) {
        self.current += 1;
    }

    fn get(&self, index: usize) -> Option<u32> {
        (self.stamp[index] == self.current).then(|| self.value[index])
    }

    fn set(&mut self, index: usize, value: u32) {
        self.stamp[index] = self.current;
        self.value[index] = value;
    }
}

/// The sizes of the groups `area`'s neighbours fall into within `radius` steps once `area`
/// is removed, or `None` when there are not exactly two.
fn local_sides(
    adjacency: &Adjacency,
    area: usize,
    radius: u32,
    ball: &mut Scratch,
    group: &mut Scratch,
) -> Option<[usize; 2]> {
    // The ball: every area within `radius` steps of `area` (distance in `ball`).
    ball.next();
    ball.set(area, 0);
    let mut queue = vec![area];
    let mut head = 0;
    while let Some(&at) = queue.get(head) {
        head += 1;
        let distance = ball.get(at).unwrap_or(0);
        if distance == radius {
            continue;
        }
        for &next in adjacency.of_area(at) {
            let next = next as usize;
            if ball.get(next).is_none() {
                ball.set(next, distance + 1);
                queue.push(next);
            }
        }
    }
    // Groups of the ball without `area`, grown from each neighbour in turn.
    group.next();
    group.set(area, u32::MAX);
    let mut sizes: Vec<usize> = Vec::new();
    for &start in adjacency.of_area(area) {
        let start = start as usize;
        if group.get(start).is_some() {
            continue;
        }
        if sizes.len() == 2 {
            return None;
        }
        let label = u32::try_from(sizes.len()).unwrap_or(u32::MAX);
        group.set(start, label);
        let mut stack = vec![start];
        let mut size = 0;
        while let Some(at) = stack.pop() {
            size += 1;
            for &next in adjacency.of_area(at) {
                let next = next as usize;
                if ball.get(next).is_some() && group.get(next).is_none() {
                    group.set(next, label);
                    stack.push(next);
                }
            }
        }
        sizes.push(size);
    }
    match sizes.as_slice() {
        [a, b] => Some([*a, *b]),
        _ => None,
    }
}

/// The automatic candidates of `adjacency`, best first (see the module docs), leaving out
/// the areas in `exclude`.
pub(crate) fn automatic_candidates(
    adjacency: &Adjacency,
    settings: &ClusterSettings,
    exclude: &[bool],
) -> Vec<u32> {
    let count = adjacency.neighbours.len();
    let mut ball = Scratch::new(count);
    let mut group = Scratch::new(count);
    let mut ranked: Vec<(usize, std::cmp::Reverse<usize>, u32)> = Vec::new();
    for area in 0..count {
        let degree = adjacency.of_area(area).len();
        if !adjacency.routable[area]
            || exclude.get(area).copied().unwrap_or(false)
            || degree < 2
            || degree > settings.max_candidate_neighbours
        {
            continue;
        }
        if let Some([a, b]) = local_sides(
            adjacency,
            area,
            settings.local_radius.max(1),
            &mut ball,
            &mut group,
        ) {
            let index = u32::try_from(area).unwrap_or(u32::MAX);
            ranked.push((degree, std::cmp::Reverse(a.min(b)), index));
        }
    }
    ranked.sort_unstable();
    ranked.into_iter().map(|(_, _, area)| area).collect()
}

/// The initial portal set: every authored portal, then the automatic candidates (best
/// first) that touch no portal taken before them.
pub(crate) fn select_portals(
    adjacency: &Adjacency,
    authored: &[bool],
    narrow: &[bool],
    settings: &ClusterSettings,
) -> Vec<bool> {
    let mut portal: Vec<bool> = authored
        .iter()
        .zip(&adjacency.routable)
        .map(|(&a, &r)| a && r)
        .collect();
    if !settings.automatic_portals {
        return portal;
    }
    for area in automatic_candidates(adjacency, settings, &portal) {
        let area = area as usize;
        if narrow[area] && adjacency.of_area(area).iter().all(|&n| !portal[n as usize]) {
            portal[area] = true;
        }
    }
    portal
}
