//! The team's play as the page shows it: the `decision` lines of team bots (`from` =
//! `"team"`, written by bot-team's `TeamBot`) read into one timeline of leadership changes
//! and orders, each order paired with the addressee's taking it.
//!
//! A team bot writes three kinds of team decisions:
//!
//! - `leader NAME` (reason `leadership`): its view of its team's leader changed (`nobody`
//!   when the team has none). Every member writes its own; the team's leader changes when
//!   one member's view differs from the team's last one.
//! - The leader's orders: `to` the order's words as said in team chat (`Kestrel defend the
//!   base`: the addressee's name first), the reason why (`our flag taken, passive, 4
//!   players`). The leader takes an order to itself as its teammates do (below). An order
//!   to several players ("A and B join squad attack") or to a squad ("attack return the
//!   flag", thesis §19.3's squads) is an `other` entry; its members' taking it are tasks.
//! - The addressee's taking an order: `to` the task's name (`defend`, `get_flag` …), reason
//!   `ordered by NAME`; and joining a squad: `squad NAME`, reason `told by NAME`.
//!
//! The orders a team's members take come in the order they were given (the leader says them
//! one after another), so a taken task is paired with the oldest order of that leader to that
//! player not taken yet; a task taken with no logged order (a human's order in chat) is an
//! entry of its own.

use super::data::PlayerInfo;

/// The `from` of a team decision.
pub(crate) const TEAM_FROM: &str = "team";

/// One entry of the team timeline: `[frame, kind, team, player, what, by, reason, taken]`.
///
/// - `kind` `leader`: from `frame` on, `player` (−1: nobody) leads `team`; `by` the member
///   whose view changed first; `what` the leader's name (`nobody`).
/// - `kind` `order`: `by`, leading `team`, ordered `player` to do `what` (the order's words
///   after the addressee's name, `me` replaced by the leader's name) because of `reason`;
///   `taken` the frame the addressee took it, −1 when it never did.
/// - `kind` `task`: `player` took the task `what` (its name, `_` as spaces) ordered by `by`
///   (−1: unknown) with no order of `by` logged; `taken` = `frame`.
/// - `kind` `squad`: `player` joined the squad `what`, told by `by`.
/// - `kind` `other`: another team decision of `player` (an order to an addressee that is not
///   one player, say): `what` its `to`.
pub(crate) type TeamEntry = (u32, &'static str, String, i64, String, i64, String, i64);

/// Reads the team decisions of a log, in log order, into [`TeamEntry`]s.
#[derive(Debug)]
pub(crate) struct TeamReader<'p> {
    /// The match's players, in id order.
    players: &'p [PlayerInfo],
    /// The entries so far.
    entries: Vec<TeamEntry>,
    /// Per team (`red`, `blue`, `free`), its leader after the last leadership entry.
    leaders: Vec<(String, i64)>,
}

impl<'p> TeamReader<'p> {
    /// A reader for a match of `players`.
    pub(crate) fn new(players: &'p [PlayerInfo]) -> Self {
        Self {
            players,
            entries: Vec::new(),
            leaders: Vec::new(),
        }
    }

    /// The player called `name` (−1: none).
    fn named(&self, name: &str) -> i64 {
        self.players
            .iter()
            .position(|p| p.name == name)
            .and_then(|i| i64::try_from(i).ok())
            .unwrap_or(-1)
    }

    /// The name of player `id` (empty for none).
    fn name(&self, id: i64) -> &str {
        usize::try_from(id)
            .ok()
            .and_then(|i| self.players.get(i))
            .map_or("", |p| p.name.as_str())
    }

    /// The team of player `id` (empty for none).
    fn team(&self, id: i64) -> String {
        usize::try_from(id)
            .ok()
            .and_then(|i| self.players.get(i))
            .map_or_else(String::new, |p| p.team.clone())
    }

    /// The player whose name begins `words`, followed by a space (the longest such name), and
    /// the words after it.
    fn addressee<'w>(&self, words: &'w str) -> Option<(i64, &'w str)> {
        self.players
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let rest = words.strip_prefix(p.name.as_str())?.strip_prefix(' ')?;
                Some((p.name.len(), i, rest))
            })
            .max_by_key(|&(length, _, _)| length)
            .and_then(|(_, i, rest)| Some((i64::try_from(i).ok()?, rest)))
    }

    /// Whether `leader` is news for `team`'s leadership (noting it).
    fn new_leader(&mut self, team: &str, leader: i64) -> bool {
        match self.leaders.iter_mut().find(|(t, _)| t == team) {
            Some((_, was)) if *was == leader => false,
            Some((_, was)) => {
                *was = leader;
                true
            }
            None => {
                self.leaders.push((team.to_owned(), leader));
                true
            }
        }
    }

    /// Reads one team decision of `player` at `frame`.
    pub(crate) fn decision(&mut self, frame: u32, player: u32, to: &str, reason: &str) {
        let me = i64::from(player);
        let now = i64::from(frame);
        let team = self.team(me);
        let leader_name = to
            .strip_prefix("leader ")
            .filter(|_| reason == "leadership");
        let squad = to
            .strip_prefix("squad ")
            .zip(reason.strip_prefix("told by "));
        // (kind, player, what, by, taken) as [`TeamEntry`] says.
        let (kind, who, what, by, taken) = if let Some(name) = leader_name {
            let leader = self.named(name);
            if !self.new_leader(&team, leader) {
                return;
            }
            ("leader", leader, name.to_owned(), me, -1)
        } else if let Some(orderer) = reason.strip_prefix("ordered by ") {
            let by = self.named(orderer);
            let pending = self
                .entries
                .iter_mut()
                .find(|e| e.1 == "order" && e.3 == me && e.5 == by && e.7 < 0);
            if let Some(order) = pending {
                order.7 = now;
                return;
            }
            ("task", me, to.replace('_', " "), by, now)
        } else if let Some((name, teller)) = squad {
            ("squad", me, name.to_owned(), self.named(teller), now)
        } else if let Some((addressee, words)) = self
            .addressee(to)
            .filter(|(_, words)| !words.starts_with("and "))
        {
            // The leader's own name for "me" ("follow me": follow the leader).
            let leader = self.name(me);
            let what = words
                .split(' ')
                .map(|word| if word == "me" { leader } else { word })
                .collect::<Vec<_>>()
                .join(" ");
            ("order", addressee, what, me, -1)
        } else {
            ("other", me, to.to_owned(), -1, -1)
        };
        let reason = reason.to_owned();
        self.entries
            .push((frame, kind, team, who, what, by, reason, taken));
    }

    /// The entries, in log order.
    pub(crate) fn finish(self) -> Vec<TeamEntry> {
        self.entries
    }
}

#[cfg(test)]
mod tests {
    use super::{TeamEntry, TeamReader};
    use crate::viewer::data::PlayerInfo;

    /// Red: Vesper (0), Kestrel (2); blue: Vesper-2 (1), Kestrel-2 (3).
    fn players() -> Vec<PlayerInfo> {
        [
            ("Vesper", "red"),
            ("Vesper-2", "blue"),
            ("Kestrel", "red"),
            ("Kestrel-2", "blue"),
        ]
        .map(|(name, team)| PlayerInfo {
            name: name.to_owned(),
            team: team.to_owned(),
        })
        .to_vec()
    }

    /// A test entry: [`TeamEntry`] with its texts borrowed.
    type Entry<'a> = (u32, &'static str, &'a str, i64, &'a str, i64, &'a str, i64);

    fn entry((frame, kind, team, player, what, by, reason, taken): Entry<'_>) -> TeamEntry {
        let (team, what, reason) = (team.to_owned(), what.to_owned(), reason.to_owned());
        (frame, kind, team, player, what, by, reason, taken)
    }

    #[test]
    fn leadership_changes_once_per_team() {
        let players = players();
        let mut reader = TeamReader::new(&players);
        reader.decision(10, 0, "leader Vesper", "leadership");
        reader.decision(11, 2, "leader Vesper", "leadership");
        reader.decision(12, 3, "leader Vesper-2", "leadership");
        reader.decision(90, 2, "leader nobody", "leadership");
        reader.decision(91, 0, "leader nobody", "leadership");
        assert_eq!(
            reader.finish(),
            [
                entry((10, "leader", "red", 0, "Vesper", 0, "leadership", -1)),
                entry((12, "leader", "blue", 1, "Vesper-2", 3, "leadership", -1)),
                entry((90, "leader", "red", -1, "nobody", 2, "leadership", -1)),
            ]
        );
    }

    #[test]
    fn orders_are_paired_with_their_taking_in_order() {
        let players = players();
        let mut reader = TeamReader::new(&players);
        let why = "both flags at base, passive, 2 players";
        // Vesper orders Kestrel twice and itself once; Vesper-2 (a longer name with the
        // same start) orders itself.
        reader.decision(20, 0, "Kestrel defend the base", why);
        reader.decision(20, 0, "Vesper capture the flag", why);
        reader.decision(20, 0, "Kestrel follow me", why);
        reader.decision(20, 1, "Vesper-2 return the flag", "ours taken");
        // The leaders take theirs as their teammates do; Kestrel takes both, first the
        // first; Kestrel-2 takes an order nobody logged.
        reader.decision(20, 0, "get_flag", "ordered by Vesper");
        reader.decision(20, 1, "return_flag", "ordered by Vesper-2");
        reader.decision(21, 2, "defend", "ordered by Vesper");
        reader.decision(31, 2, "accompany", "ordered by Vesper");
        reader.decision(32, 3, "get_flag", "ordered by Bob");
        reader.decision(33, 3, "squad alpha", "told by Vesper-2");
        reader.decision(34, 3, "everyone rush", "why not");
        // Squads (thesis §19.3): an order to several players, one to a squad.
        reader.decision(
            40,
            1,
            "Kestrel-2 and Vesper-2 join squad attack",
            "both home",
        );
        reader.decision(41, 1, "attack capture the flag", "both home");
        assert_eq!(
            reader.finish(),
            [
                entry((20, "order", "red", 2, "defend the base", 0, why, 21)),
                entry((20, "order", "red", 0, "capture the flag", 0, why, 20)),
                entry((20, "order", "red", 2, "follow Vesper", 0, why, 31)),
                entry((
                    20,
                    "order",
                    "blue",
                    1,
                    "return the flag",
                    1,
                    "ours taken",
                    20
                )),
                entry((32, "task", "blue", 3, "get flag", -1, "ordered by Bob", 32)),
                entry((33, "squad", "blue", 3, "alpha", 1, "told by Vesper-2", 33)),
                entry((34, "other", "blue", 3, "everyone rush", -1, "why not", -1)),
                entry((
                    40,
                    "other",
                    "blue",
                    1,
                    "Kestrel-2 and Vesper-2 join squad attack",
                    -1,
                    "both home",
                    -1
                )),
                entry((
                    41,
                    "other",
                    "blue",
                    1,
                    "attack capture the flag",
                    -1,
                    "both home",
                    -1
                )),
            ]
        );
    }

    #[test]
    fn an_order_never_taken_stays_open() {
        let players = players();
        let mut reader = TeamReader::new(&players);
        reader.decision(5, 0, "Kestrel capture the flag", "why");
        let entries = reader.finish();
        assert_eq!(entries[0].7, -1);
    }
}
