//! The item config `items.c` (botlib's `LoadItemConfig` with `ReadStructure`, reference
//! §6.8): what each item class is — its display name, model, model index, type, inventory
//! slot, respawn time and bounding box.
//!
//! Grammar after preprocessing by `bot-script` (includes from the botfiles root, so
//! `items.c` gets its `MODELINDEX_*` and `INVENTORY_*` numbers from `inv.h`):
//!
//! ```text
//! items.c    = { "iteminfo" STR "{" { FIELD value } "}" } ;
//! value      = STR                                  (name, model)
//!            | [ "-" ] INT                          (modelindex, type, index: −32768..=32767)
//!            | [ "-" ] NUM                          (respawntime)
//!            | "{" [ num { "," num } ] "}"          (mins, maxs: at most 3 numbers)
//! num        = [ "-" ] NUM ;
//! ```
//!
//! As in botlib: an unknown field is an error; an integer field rejects a float token (and a
//! name, such as an undefined macro); a field given twice keeps its last value; a field left
//! out is zero (or empty); a vector of fewer than three numbers leaves the rest zero; at most
//! [`MAX_ITEM_INFO`] item infos. Tokens are read in order and the first problem is reported,
//! so a grammar error before a preprocessing error wins (botlib reads lazily).

use std::path::PathBuf;

use bot_script::{DirSource, FileSource, Preprocessor, SourcePos, Token, TokenKind};
use glam::Vec3;

use super::error::ItemConfigError;
use crate::token_cursor::TokenCursor;

/// At most this many item infos in one config (botlib's libvar `max_iteminfo`).
pub const MAX_ITEM_INFO: usize = 256;

/// The class name of botlib's roam goals (`item_botroam` entities): map spots a bot walks to
/// when nothing else is worth it (level flag `IFL_ROAM`).
pub const ROAM_CLASSNAME: &str = "item_botroam";

/// One `iteminfo` block.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemInfo {
    /// The entity class name it describes (`"item_health_large"`), matched case-sensitively
    /// against weight names.
    pub classname: String,
    /// The display name (`"Large Health"`).
    pub name: String,
    /// The model path.
    pub model: String,
    /// The game's model index (`MODELINDEX_*`).
    pub modelindex: i32,
    /// The item type (`type`): the numbers `items.c` defines itself (`AMMOI 1`, `WEAPONI 2`,
    /// `HEALTHI 3`, `ARMORI 4`, `POWERI 5`, `FLAGI 6`, `ROAMI 7`, 0 for none).
    pub kind: i32,
    /// The inventory slot it fills (`INVENTORY_*`; 0 for none).
    pub index: i32,
    /// Seconds until the item respawns after a pickup; 0 when the file gives none (flags).
    pub respawntime: f32,
    /// Lower corner of its box, relative to its origin.
    pub mins: Vec3,
    /// Upper corner of its box, relative to its origin.
    pub maxs: Vec3,
    /// Where its `iteminfo` keyword is.
    pub pos: SourcePos,
}

/// The item infos of one `items.c`, in file order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ItemConfig {
    /// Every `iteminfo` block, in file order.
    pub infos: Vec<ItemInfo>,
}

impl ItemConfig {
    /// The position of the first info for `classname` (case-sensitive, as botlib's `strcmp`).
    ///
    /// # Complexity
    /// O(infos).
    #[must_use]
    pub fn position(&self, classname: &str) -> Option<usize> {
        self.infos
            .iter()
            .position(|info| info.classname == classname)
    }

    /// The first info for `classname` (case-sensitive).
    #[must_use]
    pub fn find(&self, classname: &str) -> Option<&ItemInfo> {
        self.position(classname).map(|i| &self.infos[i])
    }
}

/// Loads the item config `file` (normally `items.c`) of the botfiles folder `root`, with
/// includes resolved from `root` case-insensitively.
///
/// # Errors
/// See [`load_item_config`].
pub fn load_item_config_dir(
    root: impl Into<PathBuf>,
    file: &str,
) -> Result<ItemConfig, ItemConfigError> {
    load_item_config(&DirSource::new(root), file)
}

/// Loads the item config `file` from `source` with a fresh preprocessor (botlib starts every
/// file with an empty macro table).
///
/// # Errors
/// [`ItemConfigError`] naming the file, line, column and include stack of the first
/// problem in token order.
///
/// # Complexity
/// O(tokens).
pub fn load_item_config(
    source: &impl FileSource,
    file: &str,
) -> Result<ItemConfig, ItemConfigError> {
    let mut preprocessor = Preprocessor::new(source);
    let (stream, error) = preprocessor.preprocess_file_partial(file);
    Reader {
        tokens: TokenCursor::new(&stream, error),
    }
    .config()
}

/// The fields of an `iteminfo` block.
#[derive(Clone, Copy)]
enum Field {
    Name,
    Model,
    ModelIndex,
    Type,
    Index,
    RespawnTime,
    Mins,
    Maxs,
}

impl Field {
    fn from_name(name: &[u8]) -> Option<Self> {
        Some(match name {
            b"name" => Self::Name,
            b"model" => Self::Model,
            b"modelindex" => Self::ModelIndex,
            b"type" => Self::Type,
            b"index" => Self::Index,
            b"respawntime" => Self::RespawnTime,
            b"mins" => Self::Mins,
            b"maxs" => Self::Maxs,
            _ => return None,
        })
    }
}

/// The reader of one item config's tokens.
struct Reader<'s> {
    tokens: TokenCursor<'s>,
}

impl<'s> Reader<'s> {
    /// The next token; at the end, the pending preprocessing error if there is one.
    fn next(&mut self) -> Result<Option<&'s Token>, ItemConfigError> {
        Ok(self.tokens.next()?)
    }

    /// The next token without consuming it (`None` at the end of the tokens).
    fn peek(&self) -> Option<&'s Token> {
        self.tokens.peek()
    }

    /// The next token, or a syntax error `expected WHAT, found end of input`.
    fn expect(&mut self, what: &str) -> Result<&'s Token, ItemConfigError> {
        Ok(self.tokens.expect(what)?)
    }

    /// A syntax error at the token just read.
    fn error_here(&self, message: String) -> ItemConfigError {
        ItemConfigError::Syntax(self.tokens.diagnostic_here(message))
    }

    fn config(mut self) -> Result<ItemConfig, ItemConfigError> {
        let mut infos = Vec::new();
        while let Some(token) = self.next()? {
            if !token.is_name("iteminfo") {
                let found = describe(token);
                return Err(self.error_here(format!("expected `iteminfo`, found {found}")));
            }
            let pos = token.pos.clone();
            if infos.len() == MAX_ITEM_INFO {
                return Err(self.error_here(format!(
                    "more than {MAX_ITEM_INFO} item infos (max_iteminfo)"
                )));
            }
            let token = self.expect("a class name (a string)")?;
            if token.kind != TokenKind::String {
                let found = describe(token);
                return Err(
                    self.error_here(format!("expected a class name (a string), found {found}"))
                );
            }
            let classname = token.text_lossy();
            infos.push(self.block(classname, pos)?);
        }
        Ok(ItemConfig { infos })
    }

    /// Reads `"{" { FIELD value } "}"`.
    fn block(&mut self, classname: String, pos: SourcePos) -> Result<ItemInfo, ItemConfigError> {
        let mut info = ItemInfo {
            classname,
            name: String::new(),
            model: String::new(),
            modelindex: 0,
            kind: 0,
            index: 0,
            respawntime: 0.0,
            mins: Vec3::ZERO,
            maxs: Vec3::ZERO,
            pos,
        };
        let token = self.expect("`{`")?;
        if !token.is_punct("{") {
            let found = describe(token);
            return Err(self.error_here(format!("expected `{{`, found {found}")));
        }
        loop {
            let token = self.expect("a field name or `}`")?;
            if token.is_punct("}") {
                return Ok(info);
            }
            let field = (token.kind == TokenKind::Name)
                .then(|| Field::from_name(&token.text))
                .flatten();
            let Some(field) = field else {
                let found = describe(token);
                return Err(self.error_here(format!(
                    "unknown item field {found} (known: name, model, modelindex, type, index, \
                     respawntime, mins, maxs)"
                )));
            };
            match field {
                Field::Name => info.name = self.string("name")?,
                Field::Model => info.model = self.string("model")?,
                Field::ModelIndex => info.modelindex = self.integer("modelindex")?,
                Field::Type => info.kind = self.integer("type")?,
                Field::Index => info.index = self.integer("index")?,
                Field::RespawnTime => info.respawntime = self.float("respawntime")?,
                Field::Mins => info.mins = self.vector("mins")?,
                Field::Maxs => info.maxs = self.vector("maxs")?,
            }
        }
    }

    fn string(&mut self, field: &str) -> Result<String, ItemConfigError> {
        let token = self.expect("a string")?;
        if token.kind == TokenKind::String {
            return Ok(token.text_lossy());
        }
        let found = describe(token);
        Err(self.error_here(format!("expected a string for `{field}`, found {found}")))
    }

    /// An optional `-`, then a number token: (negative, the number).
    fn signed(&mut self, field: &str) -> Result<(bool, bot_script::Number), ItemConfigError> {
        let mut token = self.expect("a number")?;
        let negative = token.is_punct("-");
        if negative {
            token = self.expect("a number")?;
        }
        match token.number {
            Some(number) if token.kind == TokenKind::Number => Ok((negative, number)),
            _ => {
                let found = describe(token);
                Err(self.error_here(format!("expected a number for `{field}`, found {found}")))
            }
        }
    }

    fn integer(&mut self, field: &str) -> Result<i32, ItemConfigError> {
        let (negative, number) = self.signed(field)?;
        if number.is_float {
            let found = self.tokens.last().map_or_else(String::new, describe);
            return Err(self.error_here(format!(
                "expected an integer for `{field}`, found the float {found}"
            )));
        }
        let magnitude = i64::try_from(number.int).unwrap_or(i64::MAX);
        let value = if negative { -magnitude } else { magnitude };
        if !(-32768..=32767).contains(&value) {
            return Err(self.error_here(format!(
                "integer {value} of `{field}` out of range (−32768 to 32767)"
            )));
        }
        Ok(i32::try_from(value).unwrap_or_default())
    }

    fn float(&mut self, field: &str) -> Result<f32, ItemConfigError> {
        let (negative, number) = self.signed(field)?;
        #[expect(
            clippy::cast_possible_truncation,
            reason = "botlib stores item fields in single precision"
        )]
        let value = number.float as f32;
        Ok(if negative { -value } else { value })
    }

    /// `"{" [ num { "," num } ] "}"`, at most three numbers.
    fn vector(&mut self, field: &str) -> Result<Vec3, ItemConfigError> {
        let token = self.expect("`{`")?;
        if !token.is_punct("{") {
            let found = describe(token);
            return Err(self.error_here(format!("expected `{{` for `{field}`, found {found}")));
        }
        let mut values = [0.0_f32; 3];
        if self.peek().is_some_and(|t| t.is_punct("}")) {
            self.next()?;
            return Ok(Vec3::from_array(values));
        }
        let mut count = 0;
        loop {
            if count == values.len() {
                self.expect("a number")?;
                return Err(self.error_here(format!("more than 3 numbers in `{field}`")));
            }
            values[count] = self.float(field)?;
            count += 1;
            let token = self.expect("`,` or `}`")?;
            if token.is_punct("}") {
                return Ok(Vec3::from_array(values));
            }
            if !token.is_punct(",") {
                let found = describe(token);
                return Err(
                    self.error_here(format!("expected `,` or `}}` in `{field}`, found {found}"))
                );
            }
        }
    }
}

/// A token for messages: `` `text` `` (strings with their quotes).
fn describe(token: &Token) -> String {
    match token.kind {
        TokenKind::String => format!("`\"{}\"`", token.text_lossy()),
        TokenKind::Literal => format!("`'{}'`", token.text_lossy()),
        _ => format!("`{}`", token.text_lossy()),
    }
}

#[cfg(test)]
mod tests {
    use bot_script::MemorySource;

    use super::*;

    fn load(text: &str) -> Result<ItemConfig, ItemConfigError> {
        let source = MemorySource::new()
            .with(
                "inv.h",
                "#define INVENTORY_HEALTH 29\n#define MODELINDEX_HEALTH 5\n",
            )
            .with("items.c", text);
        load_item_config(&source, "items.c")
    }

    fn error(text: &str) -> String {
        load(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_every_field() {
        let config = load(
            "#include \"inv.h\"\n#define HEALTHI 3\n\
             iteminfo \"item_health\" {\n name \"25 Health\" model \"m.md3\"\n\
             modelindex MODELINDEX_HEALTH type HEALTHI index INVENTORY_HEALTH\n\
             respawntime 35 mins {-13,-13,-13} maxs {13, 13, 13.5} }\n\
             iteminfo \"item_botroam\" { type 7 mins {} maxs {1} }\n",
        )
        .unwrap();
        assert_eq!(config.infos.len(), 2);
        let health = config.find("item_health").unwrap();
        assert_eq!(health.name, "25 Health");
        assert_eq!(health.model, "m.md3");
        assert_eq!((health.modelindex, health.kind, health.index), (5, 3, 29));
        assert!((health.respawntime - 35.0).abs() < f32::EPSILON);
        assert_eq!(health.mins, Vec3::splat(-13.0));
        assert_eq!(health.maxs, Vec3::new(13.0, 13.0, 13.5));
        assert_eq!(health.pos.line, 3);
        let roam = &config.infos[1];
        assert_eq!(roam.mins, Vec3::ZERO);
        assert_eq!(roam.maxs, Vec3::new(1.0, 0.0, 0.0));
        assert_eq!(roam.respawntime, 0.0);
        assert_eq!(config.position("ITEM_HEALTH"), None, "case-sensitive");
    }

    #[test]
    fn a_field_given_twice_keeps_its_last_value() {
        let config = load("iteminfo \"a\" { index 3 index -4 }").unwrap();
        assert_eq!(config.infos[0].index, -4);
    }

    #[test]
    fn rejects_what_botlib_rejects_with_the_place() {
        assert_eq!(
            error("iteminfo \"a\" {\n colour 3 }"),
            "items.c:2:2: unknown item field `colour` (known: name, model, modelindex, type, \
             index, respawntime, mins, maxs)"
        );
        assert_eq!(
            error("iteminfo \"a\" { index 3.5 }"),
            "items.c:1:22: expected an integer for `index`, found the float `3.5`"
        );
        assert_eq!(
            error("iteminfo \"a\" { modelindex MODELINDEX_BELT }"),
            "items.c:1:27: expected a number for `modelindex`, found `MODELINDEX_BELT`"
        );
        assert_eq!(
            error("iteminfo \"a\" { type 32768 }"),
            "items.c:1:21: integer 32768 of `type` out of range (−32768 to 32767)"
        );
        assert!(load("iteminfo \"a\" { type -32768 }").is_ok());
        assert_eq!(
            error("iteminfo \"a\" { mins {1,2,3,4} }"),
            "items.c:1:28: more than 3 numbers in `mins`"
        );
        assert_eq!(
            error("iteminfo \"a\" { name 3 }"),
            "items.c:1:21: expected a string for `name`, found `3`"
        );
        assert_eq!(
            error("weaponinfo { }"),
            "items.c:1:1: expected `iteminfo`, found `weaponinfo`"
        );
        assert_eq!(
            error("iteminfo a { }"),
            "items.c:1:10: expected a class name (a string), found `a`"
        );
        assert_eq!(
            error("iteminfo \"a\" { index 3"),
            "items.c:1:22: expected a field name or `}`, found end of input"
        );
    }

    #[test]
    fn at_most_256_item_infos() {
        let text = "iteminfo \"a\" { }\n".repeat(MAX_ITEM_INFO);
        assert_eq!(load(&text).unwrap().infos.len(), MAX_ITEM_INFO);
        let text = format!("{text}iteminfo \"b\" {{ }}\n");
        assert_eq!(
            error(&text),
            "items.c:257:1: more than 256 item infos (max_iteminfo)"
        );
    }

    #[test]
    fn a_grammar_error_before_a_preprocessing_error_wins() {
        let text = "iteminfo \"a\" { kind 1 }\n#include \"missing.h\"\n";
        assert!(error(text).starts_with("items.c:1:16: unknown item field `kind`"));
        let text = "iteminfo \"a\" { }\n#include \"missing.h\"\n";
        assert!(matches!(load(text), Err(ItemConfigError::Script(_))));
    }
}
