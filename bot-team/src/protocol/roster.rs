//! [`Roster`]: the names a team message may use — players by their scoreboard names, items
//! by their `items.c` names, the flag bases — and what they stand for.

use bot_brain::goal::ItemConfig;
use bot_interface::{Item, PlayerId, ScoreLine};

/// The players and items a team message may name.
#[derive(Debug, Clone, Copy)]
pub struct Roster<'a> {
    /// Every player, as the scoreboard lists them.
    pub players: &'a [ScoreLine],
    /// The item names (`items.c`).
    pub items: &'a ItemConfig,
}

impl Roster<'_> {
    /// The name of player `id` (`"someone"` for a player not on the board).
    #[must_use]
    pub fn name(&self, id: PlayerId) -> &str {
        self.players
            .iter()
            .find(|line| line.id == id)
            .map_or("someone", |line| line.name.as_str())
    }

    /// The player called `name` (case-insensitively, surrounding blanks ignored).
    #[must_use]
    pub fn player(&self, name: &str) -> Option<PlayerId> {
        let name = name.trim();
        self.players
            .iter()
            .find(|line| line.name.eq_ignore_ascii_case(name))
            .map(|line| line.id)
    }

    /// The `items.c` name of `item` (its class name when `items.c` has none).
    #[must_use]
    pub fn item_name(&self, item: Item) -> String {
        let class = item.classname();
        self.items
            .find(class)
            .map_or_else(|| class.to_owned(), |info| info.name.clone())
    }

    /// The item a key-area name stands for: an `items.c` name or class name,
    /// case-insensitively, after a leading "the ", "checkpoint " or "waypoint ".
    #[must_use]
    pub fn item(&self, name: &str) -> Option<Item> {
        let name = strip_article(name);
        self.items
            .infos
            .iter()
            .find(|info| {
                info.name.eq_ignore_ascii_case(name) || info.classname.eq_ignore_ascii_case(name)
            })
            .and_then(|info| Item::from_classname(&info.classname))
    }
}

/// `text` without surrounding blanks and leading "the ", "checkpoint ", "waypoint " (in any
/// order, any case).
#[must_use]
pub fn strip_article(text: &str) -> &str {
    let mut text = text.trim();
    loop {
        let before = text;
        for word in ["the ", "checkpoint ", "waypoint ", "our "] {
            if text
                .get(..word.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(word))
            {
                text = text[word.len()..].trim_start();
            }
        }
        if text == before {
            return text;
        }
    }
}
