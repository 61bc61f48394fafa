//! Goal caches: for one cluster `C` with portals, one goal area `G` routed in `C` and one set
//! of travel flags, the exact time `T*(r)` from the start point of every local state `r` of
//! `C` to entering `G` — routes that leave `C` through a portal and come back included:
//!
//! `T*(r) = min(T_{C,G}(r), min over portals P of C of T_{C,P}(r) + U_G(P))`,
//!
//! `T_{C,X}` being `C`'s area cache for goal `X` and `U_G` the portal cache of `G`. This is
//! exactly the least a query from `C` to `G` takes over the in-cluster route and every portal
//! route, precomputed per local state, so a warm same-cluster query is one look-up per
//! reachability leaving the start instead of a scan of the cluster's portals.
//!
//! A sum of at least `u16::MAX` is stored as `u16::MAX` (unreachable): an answer adds its
//! start crossing to it, and the cost model counts a time of `u16::MAX` or more unreachable
//! ([`CostModel::answer_time`](crate::cost::CostModel::answer_time)).

/// Lowers `times` (initially the in-cluster area cache `T_{C,G}`) with the route through one
/// portal: `through[r] + onward` per local state `r`, `through` being the area cache of the
/// portal's area and `onward` its portal-cache time `U_G(P)`.
pub(super) fn lower_through_portal(times: &mut [u16], through: &[u16], onward: u16) {
    if onward == u16::MAX {
        return;
    }
    for (time, &to_portal) in times.iter_mut().zip(through) {
        if to_portal == u16::MAX {
            continue;
        }
        let candidate = u32::from(to_portal) + u32::from(onward);
        if candidate < u32::from(*time) {
            // `candidate < *time <= u16::MAX` here.
            *time = u16::try_from(candidate).unwrap_or(u16::MAX);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::lower_through_portal;

    #[test]
    fn keeps_the_least_of_the_in_cluster_and_the_portal_route() {
        let mut times = vec![10, u16::MAX, 7, u16::MAX, 40];
        let through = [3, 5, u16::MAX, u16::MAX, 30];
        lower_through_portal(&mut times, &through, 6);
        assert_eq!(times, vec![9, 11, 7, u16::MAX, 36]);
    }

    #[test]
    fn an_unreachable_portal_or_a_sum_past_the_range_changes_nothing() {
        let mut times = vec![10, u16::MAX];
        lower_through_portal(&mut times, &[1, 1], u16::MAX);
        assert_eq!(times, vec![10, u16::MAX]);
        lower_through_portal(&mut times, &[1, u16::MAX - 5], 10);
        assert_eq!(times, vec![10, u16::MAX]);
    }
}
