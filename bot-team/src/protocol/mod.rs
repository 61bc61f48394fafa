//! The order protocol: a [`TeamMessage`] as team chat text and back.
//!
//! - [`phrasings`]: the words of a message, best first (toolkit phrasings that the shared
//!   real `match.c` files understand too).
//! - [`say`]: the first phrasing that the speaker's own match templates understand as the
//!   same message (so what is sent is what its team's bots understand).
//! - [`understand`]: what a team chat line means, through the match templates (so a human
//!   typing the same words commands bots).

mod compose;
pub mod numbers;
mod roster;
mod understand;

pub use compose::{addressee_text, phrasings};
pub use roster::{Roster, strip_article};
pub use understand::{team_chat_line, understand};

use bot_chat::ChatData;
use bot_interface::{PlayerId, TeamMessage};

/// The text `speaker` says for `message`: the first of its [`phrasings`] that `data`'s
/// templates [`understand`] as `message`; the first phrasing when none is (a botfiles folder
/// whose `match.c` does not know the command).
#[must_use]
pub fn say(
    data: &ChatData,
    message: &TeamMessage,
    speaker: PlayerId,
    roster: &Roster<'_>,
) -> String {
    let candidates = phrasings(message, speaker, roster);
    candidates
        .iter()
        .find(|text| understand(data, speaker, text, roster).as_ref() == Some(message))
        .or(candidates.first())
        .cloned()
        .unwrap_or_default()
}
