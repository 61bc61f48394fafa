//! The team's command: [`Leadership`] (who leads), the [`Commander`] (the leader's orders),
//! and the strategies it follows ([`ctf`], [`tdm`]).

pub mod commander;
pub mod ctf;
pub mod election;
pub mod tdm;

pub use commander::{Commander, Order, Situation, flag_state};
pub use election::Leadership;
