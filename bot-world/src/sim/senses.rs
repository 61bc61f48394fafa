//! [`World::view`]: what a fair player's client could know, as a [`BotView`].
//!
//! - **Sight**: every player, present item and projectile in line of sight from the
//!   player's eye through the map's solid brushes, in every direction (field of view and
//!   reaction time are the brain's business), as [`Sight`](super::sight) keeps it: a player
//!   when its eye or its origin is in sight (an invisible one only while it fires), an item
//!   when the point 8 units above it is (re-checked every 200 ms), a projectile when its
//!   position is.
//! - **Hearing**: the sounds of the last frame within [`hearing_range`] of the player's
//!   eye, through walls (Quake III plays sounds without occlusion).
//! - **Chat**: the lines said in the last frame to everybody, and to the player's team.
//! - **Obituaries**: every death of the last frame, told to everybody (as Quake III's
//!   console does), and the player's last attacker (`PERS_ATTACKER`).
//! - **Scoreboard**: every player's score, deaths and carried flag, team scores, limits, and
//!   in capture the flag where each flag is (Quake III's flag status).
//! - **Teammates** (team modes): where every teammate is and whether it lives (Quake III's
//!   team overlay).

use bot_interface::{
    BotView, ChatLine, DamageCause, FlagStatus, GameMode, Item, Obituary, PlayerId, Powerup,
    ScoreLine, Scoreboard, SeenItem, SeenPlayer, SeenProjectile, SelfView, Senses, SoundKind,
    TeammateInfo, Weapon,
};
use glam::Vec3;

use super::{Event, FlagState, World};

/// How far (units) a sound of `kind` carries. Our own choice, documented here: Quake III
/// leaves hearing to the client's sound system and botlib's bots use the server's entity
/// events without a distance rule.
#[must_use]
pub fn hearing_range(kind: SoundKind) -> f32 {
    match kind {
        SoundKind::Fire(Weapon::Gauntlet) => 400.0,
        SoundKind::Fire(_) | SoundKind::Explosion(_) => 1600.0,
        SoundKind::Pain | SoundKind::Death | SoundKind::Gesture => 800.0,
        SoundKind::JumpPad | SoundKind::Teleport | SoundKind::Mover => 1000.0,
        SoundKind::Pickup(_) | SoundKind::Respawn | SoundKind::Jump | SoundKind::Land => 500.0,
    }
}

fn vec(a: [f32; 3]) -> Vec3 {
    Vec3::from_array(a)
}

impl World<'_> {
    /// Declares what player `index` reads of its view (see [`Senses`]; everything until
    /// told): from the next frame on, the world traces only the lines of sight that some
    /// player reads, and leaves the parts a player does not read empty in its view. The state
    /// of the match does not depend on it (a replay needs no senses).
    pub fn set_senses(&mut self, index: usize, senses: Senses) {
        self.sight.set_senses(index, senses);
    }

    /// Fills `view` with what player `index` may know now (reusing its buffers); the parts
    /// left out of its [`Senses`] stay empty.
    ///
    /// # Panics
    /// When `index` is not a player of the match.
    pub fn view(&self, index: usize, view: &mut BotView) {
        let physics = self.physics.settings();
        let player = &self.players[index];
        let eye = player.eye(physics.view_height, physics.crouch_view_height);
        let now = self.time_ms;
        let reads = self.sight.senses_of(index);
        view.frame = self.frame;
        view.time_ms = now;
        let inventory = &player.inventory;
        view.me = SelfView {
            id: player.id,
            team: player.team,
            alive: player.alive,
            can_respawn: self.may_respawn(index),
            origin: player.body.origin,
            velocity: player.body.velocity,
            view_angles: player.view_angles,
            view_height: if player.body.crouched {
                physics.crouch_view_height
            } else {
                physics.view_height
            },
            health: inventory.health,
            armor: inventory.armor,
            weapon: player.weapon,
            weapon_time_ms: u32::try_from(player.weapon_time.max(0)).unwrap_or(0),
            weapons: inventory.weapons,
            ammo: inventory.ammo,
            powerups: Powerup::ALL
                .into_iter()
                .filter(|&p| inventory.has_powerup(p, now))
                .map(|p| (p, inventory.powerup_left_ms(p, now)))
                .collect(),
            holdable: inventory.holdable,
            carrying_flag: inventory.flag,
            on_ground: player.body.on_ground(),
            crouched: player.body.crouched,
            water_level: player.body.water_level,
            score: player.score,
            last_attacker: player.last_attacker,
            hits: player.stats.hits.iter().sum(),
        };
        view.players.clear();
        for (other, seen) in self.players.iter().enumerate() {
            if other == index || !seen.entered {
                continue;
            }
            let invisible = seen.inventory.has_powerup(Powerup::Invisibility, now) && !seen.fired;
            if invisible {
                continue;
            }
            if !(reads.contains(Senses::PLAYERS)
                && self.sight.sees_player(index, other, self.players.len()))
            {
                continue;
            }
            view.players.push(SeenPlayer {
                id: seen.id,
                team: seen.team,
                origin: seen.body.origin,
                velocity: seen.body.velocity,
                view_angles: seen.view_angles,
                alive: seen.alive,
                crouched: seen.body.crouched,
                weapon: seen.weapon,
                firing: seen.fired,
                carrying_flag: seen.inventory.flag,
                powerups: Powerup::ALL
                    .into_iter()
                    .filter(|&p| seen.inventory.has_powerup(p, now))
                    .collect(),
            });
        }
        view.items.clear();
        for (item_index, item) in self.items.iter().enumerate() {
            if !(reads.contains(Senses::ITEMS)
                && item.present
                && !item.removed
                && self.sight.sees_item(index, item_index))
            {
                continue;
            }
            view.items.push(SeenItem {
                entity: item.entity,
                item: item.item,
                origin: item.origin,
                dropped: item.level_item.is_none(),
            });
        }
        view.projectiles.clear();
        for (projectile_index, projectile) in self.projectiles.iter().enumerate() {
            if !(reads.contains(Senses::PROJECTILES)
                && self.sight.sees_projectile(index, projectile_index))
            {
                continue;
            }
            view.projectiles.push(SeenProjectile {
                entity: projectile.entity,
                weapon: projectile.weapon,
                owner: self.players[projectile.owner].id,
                origin: projectile.origin,
                velocity: projectile.velocity,
            });
        }
        view.sounds.clear();
        view.chat.clear();
        view.obituaries.clear();
        for event in &self.events {
            self.hear(index, eye, event, view);
        }
        self.fill_scoreboard(&mut view.scoreboard);
        view.teammates.clear();
        if self.settings.mode.is_team() {
            view.teammates.extend(
                self.players
                    .iter()
                    .enumerate()
                    .filter(|&(other, mate)| {
                        other != index && mate.entered && mate.team == player.team
                    })
                    .map(|(_, mate)| TeammateInfo {
                        id: mate.id,
                        alive: mate.alive,
                        origin: mate.body.origin,
                    }),
            );
        }
    }

    /// Adds what player `index` hears or reads of `event`.
    fn hear(&self, index: usize, eye: Vec3, event: &Event, view: &mut BotView) {
        let mut sound = |kind: SoundKind, origin: Vec3, player: Option<PlayerId>| {
            if player != Some(self.players[index].id) && origin.distance(eye) <= hearing_range(kind)
            {
                view.sounds.push(bot_interface::Sound {
                    kind,
                    origin,
                    player,
                });
            }
        };
        match event {
            Event::Fire {
                player,
                weapon,
                origin,
                ..
            } => {
                if let Some(weapon) = Weapon::from_name(weapon) {
                    sound(SoundKind::Fire(weapon), vec(*origin), Some(*player));
                }
            }
            Event::Explosion { weapon, origin } => {
                if let Some(weapon) = Weapon::from_name(weapon) {
                    sound(SoundKind::Explosion(weapon), vec(*origin), None);
                }
            }
            Event::Pickup {
                player,
                entity,
                item,
            } => {
                let origin = self
                    .items
                    .iter()
                    .find(|i| i.entity == *entity)
                    .map_or(Vec3::ZERO, |i| i.origin);
                if let Some(item) = Item::from_classname(item) {
                    sound(SoundKind::Pickup(item), origin, Some(*player));
                }
            }
            Event::Damage { target, .. } => {
                let origin = self.players[target.index()].body.origin;
                sound(SoundKind::Pain, origin, Some(*target));
            }
            Event::Frag {
                victim,
                killer,
                cause,
                ..
            } => {
                let origin = self.players[victim.index()].body.origin;
                sound(SoundKind::Death, origin, Some(*victim));
                if let Some(cause) = DamageCause::from_name(cause) {
                    view.obituaries.push(Obituary {
                        victim: *victim,
                        killer: *killer,
                        cause,
                    });
                }
            }
            Event::JumpPad { player, origin } => {
                sound(SoundKind::JumpPad, vec(*origin), Some(*player));
            }
            Event::Teleport { player, from, to } => {
                sound(SoundKind::Teleport, vec(*from), Some(*player));
                sound(SoundKind::Teleport, vec(*to), Some(*player));
            }
            Event::Spawn { player, origin, .. } => {
                sound(SoundKind::Respawn, vec(*origin), Some(*player));
            }
            Event::Chat {
                player,
                team_only,
                text,
                message,
            } => {
                let speaker = &self.players[player.index()];
                let me = &self.players[index];
                if speaker.id != me.id && (!*team_only || speaker.team == me.team) {
                    view.chat.push(ChatLine {
                        from: *player,
                        name: speaker.name.clone(),
                        team_only: *team_only,
                        text: text.clone(),
                        message: message.clone(),
                    });
                }
            }
            Event::ItemSpawn { .. } | Event::Flag { .. } | Event::MatchEnd { .. } => {}
        }
    }

    /// The scoreboard as every player sees it (a board already filled for this match keeps
    /// its name strings rather than copying them again).
    pub fn fill_scoreboard(&self, board: &mut Scoreboard) {
        let modes = &self.settings.rules.modes;
        board.players.truncate(self.players.len());
        for (index, p) in self.players.iter().enumerate() {
            let line = ScoreLine {
                id: p.id,
                name: String::new(),
                team: p.team,
                score: p.score,
                deaths: p.stats.deaths,
                carrying_flag: p.inventory.flag,
            };
            match board.players.get_mut(index) {
                Some(old) => {
                    if old.name != p.name {
                        old.name.clone_from(&p.name);
                    }
                    *old = ScoreLine {
                        name: std::mem::take(&mut old.name),
                        ..line
                    };
                }
                None => board.players.push(ScoreLine {
                    name: p.name.clone(),
                    ..line
                }),
            }
        }
        let team = self.settings.mode.is_team();
        board.red = team.then_some(self.team_scores[0]);
        board.blue = team.then_some(self.team_scores[1]);
        board.time_limit_ms = modes.time_limit_ms;
        board.frag_limit = modes.frag_limit;
        board.capture_limit = modes.ctf.capture_limit;
        let ctf = self.settings.mode == GameMode::Ctf;
        let status = |state: FlagState| match state {
            FlagState::AtBase => FlagStatus::AtBase,
            FlagState::Carried(_) => FlagStatus::Taken,
            FlagState::Dropped(_) => FlagStatus::Dropped,
        };
        board.red_flag = ctf.then(|| status(self.flags[0]));
        board.blue_flag = ctf.then(|| status(self.flags[1]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_has_a_range() {
        for weapon in Weapon::ALL {
            assert!(hearing_range(SoundKind::Fire(weapon)) > 0.0);
        }
    }
}
