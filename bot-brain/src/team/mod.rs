//! Team play on the bot's side (thesis §17.1): the [`Task`] a bot does for its team, ordered
//! or chosen by itself, and [`TeamPlay`], which keeps it and turns it into a place to go.
//!
//! The team's command (leadership, orders as chat) is `bot-team`'s; it gives orders through
//! [`Brain::order`](crate::Brain::order).

mod play;
mod task;

pub use play::{TaskSource, TeamPlay};
pub use task::Task;
