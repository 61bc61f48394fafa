//! [`tdm_orders`]: team deathmatch groups that go together (botlib-reference §13.4, thesis
//! §17.2): with 3 teammates one pair, with 4 two pairs, with 5 a pair and a trio, with 6 or
//! more pairs (an odd one out stays alone). The first of a group leads it; the others are told
//! to accompany it.

use bot_interface::{PlayerId, TeamCommand};

/// The group sizes for `n` teammates, in order (module docs); those left over go alone.
#[must_use]
pub fn group_sizes(n: usize) -> Vec<usize> {
    match n {
        0..=2 => Vec::new(),
        3 => vec![2],
        4 => vec![2, 2],
        5 => vec![2, 3],
        _ => vec![2; n / 2],
    }
}

/// The orders that form the groups of `members` (in order): each group's first member
/// leads, the others accompany it.
#[must_use]
pub fn tdm_orders(members: &[PlayerId]) -> Vec<(PlayerId, TeamCommand)> {
    let mut orders = Vec::new();
    let mut rest = members;
    for size in group_sizes(members.len()) {
        let (group, tail) = rest.split_at(size.min(rest.len()));
        rest = tail;
        if let Some((&leader, followers)) = group.split_first() {
            orders.extend(
                followers
                    .iter()
                    .map(|&id| (id, TeamCommand::Accompany(leader))),
            );
        }
    }
    orders
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_as_botlib_forms_them() {
        assert!(group_sizes(2).is_empty());
        assert_eq!(group_sizes(3), vec![2]);
        assert_eq!(group_sizes(4), vec![2, 2]);
        assert_eq!(group_sizes(5), vec![2, 3]);
        assert_eq!(group_sizes(6), vec![2, 2, 2]);
        assert_eq!(group_sizes(7), vec![2, 2, 2]);
        assert_eq!(group_sizes(10), vec![2; 5]);
        let ids: Vec<PlayerId> = (0..5).map(PlayerId).collect();
        assert_eq!(
            tdm_orders(&ids),
            vec![
                (PlayerId(1), TeamCommand::Accompany(PlayerId(0))),
                (PlayerId(3), TeamCommand::Accompany(PlayerId(2))),
                (PlayerId(4), TeamCommand::Accompany(PlayerId(2))),
            ]
        );
    }
}
