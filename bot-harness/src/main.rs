//! The `bot-harness` command line.

fn main() {}
