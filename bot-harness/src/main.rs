//! The `bot-harness` command line: parses the arguments ([`cli`]), calls the command's
//! function of the `bot_harness` library and prints its report — as JSON with `--json`, as
//! text otherwise (with its warnings on standard error) — or the error, exiting non-zero.

mod cli;

use std::io::Write;
use std::process::ExitCode;

use bot_harness::{Error, Report, commands};
use clap::Parser;

use crate::cli::{AasCommand, CharacterCommand, ChatCommand, Command, MapCommand, WeightsCommand};

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let mut stdout = std::io::stdout().lock();
    match run(&cli.command, &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // Best effort: if standard error is closed there is nowhere left to report to.
            let _ = writeln!(std::io::stderr().lock(), "error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Runs one command and prints its report to `out`.
fn run(command: &Command, out: &mut dyn Write) -> Result<(), Error> {
    match command {
        Command::Map(MapCommand::Info(args)) => {
            print(&commands::map_info(&args.file)?, args.json, out)
        }
        Command::Aas(AasCommand::Info(args)) => {
            print(&commands::aas_info(&args.file)?, args.json, out)
        }
        Command::Aas(AasCommand::Compile(args)) => print(
            &commands::aas_compile(&args.map, &args.output, args.format.into())?,
            args.json,
            out,
        ),
        Command::Aas(AasCommand::Compare {
            ours,
            reference,
            bsp,
            json,
        }) => print(&commands::aas_compare(ours, reference, bsp)?, *json, out),
        Command::Aas(AasCommand::Convert { input, output }) => {
            print(&commands::aas_convert(input, output)?, false, out)
        }
        Command::Aas(AasCommand::Render(args)) => {
            print(&commands::aas_render(&args.args())?, false, out)
        }
        Command::Aas(AasCommand::Route(args)) => print(
            &commands::aas_route(&args.file, &args.pairs)?,
            args.json,
            out,
        ),
        Command::Weights(WeightsCommand::Eval(args)) => print(
            &commands::weights_eval(&args.botfiles, &args.file, &args.inventory)?,
            args.json,
            out,
        ),
        Command::Weights(WeightsCommand::Check(args)) => {
            print(&commands::weights_check(&args.botfiles)?, args.json, out)
        }
        Command::Character(CharacterCommand::Check(args)) => {
            print(&commands::character_check(&args.botfiles)?, args.json, out)
        }
        Command::Character(CharacterCommand::Show(args)) => print(
            &commands::character_show(&args.botfiles, &args.file, args.skill, args.compat.into())?,
            args.json,
            out,
        ),
        Command::Chat(ChatCommand::Check(args)) => {
            print(&commands::chat_check(&args.botfiles)?, args.json, out)
        }
        Command::Chat(ChatCommand::Match(args)) => print(
            &commands::chat_match(&args.botfiles, args.context, &args.message)?,
            args.json,
            out,
        ),
        Command::Chat(ChatCommand::Reply(args)) => print(
            &commands::chat_reply(&args.talk.bot(), &args.message)?,
            args.json,
            out,
        ),
        Command::Chat(ChatCommand::Lint(args)) => {
            print(&commands::chat_lint(&args.botfiles)?, args.json, out)
        }
        Command::Chat(ChatCommand::Repl(args)) => {
            commands::chat_repl(&args.talk.bot(), &mut std::io::stdin().lock(), out)
        }
        Command::Match(args) => {
            let report = commands::match_play(&commands::MatchArgs {
                map: args.map.clone(),
                aas: args.aas.clone(),
                mode: args.mode.into(),
                bots: args.bots.clone(),
                red: args.red.clone(),
                blue: args.blue.clone(),
                no_leader: args.no_leader.iter().map(|&team| team.into()).collect(),
                botfiles: args.botfiles.clone(),
                players: args.players,
                seed: args.seed,
                time_limit: args.time_limit,
                frag_limit: args.frag_limit,
                capture_limit: args.capture_limit,
                rules: args.rules.clone(),
                log: args.log.clone(),
                max_frames: args.max_frames,
                progress: true,
            })?;
            print(&report, args.json, out)
        }
        Command::NavEval(args) => match (&args.case, &args.log) {
            (Some(case), Some(log)) => print(
                &commands::nav_eval_case(&commands::CaseArgs {
                    map: args.map.clone(),
                    aas: args.aas.clone(),
                    start: case[0],
                    goal: case[1],
                    seed: args.seed,
                    time_factor: args.time_factor,
                    rocket_launcher: args.rocket_launcher,
                    log: log.clone(),
                })?,
                args.json,
                out,
            ),
            _ => print(
                &commands::nav_eval(&commands::NavEvalArgs {
                    map: args.map.clone(),
                    aas: args.aas.clone(),
                    pairs: args.pairs,
                    seeds: args.seeds,
                    time_factor: args.time_factor,
                    seed: args.seed,
                    rocket_launcher: args.rocket_launcher,
                    progress: true,
                })?,
                args.json,
                out,
            ),
        },
        Command::Replay { log, json } => print(&commands::replay(log)?, *json, out),
        Command::View {
            log,
            output,
            map,
            aas,
            json,
        } => print(
            &commands::view(&commands::ViewArgs {
                log: log.clone(),
                output: output.clone(),
                map: map.clone(),
                aas: aas.clone(),
            })?,
            *json,
            out,
        ),
    }
}

/// Prints `report` to `out` as JSON or text (text mode prints its warnings on standard error
/// first), then fails if the report says the command failed.
fn print(report: &impl Report, json: bool, out: &mut dyn Write) -> Result<(), Error> {
    // A finished report goes out in one write instead of one per line.
    let mut out = std::io::BufWriter::new(out);
    if json {
        report.write_json(&mut out)?;
    } else {
        for warning in report.warnings() {
            #[expect(clippy::print_stderr, reason = "warnings go to stderr in text mode")]
            {
                eprintln!("{warning}");
            }
        }
        report.write_text(&mut out)?;
    }
    out.flush()?;
    report.status()
}
