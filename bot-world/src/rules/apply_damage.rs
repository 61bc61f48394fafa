//! [`apply_damage`]: one hit on one player, in Quake III's order (q3-game-rules.md §3.1).

use bot_interface::{GameMode, PlayerId, Powerup};
use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::inventory::Inventory;
use super::knockback::{knockback_time_ms, knockback_velocity};
use super::table::{Rules, truncate};

pub use bot_interface::DamageCause;

/// Quake III's damage flags (`DAMAGE_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct DamageFlags {
    /// Splash damage (`DAMAGE_RADIUS`): the battlesuit blocks it.
    pub radius: bool,
    /// Armor does not absorb it (`DAMAGE_NO_ARMOR`: drowning).
    pub no_armor: bool,
    /// Team protection does not apply (`DAMAGE_NO_PROTECTION`: telefrags, `target_kill`, the
    /// `NO_PROTECTION` `trigger_hurt`).
    pub no_protection: bool,
    /// No knockback (`DAMAGE_NO_KNOCKBACK`: `target_laser`).
    pub no_knockback: bool,
}

impl DamageFlags {
    /// The flags the game uses with `cause` (a `trigger_hurt` with its `NO_PROTECTION` flag, or
    /// other map-set flags, are the caller's to add).
    #[must_use]
    pub fn for_cause(cause: DamageCause) -> Self {
        Self {
            radius: matches!(cause, DamageCause::Splash(_)),
            no_armor: cause == DamageCause::Drowning,
            no_protection: cause == DamageCause::Telefrag,
            no_knockback: cause == DamageCause::Laser,
        }
    }
}

/// One hit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DamageHit {
    /// Damage before the target's protections: weapon damage with quad already applied
    /// ([`Rules::weapon_damage`]), splash points ([`splash_points`](super::splash_points)), or
    /// the world's damage.
    pub amount: i32,
    /// The player who dealt it; `None` for the world.
    pub attacker: Option<PlayerId>,
    /// The attacker's max health (its handicap; 100 for none).
    pub attacker_max_health: i32,
    /// The player hit.
    pub target: PlayerId,
    /// Whether attacker and target are teammates (only counts in team modes).
    pub same_team: bool,
    /// The game mode.
    pub mode: GameMode,
    /// Match time of the hit in ms (decides whether the target's battlesuit is active).
    pub time_ms: u32,
    /// Direction of the push (need not be normalized); `None` for no knockback.
    pub direction: Option<Vec3>,
    /// What caused it.
    pub cause: DamageCause,
    /// How it is dealt.
    pub flags: DamageFlags,
}

/// What a hit did.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DamageOutcome {
    /// Knockback points (0 to 200).
    pub knockback_points: i32,
    /// Velocity to add to the target (5 ups per point along the direction).
    pub knockback: Vec3,
    /// Loss of ground control the knockback gives, in ms, if the target has none running
    /// (clamp(2 × points, 50, 200); 0 without knockback).
    pub knockback_ms: u32,
    /// Whether team protection or the battlesuit stopped the damage (knockback still applies).
    pub blocked: bool,
    /// The damage after every scaling and the minimum of 1 (0 when blocked).
    pub damage: i32,
    /// Armor absorbed.
    pub armor_lost: i32,
    /// Health lost (the clamp at −999 can make it smaller than `damage − armor_lost`).
    pub health_lost: i32,
    /// Whether this hit killed a living target.
    pub killed: bool,
    /// Whether the target's health is now at or below the gib limit (−40).
    pub gibbed: bool,
}

/// Applies `hit` to `target`, following Quake III's `G_Damage` (§3.1). Steps handled by the
/// caller are the intermission (step 0), movers (1), noclip and godmode (3, 6) and the CTF
/// carrier bookkeeping (11). In order:
///
/// 1. Handicap: a hit by another player is scaled by `attacker_max_health / max health`
///    (integer).
/// 2. Knockback points = min(damage, 200); 0 with `no_knockback`, without a direction, or for
///    a dead target. The push (5 ups per point) is computed here, **before** any protection,
///    so teammates are still pushed.
/// 3. Unless `no_protection`: a teammate's hit in a team mode without friendly fire stops here.
/// 4. Battlesuit: splash and falling damage stop here; other damage is halved (truncated).
/// 5. Self-damage is halved (truncated).
/// 6. Damage below 1 becomes 1 (so a splash of 0 points still hurts by 1).
/// 7. Armor (unless `no_armor`) absorbs ceil(damage × 0.66), at most the armor left; health
///    loses the rest.
/// 8. At 0 health or below the target dies (`killed` if it was alive); health stays at or
///    above −999; at −40 or below it is `gibbed`.
pub fn apply_damage(target: &mut Inventory, hit: &DamageHit, rules: &Rules) -> DamageOutcome {
    let damage_rules = &rules.damage;
    let mut outcome = DamageOutcome::default();
    let self_hit = hit.attacker == Some(hit.target);

    let mut damage = hit.amount;
    if hit.attacker.is_some() && !self_hit {
        damage = damage.saturating_mul(hit.attacker_max_health) / rules.player.max_health.max(1);
    }

    let pushable = target.is_alive() && !hit.flags.no_knockback;
    if let (true, Some(direction)) = (pushable, hit.direction) {
        let points = damage.clamp(0, damage_rules.knockback_max_points);
        outcome.knockback_points = points;
        outcome.knockback = knockback_velocity(direction, points, rules);
        outcome.knockback_ms = knockback_time_ms(points, rules);
    }

    let team_protected = !hit.flags.no_protection
        && hit.attacker.is_some()
        && !self_hit
        && hit.same_team
        && hit.mode.is_team()
        && !rules.modes.friendly_fire;
    if team_protected {
        outcome.blocked = true;
        return outcome;
    }

    if target.has_powerup(Powerup::Battlesuit, hit.time_ms) {
        if hit.flags.radius || hit.cause == DamageCause::Falling {
            outcome.blocked = true;
            return outcome;
        }
        damage = truncate(f64::from(damage) * damage_rules.battlesuit_factor);
    }
    if self_hit {
        damage = truncate(f64::from(damage) * damage_rules.self_damage_factor);
    }
    damage = damage.max(damage_rules.min_damage);
    outcome.damage = damage;

    if !hit.flags.no_armor {
        outcome.armor_lost = armor_save(damage, target.armor, rules);
        target.armor = target.armor.saturating_sub(outcome.armor_lost);
    }
    let was_alive = target.is_alive();
    let before = target.health;
    target.health = target
        .health
        .saturating_sub(damage.saturating_sub(outcome.armor_lost));
    if target.health <= 0 {
        target.health = target.health.max(damage_rules.min_health);
        outcome.killed = was_alive;
        outcome.gibbed = target.health <= damage_rules.gib_health;
    }
    outcome.health_lost = before.saturating_sub(target.health);
    outcome
}

/// The armor that absorbs `damage` with `armor` left (§3.1 step 10): ceil(damage × 0.66),
/// at most `armor` (and never negative).
#[must_use]
pub fn armor_save(damage: i32, armor: i32, rules: &Rules) -> i32 {
    let save = truncate((f64::from(damage) * rules.damage.armor_protection).ceil());
    save.min(armor).max(0)
}
