//! [`read_log`]: a match log back into its header and per-frame inputs and hashes.

use std::io::BufRead;

use bot_interface::BotInput;
use serde_json::Value;
use thiserror::Error;

use super::schema::{FrameLine, Header, LOG_VERSION, input_from_row};

/// Why a log could not be read. Line numbers are 1-based.
#[derive(Debug, Error)]
pub enum LogError {
    /// Reading failed.
    #[error("reading the log: {0}")]
    Io(#[from] std::io::Error),
    /// A line is not the JSON it should be.
    #[error("line {line}: {message}")]
    Line {
        /// The line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The log is empty or does not start with a header.
    #[error("line 1: the log does not start with a header line (\"event\": \"header\")")]
    NoHeader,
    /// The log was written by another schema version.
    #[error("line 1: log version {found}, this build reads version {LOG_VERSION}")]
    Version {
        /// The version found.
        found: u32,
    },
}

/// One recorded frame: the inputs fed to the world and the hash it logged.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedFrame {
    /// The inputs, one per player (chat text filled back in from the frame's chat events).
    pub inputs: Vec<BotInput>,
    /// The state hash logged after the frame.
    pub hash: u64,
}

/// A log read back.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedMatch {
    /// The header.
    pub header: Header,
    /// The frames, in order.
    pub frames: Vec<RecordedFrame>,
}

fn parse_hash(text: &str, line: usize) -> Result<u64, LogError> {
    u64::from_str_radix(text, 16).map_err(|_| LogError::Line {
        line,
        message: format!("hash {text:?} is not hexadecimal"),
    })
}

/// Reads a match log from `input`.
///
/// # Errors
/// [`LogError`] naming the first line that is not valid, or the version.
pub fn read_log(input: impl BufRead) -> Result<RecordedMatch, LogError> {
    let mut lines = input.lines();
    let first = lines.next().ok_or(LogError::NoHeader)??;
    let value: Value = serde_json::from_str(&first).map_err(|e| LogError::Line {
        line: 1,
        message: e.to_string(),
    })?;
    if value.get("event").and_then(Value::as_str) != Some("header") {
        return Err(LogError::NoHeader);
    }
    if let Some(found) = value.get("version").and_then(Value::as_u64)
        && found != u64::from(LOG_VERSION)
    {
        return Err(LogError::Version {
            found: u32::try_from(found).unwrap_or(u32::MAX),
        });
    }
    let header: Header = serde_json::from_value(value).map_err(|e| LogError::Line {
        line: 1,
        message: e.to_string(),
    })?;
    let players = header.players.len();
    let mut frames: Vec<RecordedFrame> = Vec::new();
    let mut chat: Vec<(usize, bool, String)> = Vec::new();
    for (offset, text) in lines.enumerate() {
        let line = offset + 2;
        let text = text?;
        if text.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(&text).map_err(|e| LogError::Line {
            line,
            message: e.to_string(),
        })?;
        let frame = value.get("frame").and_then(Value::as_u64);
        let event = value.get("event").and_then(Value::as_str);
        let (Some(frame), Some(event)) = (frame, event) else {
            return Err(LogError::Line {
                line,
                message: "a line without \"frame\" or \"event\"".to_owned(),
            });
        };
        if frame != frames.len() as u64 {
            return Err(LogError::Line {
                line,
                message: format!("frame {frame} where frame {} was expected", frames.len()),
            });
        }
        match event {
            "frame" => {
                let parsed: FrameLine =
                    serde_json::from_value(value).map_err(|e| LogError::Line {
                        line,
                        message: e.to_string(),
                    })?;
                if parsed.inputs.len() != players {
                    return Err(LogError::Line {
                        line,
                        message: format!("{} inputs for {players} players", parsed.inputs.len()),
                    });
                }
                let mut inputs: Vec<BotInput> = parsed.inputs.iter().map(input_from_row).collect();
                for (player, team_only, text) in chat.drain(..) {
                    if let Some(input) = inputs.get_mut(player) {
                        let slot = if team_only {
                            &mut input.say_team
                        } else {
                            &mut input.say
                        };
                        *slot = Some(text);
                    }
                }
                frames.push(RecordedFrame {
                    inputs,
                    hash: parse_hash(&parsed.hash, line)?,
                });
            }
            "chat" => {
                let player = value.get("player").and_then(Value::as_u64);
                let team_only = value.get("team_only").and_then(Value::as_bool);
                let said = value.get("text").and_then(Value::as_str);
                let (Some(player), Some(team_only), Some(said)) = (player, team_only, said) else {
                    return Err(LogError::Line {
                        line,
                        message: "a chat line needs \"player\", \"team_only\" and \"text\""
                            .to_owned(),
                    });
                };
                let player = usize::try_from(player).unwrap_or(usize::MAX);
                if player >= players {
                    return Err(LogError::Line {
                        line,
                        message: format!("chat by player {player} of {players}"),
                    });
                }
                chat.push((player, team_only, said.to_owned()));
            }
            _ => {}
        }
    }
    Ok(RecordedMatch { header, frames })
}
