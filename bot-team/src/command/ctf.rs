//! [`ctf_orders`]: who does what in capture the flag — botlib's four flag states, its passive
//! and aggressive strategies and its defender / attacker ratio table (botlib-reference §13.3,
//! thesis §17.2).
//!
//! Teammates come sorted by task preference (defenders first, then those without one and
//! roamers, attackers last), then by travel time to the own base; defenders are taken from the
//! front, attackers from the back. A teammate carrying the enemy flag gets no order (it rushes
//! home). With `n` teammates besides the carrier:
//!
//! | Flags | Strategy | n = 1 | n = 2 | n = 3 | n ≥ 4 (defenders / attackers, capped) |
//! |---|---|---|---|---|---|
//! | both home | passive | get flag | 1 defend, 1 get | 2 defend, 1 get | ⌊0.5n⌉ ≤ 5 / ⌊0.4n⌉ ≤ 4 |
//! | both home | aggressive | get flag | 1 defend, 1 get | 1 defend, 2 get | ⌊0.4n⌉ ≤ 4 / ⌊0.5n⌉ ≤ 5 |
//! | ours taken | passive | return | 1 defend, 1 return | 1 defend, 1 return, 1 get | ⌊0.3n⌉ ≤ 3 / ⌊0.7n⌉ ≤ 6 |
//! | ours taken | aggressive | return | 1 return, 1 get | 1 defend, 1 return, 1 get | ⌊0.2n⌉ ≤ 2 / ⌊0.7n⌉ ≤ 7 |
//! | theirs taken by us | — | defend | 1 defend, 1 escort | 1 defend, 2 escort (as n ≥ 4 for n = 3) | ⌊0.6n⌉ ≤ 6 / ⌊0.3n⌉ ≤ 3 |
//! | both taken | — | return | 1 escort, 1 return | 1 escort, 2 return | ⌊0.4n⌉ ≤ 4 / ⌊0.5n⌉ ≤ 5 |
//!
//! (⌊x⌉: rounded to nearest.) What the two groups do per state (botlib-reference §13.3 and
//! thesis §17.2): both home — defend the base / get the flag; ours taken — defend the base
//! (ready for its return) / half return the flag, half get the enemy flag, returning first;
//! theirs taken — defend the base / escort the carrier; both taken — escort the carrier /
//! return the flag. The cells for two and three teammates that the reference leaves open are
//! this toolkit's choice, in the same spirit. Teammates left over after rounding keep their
//! own choice.

use bot_interface::{PlayerId, TeamCommand};

/// The flags as the leader sees them (botlib's `flagstatus` = own away × 2 + enemy away).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FlagState {
    /// Both flags at their bases.
    BothHome,
    /// The enemy flag is taken by us (ours at home).
    TheirsTaken,
    /// Our flag is away (taken or dropped), theirs at home.
    OursTaken,
    /// Both flags away.
    BothTaken,
}

impl FlagState {
    /// A stable name, for the match log.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::BothHome => "both flags at base",
            Self::TheirsTaken => "enemy flag taken",
            Self::OursTaken => "our flag taken",
            Self::BothTaken => "both flags taken",
        }
    }
}

/// A CTF strategy (botlib's `CTFS_AGRESSIVE` bit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// More defenders.
    Passive,
    /// More attackers.
    Aggressive,
}

/// How many defenders and attackers of `n` teammates (the ratio table of the module docs;
/// never more than `n` together).
#[must_use]
pub fn split(state: FlagState, strategy: Strategy, n: usize) -> (usize, usize) {
    let small = match (state, strategy, n) {
        (_, _, 0) => Some((0, 0)),
        (FlagState::BothHome | FlagState::OursTaken | FlagState::BothTaken, _, 1) => Some((0, 1)),
        (FlagState::TheirsTaken, _, 1) => Some((1, 0)),
        (FlagState::BothHome, _, 2) => Some((1, 1)),
        (FlagState::BothHome, Strategy::Passive, 3) => Some((2, 1)),
        (FlagState::BothHome, Strategy::Aggressive, 3) => Some((1, 2)),
        (FlagState::OursTaken, Strategy::Passive, 2) => Some((1, 1)),
        (FlagState::OursTaken, Strategy::Aggressive, 2) => Some((0, 2)),
        (FlagState::OursTaken, _, 3) => Some((1, 2)),
        (FlagState::TheirsTaken, _, 2) => Some((1, 1)),
        (FlagState::TheirsTaken, _, 3) => Some((1, 2)),
        (FlagState::BothTaken, _, 2) => Some((1, 1)),
        (FlagState::BothTaken, _, 3) => Some((1, 2)),
        _ => None,
    };
    if let Some(split) = small {
        return split;
    }
    let ((d, dmax), (a, amax)) = match (state, strategy) {
        (FlagState::BothHome, Strategy::Passive) => ((0.5, 5), (0.4, 4)),
        (FlagState::BothHome, Strategy::Aggressive) => ((0.4, 4), (0.5, 5)),
        (FlagState::OursTaken, Strategy::Passive) => ((0.3, 3), (0.7, 6)),
        (FlagState::OursTaken, Strategy::Aggressive) => ((0.2, 2), (0.7, 7)),
        (FlagState::TheirsTaken, _) => ((0.6, 6), (0.3, 3)),
        (FlagState::BothTaken, _) => ((0.4, 4), (0.5, 5)),
    };
    let round = |share: f32| -> usize {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss,
            reason = "team sizes are small"
        )]
        let count = (share * n as f32).round() as usize;
        count
    };
    let defenders = round(d).min(dmax).min(n);
    let attackers = round(a).min(amax).min(n - defenders);
    (defenders, attackers)
}

/// The ratio table's two groups of a round: who defends and who attacks, and what each
/// group is sent to do (before the attackers split between returning and getting a flag).
#[derive(Debug, Clone, PartialEq)]
pub struct Groups {
    /// Defenders, from the front of the sorted list (nearest the base first).
    pub defenders: Vec<PlayerId>,
    /// What the defenders do.
    pub defence: TeamCommand,
    /// Attackers, from the back of the sorted list (farthest from the base first).
    pub attackers: Vec<PlayerId>,
    /// What the attackers do (with our flag taken and theirs home: return it, and every
    /// second attacker gets the enemy flag instead).
    pub attack: TeamCommand,
}

/// The [`Groups`] for `sorted` teammates (module docs: preference, then travel time to
/// base), `carrier` being the teammate carrying the enemy flag (if any; in no group).
#[must_use]
pub fn groups(
    state: FlagState,
    strategy: Strategy,
    sorted: &[PlayerId],
    carrier: Option<PlayerId>,
) -> Groups {
    let mates: Vec<PlayerId> = sorted
        .iter()
        .copied()
        .filter(|&id| Some(id) != carrier)
        .collect();
    let n = mates.len();
    let (defenders, attackers) = split(state, strategy, n);
    let escort = |fallback: TeamCommand| carrier.map_or(fallback, TeamCommand::Accompany);
    let defend = TeamCommand::Defend(bot_interface::Place::OurBase);
    Groups {
        defenders: mates[..defenders].to_vec(),
        defence: match state {
            FlagState::BothTaken => escort(defend),
            _ => defend,
        },
        attackers: mates[n - attackers..].iter().rev().copied().collect(),
        attack: match state {
            FlagState::BothHome => TeamCommand::GetFlag,
            FlagState::OursTaken | FlagState::BothTaken => TeamCommand::ReturnFlag,
            FlagState::TheirsTaken => escort(TeamCommand::GetFlag),
        },
    }
}

/// The orders for `sorted` teammates (module docs: preference, then travel time to base),
/// `carrier` being the teammate carrying the enemy flag (if any; it gets no order).
#[must_use]
pub fn ctf_orders(
    state: FlagState,
    strategy: Strategy,
    sorted: &[PlayerId],
    carrier: Option<PlayerId>,
) -> Vec<(PlayerId, TeamCommand)> {
    let groups = groups(state, strategy, sorted, carrier);
    let defence = groups
        .defenders
        .iter()
        .map(|&id| (id, groups.defence.clone()));
    let attack = groups.attackers.iter().enumerate().map(|(k, &id)| {
        let command = if state == FlagState::OursTaken && k % 2 == 1 {
            TeamCommand::GetFlag
        } else {
            groups.attack.clone()
        };
        (id, command)
    });
    defence.chain(attack).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_interface::Place;

    /// The golden cells of the ratio table (botlib-reference §13.3) for 4 to 12 teammates.
    #[test]
    fn the_ratio_table() {
        use FlagState::*;
        use Strategy::*;
        type Row = (FlagState, Strategy, [(usize, usize); 9]);
        let golden: [Row; 6] = [
            (
                BothHome,
                Passive,
                [
                    (2, 2),
                    (3, 2),
                    (3, 2),
                    (4, 3),
                    (4, 3),
                    (5, 4),
                    (5, 4),
                    (5, 4),
                    (5, 4),
                ],
            ),
            (
                BothHome,
                Aggressive,
                [
                    (2, 2),
                    (2, 3),
                    (2, 3),
                    (3, 4),
                    (3, 4),
                    (4, 5),
                    (4, 5),
                    (4, 5),
                    (4, 5),
                ],
            ),
            (
                OursTaken,
                Passive,
                [
                    (1, 3),
                    (2, 3),
                    (2, 4),
                    (2, 5),
                    (2, 6),
                    (3, 6),
                    (3, 6),
                    (3, 6),
                    (3, 6),
                ],
            ),
            (
                OursTaken,
                Aggressive,
                [
                    (1, 3),
                    (1, 4),
                    (1, 4),
                    (1, 5),
                    (2, 6),
                    (2, 6),
                    (2, 7),
                    (2, 7),
                    (2, 7),
                ],
            ),
            (
                TheirsTaken,
                Passive,
                [
                    (2, 1),
                    (3, 2),
                    (4, 2),
                    (4, 2),
                    (5, 2),
                    (5, 3),
                    (6, 3),
                    (6, 3),
                    (6, 3),
                ],
            ),
            (
                BothTaken,
                Passive,
                [
                    (2, 2),
                    (2, 3),
                    (2, 3),
                    (3, 4),
                    (3, 4),
                    (4, 5),
                    (4, 5),
                    (4, 5),
                    (4, 5),
                ],
            ),
        ];
        for (state, strategy, cells) in golden {
            for (k, cell) in cells.into_iter().enumerate() {
                let n = k + 4;
                assert_eq!(
                    split(state, strategy, n),
                    cell,
                    "{state:?} {strategy:?} n = {n}"
                );
            }
        }
        assert_eq!(
            split(TheirsTaken, Aggressive, 7),
            split(TheirsTaken, Passive, 7)
        );
        // Small teams.
        assert_eq!(split(BothHome, Passive, 3), (2, 1));
        assert_eq!(split(BothHome, Aggressive, 3), (1, 2));
        assert_eq!(split(BothHome, Passive, 2), (1, 1));
        assert_eq!(split(BothHome, Passive, 1), (0, 1));
        assert_eq!(split(TheirsTaken, Passive, 1), (1, 0));
        for state in [BothHome, TheirsTaken, OursTaken, BothTaken] {
            for strategy in [Passive, Aggressive] {
                for n in 0..20 {
                    let (d, a) = split(state, strategy, n);
                    assert!(d + a <= n, "{state:?} {strategy:?} {n}");
                }
            }
        }
    }

    #[test]
    fn defenders_from_the_front_attackers_from_the_back_the_carrier_left_alone() {
        let ids: Vec<PlayerId> = (0..5).map(PlayerId).collect();
        let orders = ctf_orders(FlagState::BothHome, Strategy::Passive, &ids, None);
        let defend = TeamCommand::Defend(Place::OurBase);
        assert_eq!(
            orders,
            vec![
                (PlayerId(0), defend.clone()),
                (PlayerId(1), defend.clone()),
                (PlayerId(2), defend.clone()),
                (PlayerId(4), TeamCommand::GetFlag),
                (PlayerId(3), TeamCommand::GetFlag),
            ]
        );
        let orders = ctf_orders(
            FlagState::TheirsTaken,
            Strategy::Passive,
            &ids,
            Some(PlayerId(2)),
        );
        assert!(orders.iter().all(|(id, _)| *id != PlayerId(2)));
        assert_eq!(orders[0], (PlayerId(0), defend.clone()));
        assert_eq!(
            orders.last(),
            Some(&(PlayerId(4), TeamCommand::Accompany(PlayerId(2))))
        );
        let orders = ctf_orders(FlagState::OursTaken, Strategy::Passive, &ids[..4], None);
        assert_eq!(
            orders,
            vec![
                (PlayerId(0), defend),
                (PlayerId(3), TeamCommand::ReturnFlag),
                (PlayerId(2), TeamCommand::GetFlag),
                (PlayerId(1), TeamCommand::ReturnFlag),
            ]
        );
    }
}
