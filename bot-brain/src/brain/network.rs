//! The AI network's nodes (thesis §15, botlib-reference §12.2): each think the current node
//! looks at the situation and stays or switches, with a reason.
//!
//! | Node | Switches to (reason) |
//! |---|---|
//! | any but Intermission, Observer | Respawn (`bot dead`), Intermission (`match over`) |
//! | Observer | Stand (`left observer`) |
//! | Respawn | Seek LTG (`respawned`) |
//! | Stand | Battle Fight (`found enemy`), Seek LTG (`time out`) |
//! | Seek LTG | Stand (`chat`: typing a line), Battle Retreat / Battle Fight (`found enemy`, by the wish to retreat; the goal stack emptied for a fight), Battle Chase (`heard enemy`: beyond botlib, below), Seek NBG (`nbg`), Seek Activate Entity (`activate entity`) |
//! | Seek NBG | Battle NBG / Battle Fight (`found enemy`), Seek LTG (`nbg done`), Seek Activate Entity (`activate entity`) |
//! | Seek Activate Entity | Battle NBG / Battle Fight (`found enemy`), Seek NBG / Seek LTG (`activated`) |
//! | Battle Fight | Seek LTG (`enemy dead`, `no enemy`, `out of sight`), Stand (`chat`), Battle Chase (`enemy out of sight`), Battle Retreat (`wants to retreat`) |
//! | Battle Chase | Battle Fight (`battle chase`), Seek LTG (`no enemy`, `time out`, `lost enemy`), Battle NBG (`nbg`), Battle Retreat (`wants to retreat`) |
//! | Battle Retreat | Seek LTG (`enemy dead`, `no enemy`, `lost enemy`), Battle Fight (`wants to fight`; `no way out`: no goal for a second, a suicidal fight that does not retreat again), Battle Chase (`wants to chase`), Battle NBG (`nbg`) |
//! | Battle NBG | Seek NBG (`enemy dead`, `no enemy`), Battle Fight / Battle Retreat (`nbg done`), Battle Chase (`nbg done`, enemy out of sight) |
//!
//! **Heard enemies** (beyond botlib, which does not act on sounds; the issue asks that sounds
//! be investigated): a bot seeking its long-term goal without an enemy that heard an
//! opponent within the last think (gunfire, a pickup, a jump pad, a teleport, a jump or
//! landing, pain), at most [`HEARD_CHASE_DISTANCE`] away, and that would chase an enemy there
//! by botlib's aggression rule (`BotWantsToChase`), goes to look: the opponent becomes its
//! enemy, out of sight where it was heard, and Battle Chase takes it there. One such chase at
//! most every [`HEARD_CHASE_PAUSE_MS`] (20 s): in a busy match a bot would otherwise run from
//! sound to sound and never reach its goals.

use bot_interface::{BotView, GameMode};

use crate::network::{AiNode, aggression, battle_wishes, wants_to_chase};

use super::Brain;

/// How long (ms) a chase lasts at most (botlib: 10 s).
const CHASE_MS: u32 = 10_000;
/// How far (units) a heard opponent may be for the bot to go and look.
const HEARD_CHASE_DISTANCE: f32 = 1_500.0;
/// The shortest time (ms) between the starts of two chases of heard opponents: a chase lasts
/// at most [`CHASE_MS`], so at least as long again passes without one.
const HEARD_CHASE_PAUSE_MS: u32 = 2 * CHASE_MS;
/// How recent (ms) a sound must be to start a chase: heard since the last think.
const HEARD_RECENTLY_MS: u32 = 100;

/// How long (ms) a retreating bot remembers an enemy out of sight.
const LOST_ENEMY_MS: u32 = 4_000;
/// How long (ms) a dead enemy keeps the fight node (thesis §15.2: 1 s).
const DEAD_ENEMY_MS: u32 = 1_000;
/// How long (ms) a retreat may go without a goal to retreat to before the bot fights to
/// the death ("no way out"); goals are chosen on the thinks that follow the switch.
const NO_WAY_OUT_MS: u32 = 1_000;

/// What a node decided this think.
enum Next {
    /// It does its job this think.
    Stay,
    /// Switch to the node, for the reason.
    Go(AiNode, &'static str),
}

impl Brain<'_, '_> {
    /// Runs the network for this think: the current node, then the nodes it switches to, at
    /// most [`MAX_NODE_SWITCHES`](crate::network::MAX_NODE_SWITCHES) switches.
    pub(super) fn run_network(&mut self, view: &BotView) {
        self.switches.begin_think();
        loop {
            let next = self
                .common_switch(view)
                .unwrap_or_else(|| self.run_node(view));
            let Next::Go(to, reason) = next else {
                break;
            };
            if !self.switches.record(self.node, to, reason) {
                break;
            }
            self.enter(to, view);
        }
    }

    /// The switches every node (but Intermission and Observer) checks first.
    fn common_switch(&self, view: &BotView) -> Option<Next> {
        if matches!(self.node, AiNode::Intermission | AiNode::Observer) {
            return None;
        }
        if match_over(view, self.team_play.mode()) {
            return Some(Next::Go(AiNode::Intermission, "match over"));
        }
        if !view.me.alive && self.node != AiNode::Respawn {
            return Some(Next::Go(AiNode::Respawn, "bot dead"));
        }
        None
    }

    /// What entering `node` sets up.
    fn enter(&mut self, node: AiNode, view: &BotView) {
        let now = view.time_ms;
        match node {
            AiNode::BattleFight if !self.node.in_battle() => {
                // botlib empties the goal stack before a fight: goals are chosen afresh.
                self.bot.empty_goal_stack();
            }
            AiNode::BattleChase => {
                self.chase_since_ms = now;
                self.chase_arrived = false;
            }
            AiNode::BattleRetreat => self.retreat_since_ms = now,
            AiNode::Respawn => {
                self.sight.forget();
                self.hearing.forget();
                self.stuck.reset();
            }
            _ => {}
        }
        // A suicidal fight (no way out) lasts as long as the fight does.
        self.suicidal &= node == AiNode::BattleFight;
        self.node = node;
    }

    /// The current enemy's aggression rules: (wants to retreat, wants to chase).
    fn battle_wishes(&self, view: &BotView) -> (bool, bool) {
        let me = &view.me;
        let (height, distance) = self.sight.enemy().map_or((0.0, 0.0), |enemy| {
            (
                enemy.origin.z - me.origin.z,
                enemy.origin.distance(me.origin),
            )
        });
        let score = aggression(me, height, distance);
        battle_wishes(score, self.flag_situation(view))
    }

    /// Runs the current node.
    fn run_node(&mut self, view: &BotView) -> Next {
        let now = view.time_ms;
        let enemy = self.sight.enemy().copied();
        let visible = enemy.is_some_and(|e| e.visible);
        let (retreat, chase) = self.battle_wishes(view);
        let typing = self.talker.typing().is_some();
        let nearby = self.bot.has_nearby_goal();
        let detour = self.bot.navigator().on_detour();
        match self.node {
            AiNode::Observer => {
                if view.me.alive {
                    Next::Go(AiNode::Stand, "left observer")
                } else {
                    Next::Stay
                }
            }
            AiNode::Intermission => Next::Stay,
            AiNode::Respawn => {
                if view.me.alive {
                    Next::Go(AiNode::SeekLtg, "respawned")
                } else {
                    Next::Stay
                }
            }
            AiNode::Stand => {
                if visible {
                    Next::Go(AiNode::BattleFight, "found enemy")
                } else if !typing && now >= self.stand_until_ms {
                    Next::Go(AiNode::SeekLtg, "time out")
                } else {
                    Next::Stay
                }
            }
            AiNode::SeekLtg => {
                if typing {
                    Next::Go(AiNode::Stand, "chat")
                } else if visible && retreat {
                    Next::Go(AiNode::BattleRetreat, "found enemy")
                } else if visible {
                    Next::Go(AiNode::BattleFight, "found enemy")
                } else if detour {
                    Next::Go(AiNode::SeekActivateEntity, "activate entity")
                } else if nearby {
                    Next::Go(AiNode::SeekNbg, "nbg")
                } else if self.chase_heard(view) {
                    Next::Go(AiNode::BattleChase, "heard enemy")
                } else {
                    Next::Stay
                }
            }
            AiNode::SeekNbg => {
                if visible && retreat {
                    Next::Go(AiNode::BattleNbg, "found enemy")
                } else if visible {
                    Next::Go(AiNode::BattleFight, "found enemy")
                } else if detour {
                    Next::Go(AiNode::SeekActivateEntity, "activate entity")
                } else if !nearby {
                    Next::Go(AiNode::SeekLtg, "nbg done")
                } else {
                    Next::Stay
                }
            }
            AiNode::SeekActivateEntity => {
                if visible && retreat {
                    Next::Go(AiNode::BattleNbg, "found enemy")
                } else if visible {
                    Next::Go(AiNode::BattleFight, "found enemy")
                } else if !detour && nearby {
                    Next::Go(AiNode::SeekNbg, "activated")
                } else if !detour {
                    Next::Go(AiNode::SeekLtg, "activated")
                } else {
                    Next::Stay
                }
            }
            AiNode::BattleFight => self.fight_node(view, enemy, (retreat, chase), typing),
            AiNode::BattleChase => {
                let Some(enemy) = enemy else {
                    return Next::Go(AiNode::SeekLtg, "no enemy");
                };
                if enemy.visible {
                    Next::Go(AiNode::BattleFight, "battle chase")
                } else if now.saturating_sub(self.chase_since_ms) > CHASE_MS {
                    self.sight.forget();
                    Next::Go(AiNode::SeekLtg, "time out")
                } else if self.chase_arrived {
                    self.sight.forget();
                    Next::Go(AiNode::SeekLtg, "lost enemy")
                } else if nearby {
                    Next::Go(AiNode::BattleNbg, "nbg")
                } else if retreat {
                    Next::Go(AiNode::BattleRetreat, "wants to retreat")
                } else {
                    Next::Stay
                }
            }
            AiNode::BattleRetreat => {
                let Some(enemy) = enemy else {
                    return Next::Go(AiNode::SeekLtg, "no enemy");
                };
                if enemy.dead {
                    self.sight.forget();
                    Next::Go(AiNode::SeekLtg, "enemy dead")
                } else if !enemy.visible && now.saturating_sub(enemy.seen_ms) > LOST_ENEMY_MS {
                    self.sight.forget();
                    Next::Go(AiNode::SeekLtg, "lost enemy")
                } else if !enemy.visible && chase {
                    Next::Go(AiNode::BattleChase, "wants to chase")
                } else if enemy.visible && !retreat {
                    Next::Go(AiNode::BattleFight, "wants to fight")
                } else if nearby {
                    Next::Go(AiNode::BattleNbg, "nbg")
                } else if self.bot.goal().is_none()
                    && self.bot.navigator().goal().is_none()
                    && now.saturating_sub(self.retreat_since_ms) >= NO_WAY_OUT_MS
                {
                    self.suicidal = true;
                    Next::Go(AiNode::BattleFight, "no way out")
                } else {
                    Next::Stay
                }
            }
            AiNode::BattleNbg => {
                let Some(enemy) = enemy else {
                    return Next::Go(AiNode::SeekNbg, "no enemy");
                };
                if enemy.dead {
                    self.sight.forget();
                    Next::Go(AiNode::SeekNbg, "enemy dead")
                } else if nearby {
                    Next::Stay
                } else if enemy.visible && retreat {
                    Next::Go(AiNode::BattleRetreat, "nbg done")
                } else if enemy.visible {
                    Next::Go(AiNode::BattleFight, "nbg done")
                } else {
                    Next::Go(AiNode::BattleChase, "nbg done")
                }
            }
        }
    }

    /// Takes an opponent heard since the last think as the enemy to go and look for, when the
    /// bot has none, it is near enough, the bot would chase it there and no such chase began
    /// in the last [`HEARD_CHASE_PAUSE_MS`] (module docs); whether it did.
    fn chase_heard(&mut self, view: &BotView) -> bool {
        let now = view.time_ms;
        if self.sight.enemy().is_some() || now < self.next_heard_chase_ms {
            return false;
        }
        let Some(heard) = self
            .hearing
            .recent(now)
            .filter(|heard| now.saturating_sub(heard.at_ms) <= HEARD_RECENTLY_MS)
        else {
            return false;
        };
        let me = &view.me;
        let distance = heard.origin.distance(me.origin);
        let score = aggression(me, heard.origin.z - me.origin.z, distance);
        if distance > HEARD_CHASE_DISTANCE || !wants_to_chase(score) {
            return false;
        }
        self.next_heard_chase_ms = now.saturating_add(HEARD_CHASE_PAUSE_MS);
        self.hearing.forget();
        self.sight.hear(heard.player, heard.origin, now)
    }

    /// Battle Fight.
    fn fight_node(
        &mut self,
        view: &BotView,
        enemy: Option<crate::perception::Enemy>,
        (retreat, chase): (bool, bool),
        typing: bool,
    ) -> Next {
        let now = view.time_ms;
        let Some(enemy) = enemy else {
            return Next::Go(AiNode::SeekLtg, "no enemy");
        };
        if enemy.dead {
            if now.saturating_sub(enemy.seen_ms) >= DEAD_ENEMY_MS || typing {
                self.sight.forget();
                return if typing {
                    Next::Go(AiNode::Stand, "enemy dead")
                } else {
                    Next::Go(AiNode::SeekLtg, "enemy dead")
                };
            }
            return Next::Stay;
        }
        if !enemy.visible {
            if chase {
                return Next::Go(AiNode::BattleChase, "enemy out of sight");
            }
            self.sight.forget();
            return Next::Go(AiNode::SeekLtg, "out of sight");
        }
        if retreat && !self.suicidal {
            return Next::Go(AiNode::BattleRetreat, "wants to retreat");
        }
        Next::Stay
    }
}

/// Whether the scoreboard shows the match over in `mode` (the world's exit rules: a player's
/// score at the frag limit in free-for-all, a team's in team deathmatch, a team's captures
/// at the capture limit in capture the flag; or the time limit passed with a leader). The
/// world ends matches at once, so bots of this harness rarely see it; a game that keeps
/// running (an intermission) does.
fn match_over(view: &BotView, mode: GameMode) -> bool {
    let board = &view.scoreboard;
    let teams = board.red.unwrap_or(0).max(board.blue.unwrap_or(0));
    let limit = match mode {
        GameMode::Ffa => {
            board.frag_limit > 0 && board.players.iter().any(|p| p.score >= board.frag_limit)
        }
        GameMode::Tdm => board.frag_limit > 0 && teams >= board.frag_limit,
        GameMode::Ctf => board.capture_limit > 0 && teams >= board.capture_limit,
    };
    let time = board.time_limit_ms > 0 && view.time_ms > board.time_limit_ms + 60_000;
    limit || time
}
