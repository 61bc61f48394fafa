//! Loading through `bot-script` on synthetic files of our own: macros and `$evalfloat`,
//! `inv.h`-style names, positions and include stacks in errors and warnings, botlib's reading
//! order, and the writer's named output read back through the preprocessor.

use bot_script::MemorySource;
use fuzzy_weights::{
    CompiledConfig, Interpolation, Inventory, Leaf, LoadError, Node, WriteSettings, load,
    write_config,
};

const INV_H: &str = "#define INVENTORY_ARMOR 1\n#define INVENTORY_HEALTH 29\n\
#define ENEMY_HORIZONTAL_DIST 200\n#define MODELINDEX_ARMORSHARD 1\n";

const BODY_C: &str = "// shared body\n#define HS(x) balance($evalfloat(FP/x), $evalfloat(FP/x/2), $evalfloat(FP/x*2))\n\
weight \"item_health\"\n{\n\tswitch(INVENTORY_HEALTH)\n\t{\n\t\tcase 50: return HS(1);\n\
\t\tcase 100: return HS(2);\n\t\tdefault: return 0;\n\t}\n}\n\
weight \"item_armor\" { switch(INVENTORY_ARMOR) { case 0x10: return 010; default: return -3; } }\n";

fn source(bot: &str) -> MemorySource {
    MemorySource::new()
        .with("inv.h", INV_H)
        .with("body.c", BODY_C)
        .with("bots/test_i.c", bot)
}

#[test]
fn loads_with_macros_evalfloat_and_names() {
    let loaded = load(
        source("#include \"inv.h\"\n#define FP 300\n#include \"body.c\"\n"),
        "bots/test_i.c",
    )
    .unwrap();
    let config = &loaded.config;
    assert_eq!(config.weights.len(), 2);
    let Node::Switch(health) = &config.weights[0].body else {
        panic!("switch expected")
    };
    assert_eq!(health.index, 29);
    assert_eq!(
        health.cases[0].node,
        Node::Leaf(Leaf::balance(300.0, 150.0, 600.0))
    );
    assert_eq!(
        health.cases[1].node,
        Node::Leaf(Leaf::balance(150.0, 75.0, 300.0))
    );
    let Node::Switch(armor) = &config.weights[1].body else {
        panic!("switch expected")
    };
    // 0x10 is 16, 010 is octal 8, -3 keeps its magnitude with a warning.
    assert_eq!(armor.cases[0].limit, fuzzy_weights::Limit::Below(16));
    assert_eq!(armor.cases[0].node, Node::Leaf(Leaf::plain(8.0)));
    assert_eq!(armor.cases[1].node, Node::Leaf(Leaf::plain(3.0)));
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert_eq!(loaded.warnings[0].severity, bot_script::Severity::Warning);
    let warning = loaded.warnings[0].to_string();
    assert!(
        warning.starts_with("body.c:12:")
            && warning.contains(": warning: negative value")
            && warning.ends_with("(included from bots/test_i.c:3:1)"),
        "{warning}"
    );
    // Names: inv.h's, first name of a slot wins; the bot's FP is a slot name too (300 is not).
    assert_eq!(loaded.names.slot("ENEMY_HORIZONTAL_DIST"), Some(200));
    assert_eq!(loaded.names.name_of(1), Some("INVENTORY_ARMOR"));
    assert_eq!(loaded.names.slot("FP"), None);
    // Evaluate: health 75 is between 50 and 100.
    let compiled = CompiledConfig::new(config);
    let mut inventory = Inventory::default();
    inventory[29] = 75;
    let id = compiled.find("item_health").unwrap();
    assert_eq!(
        compiled.evaluate(id, &inventory, Interpolation::Linear),
        225.0
    );
    assert_eq!(
        compiled.evaluate(id, &inventory, Interpolation::Step),
        150.0
    );
}

#[test]
fn undefined_index_name_is_reported_at_its_place_with_the_include_stack() {
    // No inv.h: INVENTORY_HEALTH stays a name.
    let error = load(
        source("#define FP 300\n\n#include \"body.c\"\n"),
        "bots/test_i.c",
    )
    .unwrap_err();
    assert!(matches!(error, LoadError::Syntax(_)), "{error:?}");
    assert_eq!(
        error.to_string(),
        "body.c:5:9: expected an inventory index (an integer), found `INVENTORY_HEALTH`, \
         a name that is not a defined macro (included from bots/test_i.c:3:1)"
    );
}

#[test]
fn preprocessing_errors_pass_through_with_position() {
    // FP undefined: `$evalfloat(FP/1)` fails in the preprocessor, after nothing wrong before.
    let error = load(
        source("#include \"inv.h\"\n#include \"body.c\"\n"),
        "bots/test_i.c",
    )
    .unwrap_err();
    assert!(matches!(error, LoadError::Script(_)), "{error:?}");
    let text = error.to_string();
    assert!(
        text.starts_with("body.c:7:") && text.contains("FP"),
        "{text}"
    );
    assert!(
        text.ends_with("(included from bots/test_i.c:2:1)"),
        "{text}"
    );
    let missing = load(MemorySource::new(), "bots/none_i.c").unwrap_err();
    assert!(
        missing.to_string().starts_with("bots/none_i.c"),
        "{missing}"
    );
}

#[test]
fn a_grammar_error_before_a_preprocessing_error_wins_as_in_botlib() {
    // Line 2 lacks the index name; line 4 has a broken $evalint. Botlib reads lazily and
    // stops at line 2.
    let bot = "weight \"a\" {\nswitch(INVENTORY_NOPE) {\ncase 1: return 0;\n\
               default: return $evalint(*0.1); } }\n";
    let error = load(MemorySource::new().with("bots/x_w.c", bot), "bots/x_w.c").unwrap_err();
    assert_eq!(
        error.to_string(),
        "bots/x_w.c:2:8: expected an inventory index (an integer), found `INVENTORY_NOPE`, \
         a name that is not a defined macro"
    );
    // Without the earlier mistake the preprocessing error stands.
    let bot = bot.replace("INVENTORY_NOPE", "3");
    let error = load(MemorySource::new().with("bots/x_w.c", bot), "bots/x_w.c").unwrap_err();
    assert!(matches!(error, LoadError::Script(_)), "{error:?}");
    assert_eq!(error.pos().line, 4);
}

#[test]
fn named_output_reads_back_through_the_preprocessor() {
    let loaded = load(
        source("#include \"inv.h\"\n#define FP 300\n#include \"body.c\"\n"),
        "bots/test_i.c",
    )
    .unwrap();
    let text = write_config(
        &loaded.config,
        WriteSettings {
            names: Some(&loaded.names),
            include: Some("inv.h"),
        },
    )
    .unwrap();
    assert!(text.contains("switch(INVENTORY_HEALTH)"), "{text}");
    assert!(text.contains("balance(300, 150, 600)"), "{text}");
    let again = load(
        MemorySource::new()
            .with("inv.h", INV_H)
            .with("out_i.c", text.clone()),
        "out_i.c",
    )
    .unwrap();
    assert_eq!(again.config, loaded.config, "{text}");
}
