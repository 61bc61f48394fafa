//! A player's think (respawn, view, chat, movement, weapon, touches) and the movers.

use aas_geom::MoveInput;
use aas_geom::entities::team_touch_field;
use aas_geom::physics::{Mover, MoverMotion};
use bot_interface::{BotInput, Buttons, Powerup};
use glam::Vec3;

use super::{Event, World};

/// Quake III's pitch limit (degrees): ±16000/65536 of a turn.
const MAX_PITCH: f32 = 16000.0 / 65536.0 * 360.0;
/// A player this far from a button's box touches it (the player stops short of movers).
const BUTTON_REACH: f32 = 2.0;

impl World<'_> {
    /// Player `index`'s part of the frame.
    pub(super) fn run_player(&mut self, index: usize, input: &BotInput) {
        self.players[index].fired = false;
        self.say(index, input);
        if !self.players[index].alive {
            let pressed = input.holds(Buttons::RESPAWN) || input.holds(Buttons::ATTACK);
            if (pressed && self.may_respawn(index)) || self.must_respawn(index) {
                self.spawn_player(index);
            } else {
                if self.players[index].entered {
                    self.move_player(index, &BotInput::default());
                }
                self.players[index].buttons_held = input.buttons;
                return;
            }
        }
        let player = &mut self.players[index];
        let mut angles = input.view_angles;
        if angles.is_finite() {
            angles.x = angles.x.clamp(-MAX_PITCH, MAX_PITCH);
            player.view_angles = angles;
        }
        if player.respawn_hold && !input.holds(Buttons::ATTACK) && !input.holds(Buttons::USE) {
            player.respawn_hold = false;
        }
        let mut movement = input.clone();
        if self.players[index].respawn_hold {
            movement.buttons.remove(Buttons::JUMP);
        }
        self.move_player(index, &movement);
        if !self.players[index].alive {
            return;
        }
        self.run_weapon(index, input);
        self.use_holdable(index, input);
        self.touch_items(index);
        self.touch_movers(index);
        self.timer_actions(index);
        self.players[index].buttons_held = input.buttons;
    }

    /// Chat said this frame.
    fn say(&mut self, index: usize, input: &BotInput) {
        let id = self.players[index].id;
        for (text, team_only) in [(&input.say, false), (&input.say_team, true)] {
            if let Some(text) = text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                // Quake III caps a chat line at 150 characters.
                let text: String = text.chars().take(150).collect();
                let message = if team_only {
                    input.team_message.clone()
                } else {
                    None
                };
                self.events.push(Event::Chat {
                    player: id,
                    team_only,
                    text,
                    message,
                });
            }
        }
    }

    /// One physics step for player `index`: the other live players are boxes in the way.
    fn move_player(&mut self, index: usize, input: &BotInput) {
        let now = self.time_ms as f32 / 1000.0;
        let movers = self.physics.movers_mut();
        movers.truncate(self.map_movers);
        for (other, player) in self.players.iter().enumerate() {
            if other != index && player.alive {
                let (mins, maxs) = player.bounds();
                movers.push(Mover {
                    mins,
                    maxs,
                    motion: MoverMotion::Fixed { offset: Vec3::ZERO },
                });
            }
        }
        let player = &self.players[index];
        let haste = player.inventory.has_powerup(Powerup::Haste, self.time_ms);
        let walk = input.holds(Buttons::WALK);
        let base_speed = self.run_speed;
        #[expect(clippy::cast_possible_truncation, reason = "a speed factor near 1")]
        let speed_cap = if haste {
            base_speed * self.settings.rules.player.haste_speed_factor as f32
        } else {
            base_speed
        };
        self.physics.settings_mut().max_walk_velocity = speed_cap;
        let wished = if walk {
            input.move_speed.min(speed_cap * 0.5)
        } else {
            input.move_speed
        };
        let move_input = if player.alive {
            MoveInput {
                direction: input.move_direction,
                speed: wished,
                jump: input.holds(Buttons::JUMP),
                crouch: input.holds(Buttons::CROUCH),
            }
        } else {
            MoveInput::idle()
        };
        let mut body = player.body;
        body.time = now;
        let before = body.origin;
        let (next, events) = self.physics.step(&body, &move_input);
        let id = player.id;
        self.players[index].body = next;
        if !self.players[index].alive {
            return;
        }
        if events.jump_pad.is_some() {
            self.events.push(Event::JumpPad {
                player: id,
                origin: next.origin.to_array(),
            });
        }
        if events.teleporter.is_some() {
            self.events.push(Event::Teleport {
                player: id,
                from: before.to_array(),
                to: next.origin.to_array(),
            });
            self.telefrag_at(index);
        }
        if let Some(delta) = events.landed {
            self.fall_damage(index, delta);
        }
    }

    /// Doors that open on touch, buttons pressed by touch, lifts started by standing on them.
    fn touch_movers(&mut self, index: usize) {
        let (mins, maxs) = self.players[index].bounds();
        let now = self.time_ms;
        let overlaps = |lo: Vec3, hi: Vec3| lo.cmple(maxs).all() && mins.cmple(hi).all();
        let doors = &self.level.doors.doors;
        // One trigger per team, over all its doors, when its master opens on touch.
        for (i, door) in doors.iter().enumerate() {
            if self.door_masters[i] != i || door.targetname.is_some() || door.health > 0 {
                continue;
            }
            let team = (0..doors.len()).filter(|&j| self.door_masters[j] == i);
            let field = team_touch_field(team.map(|j| &doors[j]));
            if field.is_some_and(|(lo, hi)| overlaps(lo, hi)) {
                self.use_door_team(i, now);
            }
        }
        let buttons = &self.level.doors.buttons;
        for (i, button) in buttons.iter().enumerate() {
            if button.health > 0 {
                continue;
            }
            let mover = &self.binary_movers[doors.len() + i];
            let (lo, hi) = (button.mins + mover.offset, button.maxs + mover.offset);
            if mover.at_first()
                && overlaps(
                    lo - Vec3::splat(BUTTON_REACH),
                    hi + Vec3::splat(BUTTON_REACH),
                )
            {
                self.binary_movers[doors.len() + i].activate(now);
            }
        }
        let team = self.players[index].team;
        for (i, relay) in self.level.doors.relays.iter().enumerate() {
            let allowed = !(relay.red_only && team != bot_interface::Team::Red
                || relay.blue_only && team != bot_interface::Team::Blue);
            if allowed && now >= self.relays[i] && relay.touches_box(mins, maxs) {
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "a wait of a few seconds, checked positive"
                )]
                let rearm = if relay.wait > 0.0 {
                    now.saturating_add((relay.wait * 1000.0) as u32)
                } else {
                    u32::MAX
                };
                self.relays[i] = rearm;
                let target = relay.target.clone();
                self.use_targets(&target, Some(index));
            }
        }
        let doors = &self.level.doors.doors;
        let buttons = &self.level.doors.buttons;
        let lift_base = doors.len() + buttons.len();
        let bobbing = self.level.movement.bobbers.len();
        if let Some(mover) = self.players[index].body.ground.and_then(|g| g.mover) {
            let first_lift = bobbing + lift_base;
            if (first_lift..self.map_movers).contains(&mover) {
                let lift = lift_base + (mover - first_lift);
                self.binary_movers[lift].activate(now);
            }
        }
    }

    /// Uses door `door`: every door of its team moves (a door without a team alone).
    pub(super) fn use_door_team(&mut self, door: usize, now: u32) {
        let Some(&master) = self.door_masters.get(door) else {
            return;
        };
        for member in 0..self.door_masters.len() {
            if self.door_masters[member] == master {
                self.binary_movers[member].activate(now);
            }
        }
    }

    /// The bounds of two-position mover `index` where the map built it.
    fn binary_model_bounds(&self, index: usize) -> (Vec3, Vec3) {
        let doors = &self.level.doors;
        if let Some(mover) = doors.doors.iter().chain(&doors.buttons).nth(index) {
            return (mover.mins, mover.maxs);
        }
        let plat = &self.level.movement.plats[index - doors.doors.len() - doors.buttons.len()];
        (plat.mins, plat.maxs)
    }

    /// Whether binary mover `index`, moving to offset `planned` this frame, is blocked by a
    /// live player its box would then meet (Quake III's blocked door and plat): going back
    /// to its first position (a door closing, a lift coming down), by any such player; going
    /// to its second, by one the move cannot push along because the world's solid stops the
    /// push (a lift's rider against a ceiling). At rest it is never blocked.
    fn move_blocked(&self, index: usize, planned: Vec3) -> bool {
        let mover = &self.binary_movers[index];
        let pushing = match mover.phase {
            super::MoverPhase::ToFirst => false,
            super::MoverPhase::ToSecond => true,
            super::MoverPhase::AtFirst | super::MoverPhase::AtSecond { .. } => return false,
        };
        let shift = planned - mover.offset;
        if pushing && shift == Vec3::ZERO {
            return false;
        }
        let (lo, hi) = self.binary_model_bounds(index);
        let (lo, hi) = (lo + planned, hi + planned);
        self.players.iter().any(|p| {
            let (pl, ph) = p.bounds();
            let meets = p.alive && pl.cmplt(hi).all() && lo.cmplt(ph).all();
            meets
                && (!pushing || {
                    let origin = p.body.origin;
                    let trace = self
                        .level
                        .aas
                        .trace(origin, origin + shift, p.body.presence());
                    trace.start_solid || trace.fraction < 1.0
                })
        })
    }

    /// Moves doors, buttons and lifts by one frame and sets their physics motion for it. A
    /// door closing onto a live player, or a lift or door that would push one into the world,
    /// goes back (Quake III's blocked door and plat).
    pub(super) fn advance_movers(&mut self) {
        let now = self.time_ms;
        let frame_ms = self.settings.frame_ms;
        let from = now as f32 / 1000.0;
        let to = (now + frame_ms) as f32 / 1000.0;
        let base = self.level.movement.bobbers.len();
        let door_count = self.level.doors.doors.len();
        let button_count = self.level.doors.buttons.len();
        for i in 0..self.binary_movers.len() {
            let (planned, _) = self.binary_movers[i].planned(frame_ms);
            if self.move_blocked(i, planned) {
                self.binary_movers[i].reverse();
            }
            let start = self.binary_movers[i].offset;
            let step = self.binary_movers[i].advance(now, frame_ms);
            let end = self.binary_movers[i].offset;
            let velocity = if to > from {
                (end - start) / (to - from)
            } else {
                Vec3::ZERO
            };
            self.physics.movers_mut()[base + i].motion = MoverMotion::Linear {
                start,
                velocity,
                from,
                to,
            };
            if step.reached_second
                && (door_count..door_count + button_count).contains(&i)
                && let Some(target) = self.level.doors.buttons[i - door_count].target.clone()
            {
                self.use_targets(&target, None);
            }
        }
    }
}
