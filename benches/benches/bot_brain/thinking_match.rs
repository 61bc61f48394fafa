//! [`ThinkingMatch`]: a free-for-all of players on a level where only their thinks are timed
//! (shared by the `bot_brain_think` and `bot_brain_frame` benches).

use std::time::{Duration, Instant};

use bot_brain::movement::{SharedRouter, shared_router};
use bot_interface::{BotInput, BotView, GameMode, ItemSpotInfo, MatchInfo, Player, Team};
use bot_world::{Level, MatchSettings, PlayerSetup, World, player_seed};

/// A world with its players, the views they read and the inputs they gave.
pub(crate) struct ThinkingMatch<'l, P> {
    /// The world.
    pub(crate) world: World<'l>,
    /// The players, in player-id order.
    pub(crate) bots: Vec<P>,
    views: Vec<BotView>,
    inputs: Vec<BotInput>,
}

impl<'l, P: Player> ThinkingMatch<'l, P> {
    /// A match without time or frag limit on `level` with `seed`, one player per name, each
    /// made by `make(index, player seed, router)` (one router shared by all) and begun.
    pub(crate) fn new(
        level: &'l Level,
        seed: u64,
        names: &[String],
        mut make: impl FnMut(usize, u64, Option<SharedRouter<'l>>) -> P,
    ) -> Self {
        let mut settings = MatchSettings {
            seed,
            ..MatchSettings::default()
        };
        settings.rules.modes.time_limit_ms = 0;
        settings.rules.modes.frag_limit = 0;
        let setups: Vec<PlayerSetup> = names
            .iter()
            .map(|name| PlayerSetup {
                name: name.clone(),
                team: Team::Free,
            })
            .collect();
        let world = World::new(level, settings, &setups);
        let router = shared_router(&level.aas);
        let items: Vec<ItemSpotInfo> = world
            .items()
            .iter()
            .filter(|item| !item.removed)
            .map(|item| ItemSpotInfo {
                entity: item.entity,
                item: item.item,
                origin: item.origin,
            })
            .collect();
        let bots = (0..names.len())
            .map(|index| {
                let player_seed = player_seed(seed, index);
                let mut bot = make(index, player_seed, router.clone());
                bot.begin(&MatchInfo {
                    map: level.name.clone(),
                    mode: GameMode::Ffa,
                    you: world.players()[index].id,
                    team: Team::Free,
                    items: items.clone(),
                    frame_ms: 50,
                    seed: player_seed,
                });
                bot
            })
            .collect();
        Self {
            world,
            bots,
            views: vec![BotView::default(); names.len()],
            inputs: vec![BotInput::default(); names.len()],
        }
    }

    /// One frame; returns the time the players' thinks took.
    pub(crate) fn frame(&mut self) -> Duration {
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
