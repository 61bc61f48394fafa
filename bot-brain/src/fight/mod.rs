//! Fighting (thesis §13, botlib's `BotAimAtEnemy`, `BotCheckAttack` and
//! `BotChangeViewAngles`): where to aim, how the view turns there, and when to pull the
//! trigger, each governed by the character's skills.
//!
//! One job per module: [`aim`](mod@aim) reads the aiming characteristics ([`AimSkill`]) and picks the
//! spot to aim at (leading, splash, prediction shots, accuracy error); [`view_turn`] turns the
//! view towards it at the character's pace; [`fire`] decides whether to fire this frame.
//!
//! Everything is deterministic: randomness only from an RNG passed in.

pub mod aim;
pub mod fire;
pub mod view_turn;

pub use aim::{Aim, AimKind, AimSkill, AimTarget, aim};
pub use fire::{Burst, FireContext, should_fire};
pub use view_turn::turn_view;
