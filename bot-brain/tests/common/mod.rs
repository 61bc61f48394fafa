//! A small hand-made level for the goal tests, written for this project: an `items.c`, an
//! item-weight config with plain leaves only (so undecided evaluation draws `[w, w]` and
//! every weight is exact whatever the seed), and six placed items plus two the level leaves
//! out.

use bot_brain::goal::{
    GoalContext, ItemConfig, ItemKnowledge, KnowledgeSettings, LevelItems, Placed, ScoreSettings,
    SpotId, load_item_config,
};
use bot_script::MemorySource;
use fuzzy_weights::{CompiledConfig, Inventory};
use glam::Vec3;

const INV_H: &str = "\
#define INVENTORY_ARMOR 1
#define INVENTORY_ROCKETLAUNCHER 8
#define INVENTORY_HEALTH 29
#define INVENTORY_QUAD 35
#define INVENTORY_REDFLAG 45
";

const ITEMS_C: &str = "\
#include \"inv.h\"
iteminfo \"item_health_large\" { name \"50 Health\" type 3 index INVENTORY_HEALTH respawntime 35 }
iteminfo \"weapon_rocketlauncher\" { name \"Rocket Launcher\" type 2 index INVENTORY_ROCKETLAUNCHER respawntime 5 }
iteminfo \"item_armor_body\" { name \"Heavy Armor\" type 4 index INVENTORY_ARMOR respawntime 25 }
iteminfo \"item_quad\" { name \"Quad Damage\" type 5 index INVENTORY_QUAD respawntime 120 }
iteminfo \"team_CTF_redflag\" { name \"Red Flag\" type 6 index INVENTORY_REDFLAG }
iteminfo \"item_botroam\" { name \"Bot Roam Goal\" type 7 }
iteminfo \"weapon_gauntlet\" { name \"Gauntlet\" type 2 }
";

const WEIGHTS_C: &str = "\
#include \"inv.h\"
weight \"item_health_large\" {
  switch (INVENTORY_HEALTH) { case 50: return 80; case 100: return 40; default: return 10; }
}
weight \"weapon_rocketlauncher\" {
  switch (INVENTORY_ROCKETLAUNCHER) { case 1: return 150; default: return 0; }
}
weight \"item_armor_body\" { return 120; }
weight \"item_quad\" { return 200; }
weight \"team_CTF_redflag\" { return 500; }
weight \"item_botroam\" { return 2; }
";

/// The level's spots, in placing order.
pub(crate) const HEALTH: SpotId = SpotId(0);
/// The rocket launcher.
pub(crate) const RL: SpotId = SpotId(1);
/// The heavy armor.
pub(crate) const ARMOR: SpotId = SpotId(2);
/// The quad damage.
pub(crate) const QUAD: SpotId = SpotId(3);
/// The red flag (no route to it in the tests).
pub(crate) const FLAG: SpotId = SpotId(4);
/// A roam spot.
pub(crate) const ROAM: SpotId = SpotId(5);

/// Where the bot stands.
pub(crate) const BOT: Vec3 = Vec3::new(0.0, 0.0, 24.0);

/// Everything a choice reads, owned.
pub(crate) struct Fixture {
    pub(crate) config: ItemConfig,
    pub(crate) weights: CompiledConfig,
    pub(crate) level: LevelItems,
    pub(crate) knowledge: ItemKnowledge,
    pub(crate) inventory: Inventory,
}

impl Fixture {
    pub(crate) fn new() -> Self {
        let source = MemorySource::new()
            .with("inv.h", INV_H)
            .with("items.c", ITEMS_C)
            .with("bots/test_i.c", WEIGHTS_C);
        let config = load_item_config(&source, "items.c").unwrap();
        let loaded = fuzzy_weights::load(source, "bots/test_i.c").unwrap();
        let weights = CompiledConfig::new(&loaded.config);
        let placed = [
            (10, "item_health_large", Vec3::new(300.0, 0.0, 0.0)),
            (11, "weapon_rocketlauncher", Vec3::new(500.0, 0.0, 0.0)),
            (12, "item_armor_body", Vec3::new(0.0, 400.0, 0.0)),
            (13, "item_quad", Vec3::new(0.0, -2000.0, 0.0)),
            (14, "team_CTF_redflag", Vec3::new(-900.0, 0.0, 0.0)),
            (15, "item_botroam", Vec3::new(0.0, 0.0, 64.0)),
            (16, "weapon_gauntlet", Vec3::new(64.0, 64.0, 0.0)),
            (17, "item_unknown", Vec3::new(-64.0, 64.0, 0.0)),
        ];
        let level = LevelItems::new(
            placed.iter().map(|&(entity, classname, origin)| Placed {
                entity,
                classname,
                origin,
            }),
            &config,
            &weights,
        );
        let knowledge = ItemKnowledge::new(&level, KnowledgeSettings::default());
        // 75 health (between the cases 50 and 100), no rocket launcher.
        let mut inventory = Inventory::default();
        inventory[29] = 75;
        Self {
            config,
            weights,
            level,
            knowledge,
            inventory,
        }
    }

    /// The context of a bot at [`BOT`] at `now_ms`.
    pub(crate) fn ctx(&self, now_ms: u32) -> GoalContext<'_> {
        GoalContext {
            level: &self.level,
            weights: &self.weights,
            knowledge: &self.knowledge,
            inventory: &self.inventory,
            origin: BOT,
            now_ms,
            settings: ScoreSettings::default(),
        }
    }

    /// The origin of spot `id`.
    pub(crate) fn origin(&self, id: SpotId) -> Vec3 {
        self.level.get(id).unwrap().origin
    }
}

/// Asserts two scores are equal to within f32 rounding.
#[track_caller]
pub(crate) fn close(actual: f32, expected: f32) {
    assert!(
        (actual - expected).abs() <= 1e-4 * expected.abs().max(1.0),
        "{actual} != {expected}"
    );
}
