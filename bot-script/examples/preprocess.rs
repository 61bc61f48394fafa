//! Preprocesses a bot file and prints its canonical text (or the error).
//!
//! ```sh
//! cargo run -p bot-script --example preprocess -- <botfiles root> <file>[,<file>…] [repeat]
//! ```
//!
//! With a repeat count it preprocesses the files (comma-separated) that many times and prints
//! the mean time of one round instead of the text.

use std::process::ExitCode;
use std::time::Instant;

use bot_script::{DirSource, Preprocessor};

#[expect(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line example"
)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(root), Some(file)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: preprocess <botfiles root> <file> [repeat]");
        return ExitCode::FAILURE;
    };
    let repeat: u32 = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(0);
    if repeat > 0 {
        let start = Instant::now();
        let mut tokens = 0;
        for _ in 0..repeat {
            for file in file.split(',') {
                let mut pre = Preprocessor::new(DirSource::new(root));
                match pre.preprocess_file(file) {
                    Ok(stream) => tokens += stream.canonical().text.len(),
                    Err(error) => {
                        eprintln!("{error}");
                        return ExitCode::FAILURE;
                    }
                }
            }
        }
        println!("{:?} per run ({tokens} bytes)", start.elapsed() / repeat);
        return ExitCode::SUCCESS;
    }
    let mut pre = Preprocessor::new(DirSource::new(root));
    match pre.preprocess_file(file) {
        Ok(stream) => {
            for warning in &stream.warnings {
                eprintln!("{warning}");
            }
            println!("{}", stream.canonical().text);
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
