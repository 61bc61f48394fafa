//! The brain's team play: each think [`TeamPlay`](crate::team::TeamPlay) updates the task,
//! and the task's place becomes the bot's long-term goal; orders come in through
//! [`Brain::order`].

use bot_interface::{BotView, PlayerId, TaskPreference};
use glam::Vec3;

use crate::network::FlagSituation;
use crate::team::{Task, TaskSource, TeamPlay};

use super::Brain;

impl Brain<'_, '_> {
    /// An order: do `task` for `for_ms` (default: the task's timeout), from `by` at match time
    /// `now_ms`; [`Task::Roam`] dismisses. While a pressing task runs (carrying the enemy
    /// flag home) the order waits, and is taken up after (thesis §17.2).
    pub fn order(&mut self, task: Task, by: Option<PlayerId>, now_ms: u32, for_ms: Option<u32>) {
        self.team_play.order(task, by, now_ms, for_ms);
    }

    /// Its team play: the task, who set it, what it knows of the flags.
    #[must_use]
    pub fn team_play(&self) -> &TeamPlay {
        &self.team_play
    }

    /// The travel time (hundredths of a second) from `from` to where a player stands at
    /// `to`, by its router; `None` without a route.
    pub fn travel_time(&mut self, from: Vec3, to: Vec3) -> Option<u16> {
        let navigator = self.bot.navigator_mut();
        let world = navigator.world();
        let (_, goal) = crate::movement::standing_spot(world, to)?;
        let start = world.point_area(from)?;
        navigator
            .route_to(start, from, goal)
            .map(|route| route.time)
    }

    /// Sets its task preference.
    pub fn set_task_preference(&mut self, preference: TaskPreference) {
        self.team_play.set_preference(preference);
    }

    /// The task and who set it.
    #[must_use]
    pub fn task(&self) -> (&Task, TaskSource) {
        (self.team_play.task(), self.team_play.source())
    }

    /// One think of team play: the task, then its place as the bot's long-term goal.
    pub(super) fn think_team(&mut self, view: &BotView) {
        self.team_play.think(view, self.bot.rng());
        let enemy = self
            .sight
            .enemy()
            .filter(|enemy| !enemy.dead)
            .map(|enemy| (enemy.id, enemy.origin));
        let place = self.team_play.place(view, enemy);
        self.bot.set_place_goal(place);
    }

    /// What changes its fights in capture the flag.
    pub(super) fn flag_situation(&self, view: &BotView) -> FlagSituation {
        let enemy_carries = self.sight.enemy().is_some_and(|enemy| {
            view.scoreboard
                .players
                .iter()
                .any(|line| line.id == enemy.id && line.carrying_flag.is_some())
        });
        FlagSituation {
            carrying: view.me.carrying_flag.is_some(),
            enemy_carries,
            getting_flag: matches!(self.team_play.task(), Task::GetFlag),
        }
    }
}
