//! [`TravelTypeCounts`]: counts of reachabilities by travel type.

use aas_types::{TRAVEL_TYPE_COUNT, TravelType};

/// Reachability counts by travel type (see [`super::AasFile::reachability_counts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TravelTypeCounts {
    /// Count per type, indexed by `value - 1` (in [`TravelType::ALL`] order).
    pub by_type: [usize; TRAVEL_TYPE_COUNT],
    /// Reachabilities whose type is none of the 19 known values.
    pub unknown: usize,
}

impl TravelTypeCounts {
    /// The count of one type.
    #[must_use]
    pub fn get(&self, travel_type: TravelType) -> usize {
        self.by_type
            .get(travel_type.position())
            .copied()
            .unwrap_or(0)
    }

    /// Adds one reachability whose stored `traveltype` is `raw`.
    pub fn add_raw(&mut self, raw: i32) {
        let slot = TravelType::from_raw(raw).and_then(|t| self.by_type.get_mut(t.position()));
        match slot {
            Some(count) => *count += 1,
            None => self.unknown += 1,
        }
    }

    /// `(type, count)` for every type, in value order (zero counts included).
    pub fn iter(&self) -> impl Iterator<Item = (TravelType, usize)> + '_ {
        TravelType::ALL
            .into_iter()
            .zip(self.by_type.iter().copied())
    }

    /// Sum of all counts, unknown types included.
    #[must_use]
    pub fn total(&self) -> usize {
        self.by_type.iter().sum::<usize>() + self.unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        let mut counts = TravelTypeCounts::default();
        for raw in [2, 2, (2 << 24) | 5, 0, 99, -1] {
            counts.add_raw(raw);
        }
        assert_eq!(counts.get(TravelType::Walk), 2);
        assert_eq!(counts.get(TravelType::Jump), 1);
        assert_eq!(counts.unknown, 3);
        assert_eq!(counts.total(), 6);
        assert_eq!(counts.iter().count(), TRAVEL_TYPE_COUNT);
    }
}
