//! Players entering and respawning: spawn point choice, telefrags, the spawn loadout.

use aas_geom::PlayerState;
use bot_interface::{Buttons, GameMode, Team};
use glam::Vec3;

use super::combat::Hit;
use super::player::{PlayerStats, WeaponPhase};
use super::{Event, MatchSettings, PlayerSetup, PlayerSlot, World};
use crate::level::SpawnKind;
use crate::rules::{
    Breath, DamageCause, Inventory, PainDebounce, select_spawn_point, select_team_spawn_point,
};

/// How far a spawn point stuck in the navigation world's solid is moved to free its player.
const SPAWN_NUDGE: f32 = 32.0;
/// Grid of the search for a free place.
const NUDGE_STEP: f32 = 4.0;

/// A slot for a player that has not entered yet.
pub(super) fn new_slot(index: usize, setup: &PlayerSetup, settings: &MatchSettings) -> PlayerSlot {
    PlayerSlot {
        id: World::id(index),
        name: setup.name.clone(),
        team: if settings.mode.is_team() {
            setup.team
        } else {
            Team::Free
        },
        body: PlayerState::at(Vec3::ZERO),
        view_angles: Vec3::ZERO,
        inventory: Inventory::spawn(&settings.rules, settings.mode),
        alive: false,
        entered: false,
        died_ms: 0,
        weapon: None,
        weapon_time: 0,
        weapon_phase: WeaponPhase::Ready,
        respawn_hold: false,
        fired: false,
        score: 0,
        stats: PlayerStats::default(),
        second_residual: 0,
        breath: Breath::new(0, &settings.rules),
        pain: PainDebounce::default(),
        damaged: false,
        hurt_carrier_ms: None,
        returned_flag_ms: None,
        fragged_carrier_ms: None,
        buttons_held: Buttons::empty(),
        last_attacker: None,
    }
}

impl World<'_> {
    /// Whether a player may respawn now: dead, the respawn delay over.
    pub(super) fn may_respawn(&self, index: usize) -> bool {
        let player = &self.players[index];
        !player.alive
            && (!player.entered
                || self.time_ms
                    > player
                        .died_ms
                        .saturating_add(self.settings.rules.player.respawn_delay_ms))
    }

    /// Whether a dead player must respawn now (waited too long).
    pub(super) fn must_respawn(&self, index: usize) -> bool {
        let player = &self.players[index];
        !player.entered
            || self.time_ms
                > player
                    .died_ms
                    .saturating_add(self.settings.rules.player.respawn_delay_ms)
                    .saturating_add(self.settings.rules.player.forced_respawn_ms)
    }

    /// The spawn points a player of `team` may use now (team spawns in CTF, the first spawn
    /// on the `*player` spots), falling back to the deathmatch points.
    fn spawn_candidates(&self, team: Team, first: bool) -> Vec<usize> {
        let spawns = &self.level.spawns;
        let of_kind = |kind: SpawnKind| -> Vec<usize> {
            spawns
                .iter()
                .enumerate()
                .filter(|(_, s)| s.kind == kind && !s.no_bots)
                .map(|(i, _)| i)
                .collect()
        };
        if self.settings.mode == GameMode::Ctf {
            let kinds: &[SpawnKind] = match (team, first) {
                (Team::Red, true) => &[SpawnKind::RedPlayer, SpawnKind::RedSpawn],
                (Team::Red, false) => &[SpawnKind::RedSpawn, SpawnKind::RedPlayer],
                (Team::Blue, true) => &[SpawnKind::BluePlayer, SpawnKind::BlueSpawn],
                (Team::Blue, false) => &[SpawnKind::BlueSpawn, SpawnKind::BluePlayer],
                (Team::Free, _) => &[],
            };
            for &kind in kinds {
                let found = of_kind(kind);
                if !found.is_empty() {
                    return found;
                }
            }
        }
        let deathmatch = of_kind(SpawnKind::Deathmatch);
        if deathmatch.is_empty() {
            // A map with team spawns only, played in FFA or TDM: any spawn point.
            (0..spawns.len()).collect()
        } else {
            deathmatch
        }
    }

    /// Whether a player box at spawn point `spot` would overlap a live player other than
    /// `index`.
    fn spot_occupied(&self, spot: Vec3, index: usize) -> bool {
        let origin = spot + Vec3::Z * self.settings.rules.player.spawn_lift;
        let (mins, maxs) = (
            origin + aas_geom::physics::STANDING_MINS,
            origin + aas_geom::physics::STANDING_MAXS,
        );
        self.players.iter().enumerate().any(|(other, player)| {
            if other == index || !player.alive {
                return false;
            }
            let (lo, hi) = player.bounds();
            lo.cmple(maxs).all() && mins.cmple(hi).all()
        })
    }

    /// Puts player `index` into the match at a spawn point chosen as Quake III chooses it
    /// (or, entering for the first time, at its [`FixedStart`](super::FixedStart) if it has
    /// one), with the spawn loadout, telefragging anybody in the way.
    pub(super) fn spawn_player(&mut self, index: usize) {
        let team = self.players[index].team;
        let first = !self.players[index].entered;
        let fixed = self
            .settings
            .fixed_starts
            .iter()
            .find(|start| start.player == index)
            .filter(|_| first)
            .map(|start| (Vec3::from_array(start.origin), start.yaw));
        let (origin, yaw) = match fixed {
            Some((origin, yaw)) => (self.open_spawn_origin(origin), yaw),
            None => self.pick_spawn(index, team, first),
        };
        self.enter_at(index, origin, yaw);
    }

    /// A spawn point for player `index` of `team` (entering for the `first` time) chosen as
    /// Quake III chooses it, and its yaw.
    fn pick_spawn(&mut self, index: usize, team: Team, first: bool) -> (Vec3, f32) {
        let candidates = self.spawn_candidates(team, first);
        let spots: Vec<Vec3> = candidates
            .iter()
            .map(|&i| self.level.spawns[i].origin)
            .collect();
        let avoid = self.players[index].body.origin;
        let occupied: Vec<bool> = spots
            .iter()
            .map(|&spot| self.spot_occupied(spot, index))
            .collect();
        let team_spots = self.settings.mode == GameMode::Ctf
            && candidates
                .first()
                .is_some_and(|&i| self.level.spawns[i].kind != SpawnKind::Deathmatch);
        let picked = if team_spots {
            select_team_spawn_point(&spots, |i| occupied[i], &mut self.rng)
        } else {
            select_spawn_point(&spots, avoid, |i| occupied[i], &mut self.rng)
        }
        .unwrap_or(0);
        let spawn = &self.level.spawns[candidates[picked]];
        let origin =
            self.open_spawn_origin(spawn.origin + Vec3::Z * self.settings.rules.player.spawn_lift);
        (origin, spawn.yaw)
    }

    /// Sets player `index` up alive at `origin` looking along `yaw`, with the spawn loadout,
    /// telefragging anybody in the way.
    fn enter_at(&mut self, index: usize, origin: Vec3, yaw: f32) {
        let rules = &self.settings.rules;
        let player = &mut self.players[index];
        player.body = PlayerState::at(origin);
        self.physics.update_water_level(&mut player.body);
        player.body.timer = Some(aas_geom::physics::Timer::Knockback {
            remaining: rules.player.spawn_lock_ms as f32 / 1000.0,
        });
        player.view_angles = Vec3::new(0.0, yaw, 0.0);
        player.inventory = Inventory::spawn(rules, self.settings.mode);
        player.alive = true;
        player.entered = true;
        player.weapon = player.inventory.best_weapon();
        player.weapon_time = 0;
        player.weapon_phase = WeaponPhase::Ready;
        player.respawn_hold = true;
        player.breath = Breath::new(self.time_ms, rules);
        player.pain = PainDebounce::default();
        player.second_residual = 0;
        self.events.push(Event::Spawn {
            player: player.id,
            origin: origin.to_array(),
            yaw,
        });
        self.telefrag_at(index);
    }

    /// `origin`, or the nearest point within [`SPAWN_NUDGE`] units (on a grid of 4 units,
    /// nearest first) where a standing player fits in the navigation world: a spawn point
    /// the map placed a little into a wall or floor (the game's own collision forgives what
    /// the expanded navigation world does not) would hold its player forever.
    fn open_spawn_origin(&self, origin: Vec3) -> Vec3 {
        let fits = |point: Vec3| {
            !self
                .level
                .aas
                .trace(point, point, aas_geom::world::PresenceType::NORMAL)
                .start_solid
        };
        if fits(origin) {
            return origin;
        }
        let steps = (SPAWN_NUDGE / NUDGE_STEP) as i32;
        let mut offsets: Vec<Vec3> = Vec::new();
        for x in -steps..=steps {
            for y in -steps..=steps {
                for z in -steps..=steps {
                    let offset = Vec3::new(x as f32, y as f32, z as f32) * NUDGE_STEP;
                    if offset.length() <= SPAWN_NUDGE {
                        offsets.push(offset);
                    }
                }
            }
        }
        // Nearest first; ties in a fixed order (the grid order), so the choice is stable.
        offsets.sort_by(|a, b| a.length_squared().total_cmp(&b.length_squared()));
        offsets
            .into_iter()
            .map(|offset| origin + offset)
            .find(|&point| fits(point))
            .unwrap_or(origin)
    }

    /// Kills every live player overlapping player `index`'s box (a spawn or a teleport
    /// arrival).
    pub(super) fn telefrag_at(&mut self, index: usize) {
        let (mins, maxs) = self.players[index].bounds();
        let victims: Vec<usize> = (0..self.players.len())
            .filter(|&other| {
                other != index && self.players[other].alive && {
                    let (lo, hi) = self.players[other].bounds();
                    lo.cmple(maxs).all() && mins.cmple(hi).all()
                }
            })
            .collect();
        for victim in victims {
            let amount = self.settings.rules.damage.telefrag;
            self.damage_player(
                victim,
                Hit::new(Some(index), amount, DamageCause::Telefrag, None),
            );
        }
    }
}
