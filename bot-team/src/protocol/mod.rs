//! The order protocol: a [`TeamMessage`] as team chat text and back.
//!
//! - [`phrasings`]: the words of a message, best first (toolkit phrasings that the shared
//!   real `match.c` files understand too).
//! - [`say`]: the first phrasing that the speaker's own match templates understand as the
//!   same message (so what is sent is what its team's bots understand); [`said`] adds the
//!   typed message sent beside it: what those words mean, so reading the words or the
//!   typed message gives the same order.
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
/// whose `match.c` does not know the command). See [`said`] for the typed message to send
/// beside it.
#[must_use]
pub fn say(
    data: &ChatData,
    message: &TeamMessage,
    speaker: PlayerId,
    roster: &Roster<'_>,
) -> String {
    said(data, message, speaker, roster).0
}

/// The text `speaker` says for `message` (as [`say`]) and the typed message that travels
/// beside it: what the text means through `data`'s templates. The two differ from
/// `message` when words cannot carry all of it (a defend or patrol place "here" or
/// "there", an order's own time on a command whose templates take none, a time in
/// fractions of a second): the typed message then says what the words say, so a bot
/// reading either gets the same order. When no template understands the text at all the
/// typed message is `message` itself.
#[must_use]
pub fn said(
    data: &ChatData,
    message: &TeamMessage,
    speaker: PlayerId,
    roster: &Roster<'_>,
) -> (String, TeamMessage) {
    let candidates = phrasings(message, speaker, roster);
    let meanings: Vec<Option<TeamMessage>> = candidates
        .iter()
        .map(|text| understand(data, speaker, text, roster))
        .collect();
    let pick = meanings
        .iter()
        .position(|meaning| meaning.as_ref() == Some(message))
        .or_else(|| meanings.iter().position(Option::is_some));
    match pick {
        Some(i) => (
            candidates[i].clone(),
            meanings[i].clone().unwrap_or_else(|| message.clone()),
        ),
        None => (
            candidates.first().cloned().unwrap_or_default(),
            message.clone(),
        ),
    }
}
