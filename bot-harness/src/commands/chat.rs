//! `chat …`: the chat engine of `bot-chat` on a botfiles folder.
//!
//! - `chat check --botfiles DIR [--json]`: loads `syn.c`, `rnd.c`, `match.c`, `rchat.c`
//!   (those present) and every `*_t.c`; prints `{"files": [{"file", "kind", "ok": true} |
//!   {"file", "kind", "ok": false, "error"}]}` and fails when a file is rejected.
//! - `chat match --botfiles DIR [--context N] MESSAGE [--json]`: the first matching
//!   template's `{"type", "subtype", "variables": [8 × text or null]}`, or `null`.
//! - `chat reply --botfiles DIR --bot NAME --gender G MESSAGE [--json]`: the reply (or
//!   nothing) and which reply chat fired.
//! - `chat lint --botfiles DIR [--json]`: the linter's findings and counts per kind.
//! - `chat repl --botfiles DIR --bot NAME`: talk to a bot, one line at a time.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use bot_chat::consts::MTCONTEXT_TEAM_ORDERS;
use bot_chat::lint::{LintKind, lint};
use bot_chat::{ChatData, ChatState, FileKind, FileReport, Gender};
use clap::{Args, Subcommand, ValueEnum};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde::Serialize;

use crate::error::CliError;

/// `chat …` subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum ChatCommand {
    /// Load every chat file of a botfiles folder and report which are rejected, and why.
    Check(FolderArgs),
    /// The first match template (in file order) that matches a message.
    Match(MatchArgs),
    /// A bot's reply to a message, and which reply chat fired.
    Reply(ReplyArgs),
    /// Faulty reply chats, undefined random strings, unreachable templates, unused synonyms.
    Lint(FolderArgs),
    /// Talk to a bot in the terminal (one message per line; an empty line or end of input
    /// ends).
    Repl(ReplArgs),
}

/// A botfiles folder and the output format.
#[derive(Debug, Args)]
pub(crate) struct FolderArgs {
    /// The botfiles folder (holding `syn.c`, `match.c`, `bots/…`).
    #[arg(long)]
    botfiles: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Arguments of `chat match`.
#[derive(Debug, Args)]
pub(crate) struct MatchArgs {
    /// The botfiles folder.
    #[arg(long)]
    botfiles: PathBuf,
    /// Match contexts (`MTCONTEXT_*` bits); default the team-order contexts
    /// MISC | INITIALTEAMCHAT | CTF (262).
    #[arg(long, default_value_t = MTCONTEXT_TEAM_ORDERS)]
    context: u32,
    /// The message.
    message: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// A bot's gender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum GenderArg {
    /// Neuter.
    It,
    /// Female.
    Female,
    /// Male.
    Male,
}

impl From<GenderArg> for Gender {
    fn from(g: GenderArg) -> Self {
        match g {
            GenderArg::It => Self::It,
            GenderArg::Female => Self::Female,
            GenderArg::Male => Self::Male,
        }
    }
}

/// The bot that talks, in `chat reply` and `chat repl`.
#[derive(Debug, Args)]
pub(crate) struct BotArgs {
    /// The botfiles folder.
    #[arg(long)]
    botfiles: PathBuf,
    /// The bot's name.
    #[arg(long)]
    bot: String,
    /// The bot's gender.
    #[arg(long, value_enum, default_value_t = GenderArg::Male)]
    gender: GenderArg,
    /// Who sends the messages (variable 7 of replies).
    #[arg(long, default_value = "player")]
    sender: String,
    /// Seed of the random choices (line, random strings, synonym variation).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Arguments of `chat reply`.
#[derive(Debug, Args)]
pub(crate) struct ReplyArgs {
    #[command(flatten)]
    talk: BotArgs,
    /// The message.
    message: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Arguments of `chat repl`.
#[derive(Debug, Args)]
pub(crate) struct ReplArgs {
    #[command(flatten)]
    talk: BotArgs,
}

pub(crate) fn run(command: &ChatCommand, out: &mut impl Write) -> Result<(), CliError> {
    match command {
        ChatCommand::Check(args) => check(args, out),
        ChatCommand::Match(args) => run_match(args, out),
        ChatCommand::Reply(args) => reply(args, out),
        ChatCommand::Lint(args) => run_lint(args, out),
        ChatCommand::Repl(args) => repl(args, &mut std::io::stdin().lock(), out),
    }
}

fn invalid(path: &Path, message: String) -> CliError {
    CliError::Io {
        path: path.to_owned(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, message),
    }
}

fn load(botfiles: &Path) -> Result<(ChatData, Vec<FileReport>), CliError> {
    ChatData::load_dir(botfiles).map_err(|source| CliError::Io {
        path: botfiles.to_owned(),
        source,
    })
}

/// Loads the folder and fails when one of the `needed` kinds is missing or rejected.
fn load_needing(botfiles: &Path, needed: &[FileKind]) -> Result<ChatData, CliError> {
    let (data, reports) = load(botfiles)?;
    for kind in needed {
        let mut of_kind = reports.iter().filter(|r| r.kind == *kind).peekable();
        if of_kind.peek().is_none() {
            return Err(invalid(
                botfiles,
                format!("no {} file in the folder", kind.as_str()),
            ));
        }
        if let Some(error) = of_kind.find_map(|r| r.error.as_ref()) {
            return Err(invalid(botfiles, error.to_string()));
        }
    }
    Ok(data)
}

/// One file of `chat check` (field names are a stable contract).
#[derive(Debug, Serialize)]
struct FileEntry {
    file: String,
    kind: FileKind,
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Debug, Serialize)]
struct CheckReport {
    files: Vec<FileEntry>,
}

fn check(args: &FolderArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (_, reports) = load(&args.botfiles)?;
    let files: Vec<FileEntry> = reports
        .into_iter()
        .map(|r| FileEntry {
            file: r.file,
            kind: r.kind,
            ok: r.error.is_none(),
            error: r.error.map(|e| e.to_string()),
        })
        .collect();
    let rejected = files.iter().filter(|f| !f.ok).count();
    let total = files.len();
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &CheckReport { files })?;
        writeln!(out)?;
    } else {
        for f in &files {
            match &f.error {
                None => writeln!(out, "ok       {:<8} {}", f.kind.as_str(), f.file)?,
                Some(e) => writeln!(out, "REJECTED {:<8} {}: {e}", f.kind.as_str(), f.file)?,
            }
        }
    }
    if rejected > 0 {
        return Err(invalid(
            &args.botfiles,
            format!("{rejected} of {total} chat files rejected"),
        ));
    }
    Ok(())
}

#[derive(Debug, Serialize)]
struct MatchReport {
    #[serde(rename = "type")]
    kind: u32,
    subtype: u32,
    variables: Vec<Option<String>>,
}

fn run_match(args: &MatchArgs, out: &mut impl Write) -> Result<(), CliError> {
    let data = load_needing(&args.botfiles, &[FileKind::MatchTemplates])?;
    let report = data
        .find_match(args.message.as_bytes(), args.context)
        .map(|m| MatchReport {
            kind: m.kind(),
            subtype: m.subtype(),
            variables: (0..8)
                .map(|i| {
                    m.variable(i)
                        .map(|v| String::from_utf8_lossy(v).into_owned())
                })
                .collect(),
        });
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    match report {
        None => writeln!(out, "no match")?,
        Some(r) => {
            writeln!(out, "type     {}", r.kind)?;
            writeln!(out, "subtype  {}", r.subtype)?;
            for (i, v) in r.variables.iter().enumerate() {
                if let Some(v) = v {
                    writeln!(out, "var {i}    {v}")?;
                }
            }
        }
    }
    Ok(())
}

#[derive(Debug, Serialize)]
struct FiredChat {
    origin: String,
    priority: f32,
    line: usize,
}

#[derive(Debug, Serialize)]
struct ReplyReport {
    reply: Option<String>,
    chat: Option<FiredChat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dropped: Option<String>,
}

fn reply(args: &ReplyArgs, out: &mut impl Write) -> Result<(), CliError> {
    let data = load_needing(&args.talk.botfiles, &[FileKind::ReplyChats])?;
    let mut bot = ChatState::new(&data, &args.talk.bot, args.talk.gender.into());
    let mut rng = SmallRng::seed_from_u64(args.talk.seed);
    let fired = bot.reply(&data, &args.message, &args.talk.sender, 0.0, &mut rng);
    let report = match fired {
        None => ReplyReport {
            reply: None,
            chat: None,
            dropped: None,
        },
        Some(r) => {
            let (reply, dropped) = match r.message {
                Ok(text) => (Some(text), None),
                Err(e) => (None, Some(e.to_string())),
            };
            ReplyReport {
                reply,
                chat: Some(FiredChat {
                    origin: r.origin,
                    priority: r.priority,
                    line: r.line,
                }),
                dropped,
            }
        }
    };
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    if let Some(chat) = &report.chat {
        match (&report.reply, &report.dropped) {
            (Some(text), _) => writeln!(out, "{text}")?,
            (None, Some(why)) => writeln!(out, "(message dropped: {why})")?,
            (None, None) => {}
        }
        writeln!(
            out,
            "fired: {} (priority {}, line {})",
            chat.origin, chat.priority, chat.line
        )?;
    }
    Ok(())
}

#[derive(Debug, Serialize)]
struct Rejected {
    file: String,
    error: String,
}

#[derive(Debug, Serialize)]
struct LintReport {
    counts: BTreeMap<&'static str, usize>,
    findings: Vec<bot_chat::lint::Finding>,
    rejected: Vec<Rejected>,
}

fn run_lint(args: &FolderArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (data, reports) = load(&args.botfiles)?;
    let findings = lint(&data);
    let counts = LintKind::ALL
        .iter()
        .map(|k| (k.as_str(), findings.iter().filter(|f| f.kind == *k).count()))
        .collect();
    let rejected = reports
        .into_iter()
        .filter_map(|r| {
            r.error.map(|e| Rejected {
                file: r.file,
                error: e.to_string(),
            })
        })
        .collect();
    let report = LintReport {
        counts,
        findings,
        rejected,
    };
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    for f in &report.findings {
        writeln!(out, "{}: {}: {}", f.origin, f.kind.as_str(), f.message)?;
    }
    for r in &report.rejected {
        writeln!(out, "{}: rejected: {}", r.file, r.error)?;
    }
    let summary: Vec<String> = report
        .counts
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    writeln!(
        out,
        "{} findings: {}",
        report.findings.len(),
        summary.join(", ")
    )?;
    Ok(())
}

fn repl(args: &ReplArgs, input: &mut impl BufRead, out: &mut impl Write) -> Result<(), CliError> {
    let data = load_needing(&args.talk.botfiles, &[FileKind::ReplyChats])?;
    let mut bot = ChatState::new(&data, &args.talk.bot, args.talk.gender.into());
    let mut rng = SmallRng::seed_from_u64(args.talk.seed);
    let start = std::time::Instant::now();
    writeln!(
        out,
        "Talking to {} ({} reply chats); an empty line ends.",
        args.talk.bot,
        data.replies.len()
    )?;
    let mut line = String::new();
    loop {
        write!(out, "{}> ", args.talk.sender)?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        let now = start.elapsed().as_secs_f32();
        match bot.reply(&data, line.trim_end(), &args.talk.sender, now, &mut rng) {
            Some(reply) => match reply.message {
                Ok(text) => writeln!(out, "{}: {text}", args.talk.bot)?,
                Err(e) => writeln!(out, "({} says nothing: {e})", args.talk.bot)?,
            },
            None => writeln!(out, "({} does not reply)", args.talk.bot)?,
        }
    }
    Ok(())
}
