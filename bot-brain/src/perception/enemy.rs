//! [`EnemySight`]: which opponent the bot fights, seen fairly (botlib's `BotFindEnemy` in
//! spirit, thesis §13): only players the world lists in its view (in line of sight; invisible
//! ones only while they fire), within the bot's field of view, noticed only after its reaction
//! time, and far small targets overlooked by a bot that is not alert.
//!
//! Rules, per think:
//!
//! - **Opponent**: alive, not the bot, and in team modes of the other team.
//! - **Field of view**: [`FIELD_OF_VIEW`] degrees around where the bot looks, horizontally;
//!   a bot just hurt by a player looks everywhere for it (it felt the hit: botlib widens the
//!   view to 360° when the health decreased); the current enemy is kept in sight in any
//!   direction once noticed (the bot turns to follow it).
//! - **Reaction time**: a candidate must stay in view for the character's reaction time
//!   (`REACTIONTIME`, clamped to [0, 1] s as botlib's attack check does) before it is noticed.
//! - **Alertness**: targets farther than `900 + 4000 × ALERTNESS` units are overlooked unless
//!   they fire or hurt the bot.
//! - **Choice**: the current enemy stays while it is in sight and no noticed candidate is
//!   nearer (botlib's rule); otherwise the nearest noticed candidate becomes the enemy. An enemy out of sight is remembered with where and when it
//!   was last seen (for chases and prediction shots).

use bot_interface::{BotView, PlayerId, SeenPlayer, SelfView, Team, view_forward};
use glam::Vec3;

/// The field of view, degrees (thesis §13: 90° by default).
pub const FIELD_OF_VIEW: f32 = 90.0;

/// How long (ms) a hurt bot looks everywhere for its attacker.
const HURT_LOOKS_MS: u32 = 1_000;

/// What the bot knows of its enemy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Enemy {
    /// Who.
    pub id: PlayerId,
    /// Where it was last seen (its origin).
    pub origin: Vec3,
    /// Its velocity when last seen.
    pub velocity: Vec3,
    /// Whether it crouched when last seen.
    pub crouched: bool,
    /// Whether it is in sight now.
    pub visible: bool,
    /// Whether it was seen dead (a corpse).
    pub dead: bool,
    /// Match time (ms) it was last seen.
    pub seen_ms: u32,
    /// Match time (ms) it was noticed (became the enemy).
    pub noticed_ms: u32,
}

/// A candidate being watched until the reaction time passes.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Watching {
    id: PlayerId,
    since_ms: u32,
    seen_ms: u32,
}

/// The bot's enemy and the candidates it is about to notice (see the module docs of `perception`).
#[derive(Debug, Clone, Default)]
pub struct EnemySight {
    reaction_ms: u32,
    far: f32,
    enemy: Option<Enemy>,
    watching: Vec<Watching>,
    hurt_by: Option<(PlayerId, u32)>,
    last_health: i32,
    /// The enemy was only heard ([`hear`](EnemySight::hear)): it is not followed in sight
    /// until noticed like any candidate (field of view, reaction time).
    heard_only: bool,
}

/// Whether `other` is an opponent of `me`.
#[must_use]
pub fn is_opponent(me: &SelfView, other: &SeenPlayer) -> bool {
    other.id != me.id && (me.team == Team::Free || other.team != me.team)
}

/// Whether `point` is within `fov` degrees (horizontally) of where `me` looks.
#[must_use]
pub fn in_field_of_view(me: &SelfView, point: Vec3, fov: f32) -> bool {
    if fov >= 360.0 {
        return true;
    }
    let forward = view_forward(me.view_angles).truncate().normalize_or_zero();
    let to = (point - me.eye()).truncate().normalize_or_zero();
    if to == glam::Vec2::ZERO {
        return true;
    }
    forward.dot(to) >= (fov * 0.5).to_radians().cos()
}

impl EnemySight {
    /// Sight with the character's `reaction_time` (seconds; clamped to [0, 1]) and
    /// `alertness` ([0, 1]).
    #[must_use]
    pub fn new(reaction_time: f32, alertness: f32) -> Self {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a clamped second in milliseconds"
        )]
        let reaction_ms = (reaction_time.clamp(0.0, 1.0) * 1000.0).round() as u32;
        Self {
            reaction_ms,
            far: 900.0 + 4000.0 * alertness.clamp(0.0, 1.0),
            ..Self::default()
        }
    }

    /// The enemy, if any.
    #[must_use]
    pub fn enemy(&self) -> Option<&Enemy> {
        self.enemy.as_ref()
    }

    /// Takes the opponent `id` heard at `origin` at match time `now_ms` as the enemy, out of
    /// sight, when there is none: the bot goes to look (a chase of where it was heard). The
    /// enemy's last-seen time is the sound's: it is remembered for as long as a sighting. It
    /// is in sight only once noticed as any opponent is (field of view, reaction time).
    /// Returns whether it did.
    pub fn hear(&mut self, id: PlayerId, origin: Vec3, now_ms: u32) -> bool {
        if self.enemy.is_some() {
            return false;
        }
        self.heard_only = true;
        self.enemy = Some(Enemy {
            id,
            origin,
            velocity: Vec3::ZERO,
            crouched: false,
            visible: false,
            dead: false,
            seen_ms: now_ms,
            noticed_ms: now_ms,
        });
        true
    }

    /// Forgets the enemy (it died, the bot died, or it gave up on it).
    pub fn forget(&mut self) {
        self.enemy = None;
        self.heard_only = false;
        self.watching.clear();
    }

    /// Who hurt the bot in the last second, if someone did.
    #[must_use]
    pub fn hurt_by(&self, now_ms: u32) -> Option<PlayerId> {
        self.hurt_by
            .filter(|&(_, at)| now_ms.saturating_sub(at) <= HURT_LOOKS_MS)
            .map(|(id, _)| id)
    }

    /// Follows the enemy in this frame's view (between thinks: where it is now, whether it
    /// is in sight), so that the aim of every frame leads from its current position. Chooses
    /// nothing: noticing and choosing enemies is the think's ([`update`](Self::update)).
    pub fn track(&mut self, view: &BotView) {
        let Some(enemy) = self.enemy.as_mut().filter(|_| !self.heard_only) else {
            return;
        };
        match view.players.iter().find(|p| p.id == enemy.id) {
            Some(seen) => {
                enemy.origin = seen.origin;
                enemy.velocity = seen.velocity;
                enemy.crouched = seen.crouched;
                enemy.visible = seen.alive;
                enemy.dead = !seen.alive;
                enemy.seen_ms = view.time_ms;
            }
            None => enemy.visible = false,
        }
    }

    /// Updates from this think's view; returns whether the enemy changed (a new one noticed,
    /// or none any more because it is gone from memory).
    pub fn update(&mut self, view: &BotView) -> bool {
        let me = &view.me;
        let now = view.time_ms;
        if !me.alive {
            self.forget();
            self.last_health = 0;
            return false;
        }
        if me.health < self.last_health
            && let Some(attacker) = me.last_attacker
        {
            self.hurt_by = Some((attacker, now));
        }
        self.last_health = me.health;
        let hurt_by = self.hurt_by(now);
        // The current enemy, followed in any direction (once seen: one only heard must be
        // noticed first).
        if let Some(enemy) = self.enemy.as_mut().filter(|_| !self.heard_only) {
            enemy.visible = false;
            if let Some(seen) = view.players.iter().find(|p| p.id == enemy.id) {
                enemy.origin = seen.origin;
                enemy.velocity = seen.velocity;
                enemy.crouched = seen.crouched;
                enemy.visible = seen.alive;
                enemy.dead = !seen.alive;
                enemy.seen_ms = now;
            }
        }
        // Candidates: opponents in view and noticeable.
        let eye = me.eye();
        let mut best: Option<(&SeenPlayer, f32)> = None;
        let mut still_watching = Vec::with_capacity(self.watching.len());
        for other in view
            .players
            .iter()
            .filter(|p| p.alive && is_opponent(me, p))
        {
            let distance = eye.distance(other.origin);
            let attacked_by = hurt_by == Some(other.id);
            let fov = if attacked_by { 360.0 } else { FIELD_OF_VIEW };
            if !in_field_of_view(me, other.origin, fov) {
                continue;
            }
            if distance > self.far && !other.firing && !attacked_by {
                continue;
            }
            let since = self
                .watching
                .iter()
                .find(|w| w.id == other.id && now.saturating_sub(w.seen_ms) <= 200)
                .map_or(now, |w| w.since_ms);
            still_watching.push(Watching {
                id: other.id,
                since_ms: since,
                seen_ms: now,
            });
            // A hit is felt at once; otherwise the reaction time must pass.
            let noticed = attacked_by || now.saturating_sub(since) >= self.reaction_ms;
            if noticed && best.is_none_or(|(_, d)| distance < d) {
                best = Some((other, distance));
            }
        }
        self.watching = still_watching;
        // The enemy in sight stays unless a noticed opponent is nearer (botlib's
        // `BotFindEnemy` skips candidates farther than the current enemy).
        let keep = self.enemy.filter(|e| e.visible).is_some_and(|e| {
            best.is_none_or(|(other, d)| other.id == e.id || d >= eye.distance(e.origin))
        });
        if keep {
            return false;
        }
        match best {
            Some((other, _)) => {
                let changed = self.heard_only || self.enemy.is_none_or(|e| e.id != other.id);
                self.heard_only = false;
                self.enemy = Some(Enemy {
                    id: other.id,
                    origin: other.origin,
                    velocity: other.velocity,
                    crouched: other.crouched,
                    visible: true,
                    dead: false,
                    seen_ms: now,
                    noticed_ms: if changed {
                        now
                    } else {
                        self.enemy.map_or(now, |e| e.noticed_ms)
                    },
                });
                changed
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_interface::SelfView;

    fn me_looking_east() -> SelfView {
        SelfView {
            alive: true,
            health: 100,
            view_height: 26.0,
            ..SelfView::default()
        }
    }

    fn opponent(id: u16, origin: Vec3) -> SeenPlayer {
        SeenPlayer {
            id: PlayerId(id),
            team: Team::Free,
            origin,
            velocity: Vec3::ZERO,
            view_angles: Vec3::ZERO,
            alive: true,
            crouched: false,
            weapon: None,
            firing: false,
            carrying_flag: None,
            powerups: Vec::new(),
        }
    }

    fn view(time_ms: u32, me: SelfView, players: Vec<SeenPlayer>) -> BotView {
        BotView {
            time_ms,
            me,
            players,
            ..BotView::default()
        }
    }

    #[test]
    fn an_enemy_in_view_is_noticed_after_the_reaction_time() {
        let mut sight = EnemySight::new(0.5, 0.5);
        let ahead = opponent(1, Vec3::new(500.0, 0.0, 0.0));
        for t in 0..5 {
            assert!(!sight.update(&view(t * 100, me_looking_east(), vec![ahead.clone()])));
            assert!(sight.enemy().is_none());
        }
        assert!(sight.update(&view(500, me_looking_east(), vec![ahead.clone()])));
        assert_eq!(sight.enemy().map(|e| e.id), Some(PlayerId(1)));
        // Out of view for a moment: the watch starts again.
        let mut other = EnemySight::new(0.5, 0.5);
        other.update(&view(0, me_looking_east(), vec![ahead.clone()]));
        other.update(&view(300, me_looking_east(), Vec::new()));
        other.update(&view(600, me_looking_east(), vec![ahead.clone()]));
        assert!(other.enemy().is_none());
        assert_eq!(sight.enemy().map(|e| e.id), Some(PlayerId(1)));
    }

    #[test]
    fn a_heard_enemy_is_in_sight_only_once_noticed() {
        let mut sight = EnemySight::new(0.5, 1.0);
        assert!(sight.hear(PlayerId(4), Vec3::new(-600.0, 0.0, 0.0), 0));
        let heard = sight.enemy().copied().expect("the heard enemy");
        assert!(!heard.visible);
        // In line of sight but behind the bot: still only heard.
        let behind = opponent(4, Vec3::new(-500.0, 0.0, 0.0));
        sight.update(&view(100, me_looking_east(), vec![behind.clone()]));
        sight.track(&view(150, me_looking_east(), vec![behind]));
        assert!(
            sight
                .enemy()
                .is_some_and(|e| !e.visible && e.origin.x == -600.0)
        );
        // In the field of view: noticed after the reaction time, as any opponent.
        let ahead = opponent(4, Vec3::new(500.0, 0.0, 0.0));
        for t in 2..7 {
            sight.update(&view(t * 100, me_looking_east(), vec![ahead.clone()]));
            assert!(sight.enemy().is_some_and(|e| !e.visible), "at {t}00 ms");
        }
        assert!(sight.update(&view(700, me_looking_east(), vec![ahead])));
        assert!(
            sight
                .enemy()
                .is_some_and(|e| e.visible && e.noticed_ms == 700)
        );
        // Heard again while there is an enemy: nothing changes.
        assert!(!sight.hear(PlayerId(5), Vec3::ZERO, 800));
    }

    #[test]
    fn an_enemy_behind_is_not_noticed_unless_it_hurts() {
        let mut sight = EnemySight::new(0.0, 1.0);
        let behind = opponent(2, Vec3::new(-500.0, 0.0, 0.0));
        for t in 0..10 {
            sight.update(&view(t * 100, me_looking_east(), vec![behind.clone()]));
        }
        assert!(sight.enemy().is_none());
        let mut hurt = me_looking_east();
        hurt.health = 80;
        hurt.last_attacker = Some(PlayerId(2));
        assert!(sight.update(&view(1_100, hurt, vec![behind])));
        assert_eq!(sight.enemy().map(|e| e.id), Some(PlayerId(2)));
    }

    #[test]
    fn far_small_targets_go_unnoticed_by_a_sleepy_bot_unless_they_fire() {
        let mut sleepy = EnemySight::new(0.0, 0.0);
        let far = opponent(3, Vec3::new(2_000.0, 0.0, 0.0));
        sleepy.update(&view(0, me_looking_east(), vec![far.clone()]));
        assert!(sleepy.enemy().is_none());
        let mut alert = EnemySight::new(0.0, 1.0);
        alert.update(&view(0, me_looking_east(), vec![far.clone()]));
        assert!(alert.enemy().is_some());
        let mut firing = far;
        firing.firing = true;
        sleepy.update(&view(100, me_looking_east(), vec![firing]));
        assert!(sleepy.enemy().is_some());
    }

    #[test]
    fn teammates_are_not_enemies_and_the_enemy_is_remembered_out_of_sight() {
        let mut me = me_looking_east();
        me.team = Team::Red;
        let mut mate = opponent(4, Vec3::new(300.0, 0.0, 0.0));
        mate.team = Team::Red;
        let mut foe = opponent(5, Vec3::new(600.0, 0.0, 0.0));
        foe.team = Team::Blue;
        let mut sight = EnemySight::new(0.0, 1.0);
        sight.update(&view(0, me.clone(), vec![mate, foe]));
        assert_eq!(sight.enemy().map(|e| e.id), Some(PlayerId(5)));
        sight.update(&view(100, me, Vec::new()));
        let enemy = sight.enemy().expect("remembered");
        assert!(!enemy.visible);
        assert_eq!(enemy.seen_ms, 0);
        assert_eq!(enemy.origin, Vec3::new(600.0, 0.0, 0.0));
    }

    #[test]
    fn a_nearer_opponent_takes_over_a_farther_enemy_in_sight() {
        let mut sight = EnemySight::new(0.0, 1.0);
        let far = opponent(4, Vec3::new(800.0, 0.0, 0.0));
        sight.update(&view(0, me_looking_east(), vec![far.clone()]));
        assert_eq!(sight.enemy().map(|e| e.id), Some(PlayerId(4)));
        // A farther one does not take over; a nearer one does.
        let farther = opponent(5, Vec3::new(900.0, 50.0, 0.0));
        sight.update(&view(100, me_looking_east(), vec![far.clone(), farther]));
        assert_eq!(sight.enemy().map(|e| e.id), Some(PlayerId(4)));
        let near = opponent(6, Vec3::new(300.0, -50.0, 0.0));
        sight.update(&view(200, me_looking_east(), vec![far, near]));
        assert_eq!(sight.enemy().map(|e| e.id), Some(PlayerId(6)));
    }

    #[test]
    fn between_thinks_the_enemy_is_followed_but_none_is_chosen() {
        let mut sight = EnemySight::new(0.0, 1.0);
        let mut foe = opponent(6, Vec3::new(400.0, 0.0, 0.0));
        sight.track(&view(0, me_looking_east(), vec![foe.clone()]));
        assert!(sight.enemy().is_none());
        sight.update(&view(0, me_looking_east(), vec![foe.clone()]));
        foe.origin = Vec3::new(420.0, 10.0, 0.0);
        sight.track(&view(50, me_looking_east(), vec![foe]));
        let enemy = sight.enemy().expect("kept");
        assert_eq!(enemy.origin, Vec3::new(420.0, 10.0, 0.0));
        assert_eq!(enemy.seen_ms, 50);
        sight.track(&view(100, me_looking_east(), Vec::new()));
        assert!(!sight.enemy().expect("remembered").visible);
    }
}
