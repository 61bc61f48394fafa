//! The bot's chat behaviour (issue 20; botlib reference §10.5–§10.8, thesis §10.4): when it
//! starts a chat about something that happened, when it replies to another player, how long
//! it types (standing still meanwhile), and what it finally says.
//!
//! One job per module: [`rates`] reads the character's chat tendencies; [`event`] names the
//! events and turns one into a chat type and its variables; [`typing`] is the line being
//! typed; [`talker`] applies the gates (caller's permission, spacing, probabilities) and
//! drives the chat engine of `bot-chat`.
//!
//! Everything is deterministic: randomness only from the RNG passed in.

pub mod event;
pub mod rates;
pub mod talker;
pub mod typing;

pub use event::{CHAT_VARIABLES, ChatEvent, Prepared, Scene, death_type, kill_type, weapon_name};
pub use rates::{ChatRates, DEFAULT_CPM};
pub use talker::{REPLY_SHARE, TIME_BETWEEN_CHATTING, Talker};
pub use typing::{REPLY, Typing};
