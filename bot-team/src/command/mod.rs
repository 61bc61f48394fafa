//! The team's command: [`Leadership`] (who leads), the [`Commander`] (the leader's orders),
//! and the strategies it follows ([`ctf`], [`tdm`]), through [`squads`] and their leaders
//! when the team is large.

pub mod commander;
pub mod ctf;
pub mod election;
pub mod squads;
pub mod tdm;

pub use commander::{Commander, Order, Situation, flag_state};
pub use election::Leadership;
