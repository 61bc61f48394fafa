//! Squads: a hierarchy of leaders under the team leader (thesis §19.3, beyond botlib).
//!
//! With squads the team leader no longer orders every teammate. It sorts the team into a
//! defence and an attack squad (the two groups of the [ratio table](super::ctf)), tells each
//! squad who is in it, and gives each squad one mission; each squad's own leader turns the
//! mission into its members' tasks. Orders propagate down the hierarchy, as the thesis puts
//! it, "much like there are officers, sergeants and corporals in the army".
//!
//! The protocol uses only botlib's messages, so the real `match.c` files understand every
//! line (`tests/protocol.rs`):
//!
//! - **Forming**: "Kestrel and Vesper join squad attack" (`MSG_JOINSUBTEAM` to the members by
//!   name). The first name leads the squad: that is this toolkit's convention, the one thing
//!   a bot needs beyond botlib to follow the hierarchy. A teammate left out of every squad is
//!   told to "leave your squad".
//! - **Missions**: "attack: return the flag" — an order addressed to a squad, which every
//!   member takes (botlib's addressee rules).
//! - **Squad orders**: the squad's leader refines the mission for its members; today one rule:
//!   a squad sent to return the flag while the enemy flag is home sends every second member
//!   (the second, the fourth …) after the enemy flag instead ("Vesper capture the flag").
//!
//! The squads and missions are those of the flat table, so a team with squads does what the
//! same team ordered one by one does ([`flatten`] = [`super::ctf::ctf_orders`], tested for
//! every flag state, strategy and team size). It does not say fewer lines: the table's
//! defender and attacker counts change with the flags, so teammates move between squads
//! and each move is a join line. Measured in 8-vs-8 matches on oacmpctf2 and oacmpdm6 (20
//! each, sides swapped), a squad-led team said 1.3–1.7 times the lines of the same team
//! ordered one by one and won as often within noise (13 of 40 against 15 of 40 over an
//! unled team). What squads give is the hierarchy: orders to a group by its name, and
//! squad leaders that order their own members.

use bot_interface::{PlayerId, TeamCommand};

use super::ctf::{FlagState, Strategy, groups};

/// The defence squad's name.
pub const DEFENCE: &str = "defence";
/// The attack squad's name.
pub const ATTACK: &str = "attack";

/// A squad: its name, its members (its leader first) and its mission.
#[derive(Debug, Clone, PartialEq)]
pub struct Squad {
    /// The name its members are told ("attack").
    pub name: &'static str,
    /// Its members, the squad's leader first.
    pub members: Vec<PlayerId>,
    /// What the team leader orders the squad.
    pub mission: TeamCommand,
}

/// The squads for `sorted` teammates (the ratio table's order: defenders from the front,
/// attackers from the back), `carrier` carrying the enemy flag (in no squad): the defence
/// squad led by the teammate nearest the base, the attack squad by the one farthest from it.
/// An empty squad is left out.
#[must_use]
pub fn ctf_squads(
    state: FlagState,
    strategy: Strategy,
    sorted: &[PlayerId],
    carrier: Option<PlayerId>,
) -> Vec<Squad> {
    let groups = groups(state, strategy, sorted, carrier);
    let defence = Squad {
        name: DEFENCE,
        members: groups.defenders,
        mission: groups.defence,
    };
    let attack = Squad {
        name: ATTACK,
        members: groups.attackers,
        mission: groups.attack,
    };
    [defence, attack]
        .into_iter()
        .filter(|squad| !squad.members.is_empty())
        .collect()
}

/// What the leader of a squad of `members` (itself first) orders each of them for
/// `mission`, `enemy_flag_home` telling whether the enemy flag is at its base (module docs).
#[must_use]
pub fn squad_orders(
    mission: &TeamCommand,
    members: &[PlayerId],
    enemy_flag_home: bool,
) -> Vec<(PlayerId, TeamCommand)> {
    members
        .iter()
        .enumerate()
        .map(|(k, &id)| {
            let command = if *mission == TeamCommand::ReturnFlag && enemy_flag_home && k % 2 == 1 {
                TeamCommand::GetFlag
            } else {
                mission.clone()
            };
            (id, command)
        })
        .collect()
}

/// Every teammate's task through the hierarchy: each squad's [`squad_orders`] for its
/// mission.
#[must_use]
pub fn flatten(squads: &[Squad], state: FlagState) -> Vec<(PlayerId, TeamCommand)> {
    let enemy_flag_home = matches!(state, FlagState::BothHome | FlagState::OursTaken);
    squads
        .iter()
        .flat_map(|squad| squad_orders(&squad.mission, &squad.members, enemy_flag_home))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::ctf::ctf_orders;
    use bot_interface::Place;

    /// Whether the flat table and the hierarchy give every teammate of `sorted` one task.
    fn agrees_with_table(
        state: FlagState,
        strategy: Strategy,
        sorted: &[PlayerId],
        carrier: Option<PlayerId>,
    ) -> bool {
        let mut flat = ctf_orders(state, strategy, sorted, carrier);
        let mut hierarchy = flatten(&ctf_squads(state, strategy, sorted, carrier), state);
        flat.sort_by_key(|(id, _)| *id);
        hierarchy.sort_by_key(|(id, _)| *id);
        flat == hierarchy
    }

    #[test]
    fn the_hierarchy_gives_every_teammate_the_task_of_the_flat_table() {
        for state in [
            FlagState::BothHome,
            FlagState::OursTaken,
            FlagState::TheirsTaken,
            FlagState::BothTaken,
        ] {
            for strategy in [Strategy::Passive, Strategy::Aggressive] {
                for n in 0..=16_u16 {
                    let sorted: Vec<PlayerId> = (0..n).map(PlayerId).collect();
                    let carriers = [None, sorted.get(usize::from(n) / 2).copied()];
                    for carrier in carriers {
                        assert!(
                            agrees_with_table(state, strategy, &sorted, carrier),
                            "{state:?} {strategy:?} n = {n} carrier {carrier:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn squads_are_led_by_the_nearest_defender_and_the_farthest_attacker() {
        let sorted: Vec<PlayerId> = (0..8).map(PlayerId).collect();
        let squads = ctf_squads(FlagState::OursTaken, Strategy::Passive, &sorted, None);
        assert_eq!(
            squads,
            vec![
                Squad {
                    name: DEFENCE,
                    members: vec![PlayerId(0), PlayerId(1)],
                    mission: TeamCommand::Defend(Place::OurBase),
                },
                Squad {
                    name: ATTACK,
                    members: (2..8).rev().map(PlayerId).collect(),
                    mission: TeamCommand::ReturnFlag,
                },
            ]
        );
        let orders = squad_orders(&TeamCommand::ReturnFlag, &squads[1].members, true);
        let getters: Vec<PlayerId> = orders
            .iter()
            .filter(|(_, c)| *c == TeamCommand::GetFlag)
            .map(|(id, _)| *id)
            .collect();
        assert_eq!(getters, vec![PlayerId(6), PlayerId(4), PlayerId(2)]);
        // Both flags taken: everyone returns.
        assert!(
            squad_orders(&TeamCommand::ReturnFlag, &squads[1].members, false)
                .iter()
                .all(|(_, c)| *c == TeamCommand::ReturnFlag)
        );
    }
}
