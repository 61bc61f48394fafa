//! Property tests of the character loader on generated character files.
//!
//! - **Round trip**: random character files (blocks numbered 0–6, some with a fraction, in any
//!   order, duplicates included; random slots holding integers, floats and strings; indices
//!   written in decimal, hex or through a `#define`; random blanks and comments) and a random
//!   `bots/default_c.c` (sometimes absent) are written to a folder and loaded at the anchor
//!   skills 1, 4 and 5: every value read back equals the value written, and the step of the
//!   fallback chain, the block number and the default filling are those of a model of
//!   botlib's rules (the first block whose number truncates to the skill; file at skill →
//!   default at skill → file's first block → default's first block; unset slots from the
//!   default through the same chain).
//! - **Interpolation**: with blocks 1, 4 and 5 present, a character between anchors holds, in
//!   each slot, what the documented [`Compat`] rule gives from the two anchors' values (the
//!   values loaded at the anchor skills): interpolated numbers lie between the anchors' and
//!   are `a + (b − a)·t`; [`Compat::Botlib`] and [`Compat::Fixed`] differ only in the slots
//!   the documentation names (an integer at the lower anchor with a number above; a float at
//!   the lower anchor with something other than a float above).
//! - **Hostile input**: arbitrary bytes, bit-flipped valid files and token soups load or give
//!   a [`CharacterError`] at any skill, never a panic, and whatever loads answers every
//!   getter.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use bot_brain::character::{
    Character, CharacterError, Characteristic, Compat, DEFAULT_CHARACTER, MAX_CHARACTERISTICS,
    Step, Value, load, load_dir,
};
use bot_script::MemorySource;
use proptest::prelude::*;

/// The file loaded (the default character is [`DEFAULT_CHARACTER`]).
const FILE: &str = "bots/x_c.c";

/// How a characteristic index is written.
#[derive(Debug, Clone, Copy)]
enum IndexStyle {
    /// `12`.
    Decimal,
    /// `0xc`.
    Hex,
    /// `SLOT_12`, defined at the top of the file.
    Macro,
}

/// One generated skill block.
#[derive(Debug, Clone)]
struct Block {
    /// The number as written: `4` or `4.25`.
    number_text: String,
    /// The number's value (what `Anchor::block_skill` holds).
    number: f32,
    /// Its truncation: the skill the block answers.
    truncated: u8,
    /// The slots it sets (distinct indices, in writing order).
    slots: Vec<(usize, IndexStyle, Value)>,
}

impl Block {
    /// Slot `i` holds characteristic `i`'s value.
    fn values(&self) -> Vec<Option<Value>> {
        let mut values = vec![None; MAX_CHARACTERISTICS];
        for (index, _, value) in &self.slots {
            values[*index] = Some(value.clone());
        }
        values
    }
}

/// A generated character file: its blocks, and a layout that picks the blanks between tokens.
#[derive(Debug, Clone)]
struct CharFile {
    blocks: Vec<Block>,
    layout: Vec<u8>,
}

/// Blanks and comments between tokens.
const BLANKS: [&str; 6] = [" ", "\n", "\t", " // note\n", " /* { } */ ", "\r\n"];

impl CharFile {
    /// The file in botlib syntax.
    fn render(&self) -> String {
        let mut out = String::new();
        let mut macros: Vec<usize> = self
            .blocks
            .iter()
            .flat_map(|b| &b.slots)
            .filter(|(_, style, _)| matches!(style, IndexStyle::Macro))
            .map(|(index, ..)| *index)
            .collect();
        macros.sort_unstable();
        macros.dedup();
        for index in macros {
            out.push_str(&format!("#define SLOT_{index} {index}\n"));
        }
        let mut picks = self.layout.iter().cycle();
        let mut blank = || {
            picks
                .next()
                .map_or(" ", |&p| BLANKS[usize::from(p) % BLANKS.len()])
        };
        for block in &self.blocks {
            out.push_str(&format!(
                "skill{}{}{}{{",
                blank(),
                block.number_text,
                blank()
            ));
            for (index, style, value) in &block.slots {
                out.push_str(blank());
                match style {
                    IndexStyle::Decimal => out.push_str(&index.to_string()),
                    IndexStyle::Hex => out.push_str(&format!("0x{index:x}")),
                    IndexStyle::Macro => out.push_str(&format!("SLOT_{index}")),
                }
                out.push_str(blank());
                out.push_str(&render_value(value));
            }
            out.push_str(blank());
            out.push_str("}\n");
        }
        out
    }
}

/// A value in botlib syntax: integers in decimal, floats with a dot (Rust's shortest
/// round-trip decimal, never an exponent), strings quoted with `\\` and `\"` escaped.
fn render_value(value: &Value) -> String {
    match value {
        Value::Integer(v) => v.to_string(),
        Value::Float(v) => {
            let mut text = v.to_string();
            if !text.contains('.') {
                text.push_str(".0");
            }
            text
        }
        Value::String(s) => {
            let mut text = String::from("\"");
            for c in s.chars() {
                if matches!(c, '\\' | '"') {
                    text.push('\\');
                }
                text.push(c);
            }
            text.push('"');
            text
        }
    }
}

/// A value a character file can hold: no sign, so non-negative numbers.
fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0i32..1000).prop_map(Value::Integer),
        (0i32..=i32::MAX).prop_map(Value::Integer),
        (0u32..100_000).prop_map(|v| Value::Float(v as f32 / 1000.0)),
        (0.0f32..1.0e6).prop_map(Value::Float),
        // Any finite non-negative float, subnormals and the largest included.
        (0u32..0x7f80_0000).prop_map(|bits| Value::Float(f32::from_bits(bits))),
        "[ -~]{0,24}".prop_map(Value::String),
        "\\PC{0,12}".prop_map(Value::String),
    ]
}

fn index_style() -> impl Strategy<Value = IndexStyle> {
    prop_oneof![
        4 => Just(IndexStyle::Decimal),
        1 => Just(IndexStyle::Hex),
        1 => Just(IndexStyle::Macro),
    ]
}

/// Up to `max` distinct slots in a random order.
fn slots(max: usize) -> impl Strategy<Value = Vec<(usize, IndexStyle, Value)>> {
    prop::collection::btree_map(0..MAX_CHARACTERISTICS, (index_style(), value()), 0..=max)
        .prop_map(|map| {
            map.into_iter()
                .map(|(index, (style, value))| (index, style, value))
                .collect::<Vec<_>>()
        })
        .prop_shuffle()
}

/// A block numbered `n`, written `n` or with a fraction (`n.25`, `n.5`, …; `n.0` is a float
/// token with an integer value).
fn block_numbered(n: u8) -> impl Strategy<Value = Block> {
    (prop::option::of(0u8..4), slots(12)).prop_map(move |(quarter, slots)| {
        let (number_text, number) = match quarter {
            None => (n.to_string(), f32::from(n)),
            Some(q) => (
                format!("{n}.{}", ["0", "25", "5", "75"][usize::from(q)]),
                f32::from(n) + f32::from(q) / 4.0,
            ),
        };
        Block {
            number_text,
            number,
            truncated: n,
            slots,
        }
    })
}

/// A block numbered 0–6.
fn any_block() -> impl Strategy<Value = Block> {
    (0u8..=6).prop_flat_map(block_numbered)
}

/// A block numbered exactly `n` (written `n`).
fn exact_block(n: u8) -> impl Strategy<Value = Block> {
    slots(12).prop_map(move |slots| Block {
        number_text: n.to_string(),
        number: f32::from(n),
        truncated: n,
        slots,
    })
}

fn layout() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(any::<u8>(), 1..16)
}

/// Zero to five blocks numbered 0–6, in any order.
fn any_file() -> impl Strategy<Value = CharFile> {
    (prop::collection::vec(any_block(), 0..=5), layout())
        .prop_map(|(blocks, layout)| CharFile { blocks, layout })
}

/// Blocks 1, 4 and 5 (in any order), and sometimes a stray block 2 or 3 that no anchor reads.
fn anchored_file() -> impl Strategy<Value = CharFile> {
    (
        (exact_block(1), exact_block(4), exact_block(5)),
        prop::option::of((2u8..=3).prop_flat_map(exact_block)),
        layout(),
    )
        .prop_flat_map(|((one, four, five), stray, layout)| {
            let mut blocks = vec![one, four, five];
            blocks.extend(stray);
            (Just(blocks).prop_shuffle(), Just(layout))
        })
        .prop_map(|(blocks, layout)| CharFile { blocks, layout })
}

// ---- The model of botlib's rules ----

/// The first block answering `skill` (`None`: the first block).
fn find(blocks: &[Block], skill: Option<u8>) -> Option<&Block> {
    blocks
        .iter()
        .find(|b| skill.is_none_or(|s| b.truncated == s))
}

/// The fallback chain for `file` at `skill` (`default`: the default character's blocks, if
/// the file exists).
fn chain<'a>(
    file: &'a [Block],
    default: Option<&'a [Block]>,
    skill: u8,
) -> Option<(&'a Block, Step)> {
    let default = default.unwrap_or(&[]);
    find(file, Some(skill))
        .map(|b| (b, Step::File))
        .or_else(|| find(default, Some(skill)).map(|b| (b, Step::DefaultAtSkill)))
        .or_else(|| find(file, None).map(|b| (b, Step::FileAnySkill)))
        .or_else(|| find(default, None).map(|b| (b, Step::DefaultAnySkill)))
}

/// What an anchor should hold.
#[derive(Debug)]
struct ExpectedAnchor {
    step: Step,
    block_skill: f32,
    defaults_filled: bool,
    values: Vec<Option<Value>>,
}

/// The anchor `skill` of `file` with the default character `default`, or `None` when every
/// step of the chain fails.
fn expected_anchor(file: &[Block], default: Option<&[Block]>, skill: u8) -> Option<ExpectedAnchor> {
    let (block, step) = chain(file, default, skill)?;
    let mut values = block.values();
    let filler = default.and_then(|d| chain(d, Some(d), skill));
    if let Some((filler, _)) = filler {
        for (slot, value) in values.iter_mut().zip(filler.values()) {
            if slot.is_none() {
                *slot = value;
            }
        }
    }
    Some(ExpectedAnchor {
        step,
        block_skill: block.number,
        defaults_filled: filler.is_some(),
        values,
    })
}

/// Checks a character loaded at an anchor skill against the model.
fn check_anchor(
    loaded: Result<Character, CharacterError>,
    expected: Option<&ExpectedAnchor>,
    skill: u8,
) -> Result<(), TestCaseError> {
    let (character, expected) = match (loaded, expected) {
        (Ok(character), Some(expected)) => (character, expected),
        (Err(CharacterError::NoFallback { .. }), None) => return Ok(()),
        (loaded, expected) => {
            return Err(TestCaseError::fail(format!(
                "skill {skill}: loaded {loaded:?}, model {expected:?}"
            )));
        }
    };
    prop_assert_eq!(character.anchors.len(), 1);
    let anchor = &character.anchors[0];
    prop_assert_eq!(anchor.skill, skill);
    prop_assert_eq!(anchor.step, expected.step, "skill {}", skill);
    prop_assert_eq!(anchor.block_skill.to_bits(), expected.block_skill.to_bits());
    prop_assert_eq!(anchor.defaults_filled, expected.defaults_filled);
    prop_assert!(character.unset_by_interpolation.is_empty());
    for (index, value) in expected.values.iter().enumerate() {
        prop_assert_eq!(
            character.value_at(index),
            value.as_ref(),
            "skill {} slot {}",
            skill,
            index
        );
    }
    prop_assert_eq!(
        character.values().count(),
        expected.values.iter().flatten().count()
    );
    Ok(())
}

/// The values of the anchor `skill` loaded alone, checked against the model (which must say
/// the file's own block is read).
fn anchor_values(
    source: &MemorySource,
    file: &CharFile,
    default: Option<&[Block]>,
    skill: u8,
) -> Result<Vec<Option<Value>>, TestCaseError> {
    let expected = expected_anchor(&file.blocks, default, skill)
        .ok_or_else(|| TestCaseError::fail(format!("no anchor {skill} in the model")))?;
    prop_assert_eq!(expected.step, Step::File);
    check_anchor(
        load(source, FILE, f32::from(skill), Compat::Fixed),
        Some(&expected),
        skill,
    )?;
    Ok(expected.values)
}

/// A scratch folder under the target folder, unique to this test process and case.
fn scratch() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "bot-brain-props-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Writes `file` (and `default`, when given) as a botfiles folder.
fn write_botfiles(root: &Path, file: &CharFile, default: Option<&CharFile>) {
    std::fs::create_dir_all(root.join("bots")).unwrap();
    std::fs::write(root.join(FILE), file.render()).unwrap();
    if let Some(default) = default {
        std::fs::write(root.join(DEFAULT_CHARACTER), default.render()).unwrap();
    }
}

fn memory(file: &CharFile, default: Option<&CharFile>) -> MemorySource {
    let mut source = MemorySource::new().with(FILE, file.render());
    if let Some(default) = default {
        source.insert(DEFAULT_CHARACTER, default.render());
    }
    source
}

/// The expected value of a slot between anchors holding `low` and `high` at fraction `t`
/// (documented in `Compat`): `Ok(Some(v))` exactly `v`, `Ok(None)` unset, `Err((a, b))` a
/// float interpolated between the numbers `a` and `b`.
type Between = Result<Option<Value>, (f32, f32)>;

fn documented(low: Option<&Value>, high: Option<&Value>, compat: Compat) -> Between {
    let Some(low) = low else {
        return Ok(None);
    };
    match (compat, low, high) {
        (_, Value::Float(a), Some(Value::Float(b))) => Err((*a, *b)),
        (Compat::Botlib, Value::Float(_), _) => Ok(None),
        (Compat::Botlib, _, _) => Ok(Some(low.clone())),
        (Compat::Fixed, Value::Integer(a), Some(Value::Integer(b))) if a == b => {
            Ok(Some(low.clone()))
        }
        (
            Compat::Fixed,
            Value::Integer(_) | Value::Float(_),
            Some(high @ (Value::Integer(_) | Value::Float(_))),
        ) => Err((low.as_float().unwrap(), high.as_float().unwrap())),
        (Compat::Fixed, _, _) => Ok(Some(low.clone())),
    }
}

/// Whether `v` is `a + (b − a)·t`, within the rounding of single precision, and between `a`
/// and `b` (a few units in the last place outside at most).
fn interpolated(v: f32, a: f32, b: f32, t: f32) -> Result<(), TestCaseError> {
    let (v, a, b, t) = (f64::from(v), f64::from(a), f64::from(b), f64::from(t));
    // A few units in the last place of the larger anchor, and of the smallest subnormal.
    let ulps =
        4.0 * f64::from(f32::EPSILON) * a.abs().max(b.abs()) + 4.0 * f64::from(f32::from_bits(1));
    prop_assert!(
        a.min(b) - ulps <= v && v <= a.max(b) + ulps,
        "{} is not between {} and {}",
        v,
        a,
        b
    );
    let exact = a + (b - a) * t;
    prop_assert!(
        (v - exact).abs() <= ulps,
        "{} is not {} + ({} − {})·{} = {}",
        v,
        a,
        b,
        a,
        t,
        exact
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn values_written_read_back_at_every_anchor_skill(
        file in any_file(),
        default in prop::option::of(any_file()),
    ) {
        let root = scratch();
        write_botfiles(&root, &file, default.as_ref());
        let default_blocks = default.as_ref().map(|d| d.blocks.as_slice());
        let mut outcome = Ok(());
        'skills: for skill in [1_u8, 4, 5] {
            let expected = expected_anchor(&file.blocks, default_blocks, skill);
            for compat in [Compat::Botlib, Compat::Fixed] {
                let loaded = load_dir(&root, FILE, f32::from(skill), compat);
                outcome = check_anchor(loaded, expected.as_ref(), skill);
                if outcome.is_err() {
                    break 'skills;
                }
            }
        }
        std::fs::remove_dir_all(&root).unwrap();
        outcome?;
    }

    #[test]
    fn characters_between_anchors_follow_the_documented_rule(
        file in anchored_file(),
        default in prop::option::of(any_file()),
        skill in prop_oneof![1.0f32..4.0, 4.0f32..5.0, Just(1.5), Just(3.99), Just(4.5)],
    ) {
        let source = memory(&file, default.as_ref());
        let default_blocks = default.as_ref().map(|d| d.blocks.as_slice());
        let (low, high) = if skill < 4.0 { (1_u8, 4_u8) } else { (4, 5) };
        let low_values = anchor_values(&source, &file, default_blocks, low)?;
        let high_values = anchor_values(&source, &file, default_blocks, high)?;
        if skill == f32::from(low) {
            return Ok(());
        }
        let t = (skill - f32::from(low)) / f32::from(high - low);
        let fixed = load(&source, FILE, skill, Compat::Fixed).unwrap();
        let botlib = load(&source, FILE, skill, Compat::Botlib).unwrap();
        for character in [&fixed, &botlib] {
            prop_assert_eq!(character.anchors.len(), 2);
            prop_assert_eq!(character.anchors[0].skill, low);
            prop_assert_eq!(character.anchors[1].skill, high);
        }
        prop_assert!(fixed.unset_by_interpolation.is_empty());
        for index in 0..MAX_CHARACTERISTICS {
            let (a, b) = (low_values[index].as_ref(), high_values[index].as_ref());
            for character in [&fixed, &botlib] {
                let got = character.value_at(index);
                match documented(a, b, character.compat) {
                    Ok(expected) => prop_assert_eq!(got, expected.as_ref(), "slot {} {:?}", index, character.compat),
                    Err((a, b)) => match got {
                        Some(Value::Float(v)) => interpolated(*v, a, b, t)?,
                        other => prop_assert!(false, "slot {}: {:?} is not a float", index, other),
                    },
                }
            }
            prop_assert_eq!(
                botlib.unset_by_interpolation.contains(&index),
                matches!(a, Some(Value::Float(_))) && !matches!(b, Some(Value::Float(_))),
                "slot {}", index
            );
            // Where the modes differ, the documentation says they do.
            if fixed.value_at(index) != botlib.value_at(index) {
                let documented_difference = matches!(
                    (a, b),
                    (Some(Value::Integer(_)), Some(Value::Integer(_) | Value::Float(_)))
                        | (Some(Value::Float(_)), Some(Value::Integer(_) | Value::String(_)) | None)
                );
                prop_assert!(documented_difference, "slot {}: {:?} / {:?}", index, a, b);
            }
        }
    }
}

// ---- Hostile input ----

/// Loads `source`'s character at skills on and between the anchors in both modes: each load
/// gives a character or an error, and a character answers every getter.
fn exercise(source: &MemorySource) {
    for skill in [1.0, 2.5, 4.0, 4.5, 5.0] {
        for compat in [Compat::Botlib, Compat::Fixed] {
            match load(source, FILE, skill, compat) {
                Ok(character) => {
                    for c in Characteristic::ALL {
                        let _ = (
                            character.float(c),
                            character.integer(c),
                            character.string(c),
                        );
                    }
                    let _ = character.gender();
                    for anchor in &character.anchors {
                        let _ = anchor.to_string();
                    }
                }
                Err(error) => {
                    let _ = (error.to_string(), error.pos(), error.is_missing_block());
                }
            }
        }
    }
}

/// Tokens of character files, for token soups.
fn char_soup() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "skill",
        "skill",
        "1",
        "4",
        "5",
        "4.5",
        "0",
        "79",
        "80",
        "0x10",
        "010",
        "{",
        "{",
        "}",
        "}",
        "\"a\"",
        "\"\"",
        "0.25",
        "-",
        "3.0",
        "#define A 3\n",
        "A",
        "#include \"bots/x_c.c\"\n",
        "#include \"bots/default_c.c\"\n",
        "#include \"none.h\"\n",
        "#if 0\n",
        "#endif\n",
        "$evalint(1+2)",
        "$evalfloat(0.5*3)",
        "\n",
        " ",
        "//",
        "/*",
        "*/",
    ]);
    prop::collection::vec(pieces, 0..80).prop_map(|v| v.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn arbitrary_bytes_never_panic(
        bytes in prop::collection::vec(any::<u8>(), 0..300),
        default in prop::option::of(any_file()),
    ) {
        let mut source = MemorySource::new().with(FILE, bytes);
        if let Some(default) = default {
            source.insert(DEFAULT_CHARACTER, default.render());
        }
        exercise(&source);
    }

    #[test]
    fn bit_flipped_files_never_panic(
        file in any_file(),
        default in any_file(),
        flips in prop::collection::vec((any::<prop::sample::Index>(), 0u8..8), 1..6),
        flip_default in any::<bool>(),
    ) {
        let (mut bytes, mut default_bytes) = (file.render().into_bytes(), default.render().into_bytes());
        let target = if flip_default { &mut default_bytes } else { &mut bytes };
        if !target.is_empty() {
            for (at, bit) in &flips {
                let at = at.index(target.len());
                target[at] ^= 1 << bit;
            }
        }
        let source = MemorySource::new().with(FILE, bytes).with(DEFAULT_CHARACTER, default_bytes);
        exercise(&source);
    }

    #[test]
    fn token_soups_never_panic(text in char_soup(), default in char_soup()) {
        let source = MemorySource::new().with(FILE, text).with(DEFAULT_CHARACTER, default);
        exercise(&source);
    }
}
