//! One frame of a [`Brain`]: what its node does between thinks, and the input that comes of
//! it.
//!
//! - Respawn, Observer: ask to respawn.
//! - Stand, Intermission: stand, looking at the enemy if one is in sight.
//! - Seek LTG / NBG / Activate Entity, Battle Retreat, Battle NBG: drive to the goals
//!   ([`Bot::drive`](crate::Bot::drive)); Battle Chase: drive to where the enemy was last
//!   seen; Battle Fight: the attack movement of the character's attack skill, each wish
//!   checked to keep the bot's footing.
//! - In the battle nodes the bot holds the weapon its weapon weights choose, aims by its aim
//!   skill (prediction shots at an enemy just out of sight, for skilled bots), and fires when
//!   its check allows; a retreating bot aims back only with attack skill above 0.3 (thesis
//!   §8.2). A movement that needs the weapon and view itself (a rocket jump, a door shot
//!   open) keeps them.
//! - Out of battle a bot that heard an opponent looks towards the sound for a moment, so
//!   that it may see it.
//! - The view turns towards what the bot wants to look at at most as fast as its view
//!   characteristics allow ([`turn_view`](crate::fight::view_turn::turn_view)), except for a
//!   movement that needs an exact view.

use bot_interface::{BotInput, BotView, Buttons, view_angles_towards};
use glam::Vec3;

use crate::bot::{Drive, Driven};
use crate::movement::{Movement, respawn_input};
use crate::network::AiNode;

use super::Brain;
use super::stuck::Wish;

/// How long (ms) a heard sound draws the bot's look.
const LOOK_AT_SOUND_MS: u32 = 1_000;
/// Attack skill above which a retreating bot aims back (thesis §8.2).
const RETREAT_AIM_SKILL: f32 = 0.3;

impl Brain<'_, '_> {
    /// The input of this frame, `thinks` telling whether the network ran.
    pub(super) fn act(&mut self, view: &BotView, thinks: bool) -> BotInput {
        let me = &view.me;
        #[expect(clippy::cast_precision_loss, reason = "a frame of a few milliseconds")]
        let seconds = self.frame_ms as f32 / 1000.0;
        if !me.alive || matches!(self.node, AiNode::Respawn | AiNode::Observer) {
            // Keeps the navigator's state clean for the next life.
            let _ = self.bot.drive(view, thinks, Drive::Items);
            let input = respawn_input(view);
            self.view = input.view_angles;
            return input;
        }
        let enemy = self.sight.enemy().copied();
        let drives = !matches!(
            self.node,
            AiNode::Stand | AiNode::Intermission | AiNode::BattleFight
        );
        if !drives && self.driving {
            self.bot.halt();
        }
        self.driving = drives;
        let mut walk = false;
        let (movement, wish) = match self.node {
            AiNode::Stand | AiNode::Intermission => {
                self.bot.observe(view);
                (Movement::default(), Wish::Stand)
            }
            AiNode::BattleFight => {
                self.bot.observe(view);
                let (movement, walking) = enemy.map_or_else(
                    || (Movement::default(), false),
                    |enemy| self.fight_move(view, enemy.origin),
                );
                walk = walking;
                let wish = if movement.direction == Vec3::ZERO {
                    Wish::Stand
                } else {
                    Wish::Dodge
                };
                (movement, wish)
            }
            AiNode::BattleChase => {
                let point = enemy.map_or(me.origin, |e| e.origin);
                let driven = self.bot.drive(view, thinks, Drive::Point(point));
                self.chase_arrived |= driven.arrived || driven.given_up;
                (driven.movement, wants_to_move(&driven))
            }
            _ => {
                let driven = self.bot.drive(view, thinks, Drive::Items);
                (driven.movement, wants_to_move(&driven))
            }
        };
        if thinks {
            #[expect(clippy::cast_precision_loss, reason = "a think of 100 ms")]
            let think_seconds = crate::schedule::THINK_MS as f32 / 1000.0;
            self.stuck.note(me.origin, wish, think_seconds);
        }
        let mut input = movement.input(me);
        input.buttons.set(Buttons::WALK, walk);
        if movement.uses_weapon() {
            // A rocket jump or a door shot open: exact view and weapon, no turning limit.
            self.view = input.view_angles;
        } else {
            let mut ideal = input.view_angles;
            input.weapon = None;
            input.buttons.remove(Buttons::ATTACK);
            let aims_back = self.node != AiNode::BattleRetreat
                || self.fighter.attack_skill() > RETREAT_AIM_SKILL;
            if let Some(enemy) = enemy.filter(|_| self.node.in_battle() && aims_back) {
                let (navigator, rng) = self.bot.navigator_and_rng();
                let fight = self
                    .fighter
                    .fight_frame(view, &enemy, navigator.physics(), rng);
                input.weapon = fight.weapon;
                if let Some(aim) = fight.ideal_view {
                    ideal = aim;
                }
                if fight.attack {
                    input.buttons.insert(Buttons::ATTACK);
                }
            } else if !self.node.in_battle()
                && let Some(heard) = self.hearing.recent(view.time_ms)
                && view.time_ms.saturating_sub(heard.at_ms) <= LOOK_AT_SOUND_MS
            {
                ideal = view_angles_towards(heard.origin - me.eye());
            } else if let Some(weapon) = self.fighter.idle_weapon(me) {
                input.weapon = Some(weapon);
            }
            self.view = self.fighter.turn(self.view, ideal, seconds);
            input.view_angles = self.view;
        }
        if let Some(line) = self.talker.due(view.time_ms_seconds()) {
            if line.team_only {
                input.say_team = Some(line.text);
            } else {
                input.say = Some(line.text);
            }
        }
        input
    }

    /// Battle Fight's movement: the attack move, each direction checked to keep the footing;
    /// and whether it walks.
    fn fight_move(&mut self, view: &BotView, enemy: Vec3) -> (Movement, bool) {
        let me = &view.me;
        #[expect(clippy::cast_precision_loss, reason = "match times of hours at most")]
        let time = view.time_ms as f32 / 1000.0;
        let area = self.bot.navigator().world().point_area(me.origin);
        let (navigator, rng) = self.bot.navigator_and_rng();
        let step = self
            .fighter
            .attack_move(me, enemy, view.time_ms, rng, |direction, crouch| {
                navigator.keeps_footing_towards(me, area, direction, crouch, time)
            });
        let movement = Movement {
            direction: step.direction,
            speed: if step.direction == Vec3::ZERO {
                0.0
            } else {
                f32::MAX
            },
            jump: step.jump,
            crouch: step.crouch,
            ..Movement::default()
        };
        (movement, step.walk)
    }
}

/// What a drive wanted: to get somewhere, or to stand (waiting on purpose).
fn wants_to_move(driven: &Driven) -> Wish {
    let movement = &driven.movement;
    if movement.direction != Vec3::ZERO && movement.speed > 0.0 && !movement.waiting {
        Wish::Go
    } else {
        Wish::Stand
    }
}

/// Seconds of match time, for the chat clock.
trait Seconds {
    fn time_ms_seconds(&self) -> f32;
}

impl Seconds for BotView {
    #[expect(clippy::cast_precision_loss, reason = "match times of hours at most")]
    fn time_ms_seconds(&self) -> f32 {
        self.time_ms as f32 / 1000.0
    }
}
