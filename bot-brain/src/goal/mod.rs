//! Items and goals (botlib's `be_ai_goal.c`, reference §6.8, §8 and §12.3; thesis §11): the
//! item config `items.c`, the level's items, what the bot knows of them, long-term and nearby
//! goals scored as botlib scores them, the goal stack and the avoid goals.
//!
//! One job per module: [`item_info`] reads `items.c`; [`level_items`] joins the map's items
//! with their info and weights; [`inventory`] turns the bot's own state into the
//! fuzzy-weight inventory; [`knowledge`] keeps what the bot has seen and heard of the items;
//! [`choose`] scores the candidates and picks long-term and nearby goals; [`stack`] holds the
//! goal stack and the avoid goals; [`nbg`] the nearby-goal limits; [`target`] names goals;
//! [`error`] says what went wrong.
//!
//! Everything is pure and deterministic: travel times come from a caller-supplied
//! [`TravelTimes`] (no router dependency), randomness from an RNG passed in, and no result
//! depends on hash-map order.

pub mod choose;
pub mod error;
pub mod inventory;
pub mod item_info;
pub mod knowledge;
pub mod level_items;
pub mod nbg;
pub mod stack;
pub mod target;

pub use choose::{
    Candidate, Choice, GoalContext, GoalState, ScoreSettings, TRAVELTIME_SCALE, TravelTimes,
    Verdict, score_ltg, score_nbg,
};
pub use error::{GoalStackFull, ItemConfigError};
pub use inventory::inventory_of;
pub use item_info::{
    ItemConfig, ItemInfo, MAX_ITEM_INFO, ROAM_CLASSNAME, load_item_config, load_item_config_dir,
};
pub use knowledge::{Belief, DroppedItem, ItemKnowledge, KnowledgeSettings};
pub use level_items::{
    IgnoreReason, IgnoredItem, LevelItem, LevelItems, Placed, unweighted_classes,
};
pub use nbg::{
    NBG_CHECK_INTERVAL_MS, NBG_RANGE, NBG_RANGE_CARRYING_CUBES, NBG_RANGE_CARRYING_FLAG,
    NBG_RANGE_DEFENDING, NbgSituation, nbg_deadline_ms,
};
pub use stack::{
    AVOID_DEFAULT_TIME, AVOID_DROPPED_TIME, AVOID_MINIMUM_TIME, AvoidGoals, GoalStack,
    MAX_AVOID_GOALS, MAX_GOAL_STACK, avoid_time_s, still_waiting,
};
pub use target::{Goal, GoalId, SpotId};
