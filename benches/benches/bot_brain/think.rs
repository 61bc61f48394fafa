//! The brain's cost per bot and frame on shared maps (issue 19: a think, goal choice over
//! all level items plus movement, under 20 µs per bot on average, excluding cold route-cache
//! builds):
//!
//! - `bot_think/MAP`: four [`Bot`]s (shared bot data: `items.c`, `bots/default_i.c`) in a
//!   free-for-all on MAP; after 30 s of play untimed (the routes' caches of the goals they
//!   chose are built), each measured iteration is one server frame, timing only the four
//!   [`Player::think`] calls (views and the world's step are not timed) and reporting the
//!   time per bot. At 20 Hz half of each bot's frames carry a goal think (10 Hz, staggered),
//!   all of them its movement.
//!
//! Before timing, the match is checked to run: the bots chose and reached goals.

use std::time::{Duration, Instant};

use bot_brain::goal::{ItemConfig, ScoreSettings, load_item_config_dir};
use bot_brain::movement::shared_router;
use bot_brain::{Bot, GoalData};
use bot_interface::{BotInput, BotView, Player, Team};
use bot_world::{Level, LevelSettings, MatchSettings, PlayerSetup, World, player_seed};
use criterion::{Criterion, criterion_main};
use fuzzy_weights::CompiledConfig;

const MAPS: [&str; 3] = ["oacmpdm1", "oacmpctf1", "oacmpdm7"];
const BOTS: usize = 4;
const SEED: u64 = 23;
/// Frames played before timing (30 s).
const WARM_UP: u32 = 600;

/// A world with its bots, the views they read and the inputs they gave.
struct Match<'l, 'c> {
    world: World<'l>,
    bots: Vec<Bot<'l, 'c>>,
    views: Vec<BotView>,
    inputs: Vec<BotInput>,
}

impl<'l, 'c> Match<'l, 'c> {
    fn new(level: &'l Level, data: GoalData<'c>) -> Self {
        let mut settings = MatchSettings {
            seed: SEED,
            ..MatchSettings::default()
        };
        settings.rules.modes.time_limit_ms = 0;
        settings.rules.modes.frag_limit = 0;
        let setups: Vec<PlayerSetup> = (0..BOTS)
            .map(|index| PlayerSetup {
                name: format!("bot-{index}"),
                team: Team::Free,
            })
            .collect();
        let world = World::new(level, settings, &setups);
        let router = shared_router(&level.aas);
        let movers = level.movement.movers();
        let items: Vec<bot_interface::ItemSpotInfo> = world
            .items()
            .iter()
            .filter(|item| !item.removed)
            .map(|item| bot_interface::ItemSpotInfo {
                entity: item.entity,
                item: item.item,
                origin: item.origin,
            })
            .collect();
        let bots = (0..BOTS)
            .map(|index| {
                let mut bot = Bot::new(
                    format!("bot-{index}"),
                    &level.aas,
                    router.clone(),
                    data,
                    player_seed(SEED, index),
                    (index, BOTS),
                )
                .with_navigator(|navigator| navigator.with_movers(&movers));
                bot.begin(&bot_interface::MatchInfo {
                    map: level.name.clone(),
                    mode: bot_interface::GameMode::Ffa,
                    you: world.players()[index].id,
                    team: Team::Free,
                    items: items.clone(),
                    frame_ms: 50,
                    seed: player_seed(SEED, index),
                });
                bot
            })
            .collect();
        Self {
            world,
            bots,
            views: vec![BotView::default(); BOTS],
            inputs: vec![BotInput::default(); BOTS],
        }
    }

    /// One frame; returns the time the bots' thinks took.
    fn frame(&mut self) -> Duration {
        let mut thinking = Duration::ZERO;
        for (index, bot) in self.bots.iter_mut().enumerate() {
            self.world.view(index, &mut self.views[index]);
            let started = Instant::now();
            self.inputs[index] = bot.think(&self.views[index]);
            thinking += started.elapsed();
        }
        self.world.step(&self.inputs);
        thinking
    }
}

fn data(botfiles: &std::path::Path) -> (ItemConfig, CompiledConfig) {
    let root = real_data::bot_set(botfiles, real_data::BOT_SETS[0]);
    let items = load_item_config_dir(&root, "items.c").expect("items.c loads");
    let weights = fuzzy_weights::load_dir(&root, "bots/default_i.c").expect("weights load");
    (items, CompiledConfig::new(&weights.config))
}

fn benches() {
    let (Some(maps), Some(botfiles)) = (real_data::pack_maps(), real_data::botfiles()) else {
        return;
    };
    let (items, weights) = data(&botfiles);
    let data = GoalData {
        items: &items,
        weights: &weights,
        score: ScoreSettings::default(),
    };
    let mut criterion = Criterion::default().configure_from_args().sample_size(20);
    let mut group = criterion.benchmark_group("bot_think");
    for map in MAPS {
        let level = Level::load(
            &maps.join(format!("{map}.bsp")),
            Some(&maps.join(format!("{map}.aas"))),
            &LevelSettings::default(),
        )
        .expect("the map loads");
        let mut game = Match::new(&level, data);
        for _ in 0..WARM_UP {
            game.frame();
        }
        for bot in &game.bots {
            let stats = bot.stats();
            assert!(
                stats.long_term_goals > 0 && stats.reached > 0,
                "{map}: {stats:?}"
            );
        }
        group.bench_function(map, |b| {
            b.iter_custom(|iterations| {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    total += game.frame();
                }
                #[expect(clippy::cast_possible_truncation, reason = "four bots")]
                {
                    total / BOTS as u32
                }
            });
        });
    }
    group.finish();
}

criterion_main!(benches);
