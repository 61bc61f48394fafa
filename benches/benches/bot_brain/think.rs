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

use std::time::Duration;

use bot_brain::goal::{ItemConfig, ScoreSettings, load_item_config_dir};
use bot_brain::{Bot, GoalData};
use bot_world::{Level, LevelSettings};
use criterion::{Criterion, criterion_main};
use fuzzy_weights::CompiledConfig;

#[path = "thinking_match.rs"]
mod thinking_match;

use thinking_match::ThinkingMatch;

const MAPS: [&str; 3] = ["oacmpdm1", "oacmpctf1", "oacmpdm7"];
const BOTS: usize = 4;
const SEED: u64 = 23;
/// Frames played before timing (30 s).
const WARM_UP: u32 = 600;

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
        let movers = level.movement.movers();
        let names: Vec<String> = (0..BOTS).map(|index| format!("bot-{index}")).collect();
        let mut game = ThinkingMatch::new(&level, SEED, &names, |index, seed, router| {
            Bot::new(
                names[index].clone(),
                &level.aas,
                router,
                data,
                seed,
                (index, BOTS),
            )
            .with_navigator(|navigator| navigator.with_movers(&movers))
        });
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
