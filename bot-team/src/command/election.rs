//! [`Leadership`]: who leads the team, as botlib elects and claims (botlib-reference §13.1).
//!
//! - With no valid leader, a bot that entered less than 10 s ago asks "who is the leader?"
//!   after a random 5–15 s, and claims leadership ("I am the leader") 8–18 s after an
//!   unanswered question; a bot that entered earlier claims after 5–15 s.
//! - A claim heard makes the claimer the leader (a human's as a bot's). Two claims within a
//!   second of each other, one of them this bot's: the lower player id keeps it
//!   (deterministic; a bot cannot tell a human's claim from a bot's, so a human who claims
//!   in that second with a higher id than the bot's is overruled — it may claim again).
//! - The leader answers "who is the leader?"; a leader that left the team, or said it quits,
//!   is no leader: the election starts again.
//! - A bot that may not lead (a team playing without a leader) never asks nor claims, but
//!   respects a leader who claims (a human).

use bot_interface::{GameRng, PlayerId, TeamCommand};

/// How long after entering (ms) a bot asks rather than claims.
const NEW_ARRIVAL_MS: u32 = 10_000;
/// How long (ms) two claims count as simultaneous.
const SIMULTANEOUS_MS: u32 = 1_000;

/// A bot's view of its team's leadership (see the [module docs](self)).
#[derive(Debug, Clone)]
pub struct Leadership {
    me: PlayerId,
    may_lead: bool,
    leader: Option<PlayerId>,
    entered_ms: Option<u32>,
    /// When to ask who leads.
    ask_at_ms: Option<u32>,
    /// When to claim leadership.
    claim_at_ms: Option<u32>,
    /// When this bot claimed last.
    claimed_ms: u32,
}

impl Leadership {
    /// Player `me`'s view; `may_lead` false for a team playing without a leader.
    #[must_use]
    pub fn new(me: PlayerId, may_lead: bool) -> Self {
        Self {
            me,
            may_lead,
            leader: None,
            entered_ms: None,
            ask_at_ms: None,
            claim_at_ms: None,
            claimed_ms: 0,
        }
    }

    /// The leader, if any.
    #[must_use]
    pub fn leader(&self) -> Option<PlayerId> {
        self.leader
    }

    /// Whether this bot leads.
    #[must_use]
    pub fn leads(&self) -> bool {
        self.leader == Some(self.me)
    }

    fn lose_leader(&mut self) {
        self.leader = None;
        self.ask_at_ms = None;
        self.claim_at_ms = None;
    }

    /// A team message heard from `from` at `now_ms`; returns what to answer.
    pub fn heard(
        &mut self,
        from: PlayerId,
        command: &TeamCommand,
        now_ms: u32,
    ) -> Option<TeamCommand> {
        match *command {
            TeamCommand::StartLeadership(claimer) => {
                let simultaneous = self.leads()
                    && claimer != self.me
                    && now_ms.saturating_sub(self.claimed_ms) <= SIMULTANEOUS_MS;
                if simultaneous && self.me < claimer {
                    // Keeps it; the other yields on hearing our claim.
                    return None;
                }
                if claimer == self.me && !self.leads() {
                    // Told to lead.
                    self.leader = Some(self.me);
                    self.claimed_ms = now_ms;
                    return Some(TeamCommand::StartLeadership(self.me));
                }
                self.leader = Some(claimer);
                None
            }
            TeamCommand::StopLeadership(quitter) if Some(quitter) == self.leader => {
                self.lose_leader();
                None
            }
            TeamCommand::WhoIsLeader if self.leads() && from != self.me => {
                Some(TeamCommand::StartLeadership(self.me))
            }
            _ => None,
        }
    }

    /// One think at `now_ms` with `team` (every player of the team, this bot included):
    /// the leader left, the election's timers; returns what to say (a question or a claim).
    pub fn think(
        &mut self,
        now_ms: u32,
        team: &[PlayerId],
        rng: &mut GameRng,
    ) -> Option<TeamCommand> {
        let entered = *self.entered_ms.get_or_insert(now_ms);
        if let Some(leader) = self.leader
            && !team.contains(&leader)
        {
            self.lose_leader();
        }
        if self.leader.is_some() || !self.may_lead || team.len() < 2 {
            return None;
        }
        let draw = |rng: &mut GameRng, from: f32, span: f32| {
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "seconds of a few tens"
            )]
            let ms = ((from + span * rng.random()) * 1000.0) as u32;
            now_ms.saturating_add(ms)
        };
        if self.ask_at_ms.is_none() && self.claim_at_ms.is_none() {
            if now_ms.saturating_sub(entered) < NEW_ARRIVAL_MS {
                self.ask_at_ms = Some(draw(rng, 5.0, 10.0));
            } else {
                self.claim_at_ms = Some(draw(rng, 5.0, 10.0));
            }
        }
        if let Some(at) = self.ask_at_ms
            && now_ms >= at
        {
            self.ask_at_ms = None;
            self.claim_at_ms = Some(draw(rng, 8.0, 10.0));
            return Some(TeamCommand::WhoIsLeader);
        }
        if let Some(at) = self.claim_at_ms
            && now_ms >= at
        {
            self.claim_at_ms = None;
            self.leader = Some(self.me);
            self.claimed_ms = now_ms;
            return Some(TeamCommand::StartLeadership(self.me));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(
        bots: &mut [Leadership],
        team: &[PlayerId],
        until_ms: u32,
    ) -> Vec<(u32, PlayerId, TeamCommand)> {
        let mut rngs: Vec<GameRng> = (0..bots.len() as u64).map(GameRng::new).collect();
        let mut said = Vec::new();
        for now in (0..until_ms).step_by(100) {
            let mut lines = Vec::new();
            for (bot, rng) in bots.iter_mut().zip(&mut rngs) {
                if let Some(line) = bot.think(now, team, rng) {
                    lines.push((bot.me, line));
                }
            }
            for (from, line) in lines {
                said.push((now, from, line.clone()));
                for bot in bots.iter_mut().filter(|b| b.me != from) {
                    if let Some(answer) = bot.heard(from, &line, now) {
                        said.push((now, bot.me, answer));
                    }
                }
            }
        }
        said
    }

    #[test]
    fn a_new_team_asks_then_one_claims_and_all_follow_it() {
        let team: Vec<PlayerId> = (0..4).map(PlayerId).collect();
        let mut bots: Vec<Leadership> = team.iter().map(|&id| Leadership::new(id, true)).collect();
        let said = run(&mut bots, &team, 40_000);
        let asks = said
            .iter()
            .filter(|(_, _, l)| *l == TeamCommand::WhoIsLeader)
            .count();
        assert!(asks >= 1, "{said:?}");
        let (at, claimer, _) = said
            .iter()
            .find(|(_, _, l)| matches!(l, TeamCommand::StartLeadership(_)))
            .expect("a claim");
        assert!((5_000..=33_000).contains(at), "{at}");
        assert!(bots.iter().all(|b| b.leader() == Some(*claimer)));
        assert_eq!(bots.iter().filter(|b| b.leads()).count(), 1);
    }

    #[test]
    fn a_leader_who_leaves_is_replaced_and_a_team_without_leader_respects_a_human() {
        let team: Vec<PlayerId> = (0..3).map(PlayerId).collect();
        let mut bots: Vec<Leadership> = team.iter().map(|&id| Leadership::new(id, true)).collect();
        run(&mut bots, &team, 40_000);
        let first = bots[0].leader().expect("a leader");
        let rest: Vec<PlayerId> = team.iter().copied().filter(|&id| id != first).collect();
        let mut left: Vec<Leadership> = bots.into_iter().filter(|b| b.me != first).collect();
        let said = run(&mut left, &rest, 60_000);
        let second = left[0].leader().expect("a new leader");
        assert_ne!(second, first);
        assert!(left.iter().all(|b| b.leader() == Some(second)), "{said:?}");

        let mut unled = Leadership::new(PlayerId(1), false);
        let mut rng = GameRng::new(1);
        for now in (0..60_000).step_by(100) {
            assert_eq!(unled.think(now, &team, &mut rng), None);
        }
        assert_eq!(
            unled.heard(
                PlayerId(0),
                &TeamCommand::StartLeadership(PlayerId(0)),
                60_000
            ),
            None
        );
        assert_eq!(unled.leader(), Some(PlayerId(0)));
        assert_eq!(
            unled.heard(
                PlayerId(0),
                &TeamCommand::StopLeadership(PlayerId(0)),
                61_000
            ),
            None
        );
        assert_eq!(unled.leader(), None);
    }
}
