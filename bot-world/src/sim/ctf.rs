//! Capture the flag: taking, dropping, returning and capturing flags, and the CTF bonuses.
//!
//! The world keeps the flags, the items and the per-player times; the rules decide: what a
//! touch does ([`flag_touch`]), when a dropped flag goes home ([`flag_return_due`],
//! [`flag_on_death`](crate::rules::flag_on_death)), and every point
//! ([`ctf_capture_award`], [`ctf_capture_assist`], [`ctf_recovery_bonus`],
//! [`ctf_frag_bonus`]).

use bot_interface::{GameMode, Item, Team};
use glam::Vec3;
use serde::Serialize;

use super::{Event, FlagAction, World};
use crate::rules::{
    self, CtfBonus, CtfContext, FlagFate, FlagTouch, HurtCarrierReset, ctf_capture_assist,
    ctf_capture_award, ctf_frag_bonus, ctf_recovery_bonus, flag_return_due, flag_touch,
};

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

impl From<FlagState> for rules::FlagState {
    fn from(state: FlagState) -> Self {
        match state {
            FlagState::AtBase => Self::AtBase,
            FlagState::Carried(_) => Self::Carried,
            FlagState::Dropped(_) => Self::Dropped,
        }
    }
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

    /// Player `index` touches `team`'s flag, item `item`: whatever [`flag_touch`] says.
    pub(super) fn touch_flag(&mut self, index: usize, item: usize, team: Team) {
        let player = &self.players[index];
        if self.settings.mode != GameMode::Ctf || !player.alive {
            return;
        }
        let state = self.flags[Self::flag_index(team)].into();
        match flag_touch(player.team, player.inventory.flag, team, state) {
            FlagTouch::Ignore => {}
            FlagTouch::Take => self.take_flag(index, item, team),
            FlagTouch::Return => self.recover_flag(index, team),
            FlagTouch::Capture => self.capture(index),
        }
    }

    /// Player `index` takes `team`'s flag, item `item` (its base or where it lay).
    fn take_flag(&mut self, index: usize, item: usize, team: Team) {
        let entity = &mut self.items[item];
        entity.present = false;
        if entity.level_item.is_none() {
            entity.removed = true;
        }
        self.flags[Self::flag_index(team)] = FlagState::Carried(index);
        let player = &mut self.players[index];
        player.inventory.flag = Some(team);
        let id = player.id;
        self.events.push(Event::Flag {
            action: FlagAction::Taken,
            team,
            player: Some(id),
        });
    }

    /// Player `index` returns its own dropped flag, of `team`, by touch.
    fn recover_flag(&mut self, index: usize, team: Team) {
        let player = &mut self.players[index];
        player.score += ctf_recovery_bonus(&self.settings.rules);
        player.returned_flag_ms = Some(self.time_ms);
        let id = player.id;
        self.return_flag(team);
        self.events.push(Event::Flag {
            action: FlagAction::Returned,
            team,
            player: Some(id),
        });
    }

    /// Player `index`, carrying the enemy flag, touches its own flag at home: the capture
    /// award, the teammates' assists, both flags home.
    fn capture(&mut self, index: usize) {
        let Some(carried) = self.players[index].inventory.flag.take() else {
            return;
        };
        let rules = &self.settings.rules;
        let award = ctf_capture_award(rules);
        let team = self.players[index].team;
        self.players[index].score += award.capturer;
        if let Some(slot) = Self::team_index(team) {
            self.team_scores[slot] += award.team;
        }
        let now = self.time_ms;
        for (other, player) in self.players.iter_mut().enumerate() {
            if other == index {
                continue;
            }
            if player.team == team {
                player.score += ctf_capture_assist(
                    player.returned_flag_ms,
                    player.fragged_carrier_ms,
                    now,
                    rules,
                );
            } else {
                player.hurt_carrier_ms = None;
            }
        }
        let id = self.players[index].id;
        self.return_flag(carried);
        self.events.push(Event::Flag {
            action: FlagAction::Captured,
            team: carried,
            player: Some(id),
        });
    }

    /// Player `carrier` lost `team`'s flag at `origin` (it died, or used the teleporter): the
    /// flag is tossed towards `yaw` (degrees) and lies there, or goes home at once.
    pub(super) fn flag_dropped_by(
        &mut self,
        carrier: usize,
        team: Team,
        origin: Vec3,
        yaw: f32,
        fate: FlagFate,
    ) {
        if fate == FlagFate::ReturnToBase {
            self.return_flag(team);
            self.events.push(Event::Flag {
                action: FlagAction::AutoReturned,
                team,
                player: None,
            });
            return;
        }
        let item = self.drop_item(Item::Flag(team), origin, yaw, None);
        // It does not vanish like other dropped items: `run_flags` sends it home.
        self.items[item].expires_ms = None;
        self.flags[Self::flag_index(team)] = FlagState::Dropped(item);
        self.events.push(Event::Flag {
            action: FlagAction::Dropped,
            team,
            player: Some(self.players[carrier].id),
        });
    }

    /// Dropped flags lying too long go home ([`flag_return_due`]).
    pub(super) fn run_flags(&mut self) {
        if self.settings.mode != GameMode::Ctf {
            return;
        }
        for team in [Team::Red, Team::Blue] {
            if let FlagState::Dropped(item) = self.flags[Self::flag_index(team)]
                && self.items[item].dropped_ms.is_some_and(|dropped| {
                    flag_return_due(dropped, self.time_ms, &self.settings.rules)
                })
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

    /// The CTF bonus of `killer` for killing `victim`, an enemy (before the victim's drops):
    /// [`ctf_frag_bonus`], and the times it sets and spends.
    pub(super) fn frag_bonuses(&mut self, killer: usize, victim: usize) {
        if self.settings.mode != GameMode::Ctf {
            return;
        }
        let context = self.ctf_context(killer, victim);
        let Some((bonus, points)) = ctf_frag_bonus(&context, &self.settings.rules) else {
            return;
        };
        self.players[killer].score += points;
        if bonus == CtfBonus::CarrierFrag {
            self.players[killer].fragged_carrier_ms = Some(self.time_ms);
        }
        match bonus.hurt_carrier_reset() {
            Some(HurtCarrierReset::KillerTeam) => {
                let team = self.players[killer].team;
                for player in self.players.iter_mut().filter(|p| p.team == team) {
                    player.hurt_carrier_ms = None;
                }
            }
            Some(HurtCarrierReset::Victim) => self.players[victim].hurt_carrier_ms = None,
            None => {}
        }
    }

    /// What [`ctf_frag_bonus`] needs to know about `killer` killing `victim`: distances to the
    /// killer's flag base and to the killer's team's carrier (not the killer), each only where
    /// the map's potentially visible set joins the two points.
    fn ctf_context(&self, killer: usize, victim: usize) -> CtfContext {
        let killer_slot = &self.players[killer];
        let victim_slot = &self.players[victim];
        let team = killer_slot.team;
        let (killer_at, victim_at) = (killer_slot.body.origin, victim_slot.body.origin);
        let seen_distance = |from: Vec3, to: Vec3| {
            let visible = self
                .level
                .visibility
                .as_ref()
                .is_none_or(|v| v.potentially_visible(from, to));
            visible.then(|| from.distance(to))
        };
        let base = self.flag_base(team).map(|item| self.items[item].origin);
        let carrier = self
            .players
            .iter()
            .enumerate()
            .find(|&(other, p)| other != killer && p.inventory.flag == Some(team.opponent()))
            .map(|(_, p)| p.body.origin);
        CtfContext {
            now_ms: self.time_ms,
            victim_carried_flag: victim_slot.inventory.flag == Some(team),
            victim_hurt_our_carrier_ms: victim_slot.hurt_carrier_ms,
            killer_carries_flag: killer_slot.inventory.flag.is_some(),
            killer_to_base: base.and_then(|b| seen_distance(b, killer_at)),
            victim_to_base: base.and_then(|b| seen_distance(b, victim_at)),
            killer_to_carrier: carrier.and_then(|c| seen_distance(c, killer_at)),
            victim_to_carrier: carrier.and_then(|c| seen_distance(c, victim_at)),
        }
    }
}

#[cfg(test)]
#[path = "ctf_tests.rs"]
mod tests;
