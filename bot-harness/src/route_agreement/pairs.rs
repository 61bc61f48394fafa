//! [`sample_pairs`]: a fixed, evenly spread sample of the ordered pairs of distinct points.

/// The ordered pairs `(i, j)`, `i ≠ j`, of `n` points, at most `cap` of them.
///
/// The `n(n − 1)` candidates are numbered row by row: number `k` is
/// `(i, j) = (k / (n − 1), j')` with `j' = k % (n − 1)`, and `j = j' + 1` when `j' ≥ i` (so the
/// diagonal is skipped). When there are at most `cap` candidates all are returned in that order.
/// Otherwise the sample is an even stride: pair number `m` of the sample, `0 ≤ m < cap`, is
/// candidate `⌊m · n(n − 1) / cap⌋`. The numbers strictly increase, so the pairs are distinct,
/// and the sample depends only on `n` and `cap`.
///
/// # Complexity
/// `O(min(cap, n²))` time and output.
pub(super) fn sample_pairs(n: usize, cap: usize) -> Vec<(usize, usize)> {
    let total = u128::from(candidate_pairs(n));
    let cap = cap as u128;
    let row = n.saturating_sub(1) as u128;
    let pair = |k: u128| {
        // Both parts are below n, which is a usize.
        let i = (k / row) as usize;
        let j = (k % row) as usize;
        (i, if j >= i { j + 1 } else { j })
    };
    if total <= cap {
        (0..total).map(pair).collect()
    } else {
        (0..cap).map(|m| pair(m * total / cap)).collect()
    }
}

/// The number of ordered pairs of distinct points among `n`: `n(n − 1)` (saturating; no
/// caller has 2³² points).
pub(super) fn candidate_pairs(n: usize) -> u64 {
    let n = n as u64;
    n.saturating_mul(n.saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn all_pairs_when_few() {
        assert_eq!(
            sample_pairs(3, 3000),
            [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
        );
        assert!(sample_pairs(0, 3000).is_empty());
        assert!(sample_pairs(1, 3000).is_empty());
        assert_eq!(sample_pairs(55, 3000).len(), 55 * 54, "2970 ≤ 3000: all");
    }

    #[test]
    fn capped_evenly_and_deterministically() {
        let sample = sample_pairs(56, 3000);
        assert_eq!(candidate_pairs(56), 3080);
        assert_eq!(sample.len(), 3000);
        assert_eq!(sample, sample_pairs(56, 3000));
        let distinct: BTreeSet<_> = sample.iter().copied().collect();
        assert_eq!(distinct.len(), 3000);
        assert!(sample.iter().all(|&(i, j)| i != j && i < 56 && j < 56));
        // Every start point keeps nearly all of its 55 goals.
        for start in 0..56 {
            let goals = sample.iter().filter(|&&(i, _)| i == start).count();
            assert!((53..=55).contains(&goals), "{start}: {goals}");
        }
        assert_eq!(sample[0], (0, 1));
        // m = 2999 → candidate ⌊2999 · 3080 / 3000⌋ = 3078 of 0..3080.
        assert_eq!(sample[2999], (55, 53));
    }

    #[test]
    fn many_points_spread_over_every_start() {
        let sample = sample_pairs(1000, 3000);
        assert_eq!(sample.len(), 3000);
        let starts: BTreeSet<usize> = sample.iter().map(|&(i, _)| i).collect();
        assert_eq!(starts.len(), 1000, "three goals per start");
        assert!(sample.iter().all(|&(i, j)| i != j));
    }
}
