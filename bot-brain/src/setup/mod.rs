//! Setting bots up from a botfiles folder (ours, embedded, or any other in botlib's
//! formats): the data all bots share ([`SharedBotData`]: `items.c` and the chat files) and
//! one bot's profile ([`BotProfile`]: character, item and weapon weights, chat file and
//! name, gender).
//!
//! Rules: loading never panics; every problem becomes a diagnostic string naming the file
//! and the cause, and a fallback is used where botlib has one (the default character, the
//! folder's default weights, then our embedded defaults; a failing chat file is left out).
//! [`SetupError`] only when no character can be loaded at all. One job per module:
//! [`embedded`] holds our default folder, [`shared`] the shared data, [`profile`] a bot.

pub mod embedded;
pub mod profile;
pub mod shared;

pub use embedded::{DEFAULT_BOTS, EMBEDDED_FILES, default_botfiles};
pub use profile::{BotProfile, SetupError};
pub use shared::SharedBotData;
