//! What the bot perceives, fairly, from its [`BotView`](bot_interface::BotView): the enemy
//! it fights ([`EnemySight`]: field of view, reaction time, alertness) and the sounds worth
//! investigating ([`Hearing`]).

mod enemy;
mod hearing;

pub use enemy::{Enemy, EnemySight, FIELD_OF_VIEW, in_field_of_view, is_opponent};
pub use hearing::{Heard, Hearing};
