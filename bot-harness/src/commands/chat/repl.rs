//! [`chat_repl`] (`chat repl --botfiles DIR --bot NAME`): talk to a bot, one message per
//! line, until an empty line or the end of the input.

use std::io::{BufRead, Write};

use bot_chat::{ChatState, FileKind};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::{ChatBot, load_needing};
use crate::error::Error;

/// Talks to `bot`: prompts `SENDER> ` on `out`, reads a message from `input` and writes the
/// bot's reply (or that it says nothing), until an empty line or the end of `input`. Time runs
/// from the start of the conversation.
///
/// # Errors
/// When the folder has no reply chats or they are rejected, or reading or writing fails.
pub fn chat_repl(bot: &ChatBot, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), Error> {
    let data = load_needing(&bot.botfiles, &[FileKind::ReplyChats])?;
    let mut state = ChatState::new(&data, &bot.name, bot.gender);
    let mut rng = SmallRng::seed_from_u64(bot.seed);
    let start = std::time::Instant::now();
    writeln!(
        out,
        "Talking to {} ({} reply chats); an empty line ends.",
        bot.name,
        data.replies.len()
    )?;
    let mut line = String::new();
    loop {
        write!(out, "{}> ", bot.sender)?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        let now = start.elapsed().as_secs_f32();
        match state.reply(&data, line.trim_end(), &bot.sender, now, &mut rng) {
            Some(reply) => match reply.message {
                Ok(text) => writeln!(out, "{}: {text}", bot.name)?,
                Err(e) => writeln!(out, "({} says nothing: {e})", bot.name)?,
            },
            None => writeln!(out, "({} does not reply)", bot.name)?,
        }
    }
    Ok(())
}
