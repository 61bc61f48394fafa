//! The match log: JSON lines that record a match completely enough to draw it and to
//! re-simulate it (see `LOG.md` beside this crate for the whole schema, a contract).
//!
//! Every line is one JSON object with `"frame"` (the server frame it belongs to) and
//! `"event"` (its kind). The first line is the [`Header`] (`"event": "header"`): the map, its
//! checksum, the settings (rules included), the seed and the players. Then, frame by frame,
//! the frame's events ([`Event`](crate::sim::Event): spawn, pickup, fire, damage, frag, flag,
//! chat …) and one [`FrameLine`] (`"event": "frame"`) with every player's input and compact
//! state and the state hash after the frame. `bot-harness replay` re-simulates the inputs and
//! checks every hash. Players that plan routes add a debug [`RouteLine`] (`"event":
//! "route"`) whenever their route changed, and brains a [`DecisionLine`] (`"event":
//! "decision"`) for every node switch of their AI network with its reason; a replay ignores
//! both.

mod decision;
mod reader;
mod route;
mod schema;
mod writer;

pub use decision::DecisionLine;
pub use reader::{LogError, RecordedMatch, read_log};
pub use route::{RouteChanges, RouteLine, WholePoint, whole_point};
pub use schema::{
    FrameLine, Header, HeaderPlayer, LOG_VERSION, PlayerFrame, input_from_row, input_row,
};
pub use writer::LogWriter;
