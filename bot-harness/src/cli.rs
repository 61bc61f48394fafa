//! Command-line definitions (clap): every command, argument and flag of `bot-harness`, and
//! their conversion into the library's arguments.

use std::path::PathBuf;

use aas_geom::world::TravelType;
use bot_chat::Gender;
use bot_chat::consts::MTCONTEXT_TEAM_ORDERS;
use bot_harness::commands::aas_render::DEFAULT_WIDTH;
use bot_harness::commands::{AasFormat, ChatBot, RenderArgs};
use clap::{Args, Parser, Subcommand, ValueEnum};
use glam::Vec3;

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
    Chat(ChatCommand),
    /// Bot characters (`*_c.c`): load them all, or show one at a skill.
    #[command(subcommand)]
    Character(CharacterCommand),
    /// Fuzzy weight configs (`*_i.c`, `*_w.c`).
    #[command(subcommand)]
    Weights(WeightsCommand),
    /// Play a match of bots (real characters from botfiles) and scripted players on a map
    /// (`arena`, the default, for the built-in one) and print its scoreboard.
    Match(MatchCliArgs),
    /// Evaluate navigation on a map: a bot placed at each relevant point (items, weapons,
    /// ammunition, flags, spawns) must reach another; success rates, failure hotspots,
    /// stability over seeds.
    NavEval(NavEvalCliArgs),
    /// Re-simulate a match log and check every frame's state hash.
    Replay {
        /// The log written by `match --log`.
        log: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Write a match log's replay as one self-contained HTML page (open it in a browser).
    View {
        /// The log written by `match --log`.
        log: PathBuf,
        /// The page to write.
        #[arg(short, long)]
        output: PathBuf,
        /// The map (`.bsp`, `.map`, or `arena`); default: the one the log names.
        #[arg(long)]
        map: Option<PathBuf>,
        /// The map's `.aas`; default: the one the log names, else compiled in memory.
        #[arg(long)]
        aas: Option<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Game modes on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ModeArg {
    /// Free-for-all.
    Ffa,
    /// Team deathmatch.
    Tdm,
    /// Capture the flag.
    Ctf,
}

impl From<ModeArg> for bot_interface::GameMode {
    fn from(mode: ModeArg) -> Self {
        match mode {
            ModeArg::Ffa => Self::Ffa,
            ModeArg::Tdm => Self::Tdm,
            ModeArg::Ctf => Self::Ctf,
        }
    }
}

/// A team on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum TeamArg {
    /// The red team.
    Red,
    /// The blue team.
    Blue,
}

impl From<TeamArg> for bot_interface::Team {
    fn from(team: TeamArg) -> Self {
        match team {
            TeamArg::Red => Self::Red,
            TeamArg::Blue => Self::Blue,
        }
    }
}

/// Arguments of `match`.
#[derive(Debug, Args)]
pub(crate) struct MatchCliArgs {
    /// The map (`.bsp` or `.map`), or `arena` for the built-in arena.
    #[arg(default_value = "arena")]
    pub(crate) map: PathBuf,
    /// The map's `.aas` (else the navigation is compiled in memory).
    #[arg(long)]
    pub(crate) aas: Option<PathBuf>,
    /// The game mode.
    #[arg(long, value_enum, default_value = "ffa")]
    pub(crate) mode: ModeArg,
    /// Bots, each `NAME` or `NAME:SKILL` (skill 1 to 5, default 3), comma-separated: the
    /// character `bots/NAME_c.c` of the botfiles folder with its weights and chats. Without
    /// `--bots` and `--players`: the default set's characters.
    #[arg(long, value_delimiter = ',')]
    pub(crate) bots: Vec<String>,
    /// Bots of the red team (team modes), each `NAME` or `NAME:SKILL`, comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub(crate) red: Vec<String>,
    /// Bots of the blue team (team modes), each `NAME` or `NAME:SKILL`, comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub(crate) blue: Vec<String>,
    /// A team whose bots play without a leader (they never ask for nor claim the
    /// leadership); may be given twice.
    #[arg(long, value_enum)]
    pub(crate) no_leader: Vec<TeamArg>,
    /// The botfiles folder the bots are loaded from (default: the set shipped with the
    /// toolkit, `bot-brain/botfiles`).
    #[arg(long)]
    pub(crate) botfiles: Option<PathBuf>,
    /// How many scripted players (roamers) besides the bots (default: 8 when there are no
    /// bots, else none).
    #[arg(long)]
    pub(crate) players: Option<usize>,
    /// The seed of all randomness.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Time limit in seconds (0: none).
    #[arg(long, default_value_t = 600)]
    pub(crate) time_limit: u32,
    /// Frag limit (0: none; default 20).
    #[arg(long)]
    pub(crate) frag_limit: Option<i32>,
    /// Capture limit (0: none; default 8).
    #[arg(long)]
    pub(crate) capture_limit: Option<i32>,
    /// A JSON file overriding the rules, e.g. `{"weapons": {"railgun": {"damage": 80}}}`.
    #[arg(long)]
    pub(crate) rules: Option<PathBuf>,
    /// Write the match log (JSON lines) here.
    #[arg(long)]
    pub(crate) log: Option<PathBuf>,
    /// Stop after this many frames at the latest.
    #[arg(long)]
    pub(crate) max_frames: Option<u32>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Arguments of `nav-eval`.
#[derive(Debug, Args)]
pub(crate) struct NavEvalCliArgs {
    /// The map (`.bsp` or `.map`), or `arena` for the built-in arena.
    pub(crate) map: PathBuf,
    /// The map's `.aas` (else the navigation is compiled in memory).
    #[arg(long)]
    pub(crate) aas: Option<PathBuf>,
    /// At most this many paths (ordered pairs of relevant points; a seeded sample when
    /// there are more).
    #[arg(long, default_value_t = 2000)]
    pub(crate) pairs: usize,
    /// Runs over the same paths, with seeds SEED, SEED + 1, … (stability).
    #[arg(long, default_value_t = 1)]
    pub(crate) seeds: u32,
    /// Time allowed per path: this factor × the route's travel time (at least 10 s).
    #[arg(long, default_value_t = 3.0)]
    pub(crate) time_factor: f32,
    /// The first run's seed (and the sample's); with `--case`, the case's own seed.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Run one case alone, from point START to point GOAL (indices as the report's `points`
    /// lists them), and write its match log (`--log`).
    #[arg(long, num_args = 2, value_names = ["START", "GOAL"], requires = "log")]
    pub(crate) case: Option<Vec<usize>>,
    /// With `--case`: where to write the match log (open it with `view`).
    #[arg(long, requires = "case")]
    pub(crate) log: Option<PathBuf>,
    /// The traveller owns a rocket launcher with rockets from the start, so its routes may
    /// rocket jump (while its health is above 60).
    #[arg(long)]
    pub(crate) rocket_launcher: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// `weights …` subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum WeightsCommand {
    /// Evaluate every weight of a config (decided, ioquake3 interpolation) for an inventory.
    Eval(WeightsEvalArgs),
    /// Load every `*_i.c` and `*_w.c` under a botfiles folder and report which fail and why.
    Check(BotfilesCheckArgs),
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

/// Arguments of `weights check` and `character check`.
#[derive(Debug, Args)]
pub(crate) struct BotfilesCheckArgs {
    /// The botfiles folder to search (recursively) and to resolve includes from.
    #[arg(long)]
    pub(crate) botfiles: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// `character …` subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum CharacterCommand {
    /// Load every `*_c.c` under a botfiles folder at skills 1, 4 and 5 and report which fail,
    /// and which fall back to another block.
    Check(BotfilesCheckArgs),
    /// Every characteristic of a character at a skill, by its `chars.h` name.
    Show(CharacterShowArgs),
}

/// How numbers written as integers interpolate between skills.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum CompatArg {
    /// Interpolate every number (the default).
    Fixed,
    /// botlib: numbers written as integers keep the lower skill's value.
    Botlib,
}

impl From<CompatArg> for bot_brain::Compat {
    fn from(compat: CompatArg) -> Self {
        match compat {
            CompatArg::Fixed => Self::Fixed,
            CompatArg::Botlib => Self::Botlib,
        }
    }
}

/// Arguments of `character show`.
#[derive(Debug, Args)]
pub(crate) struct CharacterShowArgs {
    /// The botfiles folder; includes and `bots/default_c.c` are resolved from it.
    #[arg(long)]
    pub(crate) botfiles: PathBuf,
    /// The character, relative to the botfiles folder (for example `bots/sarge_c.c`).
    pub(crate) file: String,
    /// The skill, 1 to 5 (clamped); between 1 and 4 or 4 and 5 the anchors interpolate.
    #[arg(long)]
    pub(crate) skill: f32,
    /// How numbers written as integers interpolate.
    #[arg(long, value_enum, default_value_t = CompatArg::Fixed)]
    pub(crate) compat: CompatArg,
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
    /// Draw the areas of a `.aas` (Quake III or native) from above as an SVG and/or PNG
    /// picture, with optional layers: reachabilities, clusters, a route, an area's
    /// neighbourhood, a height slice.
    Render(RenderCliArgs),
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

/// Arguments of `aas render`.
#[derive(Debug, Args)]
pub(crate) struct RenderCliArgs {
    /// The `.aas` to draw.
    pub(crate) file: PathBuf,
    /// Write the picture as SVG here.
    #[arg(long, value_name = "OUT.svg")]
    pub(crate) svg: Option<PathBuf>,
    /// Write the picture as PNG here (at least one of --svg and --png is needed).
    #[arg(long, value_name = "OUT.png")]
    pub(crate) png: Option<PathBuf>,
    /// Picture width in pixels; the height follows the map.
    #[arg(long, value_name = "PIXELS", default_value_t = DEFAULT_WIDTH)]
    pub(crate) width: u32,
    /// Draw the reachabilities as arrows from start to end point, coloured by travel type.
    #[arg(long)]
    pub(crate) reach: bool,
    /// Draw only reachabilities of these travel types (implies --reach): walk, crouch,
    /// barrierjump, jump, ladder, walkoffledge, swim, waterjump, teleport, elevator,
    /// rocketjump, bfgjump, grapplehook, doublejump, rampjump, strafejump, jumppad, funcbob.
    #[arg(long, value_name = "TYPE,...", value_delimiter = ',', value_parser = parse_travel_type)]
    pub(crate) reach_types: Vec<TravelType>,
    /// Tint the areas by routing cluster and mark the cluster portal areas.
    #[arg(long)]
    pub(crate) clusters: bool,
    /// Draw the route from the first point to the second (each `X,Y,Z`, a player's origin).
    #[arg(
        long,
        num_args = 2,
        value_names = ["X,Y,Z", "X,Y,Z"],
        allow_hyphen_values = true,
        value_parser = parse_point
    )]
    pub(crate) route: Vec<Vec3>,
    /// Show only area N (the file's 1-based number) and its neighbours, numbered.
    #[arg(long, value_name = "N")]
    pub(crate) area: Option<u32>,
    /// With --area: the neighbours are the areas within this many reachability hops.
    #[arg(long, value_name = "R", default_value_t = 1, requires = "area")]
    pub(crate) radius: u32,
    /// Draw only areas whose ground lies between these heights (z, inclusive).
    #[arg(long, value_name = "MIN:MAX", allow_hyphen_values = true, value_parser = parse_height)]
    pub(crate) height: Option<(f32, f32)>,
}

impl RenderCliArgs {
    /// The library's arguments.
    pub(crate) fn args(&self) -> RenderArgs {
        RenderArgs {
            file: self.file.clone(),
            svg: self.svg.clone(),
            png: self.png.clone(),
            width: self.width,
            reach: self.reach,
            reach_types: self.reach_types.clone(),
            clusters: self.clusters,
            route: match self.route.as_slice() {
                [from, to] => Some((*from, *to)),
                _ => None,
            },
            area: self.area,
            radius: self.radius,
            height: self.height,
        }
    }
}

/// A travel type by its name (`walkoffledge`; `walk-off-ledge` and `walk_off_ledge` too).
fn parse_travel_type(text: &str) -> Result<TravelType, String> {
    let name: String = text
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .collect::<String>()
        .to_ascii_lowercase();
    name.parse().map_err(|_| {
        let names: Vec<&str> = TravelType::ALL
            .iter()
            .filter(|t| **t != TravelType::Invalid)
            .map(|t| t.name())
            .collect();
        format!(
            "unknown travel type `{text}`; the types are {}",
            names.join(", ")
        )
    })
}

/// A point `X,Y,Z`.
fn parse_point(text: &str) -> Result<Vec3, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [x, y, z] = parts.as_slice() else {
        return Err(format!("`{text}` is not a point X,Y,Z"));
    };
    let coordinate = |field: &str| -> Result<f32, String> {
        field
            .parse::<f32>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("`{field}` in `{text}` is not a number"))
    };
    Ok(Vec3::new(coordinate(x)?, coordinate(y)?, coordinate(z)?))
}

/// A height range `MIN:MAX`.
fn parse_height(text: &str) -> Result<(f32, f32), String> {
    let Some((lo, hi)) = text.split_once(':') else {
        return Err(format!("`{text}` is not a height range MIN:MAX"));
    };
    let height = |field: &str| -> Result<f32, String> {
        field
            .trim()
            .parse::<f32>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("`{field}` in `{text}` is not a number"))
    };
    let (lo, hi) = (height(lo)?, height(hi)?);
    if lo > hi {
        return Err(format!("in `{text}` the lower height comes first"));
    }
    Ok((lo, hi))
}

/// Output formats of `aas compile`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum FormatArg {
    /// Quake III `.aas` version 5, loadable by the engines.
    Q3,
    /// This toolkit's own versioned, checksummed format.
    Native,
}

impl From<FormatArg> for AasFormat {
    fn from(format: FormatArg) -> Self {
        match format {
            FormatArg::Q3 => Self::Q3,
            FormatArg::Native => Self::Native,
        }
    }
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
    #[arg(long, value_enum, default_value_t = FormatArg::Q3)]
    pub(crate) format: FormatArg,
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
    pub(crate) botfiles: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Arguments of `chat match`.
#[derive(Debug, Args)]
pub(crate) struct MatchArgs {
    /// The botfiles folder.
    #[arg(long)]
    pub(crate) botfiles: PathBuf,
    /// Match contexts (`MTCONTEXT_*` bits); default the team-order contexts
    /// MISC | INITIALTEAMCHAT | CTF (262).
    #[arg(long, default_value_t = MTCONTEXT_TEAM_ORDERS)]
    pub(crate) context: u32,
    /// The message.
    pub(crate) message: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
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

impl BotArgs {
    /// The library's description of the bot.
    pub(crate) fn bot(&self) -> ChatBot {
        ChatBot {
            botfiles: self.botfiles.clone(),
            name: self.bot.clone(),
            gender: self.gender.into(),
            sender: self.sender.clone(),
            seed: self.seed,
        }
    }
}

/// Arguments of `chat reply`.
#[derive(Debug, Args)]
pub(crate) struct ReplyArgs {
    #[command(flatten)]
    pub(crate) talk: BotArgs,
    /// The message.
    pub(crate) message: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Arguments of `chat repl`.
#[derive(Debug, Args)]
pub(crate) struct ReplArgs {
    #[command(flatten)]
    pub(crate) talk: BotArgs,
}
