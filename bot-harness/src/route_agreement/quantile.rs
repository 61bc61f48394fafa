//! [`quantile`]: a quantile of sorted values by linear interpolation between closest ranks.

/// The `q`-quantile (`0 ≤ q ≤ 1`) of `sorted` (ascending): the value at position
/// `q · (len − 1)`, interpolated linearly between its two neighbours. `None` when empty.
pub(super) fn quantile(sorted: &[f64], q: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let position = q.clamp(0.0, 1.0) * last as f64;
    // In 0..=last, so the casts are exact.
    let below = position.floor() as usize;
    let above = position.ceil() as usize;
    let (low, high) = (*sorted.get(below)?, *sorted.get(above)?);
    Some(low + (high - low) * (position - below as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolates_between_ranks() {
        let values = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(quantile(&values, 0.5), Some(3.0));
        assert_eq!(quantile(&values, 0.1), Some(1.4));
        assert_eq!(quantile(&values, 0.9), Some(4.6));
        assert_eq!(quantile(&[1.0, 2.0], 0.5), Some(1.5));
        assert_eq!(quantile(&[7.0], 0.9), Some(7.0));
        assert_eq!(quantile(&[], 0.5), None);
        assert_eq!(quantile(&[1.0; 9], 0.1), Some(1.0));
    }
}
