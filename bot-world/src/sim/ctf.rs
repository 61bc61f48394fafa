//! Capture the flag: taking, dropping, returning and capturing flags, and the CTF bonuses.

use bot_interface::{GameMode, Item, Team};
use glam::Vec3;
use serde::Serialize;

use super::{Event, FlagAction, World};

/// Where a team's flag is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagState {
    /// At its base.
    AtBase,
    /// Carried by this player (slot index).
    Carried(usize),
    /// Lying where its carrier died: the dropped item entity (index into the items).
    Dropped(usize),
}

impl World<'_> {
    fn flag_index(team: Team) -> usize {
        match team {
            Team::Blue => 1,
            Team::Red | Team::Free => 0,
        }
    }

    /// Puts `team`'s flag back at its base.
    fn return_flag(&mut self, team: Team) {
        let slot = Self::flag_index(team);
        if let FlagState::Dropped(item) = self.flags[slot] {
            self.items[item].removed = true;
            self.items[item].present = false;
        }
        self.flags[slot] = FlagState::AtBase;
        if let Some(base) = self.flag_base(team) {
            self.items[base].present = true;
        }
    }

    /// Player `index` touches `team`'s flag, item `item`.
    pub(super) fn touch_flag(&mut self, index: usize, item: usize, team: Team) {
        if self.settings.mode != GameMode::Ctf || !self.players[index].alive {
            return;
        }
        let player_team = self.players[index].team;
        let id = self.players[index].id;
        let at_base = self.items[item].level_item.is_some();
        let ctf = self.settings.rules.modes.ctf.clone();
        if player_team == team {
            if at_base {
                // Capture: carrying the enemy flag while the own flag is home.
                let Some(carried) = self.players[index].inventory.flag else {
                    return;
                };
                self.players[index].inventory.flag = None;
                self.players[index].score += ctf.capture_bonus;
                if let Some(slot) = Self::team_index(player_team) {
                    self.team_scores[slot] += ctf.team_capture_points;
                }
                self.return_flag(carried);
                self.events.push(Event::Flag {
                    action: FlagAction::Captured,
                    team: carried,
                    player: Some(id),
                });
            } else {
                self.players[index].score += ctf.recovery_bonus;
                self.return_flag(team);
                self.events.push(Event::Flag {
                    action: FlagAction::Returned,
                    team,
                    player: Some(id),
                });
            }
            return;
        }
        if player_team == Team::Free || self.players[index].inventory.flag.is_some() {
            return;
        }
        self.items[item].present = false;
        if !at_base {
            self.items[item].removed = true;
        }
        self.flags[Self::flag_index(team)] = FlagState::Carried(index);
        self.players[index].inventory.flag = Some(team);
        self.events.push(Event::Flag {
            action: FlagAction::Taken,
            team,
            player: Some(id),
        });
    }

    /// Player `victim`, carrying `team`'s flag, died at `origin`: the flag drops there (or
    /// goes home at once after a suicide).
    pub(super) fn flag_dropped_by(
        &mut self,
        victim: usize,
        team: Team,
        origin: Vec3,
        yaw: f32,
        suicide: bool,
    ) {
        let id = self.players[victim].id;
        if suicide {
            self.return_flag(team);
            self.events.push(Event::Flag {
                action: FlagAction::AutoReturned,
                team,
                player: None,
            });
            return;
        }
        let entity = self.drop_item(Item::Flag(team), origin, yaw, None);
        let index = self.items.len() - 1;
        debug_assert_eq!(self.items[index].entity, entity);
        let return_ms = self.settings.rules.modes.ctf.flag_return_ms;
        self.items[index].expires_ms = Some(self.time_ms.saturating_add(return_ms));
        self.flags[Self::flag_index(team)] = FlagState::Dropped(index);
        self.events.push(Event::Flag {
            action: FlagAction::Dropped,
            team,
            player: Some(id),
        });
    }

    /// Dropped flags lying too long go home.
    pub(super) fn run_flags(&mut self) {
        if self.settings.mode != GameMode::Ctf {
            return;
        }
        for team in [Team::Red, Team::Blue] {
            if let FlagState::Dropped(item) = self.flags[Self::flag_index(team)]
                && self.items[item]
                    .expires_ms
                    .is_some_and(|at| self.time_ms >= at)
            {
                self.return_flag(team);
                self.events.push(Event::Flag {
                    action: FlagAction::AutoReturned,
                    team,
                    player: None,
                });
            }
        }
    }

    /// Notes that `attacker` hurt `victim` when `victim` carries the attacker's flag.
    pub(super) fn note_carrier_hurt(&mut self, attacker: usize, victim: usize) {
        if self.settings.mode == GameMode::Ctf
            && self.players[victim].inventory.flag == Some(self.players[attacker].team)
        {
            self.players[attacker].hurt_carrier_ms = Some(self.time_ms);
        }
    }

    /// The CTF bonus of `killer` for killing `victim` (before the victim's drops): the first
    /// that applies of fragging the enemy carrier, defending the own carrier, defending the
    /// base, and protecting the own carrier.
    pub(super) fn frag_bonuses(&mut self, killer: usize, victim: usize) {
        if self.settings.mode != GameMode::Ctf {
            return;
        }
        let ctf = self.settings.rules.modes.ctf.clone();
        let killer_team = self.players[killer].team;
        let now = self.time_ms;
        let bonus = if self.players[victim].inventory.flag == Some(killer_team) {
            ctf.frag_carrier_bonus
        } else if self.players[victim]
            .hurt_carrier_ms
            .is_some_and(|at| now.saturating_sub(at) <= ctf.carrier_danger_timeout_ms)
            && self.players[killer].inventory.flag.is_none()
        {
            ctf.carrier_danger_bonus
        } else {
            let near = |point: Vec3, to: Vec3| point.distance(to) <= ctf.defense_radius;
            let killer_origin = self.players[killer].body.origin;
            let victim_origin = self.players[victim].body.origin;
            let base = self.flag_base(killer_team).map(|i| self.items[i].origin);
            let carrier = self
                .players
                .iter()
                .find(|p| p.alive && p.team == killer_team && p.inventory.flag.is_some());
            if base.is_some_and(|b| near(killer_origin, b) || near(victim_origin, b)) {
                ctf.base_defense_bonus
            } else if carrier.is_some_and(|c| {
                near(killer_origin, c.body.origin) || near(victim_origin, c.body.origin)
            }) {
                ctf.carrier_protect_bonus
            } else {
                0
            }
        };
        self.players[killer].score += bonus;
        self.players[victim].hurt_carrier_ms = None;
    }
}
