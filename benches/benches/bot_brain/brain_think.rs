//! The whole bot's cost (issue 20: a think ≤ 30 µs per bot on average; 64 bots thinking at
//! 10 Hz ≤ 2 % of one core), with the toolkit's own characters (`bot-brain/botfiles`, skill 4)
//! in a free-for-all on shared maps:
//!
//! - `brain_frame/MAP/N`: N [`Brain`]s; after 30 s of play untimed (route caches built,
//!   fights under way), each measured iteration is one server frame (50 ms of game time),
//!   timing only the N [`Player::think`] calls (views and the world's step are not timed), and
//!   reporting the time for all N. At 20 Hz each bot thinks (perception, chat, the AI
//!   network) on every other frame and moves, aims and fires on every frame; the share of one
//!   core is the reported time ÷ 50 ms.
//!
//! Before timing, the match is checked to run: the bots fought (some left Seek LTG for a
//! battle node).

use std::time::Duration;

use bot_brain::fight::weapon_info::{WeaponConfig, load_weapon_config};
use bot_brain::goal::ScoreSettings;
use bot_brain::network::AiNode;
use bot_brain::setup::{BotProfile, DEFAULT_BOTS, SharedBotData, default_botfiles};
use bot_brain::{Brain, BrainData};
use bot_world::{Level, LevelSettings};
use criterion::{Criterion, criterion_main};

#[path = "thinking_match.rs"]
mod thinking_match;

use thinking_match::ThinkingMatch;

const CASES: [(&str, usize); 3] = [("oacmpdm1", 8), ("oacmpdm7", 8), ("oacmpdm1", 64)];
const SEED: u64 = 29;
/// Frames played before timing (30 s).
const WARM_UP: u32 = 600;

fn benches() {
    let Some(maps) = real_data::pack_maps() else {
        return;
    };
    let source = default_botfiles();
    let mut shared = SharedBotData::load(&source);
    let profiles: Vec<BotProfile> = DEFAULT_BOTS
        .iter()
        .map(|name| BotProfile::load(&source, name, 4.0).expect("a shipped character"))
        .collect();
    for profile in &profiles {
        shared.add_bot(&source, profile);
    }
    let weapons: WeaponConfig = load_weapon_config(&source, "weapons.c").expect("weapons.c");
    let mut criterion = Criterion::default().configure_from_args().sample_size(20);
    let mut group = criterion.benchmark_group("brain_frame");
    for (map, count) in CASES {
        let level = Level::load(
            &maps.join(format!("{map}.bsp")),
            Some(&maps.join(format!("{map}.aas"))),
            &LevelSettings::default(),
        )
        .expect("the map loads");
        let data: Vec<BrainData<'_>> = (0..count)
            .map(|index| BrainData {
                profile: &profiles[index % profiles.len()],
                items: &shared.items,
                weapons: &weapons,
                chat: &shared.chat,
                score: ScoreSettings::default(),
            })
            .collect();
        let movers = level.movement.movers();
        let names: Vec<String> = data.iter().map(|d| d.profile.name.clone()).collect();
        let mut game = ThinkingMatch::new(&level, SEED, &names, |index, seed, router| {
            Brain::new(&level.aas, router, data[index], seed, (index, count))
                .with_navigator(|navigator| navigator.with_movers(&movers))
        });
        for _ in 0..WARM_UP {
            game.frame();
        }
        let fought = game
            .bots
            .iter()
            .any(|bot| bot.switches().seconds(AiNode::BattleFight) > 0.0);
        assert!(fought, "{map}: nobody fought in 30 s");
        group.bench_function(format!("{map}/{count}"), |b| {
            b.iter_custom(|iterations| {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    total += game.frame();
                }
                total
            });
        });
    }
    group.finish();
}

criterion_main!(benches);
