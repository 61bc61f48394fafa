//! Fighting (botlib's `be_ai_weap.c` and the game's attack code, reference §6.8 and §9;
//! thesis §8.2 and §13): the weapon config `weapons.c`, weapon choice by fuzzy weights and
//! movement during a fight.
//!
//! One job per module: [`weapon_info`] reads `weapons.c`; [`weapon_choice`] picks the best
//! weapon for an inventory and keeps the switch delay; [`attack_move`] decides how the bot
//! moves while it fights. Everything is deterministic: randomness only from an RNG passed
//! in.

pub mod attack_move;
pub mod weapon_choice;
pub mod weapon_info;
