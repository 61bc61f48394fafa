//! Numbers of botlib's chat headers (`syn.h`, `match.h`, `chat.h`), reference §10.1.

/// Synonym context `CONTEXT_NORMAL`.
pub const CONTEXT_NORMAL: u32 = 1;
/// Synonym context `CONTEXT_NEARBYITEM`.
pub const CONTEXT_NEARBYITEM: u32 = 2;
/// Synonym context `CONTEXT_CTFREDTEAM`.
pub const CONTEXT_CTFREDTEAM: u32 = 4;
/// Synonym context `CONTEXT_CTFBLUETEAM`.
pub const CONTEXT_CTFBLUETEAM: u32 = 8;
/// Synonym context `CONTEXT_REPLY` (pronoun swaps of reply chats).
pub const CONTEXT_REPLY: u32 = 16;
/// Synonym context `CONTEXT_NAMES` (game side: bot nicknames).
pub const CONTEXT_NAMES: u32 = 1024;
/// Every synonym context bit the game ever passes (`NORMAL` … `HARVESTERBLUETEAM`,
/// `NAMES`); a list with none of these bits is never used.
pub const CONTEXT_USED_BY_GAME: u32 = 0x1ff | CONTEXT_NAMES;
/// The game's `BotSynonymContext` outside team games: `NORMAL | NEARBYITEM | NAMES`.
pub const CONTEXT_DEFAULT: u32 = CONTEXT_NORMAL | CONTEXT_NEARBYITEM | CONTEXT_NAMES;

/// Match context `MTCONTEXT_MISC`.
pub const MTCONTEXT_MISC: u32 = 2;
/// Match context `MTCONTEXT_INITIALTEAMCHAT`.
pub const MTCONTEXT_INITIALTEAMCHAT: u32 = 4;
/// Match context `MTCONTEXT_TIME`.
pub const MTCONTEXT_TIME: u32 = 8;
/// Match context `MTCONTEXT_TEAMMATE`.
pub const MTCONTEXT_TEAMMATE: u32 = 16;
/// Match context `MTCONTEXT_ADDRESSEE`.
pub const MTCONTEXT_ADDRESSEE: u32 = 32;
/// Match context `MTCONTEXT_PATROLKEYAREA`.
pub const MTCONTEXT_PATROLKEYAREA: u32 = 64;
/// Match context `MTCONTEXT_REPLYCHAT` (splits "sender: message").
pub const MTCONTEXT_REPLYCHAT: u32 = 128;
/// Match context `MTCONTEXT_CTF`.
pub const MTCONTEXT_CTF: u32 = 256;
/// The contexts the game matches team orders in: `MISC | INITIALTEAMCHAT | CTF`.
pub const MTCONTEXT_TEAM_ORDERS: u32 = MTCONTEXT_MISC | MTCONTEXT_INITIALTEAMCHAT | MTCONTEXT_CTF;

/// Message type `MSG_DEFENDKEYAREA`.
pub const MSG_DEFENDKEYAREA: u32 = 5;
/// Message type `MSG_EVERYONE`.
pub const MSG_EVERYONE: u32 = 101;
/// Message type `MSG_MULTIPLENAMES`.
pub const MSG_MULTIPLENAMES: u32 = 102;
/// Message type `MSG_NAME`.
pub const MSG_NAME: u32 = 103;
/// Message type `MSG_MINUTES`.
pub const MSG_MINUTES: u32 = 105;
/// Message type `MSG_SECONDS`.
pub const MSG_SECONDS: u32 = 106;
/// Message type `MSG_FOREVER`.
pub const MSG_FOREVER: u32 = 107;
/// Message type `MSG_FORALONGTIME`.
pub const MSG_FORALONGTIME: u32 = 108;
/// Message type `MSG_FORAWHILE`.
pub const MSG_FORAWHILE: u32 = 109;
/// Message type `MSG_CHATALL`.
pub const MSG_CHATALL: u32 = 200;

/// Subtype flag `ST_ADDRESSED`.
pub const ST_ADDRESSED: u32 = 2;
/// Subtype flag `ST_TIME`.
pub const ST_TIME: u32 = 16;

/// Variable slot `NETNAME` (the sender of a chat line).
pub const VAR_NETNAME: usize = 0;
/// Variable slot `MESSAGE` (also `ADDRESSEE`).
pub const VAR_MESSAGE: usize = 2;
/// Variable slot `ADDRESSEE` (also `MESSAGE`).
pub const VAR_ADDRESSEE: usize = 2;
/// Variable slot `TEAMMATE`.
pub const VAR_TEAMMATE: usize = 4;
/// Variable slot `KEYAREA`.
pub const VAR_KEYAREA: usize = 5;
/// Variable slot `TIME` (also `NAME`, `MORE`).
pub const VAR_TIME: usize = 6;

/// Largest stored or generated message, in bytes (`MAX_MESSAGE_SIZE` − 1).
pub const MAX_MESSAGE_BYTES: usize = 255;
/// Number of match variables (`MAX_MATCHVARIABLES`).
pub const MAX_VARIABLES: usize = 8;
/// Chat type names are truncated to this many bytes (`MAX_CHATTYPE_NAME` − 1).
pub const MAX_CHATTYPE_NAME: usize = 31;
/// Seconds a used chat line stays blocked (`CHATMESSAGE_RECENTTIME`).
pub const RECENT_SECONDS: f32 = 20.0;
/// Expansion passes per message at most.
pub const MAX_EXPANSION_PASSES: usize = 10;
/// The escape byte of stored messages (`ESCAPE_CHAR`).
pub const ESCAPE: u8 = 0x01;
