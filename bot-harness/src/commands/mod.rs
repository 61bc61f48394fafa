//! One module per subcommand; [`run`] dispatches.

mod aas_compare;
mod aas_compile;
mod aas_convert;
mod aas_info;
mod aas_render;
mod aas_route;
pub(crate) mod chat;
mod map_info;
mod reach_by_type;
mod weights;

use std::io::Write;

use crate::cli::{AasCommand, Command, MapCommand, WeightsCommand};
use crate::error::CliError;

/// Runs one command, writing its report to `out`.
///
/// # Errors
/// Whatever the command reports; the caller prints it and exits non-zero.
pub(crate) fn run(command: &Command, out: &mut impl Write) -> Result<(), CliError> {
    match command {
        Command::Map(MapCommand::Info(args)) => map_info::run(args, out),
        Command::Aas(AasCommand::Info(args)) => aas_info::run(args, out),
        Command::Aas(AasCommand::Compile(args)) => aas_compile::run(args, out),
        Command::Aas(AasCommand::Compare {
            ours,
            reference,
            bsp,
            json,
        }) => aas_compare::run(ours, reference, bsp, *json, out),
        Command::Aas(AasCommand::Convert { input, output }) => aas_convert::run(input, output, out),
        Command::Aas(AasCommand::Render { file, svg }) => aas_render::run(file, svg, out),
        Command::Aas(AasCommand::Route(args)) => aas_route::run(args, out),
        Command::Weights(WeightsCommand::Eval(args)) => weights::eval(args, out),
        Command::Weights(WeightsCommand::Check(args)) => weights::check(args, out),
        Command::Chat(command) => chat::run(command, out),
    }
}
