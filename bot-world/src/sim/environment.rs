//! What the world does to players besides weapons: falls, liquids, drowning, hurt volumes,
//! the once-per-second health tick, and the holdable items.

use aas_geom::world::AreaContents;
use bot_interface::{BotInput, Buttons, Holdable, Powerup};

use super::combat::Hit;
use super::{Event, World};
use crate::rules::{
    DamageCause, FlagFate, Liquid, fall_damage, health_tick, liquid_damage, use_medkit,
};

impl World<'_> {
    /// Landing with fall delta `delta` hurts (5 or 10) above the thresholds.
    pub(super) fn fall_damage(&mut self, index: usize, delta: f32) {
        // The physics' delta already has the liquid's reduction; crouching doubles it.
        let delta = if self.players[index].body.crouched {
            delta * 2.0
        } else {
            delta
        };
        let amount = fall_damage(delta, &self.settings.rules);
        if amount > 0 {
            self.damage_player(index, Hit::new(None, amount, DamageCause::Falling, None));
        }
    }

    /// `trigger_hurt` volumes hurt the live players in them (each volume at most once per
    /// 100 ms, or per second when slow).
    pub(super) fn run_hurts(&mut self) {
        let now = self.time_ms;
        for (index, hurt) in self.level.doors.hurts.iter().enumerate() {
            let (on, next) = self.hurts[index];
            if !on || now < next {
                continue;
            }
            let victims: Vec<usize> = (0..self.players.len())
                .filter(|&p| {
                    self.players[p].alive && {
                        let (lo, hi) = self.players[p].bounds();
                        hurt.touches_box(lo, hi)
                    }
                })
                .collect();
            if victims.is_empty() {
                continue;
            }
            let period = if hurt.slow {
                1000
            } else {
                self.settings.rules.damage.trigger_hurt_interval_ms
            };
            self.hurts[index].1 = now + period;
            for victim in victims {
                let mut hit = Hit::new(None, hurt.damage, DamageCause::TriggerHurt, None);
                hit.flags.no_protection |= hurt.no_protection;
                self.damage_player(victim, hit);
            }
        }
    }

    /// The once-per-second tick (health and armor counting down above the maximum,
    /// regeneration), run from the player's frame time.
    pub(super) fn timer_actions(&mut self, index: usize) {
        let frame_ms = self.settings.frame_ms;
        let now = self.time_ms;
        let player = &mut self.players[index];
        player.second_residual += frame_ms;
        while player.second_residual >= 1000 {
            player.second_residual -= 1000;
            health_tick(&mut player.inventory, now, &self.settings.rules);
        }
    }

    /// Uses the holdable item on a new press of USE.
    pub(super) fn use_holdable(&mut self, index: usize, input: &BotInput) {
        let player = &self.players[index];
        if !input.holds(Buttons::USE) || player.buttons_held.contains(Buttons::USE) {
            return;
        }
        match player.inventory.holdable {
            Some(Holdable::Medkit) => {
                use_medkit(&mut self.players[index].inventory, &self.settings.rules);
            }
            Some(Holdable::Teleporter) => {
                let from = player.body.origin;
                self.players[index].inventory.holdable = None;
                if let Some(flag) = self.players[index].inventory.flag.take() {
                    let yaw = self.players[index].view_angles.y;
                    self.flag_dropped_by(index, flag, from, yaw, FlagFate::Drop);
                }
                // Teleport to a spawn point as a respawn would choose it, keeping everything.
                let inventory = self.players[index].inventory.clone();
                let (weapon, stats) = (
                    self.players[index].weapon,
                    self.players[index].stats.clone(),
                );
                let events_before = self.events.len();
                self.spawn_player(index);
                // The spawn event is a teleport here.
                self.events.truncate(events_before);
                let player = &mut self.players[index];
                player.inventory = inventory;
                player.weapon = weapon;
                player.stats = stats;
                player.respawn_hold = false;
                let to = player.body.origin;
                let id = player.id;
                self.events.push(Event::Teleport {
                    player: id,
                    from: from.to_array(),
                    to: to.to_array(),
                });
                self.telefrag_at(index);
            }
            None => {}
        }
    }

    /// The end of a player's frame: powerups running out, drowning, liquids hurting, and the
    /// pain feedback that spaces liquid hits.
    pub(super) fn end_player_frame(&mut self, index: usize) {
        let now = self.time_ms;
        self.players[index].inventory.expire_powerups(now);
        if self.players[index].alive {
            self.world_effects(index);
        }
        let player = &mut self.players[index];
        if std::mem::take(&mut player.damaged) {
            player.pain.after_damage(now, &self.settings.rules);
        }
    }

    /// Quake III's `P_WorldEffects`: drowning, then lava and slime.
    fn world_effects(&mut self, index: usize) {
        let now = self.time_ms;
        let body = self.players[index].body;
        let battlesuit = self.players[index]
            .inventory
            .has_powerup(Powerup::Battlesuit, now);
        let rules = &self.settings.rules;
        if let Some(amount) =
            self.players[index]
                .breath
                .check(now, body.water_level, battlesuit, rules)
        {
            self.damage_player(index, Hit::new(None, amount, DamageCause::Drowning, None));
        }
        if !self.players[index].alive || body.water_level == 0 || battlesuit {
            return;
        }
        let liquid = if body.water_type.contains(AreaContents::LAVA) {
            Liquid::Lava
        } else if body.water_type.contains(AreaContents::SLIME) {
            Liquid::Slime
        } else {
            return;
        };
        if self.players[index].pain.liquid_may_hurt(now) {
            let amount = liquid_damage(liquid, body.water_level, &self.settings.rules);
            let cause = if liquid == Liquid::Lava {
                DamageCause::Lava
            } else {
                DamageCause::Slime
            };
            self.damage_player(index, Hit::new(None, amount, cause, None));
        }
    }
}
