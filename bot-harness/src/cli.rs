//! Command-line definitions (clap).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// The toolkit's command line.
#[derive(Debug, Parser)]
#[command(
    name = "bot-harness",
    version,
    about = "Quake III-style bot toolkit: file formats, navigation and (later) matches"
)]
pub(crate) struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// Top-level command groups.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Map sources and compiled maps (`.map`, `.bsp`).
    #[command(subcommand)]
    Map(MapCommand),
    /// Area Awareness System files (`.aas`).
    #[command(subcommand)]
    Aas(AasCommand),
    /// Bot chat: load, lint and talk to the chat files of a botfiles folder.
    #[command(subcommand)]
    Chat(crate::commands::chat::ChatCommand),
    /// Fuzzy weight configs (`*_i.c`, `*_w.c`).
    #[command(subcommand)]
    Weights(WeightsCommand),
}

/// `weights …` subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum WeightsCommand {
    /// Evaluate every weight of a config (decided, ioquake3 interpolation) for an inventory.
    Eval(WeightsEvalArgs),
    /// Load every `*_i.c` and `*_w.c` under a botfiles folder and report which fail and why.
    Check(WeightsCheckArgs),
}

/// Arguments of `weights eval`.
#[derive(Debug, Args)]
pub(crate) struct WeightsEvalArgs {
    /// The botfiles folder; includes are resolved from it.
    #[arg(long)]
    pub(crate) botfiles: PathBuf,
    /// The config, relative to the botfiles folder (for example `bots/sarge_i.c`).
    pub(crate) file: String,
    /// An inventory slot by the name the config's headers define (`INVENTORY_ARMOR`,
    /// `ENEMY_HORIZONTAL_DIST`, …) or by number, and its value; repeatable. Unset slots are 0.
    #[arg(long = "inventory", value_name = "NAME=VALUE")]
    pub(crate) inventory: Vec<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Arguments of `weights check`.
#[derive(Debug, Args)]
pub(crate) struct WeightsCheckArgs {
    /// The botfiles folder to search (recursively) and to resolve includes from.
    #[arg(long)]
    pub(crate) botfiles: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// `map …` subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum MapCommand {
    /// Counts of a `.bsp` or `.map`: entities, brushes, patches, brush models, classnames.
    Info(InfoArgs),
}

/// `aas …` subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum AasCommand {
    /// Header fields and record counts of every lump of a Quake III `.aas`.
    Info(InfoArgs),
    /// Compile a `.bsp` or `.map` into areas and write a `.aas`.
    Compile(CompileArgs),
    /// Compare two `.aas` files of one map: area counts and how much of REF's standing space
    /// OURS covers.
    Compare {
        /// The world under test.
        ours: PathBuf,
        /// The reference world (for example bspc's).
        reference: PathBuf,
        /// The map's `.bsp`, for its entities.
        #[arg(long)]
        bsp: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Draw the areas of a `.aas` (Quake III or native) from above as an SVG picture.
    Render {
        /// The `.aas` to draw.
        file: PathBuf,
        /// Where to write the picture.
        #[arg(long)]
        svg: PathBuf,
    },
    /// Travel times and first reachabilities between areas or points of a `.aas` (Quake III
    /// or native), by the clustered router with the file's clusters and default travel flags.
    Route(RouteArgs),
    /// Read a `.aas` (validating it) and write it back out.
    Convert {
        /// The `.aas` to read.
        input: PathBuf,
        /// Where to write the result.
        output: PathBuf,
    },
}

/// Output formats of `aas compile`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum AasFormat {
    /// Quake III `.aas` version 5, loadable by the engines.
    Q3,
    /// This toolkit's own versioned, checksummed format.
    Native,
}

/// Arguments of `aas compile`.
#[derive(Debug, Args)]
pub(crate) struct CompileArgs {
    /// The map to compile (`.bsp` or `.map`).
    pub(crate) map: PathBuf,
    /// Where to write the result.
    #[arg(short, long)]
    pub(crate) output: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = AasFormat::Q3)]
    pub(crate) format: AasFormat,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Arguments of the `info` commands.
#[derive(Debug, Args)]
pub(crate) struct InfoArgs {
    /// The file to describe.
    pub(crate) file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Arguments of `aas route`.
#[derive(Debug, Args)]
pub(crate) struct RouteArgs {
    /// The `.aas` to route in.
    pub(crate) file: PathBuf,
    /// The queries, one per line: `START GOAL` (the file's 1-based area numbers) or
    /// `X Y Z X Y Z` (a start point, the origin, and a goal point); `-` reads standard input.
    /// Blank lines are skipped.
    #[arg(long)]
    pub(crate) pairs: PathBuf,
    /// Print one JSON document `{"results": [...]}` instead of one line per query.
    #[arg(long)]
    pub(crate) json: bool,
}
