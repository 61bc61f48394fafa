//! Reachability counts by travel type as a JSON object: the `"reach_by_type"` of `aas info` and
//! `aas compile`, and the `"ours_reach_by_type"` / `"ref_reach_by_type"` of `aas compare`.

use aas_geom::format::aas_q3::TravelTypeCounts;
use aas_geom::world::{AasWorld, TravelType};
use serde_json::{Map, Value};

/// The counts of every reachability of `world` by travel type.
///
/// A world has no dummy record, so this equals
/// [`AasFile::reachability_counts`](aas_geom::format::aas_q3::AasFile::reachability_counts) of
/// the world's Quake III file.
pub(super) fn world_counts(world: &AasWorld) -> TravelTypeCounts {
    let mut counts = TravelTypeCounts::default();
    for reach in &world.reachabilities {
        counts.add_raw(reach.travel.to_raw());
    }
    counts
}

/// `counts` as `{name: count}`: every type in value order under its lower-case
/// [`TravelType::name`], except `invalid`, which appears (after the others) only when counted,
/// followed by `unknown` for types outside 1..=19 when there are any.
pub(super) fn reach_by_type(counts: &TravelTypeCounts) -> Map<String, Value> {
    let mut by_type: Map<String, Value> = TravelType::ALL
        .into_iter()
        .filter(|&travel_type| travel_type != TravelType::Invalid)
        .map(|travel_type| {
            (
                travel_type.name().to_owned(),
                Value::from(counts.get(travel_type)),
            )
        })
        .collect();
    if counts.get(TravelType::Invalid) > 0 {
        by_type.insert(
            "invalid".to_owned(),
            Value::from(counts.get(TravelType::Invalid)),
        );
    }
    if counts.unknown > 0 {
        by_type.insert("unknown".to_owned(), Value::from(counts.unknown));
    }
    by_type
}

/// Two [`reach_by_type`] objects side by side for the text report: `{name: "OURS REF"}` with
/// both counts right-aligned, in the order of `ours` followed by names only `reference` has
/// (a missing count is 0).
pub(super) fn side_by_side(
    ours: &Map<String, Value>,
    reference: &Map<String, Value>,
) -> Map<String, Value> {
    let count =
        |map: &Map<String, Value>, name: &str| map.get(name).map_or(0, |v| v.as_u64().unwrap_or(0));
    let names = ours
        .keys()
        .chain(reference.keys().filter(|name| !ours.contains_key(*name)));
    names
        .map(|name| {
            let line = format!("{:>6} {:>6}", count(ours, name), count(reference, name));
            (name.clone(), Value::from(line))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_value_order_with_invalid_and_unknown_only_when_present() {
        let mut counts = TravelTypeCounts::default();
        for raw in [2, 2, 12, (1 << 24) | 5] {
            counts.add_raw(raw);
        }
        let map = reach_by_type(&counts);
        assert_eq!(map.len(), 18);
        assert_eq!(map.keys().next().map(String::as_str), Some("walk"));
        assert_eq!(map["walk"], 2);
        assert_eq!(map["rocketjump"], 1);
        assert_eq!(map["jump"], 1);
        counts.add_raw(1);
        counts.add_raw(99);
        let map = reach_by_type(&counts);
        let tail: Vec<&str> = map.keys().skip(18).map(String::as_str).collect();
        assert_eq!(tail, ["invalid", "unknown"]);
    }

    #[test]
    fn side_by_side_keeps_both_counts() {
        let mut ours = TravelTypeCounts::default();
        ours.add_raw(2);
        let mut reference = TravelTypeCounts::default();
        reference.add_raw(99);
        let map = side_by_side(&reach_by_type(&ours), &reach_by_type(&reference));
        assert_eq!(map["walk"], "     1      0");
        assert_eq!(map["unknown"], "     0      1");
        assert_eq!(map.len(), 19);
    }
}
