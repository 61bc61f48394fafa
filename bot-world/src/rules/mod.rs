//! Quake III Arena's rules: one documented, overridable settings table ([`Rules`]) and the
//! pure functions that apply it.
//!
//! Every number comes from the workspace's reference, `q3-game-rules.md` (Quake III 1.32 and
//! ioquake3 baseq3, described in words); nothing here is taken from the game's code. The
//! functions are pure: they read the table, change the [`Inventory`] they are given and draw
//! from the [`GameRng`] they are given, and nothing else, so a match is a function of its
//! map, rules and seed.
//!
//! # The rules at a glance (defaults)
//!
//! | Weapon | Kind | Damage | Splash / radius | Interval | Speed | Fuse | Pickup / box ammo |
//! |---|---|---|---|---|---|---|---|
//! | Gauntlet | melee, 32 u | 50 | – | 400 | – | – | ∞ |
//! | Machinegun | hitscan, spread 3200 | 7 (TDM 5) | – | 100 | – | – | 40 / 50; start 100 (TDM 50) |
//! | Shotgun | 11 pellets, spread 11200 | 10 each | – | 1000 | – | – | 10 / 10 |
//! | Grenade launcher | missile, gravity 800, bounce 0.65 | 100 | 100 / 150 | 800 | 700 | 2500 | 10 / 5 |
//! | Rocket launcher | missile | 100 | 100 / 120 | 800 | 900 | 15000 | 10 / 5 |
//! | Lightning gun | beam, 768 u | 8 | – | 50 | – | – | 100 / 60 |
//! | Railgun | rail, pierces 4 | 100 | – | 1500 | – | – | 10 / 10 |
//! | Plasma gun | missile | 20 | 15 / 20 | 100 | 2000 | 10000 | 50 / 30 |
//! | BFG10K | missile | 100 | 100 / 120 | 200 | 2000 | 10000 | 20 / 15 |
//!
//! Ammunition is capped at 200; quad multiplies damage and splash by 3; haste divides the
//! interval by 1.3 (truncating); a switch is 200 ms down plus 250 ms up; an empty weapon waits
//! 500 ms; missiles start 50 ms into their flight.
//!
//! | Items | Amount | Cap | Respawn |
//! |---|---|---|---|
//! | Health small / medium / large / mega | +5 / +25 / +50 / +100 | 200 / 100 / 100 / 200 | 35 s |
//! | Armor shard / combat / body | +5 / +50 / +100 | 200 | 25 s |
//! | Weapons | see above | – | 5 s (TDM 30 s) |
//! | Ammo | see above | 200 | 40 s |
//! | Holdables (teleporter, medkit) | one slot | – | 60 s |
//! | Powerups | 30 s (flight 60 s) | stacks | 120 s, first at 45 ± 15 s |
//!
//! Players spawn with 125 health (max + 25), no armor, gauntlet and machinegun; health and
//! armor above 100 count down 1 per second; regeneration gives +15 per second up to 110, then
//! +5 up to 200. Respawn is allowed 1700 ms after death and forced 20 s later.
//!
//! Damage ([`apply_damage`]): knockback first (5 ups per point, at most 200 points), then
//! team protection (no friendly fire by default), the battlesuit (no splash or falling damage,
//! other damage halved), self-damage halved, at least 1, then armor absorbs ceil(66 %).
//! Splash ([`splash_points`]) falls off linearly with the distance to the target's box.
//! Falling hurts 5 or 10, lava 30 and slime 10 per water level, drowning 4, 6, … 15 per
//! second after 12 s of air, a telefrag 100000.
//!
//! Modes: FFA to 20 frags (suicide and world deaths −1); TDM the same with team scores and
//! the `tdm_*` differences; CTF to 8 captures, capture +5 (team +1), flags returned by touch
//! (+1) or after 30 s, carrier frag +2, defenses +2/+1/+1. A tie blocks every exit rule.
//!
//! # Modes in one table
//!
//! The table holds the team-deathmatch differences in `tdm_*` fields and the accessors of
//! [`Rules`] take the [`GameMode`](bot_interface::GameMode); see [`Rules`] for that choice
//! and for overriding numbers from JSON.
//!
//! # Where this follows a particular game, or neither
//!
//! The defaults are ioquake3's where it differs from Quake III 1.32 (splash sight corners,
//! stacking capture assists, the carrier-danger bonus not going to a carrier), each a table
//! switch. Fixed behaviours, documented where they occur: [`GameRng`] replaces the game's
//! LCG; [`select_spawn_point`] never picks outside the far half; spawn spot lists are
//! uncapped; a powerup picked up after its expiry but before the end-of-frame clean-up
//! restarts from the pickup time rather than extending the stale expiry; an entity's `count`
//! key replaces the quantity of every ordinary item; releasing the attack button only clears a
//! negative weapon cooldown ([`WeaponClock::release`]). The crate's `ARCHITECTURE.md` lists
//! them all.

mod apply_damage;
mod ctf;
mod damage_rules;
mod death_drops;
mod drowning;
mod error;
mod fall_damage;
mod fire_timing;
mod firing_rules;
mod health_tick;
mod holdable_use;
mod inventory;
mod item_rules;
mod knockback;
mod liquid_damage;
mod mode_rules;
mod pickup;
mod player_respawn;
mod player_rules;
mod respawn;
mod scoring;
mod spawn_point;
mod splash;
mod table;
mod weapon_rules;

pub use apply_damage::{
    DamageCause, DamageFlags, DamageHit, DamageOutcome, apply_damage, armor_save,
};
pub use bot_interface::GameRng;
pub use ctf::{
    CaptureAward, CtfBonus, CtfContext, FlagFate, FlagState, FlagTouch, HurtCarrierReset,
    ctf_capture_assist, ctf_capture_award, ctf_frag_bonus, ctf_recovery_bonus, flag_on_death,
    flag_return_due, flag_touch,
};
pub use damage_rules::{DamageRules, SplashSight};
pub use death_drops::{DroppedItem, death_drops, drop_velocity};
pub use drowning::{Breath, drowning_damage};
pub use error::RulesError;
pub use fall_damage::{fall_damage, fall_delta};
pub use fire_timing::{WeaponClock, fire_interval_ms, weapon_switch_ms};
pub use firing_rules::FiringRules;
pub use health_tick::{HealthTick, SecondClock, health_tick};
pub use holdable_use::use_medkit;
pub use inventory::Inventory;
pub use item_rules::{HealthItemRules, ItemRules, PowerupDurations};
pub use knockback::{knockback_time_ms, knockback_velocity};
pub use liquid_damage::{Liquid, PainDebounce, liquid_damage};
pub use mode_rules::{CtfRules, ModeRules};
pub use pickup::{PickupContext, PickupOutcome, can_pick_up, pick_up};
pub use player_respawn::player_respawn_due;
pub use player_rules::PlayerRules;
pub use respawn::{RespawnKeys, first_spawn_delay_ms, respawn_delay_ms};
pub use scoring::{
    DeathKind, ExitReason, MatchScores, ScoreChange, death_kind, exit_reason, frag_score_change,
};
pub use spawn_point::{
    SpawnChoice, select_ctf_spawn_point, select_spawn_point, select_team_spawn_point,
};
pub use splash::{SPLASH_BOX_PADDING, splash_direction, splash_points, splash_sight_points};
pub use table::Rules;
pub use weapon_rules::{BounceRules, WeaponKind, WeaponRules, WeaponTable};
