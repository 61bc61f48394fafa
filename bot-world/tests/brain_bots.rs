//! The brain's [`Bot`] in real matches (issue 19): on a shared map with the shared bot data
//! (`items.c`, `bots/default_i.c`), bots choose items by fuzzy weight and travel time and
//! get to them. Reads `$REAL_DATA`, else `../shared` beside the workspace; says "skipped"
//! when neither exists and `REAL_DATA` is unset. The GPL data is read in place.

use bot_brain::goal::load_item_config_dir;
use bot_brain::movement::shared_router;
use bot_brain::{Bot, GoalData};
use bot_interface::Team;
use bot_world::{
    Entrant, Level, LevelSettings, MatchRunner, MatchSettings, PlayOptions, PlayerSetup, play,
    player_seed,
};
use fuzzy_weights::CompiledConfig;

const BOTS: usize = 3;
/// Two minutes at 20 Hz.
const FRAMES: u32 = 2400;

#[test]
fn bots_choose_items_and_reach_them_on_a_shared_map() {
    let (Some(botfiles), Some(maps)) = (real_data::botfiles(), real_data::pack_maps()) else {
        return;
    };
    let root = real_data::bot_set(&botfiles, real_data::BOT_SETS[0]);
    let items = load_item_config_dir(&root, "items.c").expect("items.c loads");
    let weights = fuzzy_weights::load_dir(&root, "bots/default_i.c").expect("default_i.c loads");
    let weights = CompiledConfig::new(&weights.config);
    let map = maps.join("oacmpdm1.bsp");
    let level = Level::load(
        &map,
        Some(&map.with_extension("aas")),
        &LevelSettings::default(),
    )
    .expect("the map loads");
    let data = GoalData {
        items: &items,
        weights: &weights,
        score: bot_brain::goal::ScoreSettings::default(),
    };
    let router = shared_router(&level.aas);
    let movers = level.movement.movers();
    let seed = 7;
    let mut bots: Vec<Bot<'_, '_>> = (0..BOTS)
        .map(|index| {
            Bot::new(
                format!("bot-{index}"),
                &level.aas,
                router.clone(),
                data,
                player_seed(seed, index),
                (index, BOTS),
            )
            .with_navigator(|navigator| navigator.with_movers(&movers))
        })
        .collect();
    let mut settings = MatchSettings {
        seed,
        ..MatchSettings::default()
    };
    settings.rules.modes.time_limit_ms = 0;
    settings.rules.modes.frag_limit = 0;
    {
        let entrants = bots
            .iter_mut()
            .enumerate()
            .map(|(index, bot)| Entrant {
                setup: PlayerSetup {
                    name: format!("bot-{index}"),
                    team: Team::Free,
                },
                kind: "bot".to_owned(),
                driver: Box::new(bot),
            })
            .collect();
        let mut runner = MatchRunner::new(&level, settings, entrants);
        let summary = play::<std::io::Sink>(
            &mut runner,
            PlayOptions { max_frames: FRAMES },
            None,
            |_| {},
        )
        .expect("no log to write");
        for player in &summary.players {
            let pickups: u32 = player.pickups.values().sum();
            assert!(
                pickups >= 5,
                "{} picked up only {pickups} items",
                player.name
            );
        }
    }
    for bot in &bots {
        let stats = bot.stats();
        // Long-term goals chosen by weight ÷ travel time, and most of them reached.
        assert!(stats.long_term_goals >= 5, "{stats:?}");
        assert!(stats.reached >= 5, "{stats:?}");
        assert!(stats.given_up * 4 <= stats.reached, "{stats:?}");
        // Thinks at 10 Hz: about 1,200 in two minutes (plus rethinks on arrival).
        assert!((1_150..=1_600).contains(&stats.thinks), "{stats:?}");
        assert!(bot.level_items().len() > 10);
    }
}
