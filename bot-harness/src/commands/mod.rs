//! Every command of the `bot-harness` command line as a library function: each takes the
//! command's arguments and returns a typed report ([`Report`](crate::Report)) that serialises
//! to the command's `--json` output and prints its text output, byte for byte. Functions are
//! named after the command (`aas compile` → [`aas_compile()`]); one module per command (its
//! docs say what the command measures), everything re-exported here.

pub mod aas_compare;
pub mod aas_compile;
pub mod aas_convert;
pub mod aas_info;
pub mod aas_render;
pub mod aas_route;
mod botfile_search;
pub mod character;
pub mod chat;
pub mod map_info;
pub mod match_play;
pub mod nav_eval;
mod reach_by_type;
pub mod replay;
pub mod view;
pub mod weights;

pub use aas_compare::{AasCompareReport, aas_compare};
pub use aas_compile::{AasCompileReport, AasFormat, CompileDiagnostic, aas_compile};
pub use aas_convert::{AasConvertReport, aas_convert};
pub use aas_info::{AasInfoReport, aas_info};
pub use aas_render::{AasRenderReport, RenderArgs, RenderedRoute, aas_render};
pub use aas_route::{AasRouteReport, RouteResult, aas_route};
pub use character::{
    CharacterCheckReport, CharacterFileResult, CharacterShowReport, character_check, character_show,
};
pub use chat::{
    ChatBot, ChatCheckReport, ChatFileEntry, ChatLintReport, ChatMatch, ChatMatchReport,
    ChatReplyReport, FiredChat, RejectedChatFile, chat_check, chat_lint, chat_match, chat_repl,
    chat_reply,
};
pub use map_info::{MapInfoReport, map_info};
pub use match_play::{MatchArgs, MatchReport, match_play};
pub use nav_eval::{CaseArgs, CaseReport, NavEvalArgs, NavEvalReport, nav_eval, nav_eval_case};
pub use replay::{ReplayReport, replay};
pub use view::{ViewArgs, ViewReport, view};
pub use weights::{
    WeightsCheckReport, WeightsEvalReport, WeightsFileResult, weights_check, weights_eval,
};
