//! Weapons, projectiles, damage and death.

use bot_interface::{Buttons, Item, Powerup, Weapon, view_forward};
use glam::Vec3;
use serde::Serialize;

use super::player::WeaponPhase;
use super::{Event, World, cause_name, cause_weapon};
use crate::collision::{mask, trace_boxes};
use crate::rules::{
    DamageCause, DamageFlags, DamageHit, DeathKind, WeaponKind, apply_damage, death_drops,
    death_kind, fire_interval_ms, flag_on_death, frag_score_change, splash_direction,
    splash_points, splash_sight_points,
};

/// A projectile in flight.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Projectile {
    /// Entity number.
    pub entity: u32,
    /// Who fired it (slot index).
    pub owner: usize,
    /// Which weapon.
    pub weapon: Weapon,
    /// Position at `base_ms`.
    pub base: Vec3,
    /// Velocity at `base_ms`.
    pub velocity: Vec3,
    /// Time of `base` (ms; may be before the shot: the prestep).
    pub base_ms: u32,
    /// Where it was at the end of the last frame.
    pub origin: Vec3,
    /// When it explodes by itself (ms).
    pub explode_ms: u32,
    /// Direct-hit damage (quad included).
    pub damage: i32,
    /// Splash damage (quad included).
    pub splash_damage: i32,
    /// Splash radius.
    pub splash_radius: f32,
    /// Downward acceleration, if it falls.
    pub gravity: Option<f32>,
    /// Whether it bounces (grenades), and at rest.
    pub bounces: bool,
    /// At rest on the floor (a grenade waiting for its fuse).
    pub resting: bool,
}

impl Projectile {
    /// Position at match time `ms`.
    fn position_at(&self, ms: u32) -> Vec3 {
        if self.resting {
            return self.base;
        }
        let t = ms.saturating_sub(self.base_ms) as f32 / 1000.0;
        let fall = self.gravity.map_or(0.0, |g| 0.5 * g * t * t);
        self.base + self.velocity * t - Vec3::Z * fall
    }

    /// Velocity at match time `ms`.
    fn velocity_at(&self, ms: u32) -> Vec3 {
        let t = ms.saturating_sub(self.base_ms) as f32 / 1000.0;
        self.velocity - Vec3::Z * self.gravity.map_or(0.0, |g| g * t)
    }
}

/// One hit on a player, before the rules decide what it does.
#[derive(Debug, Clone, Copy)]
pub(super) struct Hit {
    /// Who hit (slot index), `None` for the world.
    pub attacker: Option<usize>,
    /// Damage before protection.
    pub amount: i32,
    /// How.
    pub cause: DamageCause,
    /// Knockback direction, `None` for none.
    pub direction: Option<Vec3>,
    /// The damage flags (the cause's, plus any the map adds).
    pub flags: DamageFlags,
}

impl Hit {
    /// A hit with the flags the game uses for `cause`.
    pub(super) fn new(
        attacker: Option<usize>,
        amount: i32,
        cause: DamageCause,
        direction: Option<Vec3>,
    ) -> Self {
        Self {
            attacker,
            amount,
            cause,
            direction,
            flags: DamageFlags::for_cause(cause),
        }
    }
}

/// What a hitscan trace found.
struct ShotEnd {
    end: Vec3,
    player: Option<usize>,
    /// The two-position mover hit (a door, a button), if the shot ended on one.
    mover: Option<usize>,
    /// The normal of the surface hit (zero when nothing was).
    normal: Vec3,
    fraction: f32,
    /// The surface hit was sky (no impact).
    sky: bool,
}

/// The view's right and up vectors for `forward`.
fn right_up(forward: Vec3) -> (Vec3, Vec3) {
    let right = forward.cross(Vec3::Z);
    let right = if right.length_squared() < 1e-12 {
        Vec3::Y
    } else {
        right.normalize()
    };
    (right, right.cross(forward).normalize())
}

impl World<'_> {
    /// The muzzle and view direction of player `index`.
    fn muzzle(&self, index: usize) -> (Vec3, Vec3) {
        let player = &self.players[index];
        let physics = self.physics.settings();
        let eye = player.eye(physics.view_height, physics.crouch_view_height);
        let forward = view_forward(player.view_angles);
        (
            eye + forward * self.settings.rules.firing.muzzle_forward,
            forward,
        )
    }

    /// Quake III's weapon state machine for one frame: cooldown, switching, firing.
    pub(super) fn run_weapon(&mut self, index: usize, input: &bot_interface::BotInput) {
        let frame_ms = i32::try_from(self.settings.frame_ms).unwrap_or(i32::MAX);
        let firing = &self.settings.rules.firing;
        let player = &mut self.players[index];
        if player.weapon_time > 0 {
            player.weapon_time -= frame_ms;
        }
        if player.weapon_time > 0 {
            return;
        }
        match player.weapon_phase {
            WeaponPhase::Dropping { next } => {
                player.weapon = Some(next);
                player.weapon_phase = WeaponPhase::Raising;
                player.weapon_time += i32::try_from(firing.weapon_raise_ms).unwrap_or(i32::MAX);
                return;
            }
            WeaponPhase::Raising => player.weapon_phase = WeaponPhase::Ready,
            WeaponPhase::Ready => {}
        }
        if let Some(wanted) = input.weapon
            && Some(wanted) != player.weapon
            && player.inventory.weapons[wanted.index()]
        {
            player.weapon_phase = WeaponPhase::Dropping { next: wanted };
            player.weapon_time += i32::try_from(firing.weapon_drop_ms).unwrap_or(i32::MAX);
            return;
        }
        if !input.holds(Buttons::ATTACK) || player.respawn_hold {
            player.weapon_time = 0;
            return;
        }
        let Some(weapon) = player.weapon else { return };
        let rules = self.settings.rules.weapon(weapon);
        let ammo = player.inventory.ammo[weapon.index()];
        if !rules.infinite_ammo && ammo <= 0 {
            player.weapon_time += i32::try_from(firing.out_of_ammo_ms).unwrap_or(i32::MAX);
            return;
        }
        if rules.kind == WeaponKind::Melee && !self.gauntlet_reaches(index) {
            return;
        }
        let haste = self.players[index]
            .inventory
            .has_powerup(Powerup::Haste, self.time_ms);
        let interval = fire_interval_ms(weapon, haste, &self.settings.rules);
        let player = &mut self.players[index];
        if !rules.infinite_ammo {
            player.inventory.ammo[weapon.index()] = ammo - rules.ammo_per_shot;
        }
        player.weapon_time += i32::try_from(interval).unwrap_or(i32::MAX);
        player.fired = true;
        player.stats.shots[weapon.index()] += 1;
        self.fire(index, weapon);
    }

    /// Whether the gauntlet's short trace from player `index` reaches another player.
    fn gauntlet_reaches(&self, index: usize) -> bool {
        let (muzzle, forward) = self.muzzle(index);
        let range = self
            .settings
            .rules
            .weapon(Weapon::Gauntlet)
            .range
            .unwrap_or(32.0);
        self.shot_trace(muzzle, muzzle + forward * range, &[index])
            .player
            .is_some()
    }

    /// A shot from `start` to `end` against the map (solid brushes, doors and lifts where
    /// they are now) and the live players' boxes, ignoring the players in `ignore`.
    fn shot_trace(&self, start: Vec3, end: Vec3, ignore: &[usize]) -> ShotEnd {
        let world = self
            .level
            .collision
            .trace(start, end, Vec3::ZERO, Vec3::ZERO, mask::SHOT);
        let mut best = ShotEnd {
            end: world.end_pos,
            player: None,
            mover: None,
            normal: world.normal,
            fraction: world.fraction,
            sky: world.hit()
                && world
                    .surface_flags
                    .contains(aas_geom::SurfaceFlags::NOIMPACT),
        };
        for (index, player) in self.players.iter().enumerate() {
            if !player.alive || ignore.contains(&index) {
                continue;
            }
            let (mins, maxs) = player.bounds();
            if let Some(hit) = trace_boxes(start, end, Vec3::ZERO, Vec3::ZERO, &[(mins, maxs)])
                && hit.fraction < best.fraction
            {
                let fraction = hit.fraction;
                best = ShotEnd {
                    end: start + (end - start) * fraction,
                    player: Some(index),
                    mover: None,
                    normal: hit.normal,
                    fraction,
                    sky: false,
                };
            }
        }
        if let Some(hit) = self.ray_hits_model(start, end, best.fraction) {
            best = ShotEnd {
                end: hit.end,
                player: None,
                mover: hit.placement.binary,
                normal: hit.normal,
                fraction: hit.fraction,
                sky: false,
            };
        }
        best
    }

    /// Fires `weapon` for player `index` (ammunition and timing already settled).
    fn fire(&mut self, index: usize, weapon: Weapon) {
        let (muzzle, forward) = self.muzzle(index);
        let rules = self.settings.rules.weapon(weapon).clone();
        let quad = self.players[index]
            .inventory
            .has_powerup(Powerup::Quad, self.time_ms);
        let damage = self
            .settings
            .rules
            .weapon_damage(weapon, self.settings.mode, quad);
        let id = self.players[index].id;
        let range = rules.range.unwrap_or(8192.0);
        let (right, up) = right_up(forward);
        let mut end = None;
        let mut hit_any = false;
        match rules.kind {
            WeaponKind::Missile => self.launch(index, weapon, muzzle, forward, quad),
            WeaponKind::Melee | WeaponKind::Beam | WeaponKind::Hitscan => {
                let mut target = muzzle + forward * range;
                if rules.kind == WeaponKind::Hitscan && rules.spread > 0.0 {
                    let angle = self.rng.random() * std::f32::consts::TAU;
                    let u = angle.sin() * self.rng.crandom() * rules.spread;
                    let r = angle.cos() * self.rng.crandom() * rules.spread;
                    target += right * r + up * u;
                }
                let shot = self.shot_trace(muzzle, target, &[index]);
                end = Some(shot.end.to_array());
                self.shoot_mover(shot.mover);
                if let Some(victim) = shot.player {
                    hit_any = true;
                    self.weapon_hit(index, victim, weapon, damage, forward);
                }
            }
            WeaponKind::Pellets => {
                for pellet in 0..rules.pellets {
                    let r = self.rng.crandom() * rules.spread;
                    let u = self.rng.crandom() * rules.spread;
                    let target = muzzle + forward * range + right * r + up * u;
                    let shot = self.shot_trace(muzzle, target, &[index]);
                    self.shoot_mover(shot.mover);
                    if pellet == 0 {
                        end = Some(shot.end.to_array());
                    }
                    if let Some(victim) = shot.player {
                        hit_any = true;
                        self.weapon_hit(index, victim, weapon, damage, forward);
                    }
                }
            }
            WeaponKind::Rail => {
                let target = muzzle + forward * range;
                let mut ignore = vec![index];
                let mut shot = self.shot_trace(muzzle, target, &ignore);
                let mut hits = 0;
                while let Some(victim) = shot.player {
                    hits += 1;
                    hit_any = true;
                    self.weapon_hit(index, victim, weapon, damage, forward);
                    ignore.push(victim);
                    if hits >= rules.pierce_limit {
                        break;
                    }
                    shot = self.shot_trace(muzzle, target, &ignore);
                }
                end = Some(shot.end.to_array());
                self.shoot_mover(shot.mover);
            }
        }
        if hit_any {
            self.players[index].stats.hits[weapon.index()] += 1;
        }
        self.events.push(Event::Fire {
            player: id,
            weapon: weapon.name().to_owned(),
            origin: muzzle.to_array(),
            end,
        });
    }

    /// A weapon's direct hit on a player.
    fn weapon_hit(
        &mut self,
        attacker: usize,
        victim: usize,
        weapon: Weapon,
        damage: i32,
        direction: Vec3,
    ) {
        self.damage_player(
            victim,
            Hit::new(
                Some(attacker),
                damage,
                DamageCause::Weapon(weapon),
                Some(direction),
            ),
        );
    }

    /// Launches a missile of `weapon` from `muzzle` along `forward`.
    fn launch(&mut self, index: usize, weapon: Weapon, muzzle: Vec3, forward: Vec3, quad: bool) {
        let rules = self.settings.rules.weapon(weapon).clone();
        let mut direction = forward;
        direction.z += rules.launch_lift;
        let direction = direction.normalize_or(forward);
        // Quake III truncates the launch velocity to whole units.
        let velocity = (direction * rules.projectile_speed).trunc();
        let entity = self.new_entity();
        let base_ms = self
            .time_ms
            .saturating_sub(self.settings.rules.firing.missile_prestep_ms);
        self.projectiles.push(Projectile {
            entity,
            owner: index,
            weapon,
            base: muzzle,
            velocity,
            base_ms,
            origin: muzzle,
            explode_ms: base_ms.saturating_add(rules.lifetime_ms),
            damage: self
                .settings
                .rules
                .weapon_damage(weapon, self.settings.mode, quad),
            splash_damage: self.settings.rules.weapon_splash_damage(weapon, quad),
            splash_radius: rules.splash_radius,
            gravity: rules.projectile_gravity,
            bounces: rules.bounce.is_some(),
            resting: false,
        });
    }

    /// Moves every projectile to the current time; hits, bounces and explosions.
    pub(super) fn run_projectiles(&mut self) {
        let now = self.time_ms;
        let mut index = 0;
        while index < self.projectiles.len() {
            let projectile = self.projectiles[index].clone();
            if now >= projectile.explode_ms {
                self.projectiles.remove(index);
                self.explode(&projectile, projectile.origin, None);
                continue;
            }
            let target = projectile.position_at(now);
            let shot = self.shot_trace(projectile.origin, target, &[projectile.owner]);
            if shot.fraction >= 1.0 {
                self.projectiles[index].origin = target;
                index += 1;
                continue;
            }
            if shot.sky {
                self.projectiles.remove(index);
                continue;
            }
            if let Some(victim) = shot.player {
                self.projectiles.remove(index);
                let direction = projectile.velocity_at(now).normalize_or_zero();
                self.damage_player(
                    victim,
                    Hit::new(
                        Some(projectile.owner),
                        projectile.damage,
                        DamageCause::Weapon(projectile.weapon),
                        Some(direction),
                    ),
                );
                self.players[projectile.owner].stats.hits[projectile.weapon.index()] += 1;
                self.explode(&projectile, shot.end, Some(victim));
                continue;
            }
            // Hit the map or a mover.
            self.shoot_mover(shot.mover);
            if projectile.bounces {
                self.bounce(index, &projectile, shot.end, shot.normal, now);
                index += 1;
                continue;
            }
            self.projectiles.remove(index);
            self.explode(&projectile, shot.end, None);
        }
    }

    /// A shot ended on two-position mover `mover`: a door or button opened by shots
    /// (`health` set) opens.
    fn shoot_mover(&mut self, mover: Option<usize>) {
        let Some(index) = mover else { return };
        let doors = &self.level.doors;
        let shootable = doors
            .doors
            .iter()
            .chain(&doors.buttons)
            .nth(index)
            .is_some_and(|m| m.health > 0);
        if shootable {
            let now = self.time_ms;
            if index < doors.doors.len() {
                self.use_door_team(index, now);
            } else {
                self.binary_movers[index].activate(now);
            }
        }
    }

    /// A grenade meets the map at `point` with surface `normal`: it bounces off, keeping
    /// part of its speed, or comes to rest on a floor when slow.
    fn bounce(
        &mut self,
        index: usize,
        projectile: &Projectile,
        point: Vec3,
        normal: Vec3,
        now: u32,
    ) {
        let rules = self
            .settings
            .rules
            .weapon(projectile.weapon)
            .bounce
            .unwrap_or_default();
        let velocity = projectile.velocity_at(now);
        let reflected = (velocity - 2.0 * velocity.dot(normal) * normal) * rules.factor;
        let slot = &mut self.projectiles[index];
        slot.base = point + normal;
        slot.origin = slot.base;
        slot.base_ms = now;
        if normal.z > rules.stop_normal_z && reflected.length() < rules.stop_speed {
            slot.resting = true;
            slot.velocity = Vec3::ZERO;
        } else {
            slot.velocity = reflected;
        }
    }

    /// A projectile explodes at `point`: splash on everybody in reach but `direct`.
    fn explode(&mut self, projectile: &Projectile, point: Vec3, direct: Option<usize>) {
        self.events.push(Event::Explosion {
            weapon: projectile.weapon.name().to_owned(),
            origin: point.to_array(),
        });
        if projectile.splash_damage <= 0 || projectile.splash_radius <= 0.0 {
            return;
        }
        let mut hit_someone = false;
        for victim in 0..self.players.len() {
            if Some(victim) == direct || !self.players[victim].alive {
                continue;
            }
            let (mins, maxs) = self.players[victim].bounds();
            let Some(points) = splash_points(
                point,
                mins,
                maxs,
                projectile.splash_damage,
                projectile.splash_radius,
            ) else {
                continue;
            };
            if points <= 0 || !self.splash_reaches(point, mins, maxs) {
                continue;
            }
            let direction = splash_direction(
                self.players[victim].body.origin,
                point,
                &self.settings.rules,
            );
            self.damage_player(
                victim,
                Hit::new(
                    Some(projectile.owner),
                    points,
                    DamageCause::Splash(projectile.weapon),
                    Some(direction),
                ),
            );
            if victim != projectile.owner {
                hit_someone = true;
            }
        }
        if hit_someone && direct.is_none() {
            self.players[projectile.owner].stats.hits[projectile.weapon.index()] += 1;
        }
    }

    /// Whether an explosion at `point` reaches the box `mins..maxs`: a clear line to its
    /// centre or to one of the rules' sight points around it ([`splash_sight_points`]).
    fn splash_reaches(&self, point: Vec3, mins: Vec3, maxs: Vec3) -> bool {
        let centre = (mins + maxs) * 0.5;
        splash_sight_points(centre, &self.settings.rules)
            .into_iter()
            .any(|target| self.level.collision.line_of_sight(point, target))
    }

    /// Applies `hit` to player `victim` under the rules: knockback, protection, armor, and
    /// death.
    pub(super) fn damage_player(&mut self, victim: usize, hit: Hit) {
        if !self.players[victim].alive {
            return;
        }
        let same_team = hit
            .attacker
            .is_some_and(|attacker| self.teammates(attacker, victim));
        let rules_hit = DamageHit {
            amount: hit.amount,
            attacker: hit.attacker.map(|a| self.players[a].id),
            attacker_max_health: hit
                .attacker
                .map_or(100, |a| self.players[a].inventory.max_health),
            target: self.players[victim].id,
            same_team,
            mode: self.settings.mode,
            time_ms: self.time_ms,
            direction: hit.direction,
            cause: hit.cause,
            flags: hit.flags,
        };
        self.players[victim].damaged = true;
        let outcome = apply_damage(
            &mut self.players[victim].inventory,
            &rules_hit,
            &self.settings.rules,
        );
        if outcome.knockback != Vec3::ZERO {
            let body = &mut self.players[victim].body;
            body.velocity += outcome.knockback;
            body.ground = None;
            if body.timer.is_none() && outcome.knockback_ms > 0 {
                body.timer = Some(aas_geom::physics::Timer::Knockback {
                    remaining: outcome.knockback_ms as f32 / 1000.0,
                });
            }
        }
        let taken = outcome.health_lost + outcome.armor_lost;
        if taken <= 0 && !outcome.killed {
            return;
        }
        let taken_u = u32::try_from(taken.max(0)).unwrap_or(0);
        self.players[victim].stats.damage_taken += taken_u;
        if let Some(attacker) = hit.attacker
            && attacker != victim
            && !same_team
        {
            self.players[attacker].stats.damage_given += taken_u;
            self.note_carrier_hurt(attacker, victim);
        }
        let victim_id = self.players[victim].id;
        if let Some(attacker) = hit.attacker
            && attacker != victim
        {
            self.players[victim].last_attacker = Some(self.players[attacker].id);
        }
        self.events.push(Event::Damage {
            attacker: hit.attacker.map(|a| self.players[a].id),
            target: victim_id,
            amount: taken,
            armor: outcome.armor_lost,
            cause: cause_name(hit.cause).to_owned(),
        });
        if outcome.killed {
            self.kill(victim, hit.attacker, hit.cause);
        }
    }

    /// Player `victim` dies: scores ([`frag_score_change`], and the CTF bonuses of a frag),
    /// drops, the frag event.
    pub(super) fn kill(&mut self, victim: usize, killer: Option<usize>, cause: DamageCause) {
        let now = self.time_ms;
        let held = match self.players[victim].weapon_phase {
            WeaponPhase::Dropping { next }
                if self.players[victim].weapon == Some(Weapon::Machinegun) =>
            {
                Some(next)
            }
            _ => self.players[victim].weapon,
        };
        {
            let player = &mut self.players[victim];
            player.alive = false;
            player.died_ms = now;
            player.stats.deaths += 1;
            player.weapon = None;
        }
        let same_team = killer.is_some_and(|killer| self.teammates(killer, victim));
        let killer_id = killer.map(|k| self.players[k].id);
        let victim_id = self.players[victim].id;
        let mode = self.settings.mode;
        let change = frag_score_change(killer_id, victim_id, same_team, mode, &self.settings.rules);
        let scorer = change.player.index();
        self.players[scorer].score += change.points;
        if let Some(team) = Self::team_index(self.players[scorer].team) {
            self.team_scores[team] += change.team_points;
        }
        match (killer, death_kind(killer_id, victim_id, same_team, mode)) {
            (Some(killer), DeathKind::Frag) => {
                self.players[killer].stats.frags += 1;
                self.frag_bonuses(killer, victim);
            }
            (_, DeathKind::Suicide | DeathKind::World) => {
                self.players[victim].stats.suicides += 1;
            }
            (_, DeathKind::Teamkill | DeathKind::Frag) => {}
        }
        self.events.push(Event::Frag {
            killer: killer_id,
            victim: victim_id,
            weapon: cause_weapon(cause).map(|w| w.name().to_owned()),
            cause: cause_name(cause).to_owned(),
        });
        self.drop_on_death(victim, cause, held);
    }

    /// What a dying player leaves behind ([`death_drops`]): the weapon in hand (better than
    /// the machinegun, with ammunition), powerups (not in TDM), and a carried flag (tossed,
    /// or home at once after a suicide: [`flag_on_death`]).
    fn drop_on_death(&mut self, victim: usize, cause: DamageCause, held: Option<Weapon>) {
        let player = &self.players[victim];
        let origin = player.body.origin;
        let yaw = player.view_angles.y;
        let drops = death_drops(
            &player.inventory,
            held,
            self.time_ms,
            self.settings.mode,
            &self.settings.rules,
        );
        for drop in drops {
            let toward = yaw + drop.yaw_offset_degrees;
            if let Item::Flag(team) = drop.item {
                self.players[victim].inventory.flag = None;
                self.flag_dropped_by(victim, team, origin, toward, flag_on_death(cause));
            } else {
                self.drop_item(drop.item, origin, toward, drop.count_key);
            }
        }
        let left = &mut self.players[victim].inventory;
        left.powerups = [None; 6];
        left.flag = None;
    }
}
