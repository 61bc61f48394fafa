#![doc = include_str!("../README.md")]

mod cli;
mod commands;
mod error;
mod output;
mod render;
mod route_agreement;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let mut stdout = std::io::stdout().lock();
    match commands::run(&cli.command, &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // Best effort: if standard error is closed there is nowhere left to report to.
            let _ = writeln!(std::io::stderr().lock(), "error: {error}");
            ExitCode::FAILURE
        }
    }
}
