#![doc = include_str!("../README.md")]

mod game;
mod input;
mod player;
mod rng;
mod route;
mod team;
mod view;

pub use game::{
    ArmorKind, DamageCause, GameMode, HealthKind, Holdable, Item, PlayerId, Powerup, Team, Weapon,
};
pub use input::{BotInput, Buttons, view_angles_towards, view_forward};
pub use player::{Decision, ItemSpotInfo, MatchInfo, Player, PlayerReport, Senses};
pub use rng::GameRng;
pub use route::Route;
pub use team::{
    Addressee, FlagStatus, Place, TaskPreference, TeamCommand, TeamMessage, TeammateInfo,
};
pub use view::{
    BotView, ChatLine, Obituary, ScoreLine, Scoreboard, SeenItem, SeenPlayer, SeenProjectile,
    SelfView, Sound, SoundKind,
};
