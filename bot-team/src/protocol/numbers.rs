//! The numbers of botlib's `match.h` that team messages use: message types (`MSG_*`),
//! subtype flags (`ST_*`) and variable slots. They are the same in the toolkit's own
//! `match.h` and in the shared real ones.

/// `MSG_NEWLEADER`.
pub const MSG_NEWLEADER: u32 = 1;
/// `MSG_HELP`.
pub const MSG_HELP: u32 = 3;
/// `MSG_ACCOMPANY`.
pub const MSG_ACCOMPANY: u32 = 4;
/// `MSG_DEFENDKEYAREA`.
pub const MSG_DEFENDKEYAREA: u32 = 5;
/// `MSG_RUSHBASE`.
pub const MSG_RUSHBASE: u32 = 6;
/// `MSG_GETFLAG`.
pub const MSG_GETFLAG: u32 = 7;
/// `MSG_STARTTEAMLEADERSHIP`.
pub const MSG_STARTTEAMLEADERSHIP: u32 = 8;
/// `MSG_STOPTEAMLEADERSHIP`.
pub const MSG_STOPTEAMLEADERSHIP: u32 = 9;
/// `MSG_WHOISTEAMLAEDER` (sic).
pub const MSG_WHOISTEAMLEADER: u32 = 10;
/// `MSG_WHATAREYOUDOING`.
pub const MSG_WHATAREYOUDOING: u32 = 12;
/// `MSG_JOINSUBTEAM`.
pub const MSG_JOINSUBTEAM: u32 = 13;
/// `MSG_LEAVESUBTEAM`.
pub const MSG_LEAVESUBTEAM: u32 = 14;
/// `MSG_DISMISS`.
pub const MSG_DISMISS: u32 = 19;
/// `MSG_CAMP`.
pub const MSG_CAMP: u32 = 20;
/// `MSG_PATROL`.
pub const MSG_PATROL: u32 = 22;
/// `MSG_LEADTHEWAY`.
pub const MSG_LEADTHEWAY: u32 = 23;
/// `MSG_GETITEM`.
pub const MSG_GETITEM: u32 = 24;
/// `MSG_KILL`.
pub const MSG_KILL: u32 = 25;
/// `MSG_WHEREAREYOU`.
pub const MSG_WHEREAREYOU: u32 = 26;
/// `MSG_RETURNFLAG`.
pub const MSG_RETURNFLAG: u32 = 27;
/// `MSG_WHATISMYCOMMAND`.
pub const MSG_WHATISMYCOMMAND: u32 = 28;
/// `MSG_WHICHTEAM`.
pub const MSG_WHICHTEAM: u32 = 29;
/// `MSG_TASKPREFERENCE`.
pub const MSG_TASKPREFERENCE: u32 = 30;
/// `MSG_ATTACKENEMYBASE`.
pub const MSG_ATTACKENEMYBASE: u32 = 31;
/// `MSG_ME` (context `MTCONTEXT_TEAMMATE`).
pub const MSG_ME: u32 = 100;
/// `MSG_EVERYONE` (context `MTCONTEXT_ADDRESSEE`).
pub const MSG_EVERYONE: u32 = 101;
/// `MSG_MULTIPLENAMES`.
pub const MSG_MULTIPLENAMES: u32 = 102;
/// `MSG_NAME`.
pub const MSG_NAME: u32 = 103;
/// `MSG_PATROLKEYAREA`.
pub const MSG_PATROLKEYAREA: u32 = 104;
/// `MSG_MINUTES`.
pub const MSG_MINUTES: u32 = 105;
/// `MSG_SECONDS`.
pub const MSG_SECONDS: u32 = 106;
/// `MSG_FOREVER`.
pub const MSG_FOREVER: u32 = 107;
/// `MSG_FORALONGTIME`.
pub const MSG_FORALONGTIME: u32 = 108;
/// `MSG_FORAWHILE`.
pub const MSG_FORAWHILE: u32 = 109;

/// `ST_ADDRESSED`: the message names who it is for.
pub const ST_ADDRESSED: u32 = 2;
/// `ST_TIME`: the message says for how long.
pub const ST_TIME: u32 = 16;
/// `ST_HERE`: at the speaker.
pub const ST_HERE: u32 = 32;
/// `ST_THERE`: at the addressee.
pub const ST_THERE: u32 = 64;
/// `ST_I`: the speaker speaks of itself.
pub const ST_I: u32 = 128;
/// `ST_MORE`: more key areas follow (patrols).
pub const ST_MORE: u32 = 256;
/// `ST_SOMEONE`: a teammate is named besides the addressee.
pub const ST_SOMEONE: u32 = 2048;
/// Task preference `ST_DEFENDER`.
pub const ST_DEFENDER: u32 = 1;
/// Task preference `ST_ATTACKER`.
pub const ST_ATTACKER: u32 = 2;
/// Task preference `ST_ROAMER`.
pub const ST_ROAMER: u32 = 4;

/// Variable slot `PLACE` (before the `": "` of a chat line).
pub const VAR_PLACE: usize = 1;
/// Variable slot `ADDRESSEE`.
pub const VAR_ADDRESSEE: usize = 2;
/// Variable slot `ITEM`.
pub const VAR_ITEM: usize = 3;
/// Variable slot `TEAMMATE` (also `ENEMY`, `TEAMNAME`).
pub const VAR_TEAMMATE: usize = 4;
/// Variable slot `KEYAREA`.
pub const VAR_KEYAREA: usize = 5;
/// Variable slot `TIME` (also `NAME`, `MORE`).
pub const VAR_TIME: usize = 6;

/// Match context `MTCONTEXT_TIME`.
pub const MTCONTEXT_TIME: u32 = 8;
/// Match context `MTCONTEXT_TEAMMATE`.
pub const MTCONTEXT_TEAMMATE: u32 = 16;
/// Match context `MTCONTEXT_ADDRESSEE`.
pub const MTCONTEXT_ADDRESSEE: u32 = 32;
/// Match context `MTCONTEXT_PATROLKEYAREA`.
pub const MTCONTEXT_PATROLKEYAREA: u32 = 64;

/// The message type (`MSG_*`) of `command`.
#[must_use]
pub fn message_type(command: &bot_interface::TeamCommand) -> u32 {
    use bot_interface::TeamCommand as C;
    match command {
        C::Help(_) => MSG_HELP,
        C::Accompany(_) => MSG_ACCOMPANY,
        C::Defend(_) => MSG_DEFENDKEYAREA,
        C::GetFlag => MSG_GETFLAG,
        C::AttackEnemyBase => MSG_ATTACKENEMYBASE,
        C::ReturnFlag => MSG_RETURNFLAG,
        C::RushBase => MSG_RUSHBASE,
        C::Camp(_) => MSG_CAMP,
        C::Patrol(_) => MSG_PATROL,
        C::GetItem(_) => MSG_GETITEM,
        C::Kill(_) => MSG_KILL,
        C::LeadTheWay(_) => MSG_LEADTHEWAY,
        C::Dismiss => MSG_DISMISS,
        C::TaskPreference(_) => MSG_TASKPREFERENCE,
        C::JoinSubteam(_) => MSG_JOINSUBTEAM,
        C::LeaveSubteam => MSG_LEAVESUBTEAM,
        C::StartLeadership(_) => MSG_STARTTEAMLEADERSHIP,
        C::StopLeadership(_) => MSG_STOPTEAMLEADERSHIP,
        C::WhoIsLeader => MSG_WHOISTEAMLEADER,
        C::WhatAreYouDoing => MSG_WHATAREYOUDOING,
        C::WhereAreYou => MSG_WHEREAREYOU,
        C::WhatIsMyCommand => MSG_WHATISMYCOMMAND,
        C::WhichSubteam => MSG_WHICHTEAM,
    }
}
