//! Loading bots from a botfiles folder the way the game does (botlib's `BotAISetupClient`):
//! a character by name and skill with its item and weapon weights and its chat settings
//! ([`BotProfile`]), and the files all bots of a folder share: `items.c` and the chat files
//! ([`SharedBotData`]). The toolkit's own folder (`bot-brain/botfiles`, MIT) is embedded in
//! the crate ([`default_botfiles`]), so bots play without any files on disk.
//!
//! Nothing here panics on bad data: every problem becomes a diagnostic naming the file and
//! the fallback taken —
//!
//! - a missing character file: botlib's fallback chain (`bots/default_c.c`);
//! - a weight file that fails to load: the folder's `bots/default_i.c` / `bots/default_w.c`,
//!   else the toolkit's own (botlib refuses such a bot; a fallback keeps it playing);
//! - a failing `items.c`: the toolkit's own;
//! - a failing shared chat file (`syn.c`, `rnd.c`, `match.c`, `rchat.c`) is left out; a
//!   character whose chat file fails or has no chats under its `CHAT_NAME` plays mute.
//!
//! Only a character that no step of botlib's chain can load is an error ([`SetupError`]).

mod embedded;
mod profile;
mod shared;

pub use embedded::{DEFAULT_BOTS, default_botfiles};
pub use profile::{BotProfile, SetupError, character_file};
pub use shared::SharedBotData;
