//! Which brushes the AAS compiler sees, and with which contents.
//!
//! # The rules
//!
//! A brush belongs to a brush model ([`Brush::model`]); model 0 is the world (in a `.map`,
//! `worldspawn` and `func_group`; patch thin brushes belong to their patch's model). Every
//! other model is owned by the entity whose `"model"` key names it, and the owner's
//! `classname` (compared ignoring ASCII case) picks an [`EntityRule`]:
//!
//! | Owner | Rule | Contents given to the brush |
//! |---|---|---|
//! | world (model 0) | [`EntityRule::World`] | its own contents, masked (below) |
//! | `func_static` | [`EntityRule::World`] | its own contents: it never moves, players collide with it |
//! | `trigger_push` | [`EntityRule::Contents`] | [`Contents::JUMPPAD`] |
//! | `trigger_teleport` | [`EntityRule::Contents`] | [`Contents::TELEPORTER`] |
//! | `trigger_multiple` | [`EntityRule::TeleporterUser`] | [`Contents::TELEPORTER`] when an entity its `target` names is a `target_teleporter` (touching it teleports), else dropped |
//! | `func_door`, `func_plat`, `func_bobbing`, `func_train`, `func_rotating`, `func_pendulum`, `func_button` | [`EntityRule::Mover`] | [`Contents::MOVER`] with the model number |
//! | any other class, or no owner | [`EntityRule::Ignore`] | — (dropped) |
//!
//! Movers get `MOVER` only (not `SOLID`): areas are created as if the mover were absent, and
//! the areas it overlaps are marked with its model (botlib's mover areas; doors are opened and
//! platforms ridden by the movement AI). `func_button` is in the list because a button is a
//! small mover whose position changes; marking the few areas it touches costs nothing.
//!
//! The contents a world brush keeps are its contents masked by
//! [`SelectionRules::compiled_contents`] (default: `SOLID`, `PLAYERCLIP`, `WATER`, `LAVA`,
//! `SLIME`, `TELEPORTER`, `JUMPPAD`, `CLUSTERPORTAL`, `DONOTENTER`, `MOVER`), after turning
//! `BOTCLIP` into `PLAYERCLIP` when [`SelectionRules::botclip_blocks`] is set (default: bot
//! clip exists to keep bots out, so for the bots' areas it blocks like player clip). A brush
//! left with no contents — pure trigger, fog, hint, origin, area portal, non-solid detail — is
//! dropped. This is the behaviour described for Quake III's bspc in words; `func_static` and
//! `BOTCLIP` are choices of ours, switchable through the rules.

use serde::{Deserialize, Serialize};

use crate::brush::{Brush, BrushWorld, Contents, ModelNum};

/// What the brushes of one entity class become.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntityRule {
    /// Treated as world brushes: own contents, masked.
    World,
    /// Every brush gets exactly these contents.
    Contents(Contents),
    /// Every brush gets [`Contents::MOVER`] and the model number.
    Mover,
    /// A trigger that fires its targets when touched: every brush gets
    /// [`Contents::TELEPORTER`] when one of the entities the owner's `target` names (compared
    /// ignoring ASCII case) is a `target_teleporter`, since touching it then teleports the
    /// player; otherwise the brushes are not compiled.
    TeleporterUser,
    /// The brushes are not compiled.
    Ignore,
}

/// The brush selection rules (see the [module docs](self) for the defaults).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SelectionRules {
    /// Rules by `classname` (compared ignoring ASCII case; the first match wins). Classes not
    /// listed are ignored.
    pub entities: Vec<(String, EntityRule)>,
    /// The contents the compiler keeps on world brushes; a brush left without any is dropped.
    pub compiled_contents: Contents,
    /// Whether `BOTCLIP` brushes block like `PLAYERCLIP`.
    pub botclip_blocks: bool,
}

impl Default for SelectionRules {
    fn default() -> Self {
        let mut entities = vec![
            ("func_static".to_owned(), EntityRule::World),
            (
                "trigger_push".to_owned(),
                EntityRule::Contents(Contents::JUMPPAD),
            ),
            (
                "trigger_teleport".to_owned(),
                EntityRule::Contents(Contents::TELEPORTER),
            ),
            ("trigger_multiple".to_owned(), EntityRule::TeleporterUser),
        ];
        for mover in [
            "func_door",
            "func_plat",
            "func_bobbing",
            "func_train",
            "func_rotating",
            "func_pendulum",
            "func_button",
        ] {
            entities.push((mover.to_owned(), EntityRule::Mover));
        }
        Self {
            entities,
            compiled_contents: Self::COMPILED_CONTENTS,
            botclip_blocks: true,
        }
    }
}

/// Why a brush is not compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SkipReason {
    /// Its owning entity's class is ignored (or the model has no owner).
    IgnoredEntity,
    /// None of its contents is compiled.
    NoCompiledContents,
}

/// What happens to one brush.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Selection {
    /// Compile the brush with these contents.
    Compile {
        /// Contents as the compiler sees them.
        contents: Contents,
        /// The brush model number for movers, else 0.
        model: u32,
    },
    /// Drop the brush.
    Skip(SkipReason),
}

impl SelectionRules {
    /// The default [`compiled_contents`](Self::compiled_contents).
    pub const COMPILED_CONTENTS: Contents = Contents::SOLID
        .union(Contents::PLAYERCLIP)
        .union(Contents::LIQUID)
        .union(Contents::TELEPORTER)
        .union(Contents::JUMPPAD)
        .union(Contents::CLUSTERPORTAL)
        .union(Contents::DONOTENTER)
        .union(Contents::MOVER);

    /// The rule for an entity class.
    #[must_use]
    pub fn rule_for(&self, classname: &str) -> EntityRule {
        self.entities
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(classname))
            .map_or(EntityRule::Ignore, |(_, rule)| *rule)
    }

    /// Whether and how `brush` of `world` is compiled.
    ///
    /// # Complexity
    /// `O(rules)`.
    #[must_use]
    pub fn select(&self, world: &BrushWorld, brush: &Brush) -> Selection {
        let owner = brush_owner(world, brush).and_then(|index| world.entities.get(index));
        let rule = if brush.model == ModelNum::WORLD {
            EntityRule::World
        } else {
            owner.map_or(EntityRule::Ignore, |entity| {
                self.rule_for(entity.classname())
            })
        };
        match rule {
            EntityRule::World => {
                let mut contents = brush.contents;
                if self.botclip_blocks && contents.contains(Contents::BOTCLIP) {
                    contents |= Contents::PLAYERCLIP;
                }
                let contents = contents & self.compiled_contents;
                if contents.is_empty() {
                    Selection::Skip(SkipReason::NoCompiledContents)
                } else {
                    Selection::Compile { contents, model: 0 }
                }
            }
            EntityRule::Contents(contents) => Selection::Compile { contents, model: 0 },
            EntityRule::Mover => Selection::Compile {
                contents: Contents::MOVER,
                model: brush.model.0,
            },
            EntityRule::TeleporterUser => {
                if owner.is_some_and(|entity| uses_teleporter(world, entity)) {
                    Selection::Compile {
                        contents: Contents::TELEPORTER,
                        model: 0,
                    }
                } else {
                    Selection::Skip(SkipReason::IgnoredEntity)
                }
            }
            EntityRule::Ignore => Selection::Skip(SkipReason::IgnoredEntity),
        }
    }
}

/// Whether one of the entities `entity`'s `target` names (ignoring ASCII case) is a
/// `target_teleporter`.
///
/// # Complexity
/// `O(entities)`.
fn uses_teleporter(world: &BrushWorld, entity: &crate::brush::Entity) -> bool {
    entity.get("target").is_some_and(|target| {
        world.entities.iter().any(|other| {
            crate::entities::is_target_teleporter(other)
                && other
                    .get("targetname")
                    .is_some_and(|name| name.eq_ignore_ascii_case(target))
        })
    })
}

/// The entity owning `brush` of `world`: the one the brush names, else the owner of its
/// model; `None` for a world brush (model 0) or a model nobody owns.
pub(crate) fn brush_owner(world: &BrushWorld, brush: &Brush) -> Option<usize> {
    if brush.model == ModelNum::WORLD {
        return None;
    }
    brush.entity.or_else(|| {
        world
            .models
            .get(brush.model.0 as usize)
            .and_then(|model| model.entity)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brush::{BrushModel, Entity, SourceFormat, SourceLocation};

    fn entity(classname: &str, model: Option<u32>) -> Entity {
        let mut pairs = vec![("classname".to_owned(), classname.to_owned())];
        if let Some(model) = model {
            pairs.push(("model".to_owned(), format!("*{model}")));
        }
        Entity {
            pairs,
            location: SourceLocation::Text { line: 1, column: 1 },
        }
    }

    fn brush(contents: Contents, model: u32) -> Brush {
        Brush {
            sides: Vec::new(),
            contents,
            entity: None,
            model: ModelNum(model),
            index: 0,
            location: SourceLocation::Text { line: 1, column: 1 },
        }
    }

    fn world() -> BrushWorld {
        let classes = [
            "worldspawn",
            "trigger_push",
            "func_door",
            "trigger_multiple",
        ];
        BrushWorld {
            format: SourceFormat::Bsp,
            entities: classes
                .iter()
                .enumerate()
                .map(|(i, c)| entity(c, (i > 0).then_some(i as u32)))
                .collect(),
            textures: Vec::new(),
            brushes: Vec::new(),
            patches: Vec::new(),
            models: (0..5)
                .map(|i| BrushModel {
                    entity: (i < 4).then_some(i),
                    brush_count: 1,
                    patch_count: 0,
                })
                .collect(),
        }
    }

    #[test]
    fn world_brushes_keep_their_compiled_contents() {
        let (rules, world) = (SelectionRules::default(), world());
        let solid = brush(Contents::SOLID | Contents::DETAIL, 0);
        assert_eq!(
            rules.select(&world, &solid),
            Selection::Compile {
                contents: Contents::SOLID,
                model: 0
            }
        );
        let water = brush(Contents::WATER | Contents::TRANSLUCENT, 0);
        assert_eq!(
            rules.select(&world, &water),
            Selection::Compile {
                contents: Contents::WATER,
                model: 0
            }
        );
        let botclip = brush(Contents::BOTCLIP, 0);
        assert_eq!(
            rules.select(&world, &botclip),
            Selection::Compile {
                contents: Contents::PLAYERCLIP,
                model: 0
            }
        );
        for dropped in [
            Contents::FOG,
            Contents::TRIGGER,
            Contents::ORIGIN,
            Contents::DETAIL,
        ] {
            assert_eq!(
                rules.select(&world, &brush(dropped, 0)),
                Selection::Skip(SkipReason::NoCompiledContents)
            );
        }
    }

    #[test]
    fn entity_brushes_follow_their_class() {
        let (rules, world) = (SelectionRules::default(), world());
        assert_eq!(
            rules.select(&world, &brush(Contents::TRIGGER, 1)),
            Selection::Compile {
                contents: Contents::JUMPPAD,
                model: 0
            }
        );
        assert_eq!(
            rules.select(&world, &brush(Contents::SOLID, 2)),
            Selection::Compile {
                contents: Contents::MOVER,
                model: 2
            }
        );
        assert_eq!(
            rules.select(&world, &brush(Contents::TRIGGER, 3)),
            Selection::Skip(SkipReason::IgnoredEntity)
        );
        // A model nobody owns, and a model outside the table.
        for model in [4, 99] {
            assert_eq!(
                rules.select(&world, &brush(Contents::SOLID, model)),
                Selection::Skip(SkipReason::IgnoredEntity)
            );
        }
        assert_eq!(rules.rule_for("FUNC_PLAT"), EntityRule::Mover);
    }

    #[test]
    fn a_trigger_multiple_using_a_target_teleporter_is_a_teleporter() {
        let rules = SelectionRules::default();
        let mut world = world();
        world.entities[3]
            .pairs
            .push(("target".to_owned(), "Away".to_owned()));
        let trigger = brush(Contents::TRIGGER, 3);
        // Its target is a target_speaker: an ordinary trigger.
        let mut speaker = entity("target_speaker", None);
        speaker
            .pairs
            .push(("targetname".to_owned(), "away".to_owned()));
        world.entities.push(speaker);
        assert_eq!(
            rules.select(&world, &trigger),
            Selection::Skip(SkipReason::IgnoredEntity)
        );
        // A target_teleporter with that name makes it teleport.
        let mut teleporter = entity("target_teleporter", None);
        teleporter
            .pairs
            .push(("targetname".to_owned(), "AWAY".to_owned()));
        world.entities.push(teleporter);
        assert_eq!(
            rules.select(&world, &trigger),
            Selection::Compile {
                contents: Contents::TELEPORTER,
                model: 0
            }
        );
    }
}
