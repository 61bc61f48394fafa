//! Team play: where the flags are ([`FlagStatus`]) and the typed form of a team message
//! ([`TeamMessage`]), the order protocol of `bot-team` (see its `ARCHITECTURE.md`).
//!
//! A team message is said as team chat text (what a human types and reads); a program may
//! attach the same message in typed form ([`BotInput::team_message`](crate::BotInput)), and
//! every teammate receives both ([`ChatLine::message`](crate::ChatLine)). A receiver that
//! understands the text through its match templates and one that reads the typed form take
//! the same meaning from them.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::{Item, PlayerId};

/// Where a CTF flag is, as the game shows every player (Quake III's flag status on the
/// scoreboard and the HUD).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagStatus {
    /// At its base.
    #[default]
    AtBase,
    /// Carried by a player.
    Taken,
    /// Lying where its carrier died (it goes home when touched by its team, or after 30 s).
    Dropped,
}

/// Who a team message is for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Addressee {
    /// Every teammate who hears it (a question to the team, an order to whoever takes it).
    #[default]
    Team,
    /// These players.
    Players(Vec<PlayerId>),
    /// Every member of the sub-team of this name.
    Subteam(String),
}

/// A place a team message names (botlib's key areas).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// The flag base of the speaker's team ("our base").
    OurBase,
    /// The flag base of the other team ("their base").
    EnemyBase,
    /// Where an item of this kind is placed (the one nearest to the receiver).
    Item(Item),
    /// Where the speaker stands ("here").
    Here,
    /// Where the receiver stands ("there").
    There,
}

/// A task a player prefers (`MSG_TASKPREFERENCE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskPreference {
    /// No preference.
    #[default]
    None,
    /// Defence (`TEAMTP_DEFENDER`).
    Defender,
    /// Offence (`TEAMTP_ATTACKER`).
    Attacker,
    /// Roaming (neither).
    Roamer,
}

/// What a team message says: the commands of thesis §16.2 and the questions of §16.3, with
/// the leadership messages of §13.1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamCommand {
    /// Go to this teammate and fight beside it for a while (`MSG_HELP`).
    Help(PlayerId),
    /// Go with this teammate and stay near it (`MSG_ACCOMPANY`).
    Accompany(PlayerId),
    /// Defend a key area (`MSG_DEFENDKEYAREA`; "defend our base").
    Defend(Place),
    /// Take the enemy flag (`MSG_GETFLAG`).
    GetFlag,
    /// Attack the enemy base (`MSG_ATTACKENEMYBASE`).
    AttackEnemyBase,
    /// Get the own flag back (`MSG_RETURNFLAG`).
    ReturnFlag,
    /// Rush back to the own base (`MSG_RUSHBASE`).
    RushBase,
    /// Camp at a place (`MSG_CAMP`).
    Camp(Place),
    /// Walk from place to place, then back to the first, over and over (`MSG_PATROL`).
    Patrol(Vec<Place>),
    /// Get an item (`MSG_GETITEM`).
    GetItem(Item),
    /// Hunt down this enemy (`MSG_KILL`).
    Kill(PlayerId),
    /// Lead this teammate where the receiver is going, waiting for it (`MSG_LEADTHEWAY`).
    LeadTheWay(PlayerId),
    /// Stop the ordered task and decide alone (`MSG_DISMISS`).
    Dismiss,
    /// The speaker prefers this task (`MSG_TASKPREFERENCE`).
    TaskPreference(TaskPreference),
    /// Join (or create) the sub-team of this name (`MSG_JOINSUBTEAM`).
    JoinSubteam(String),
    /// Leave the sub-team (`MSG_LEAVESUBTEAM`).
    LeaveSubteam,
    /// This player leads the team (`MSG_STARTTEAMLEADERSHIP`; "I am the leader").
    StartLeadership(PlayerId),
    /// This player no longer leads the team (`MSG_STOPTEAMLEADERSHIP`).
    StopLeadership(PlayerId),
    /// Who leads the team? (`MSG_WHOISTEAMLAEDER`).
    WhoIsLeader,
    /// What are you doing? (`MSG_WHATAREYOUDOING`).
    WhatAreYouDoing,
    /// Where are you? (`MSG_WHEREAREYOU`).
    WhereAreYou,
    /// What is my command? (`MSG_WHATISMYCOMMAND`, asked of the leader).
    WhatIsMyCommand,
    /// Which sub-team are you in? (`MSG_WHICHTEAM`).
    WhichSubteam,
}

/// A team message in typed form (see the `team` module docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamMessage {
    /// Who it is for.
    pub to: Addressee,
    /// What it says.
    pub command: TeamCommand,
    /// How long an order lasts, milliseconds (`None`: the order's usual time).
    pub for_ms: Option<u32>,
}

impl TeamMessage {
    /// `command` for `to`, for the order's usual time.
    #[must_use]
    pub fn new(to: Addressee, command: TeamCommand) -> Self {
        Self {
            to,
            command,
            for_ms: None,
        }
    }

    /// `command` for one player.
    #[must_use]
    pub fn to_player(player: PlayerId, command: TeamCommand) -> Self {
        Self::new(Addressee::Players(vec![player]), command)
    }
}

/// What every player knows of a teammate besides what it sees (Quake III's team overlay):
/// whether it lives and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TeammateInfo {
    /// Who.
    pub id: PlayerId,
    /// Whether it is alive.
    pub alive: bool,
    /// Where it stands.
    pub origin: Vec3,
}
