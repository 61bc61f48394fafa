//! [`Brain`]: a whole Quake III bot (issue 20): a character loaded from botlib's files, fair
//! senses, the AI network of thesis §15 deciding each think what to do, fighting by the
//! character's skills, and chat — on top of the goal seeking and movement of [`Bot`].
//!
//! Each server frame the world calls [`Player::think`](bot_interface::Player::think):
//!
//! 1. On the bot's thinks (10 Hz, staggered between bots) it perceives ([`EnemySight`],
//!    [`Hearing`]), turns the view's obituaries, hits and chat into chat events
//!    ([`Talker`]), then runs the AI network: the current node either stays or switches to
//!    another with a reason, the new node running at once, at most
//!    [`MAX_NODE_SWITCHES`](crate::network::MAX_NODE_SWITCHES) times per think; every switch
//!    is handed to the match log ([`Player::take_decisions`](bot_interface::Player)).
//! 2. Every frame it acts as its node says: seeking nodes drive to goals ([`Bot::drive`]),
//!    the chase drives to where the enemy was last seen, the fight moves by the character's
//!    attack skill; in battle it chooses a weapon by its fuzzy weapon weights, aims by its
//!    aim skill and turns its view at most as fast as its view characteristics allow, and
//!    fires when the aim is on and the line of fire clear; it says what it finished typing.
//!
//! See `ARCHITECTURE.md` (the AI network) for the transitions and their reasons.

mod chat;
mod fight;
mod frame;
mod network;
mod player;
mod stuck;
mod team;

use aas_geom::world::AasWorld;
use bot_chat::ChatData;
use bot_interface::{PlayerId, Team};
use glam::Vec3;

use crate::bot::{Bot, GoalData};
use crate::fight::weapon_info::WeaponConfig;
use crate::goal::{ItemConfig, ScoreSettings};
use crate::movement::{Navigator, SharedRouter};
use crate::network::{AiNode, NodeSwitches};
use crate::perception::{EnemySight, Hearing};
use crate::schedule::{THINK_MS, ThinkClock};
use crate::setup::BotProfile;
use crate::talk::{ChatRates, Talker};
use crate::team::TeamPlay;

use fight::Fighter;
use stuck::StuckMeter;

/// What a [`Brain`] reads: its loaded character and weights, and the data shared by all bots
/// of its botfiles folder.
#[derive(Debug, Clone, Copy)]
pub struct BrainData<'c> {
    /// The bot: character, weights, chat settings.
    pub profile: &'c BotProfile,
    /// `items.c`.
    pub items: &'c ItemConfig,
    /// `weapons.c`.
    pub weapons: &'c WeaponConfig,
    /// The chat files.
    pub chat: &'c ChatData,
    /// How goals are scored.
    pub score: ScoreSettings,
}

/// A Quake III bot (see the [module docs](self)).
#[derive(Debug)]
pub struct Brain<'w, 'c> {
    bot: Bot<'w, 'c>,
    profile: &'c BotProfile,
    chat: &'c ChatData,
    clock: ThinkClock,
    frame_ms: u32,
    me: PlayerId,
    team: Team,
    node: AiNode,
    switches: NodeSwitches,
    sight: EnemySight,
    hearing: Hearing,
    fighter: Fighter,
    talker: Talker,
    /// Stand until this match time (ms): typing, or a pause.
    stand_until_ms: u32,
    /// When the current chase began (ms).
    chase_since_ms: u32,
    /// Whether the chase reached where the enemy was last seen (or could not get there).
    chase_arrived: bool,
    /// When the current retreat began (ms).
    retreat_since_ms: u32,
    /// No chase of a heard opponent before this match time (ms).
    next_heard_chase_ms: u32,
    /// Fighting with no way out: no retreat until the fight ends.
    suicidal: bool,
    /// Where the bot looks (its own view, turned at its view speed towards what it wants).
    view: Vec3,
    /// The scoreboard's names by player index (chat variables).
    names: Vec<String>,
    /// Health at the last think.
    last_health: i32,
    /// The hits it had landed by the last frame (`SelfView::hits`).
    last_hits: u32,
    /// Whether it entered the game (its first life began).
    entered: bool,
    /// Whether the last frame drove to goals (see [`Bot::halt`]).
    driving: bool,
    stuck: StuckMeter,
    team_play: TeamPlay,
}

impl<'w, 'c> Brain<'w, 'c> {
    /// The bot of `data.profile` on `world`, routing with `router`, its randomness seeded by
    /// `seed` (mixed with the match's at [`begin`](bot_interface::Player::begin)); bot `index`
    /// of `count` for the think stagger.
    #[must_use]
    pub fn new(
        world: &'w AasWorld,
        router: Option<SharedRouter<'w>>,
        data: BrainData<'c>,
        seed: u64,
        (index, count): (usize, usize),
    ) -> Self {
        let profile = data.profile;
        let goal_data = GoalData {
            items: data.items,
            weights: &profile.item_weights,
            score: data.score,
        };
        let bot = Bot::new(
            profile.name.clone(),
            world,
            router,
            goal_data,
            seed,
            (index, count),
        );
        let character = &profile.character;
        let reaction = character
            .float(crate::Characteristic::ReactionTime)
            .unwrap_or(1.0);
        let alertness = character
            .float(crate::Characteristic::Alertness)
            .unwrap_or(0.5);
        let mut chat_state = bot_chat::ChatState::new(data.chat, &profile.name, profile.gender);
        chat_state.chat_file.clone_from(&profile.chat_file);
        chat_state.chat_name.clone_from(&profile.chat_name);
        Self {
            bot,
            profile,
            chat: data.chat,
            clock: ThinkClock::new(THINK_MS, index, count),
            frame_ms: 50,
            me: PlayerId::default(),
            team: Team::Free,
            node: AiNode::Observer,
            switches: NodeSwitches::default(),
            sight: EnemySight::new(reaction, alertness),
            hearing: Hearing::default(),
            fighter: Fighter::new(profile, data.weapons),
            talker: Talker::new(chat_state, ChatRates::from_character(character)),
            stand_until_ms: 0,
            chase_since_ms: 0,
            chase_arrived: false,
            retreat_since_ms: 0,
            next_heard_chase_ms: 0,
            suicidal: false,
            view: Vec3::ZERO,
            names: Vec::new(),
            last_health: 0,
            last_hits: 0,
            entered: false,
            driving: false,
            stuck: StuckMeter::default(),
            team_play: TeamPlay::default(),
        }
    }

    /// The same bot with its navigator replaced (to give it the map's movers, shootable doors
    /// and buttons: [`Navigator::with_movers`] …).
    #[must_use]
    pub fn with_navigator(mut self, edit: impl FnOnce(Navigator<'w>) -> Navigator<'w>) -> Self {
        self.bot = self.bot.with_navigator(edit);
        self
    }

    /// The node it is in.
    #[must_use]
    pub fn node(&self) -> AiNode {
        self.node
    }

    /// Its node switches and time per node.
    #[must_use]
    pub fn switches(&self) -> &NodeSwitches {
        &self.switches
    }

    /// The goal-seeking and movement part.
    #[must_use]
    pub fn bot(&self) -> &Bot<'w, 'c> {
        &self.bot
    }

    /// Its enemy, if any.
    #[must_use]
    pub fn enemy(&self) -> Option<&crate::perception::Enemy> {
        self.sight.enemy()
    }

    /// Chat lines it said.
    #[must_use]
    pub fn chats(&self) -> u32 {
        self.talker.sent()
    }

    /// Seconds it wanted to move without making progress.
    #[must_use]
    pub fn stuck_seconds(&self) -> f32 {
        self.stuck.seconds()
    }

    /// The name of player `id` (from the scoreboard), or `"someone"`.
    fn name_of(&self, id: PlayerId) -> &str {
        self.names.get(id.index()).map_or("someone", String::as_str)
    }
}
