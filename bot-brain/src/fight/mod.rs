//! Fighting (botlib's `be_ai_weap.c` and the game's attack code, reference §6.8 and §9;
//! thesis §8.2 and §13): the weapon config `weapons.c`, weapon choice by fuzzy weights,
//! where to aim, how the view turns there, when to pull the trigger, and movement during a
//! fight, each governed by the character's skills.
//!
//! One job per module: [`weapon_info`] reads `weapons.c`; [`weapon_choice`] picks the best
//! weapon for an inventory and keeps the switch delay; [`aim`](mod@aim) reads the aiming
//! characteristics ([`AimSkill`]) and picks the spot to aim at (leading, splash, prediction
//! shots, accuracy error); [`view_turn`] turns the view towards it at the character's pace;
//! [`fire`] decides whether to fire this frame; [`attack_move`] decides how the bot moves
//! while it fights. Everything is deterministic: randomness only from an RNG passed in.

pub mod aim;
pub mod attack_move;
pub mod fire;
pub mod view_turn;
pub mod weapon_choice;
pub mod weapon_info;

pub use aim::{Aim, AimKind, AimSkill, AimTarget, aim};
pub use fire::{Burst, FireContext, should_fire};
pub use view_turn::turn_view;
