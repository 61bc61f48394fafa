//! [`MissingLinks`]: why pairs that REF routes are unroutable in OURS (the `"unroutable"`
//! object of `"route_agreement"`).
//!
//! For each such pair, REF's quickest route is walked from the start: the first of its
//! reachabilities whose end point lies outside the region OURS reaches from the start (the
//! areas OURS routes to, with the end point placed in OURS as the caller places points) is the
//! *exit*: the link OURS lacks, or has elsewhere. Exits are counted by REF travel type and
//! listed by reachability, most pairs first, so that a missing jump pad or teleporter shows up
//! as one line with its start and end points. A pair whose start or goal OURS cannot place is
//! counted apart, as is a pair whose REF route never leaves the region (the goal's OURS area
//! is then not the one REF's route ends in).

use std::collections::BTreeMap;

use aas_geom::world::Travel;
use aas_geom::world::{AasWorld, AreaId};
use glam::Vec3;
use serde::Serialize;

/// At most this many exits are listed.
const LISTED_EXITS: usize = 20;

/// One REF reachability that leaves the region OURS reaches, with the pairs it explains.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Exit {
    /// Its travel type (the name `aas info` uses).
    pub travel_type: String,
    /// Its source area in REF, numbered as in the `.aas` file (the dummy is area 0).
    pub ref_area: u32,
    /// Its target area in REF, numbered as in the file.
    pub ref_target: u32,
    /// Its start point.
    pub start: [f32; 3],
    /// Its end point.
    pub end: [f32; 3],
    /// Unroutable pairs whose REF route leaves the region through it.
    pub pairs: usize,
}

/// The `"unroutable"` report (field names are a stable contract).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct MissingLinks {
    /// Pairs routable in REF and not in OURS.
    pub pairs: usize,
    /// Of which the start has no area in OURS.
    pub start_unplaced: usize,
    /// Of which the goal has no area in OURS (the start has one).
    pub goal_unplaced: usize,
    /// Of which REF's route never leaves the region OURS reaches.
    pub no_exit: usize,
    /// The other pairs by the REF travel type of their exit.
    pub exit_types: BTreeMap<String, usize>,
    /// The exits explaining most pairs, at most 20, most pairs first.
    pub exits: Vec<Exit>,
    /// Pairs per exit reachability (REF index), before listing.
    #[serde(skip)]
    by_reach: BTreeMap<usize, usize>,
}

impl MissingLinks {
    /// Records one unroutable pair: REF's `route` (reachability indices in travel order),
    /// the per-area travel times of OURS from the start (`None` when OURS cannot place the
    /// start), whether OURS cannot place the goal, and how to place a REF point in OURS.
    pub(crate) fn add(
        &mut self,
        reference: &AasWorld,
        route: &[usize],
        ours_region: Option<&[Option<u64>]>,
        goal_unplaced: bool,
        locate_ours: impl Fn(Vec3) -> Option<AreaId>,
    ) {
        self.pairs += 1;
        let Some(region) = ours_region else {
            self.start_unplaced += 1;
            return;
        };
        if goal_unplaced {
            self.goal_unplaced += 1;
            return;
        }
        let inside = |point: Vec3| {
            locate_ours(point)
                .and_then(|area| region.get(area.index()).copied().flatten())
                .is_some()
        };
        let exit = route.iter().copied().find(|&index| {
            reference
                .reachabilities
                .get(index)
                .is_some_and(|reach| !inside(reach.end))
        });
        match exit {
            Some(index) => *self.by_reach.entry(index).or_default() += 1,
            None => self.no_exit += 1,
        }
    }

    /// The report with the exits of `reference` counted by type and listed.
    pub(crate) fn finish_with(mut self, reference: &AasWorld) -> Self {
        let mut exits: Vec<(usize, usize)> = self
            .by_reach
            .iter()
            .map(|(&index, &pairs)| (index, pairs))
            .collect();
        exits.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let source = source_areas(reference);
        for &(index, pairs) in &exits {
            let reach = &reference.reachabilities[index];
            let name = type_name(reach.travel);
            *self.exit_types.entry(name.clone()).or_default() += pairs;
            if self.exits.len() < LISTED_EXITS {
                self.exits.push(Exit {
                    travel_type: name,
                    ref_area: file_number(source[index]),
                    ref_target: file_number(reach.target),
                    start: reach.start.to_array(),
                    end: reach.end.to_array(),
                    pairs,
                });
            }
        }
        self
    }
}

/// The name `aas info` gives a stored travel type (`"unknown"` outside 1..=19).
fn type_name(travel: Travel) -> String {
    travel
        .kind()
        .map_or_else(|| "unknown".to_owned(), |t| t.name().to_owned())
}

/// An area's number in the `.aas` file (the dummy is 0).
fn file_number(area: AreaId) -> u32 {
    area.0.saturating_add(1)
}

/// The source area of every reachability of `world`.
fn source_areas(world: &AasWorld) -> Vec<AreaId> {
    let mut source = vec![AreaId(0); world.reachabilities.len()];
    for (index, area) in world.areas.iter().enumerate() {
        let id = AreaId::from_index(index);
        for reach in area.reachabilities.clone() {
            if let Some(slot) = source.get_mut(reach as usize) {
                *slot = id;
            }
        }
    }
    source
}
