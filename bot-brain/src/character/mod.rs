//! Bot characters (botlib's `be_ai_char.c`, reference §6.2 and §11; thesis §8): character
//! files `*_c.c`, skill blocks, the default character, the fallback chain and skill
//! interpolation, with typed access to every characteristic of `chars.h`.
//!
//! One job per module: [`characteristic`] names the slots, [`value`] holds a slot's value,
//! [`parse`] reads one skill block (lazily, as botlib does), [`fallback`] loads an anchor
//! skill through botlib's fallback chain and fills it from the default character,
//! [`interpolate`](mod@interpolate) blends two anchors, [`load`](mod@load) puts them together, and [`error`] says
//! what went wrong where.

pub mod characteristic;
pub mod error;
pub mod fallback;
pub mod interpolate;
pub mod load;
pub mod parse;
pub mod value;

mod loaded;

pub use characteristic::{Characteristic, Kind, MAX_CHARACTERISTICS};
pub use error::{AccessError, CharacterError};
pub use fallback::{Anchor, DEFAULT_CHARACTER, Step, load_anchor};
pub use interpolate::{Compat, interpolate};
pub use load::{load, load_dir};
pub use loaded::{Character, Gender};
pub use parse::{SkillBlock, SkillQuery, read_block};
pub use value::Value;
