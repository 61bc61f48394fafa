//! Loading characters: each of the eight real character files of the three shared bot-data
//! sets (real-data.md §2: `NeonKnightOA` 1, tremfusion 5, mecwerks 2) at skills 1, 3.5 and 5
//! with the default [`Compat`], the whole load as a bot gets it: preprocessing (`chars.h`
//! included), the fallback chain, default filling from `bots/default_c.c` at each anchor, and
//! at 3.5 both anchors (1 and 4) and their interpolation. Each set's files are read into a
//! `MemorySource` before timing, so the bench measures the load, not the disk. Skipped,
//! saying so, when the shared data is absent.
//!
//! Before timing, every answer is checked: each anchor read from the file's own block with
//! defaults filled, the name, the number of slots set, and slot 6 (`REACTIONTIME`
//! in the stock `chars.h`) against the value worked out by hand from the files.

use std::hint::black_box;
use std::path::Path;

use bot_brain::character::{Compat, Step, Value, load};
use bot_script::MemorySource;
use criterion::{Criterion, criterion_main};

/// The skills loaded: an anchor, a skill between anchors 1 and 4, and the top anchor.
const SKILLS: [f32; 3] = [1.0, 3.5, 5.0];

/// One real character file and what it loads to at [`SKILLS`].
struct Expected {
    /// The set, one of `real_data::BOT_SETS`.
    set: &'static str,
    /// The file, relative to the set's botfiles folder.
    file: &'static str,
    /// `CHARACTERISTIC_NAME` (slot 0).
    name: &'static str,
    /// Slots set after default filling (the same at every skill): the 49 of the stock
    /// `chars.h`, or the 34 of the mecwerks dialect.
    slots: usize,
    /// Slot 6 at 1, 3.5 and 5. Stock `chars.h`: `REACTIONTIME`, read from the files' skill
    /// 1, 4 and 5 blocks (a, b, c); at 3.5, `a + (b − a)·5/6`. The mecwerks dialect's
    /// `chars.h` puts `BOT_AIM_ACCURACY` there, which both its files set to 0.50 at every
    /// skill.
    slot6: [f32; 3],
}

/// The eight files (names and slot 6 read by hand from the files; the slot counts as
/// `bot-brain` loaded them when this bench was written).
const FILES: [Expected; 8] = [
    // REACTIONTIME 3.0 / 1.75 / 0.0 (reference §11.2): 3 − 1.25·5/6.
    Expected {
        set: real_data::BOT_SETS[0],
        file: "bots/default_c.c",
        name: "Player",
        slots: 49,
        slot6: [3.0, 1.958_333_4, 0.0],
    },
    Expected {
        set: real_data::BOT_SETS[1],
        file: "bots/default_c.c",
        name: "Player",
        slots: 49,
        slot6: [3.0, 1.958_333_4, 0.0],
    },
    // REACTIONTIME 2.00 / 1.25 / 0.00: 2 − 0.75·5/6.
    Expected {
        set: real_data::BOT_SETS[1],
        file: "bots/gargoyle_c.c",
        name: "Gargoyle",
        slots: 49,
        slot6: [2.0, 1.375, 0.0],
    },
    Expected {
        set: real_data::BOT_SETS[1],
        file: "bots/grism_c.c",
        name: "Grism",
        slots: 49,
        slot6: [2.0, 1.375, 0.0],
    },
    Expected {
        set: real_data::BOT_SETS[1],
        file: "bots/kyonshi_c.c",
        name: "Kyonshi",
        slots: 49,
        slot6: [2.0, 1.375, 0.0],
    },
    // REACTIONTIME 2.00 / 1.00 / 0.00: 2 − 5/6.
    Expected {
        set: real_data::BOT_SETS[1],
        file: "bots/major_c.c",
        name: "Major",
        slots: 49,
        slot6: [2.0, 1.166_666_7, 0.0],
    },
    Expected {
        set: real_data::BOT_SETS[2],
        file: "bots/default_c.c",
        name: "Marcus",
        slots: 34,
        slot6: [0.5, 0.5, 0.5],
    },
    Expected {
        set: real_data::BOT_SETS[2],
        file: "bots/marcus_c.c",
        name: "Marcus",
        slots: 34,
        slot6: [0.5, 0.5, 0.5],
    },
];

/// Every file under `dir`, inserted into `source` under its path relative to the botfiles
/// root (`prefix`, `/`-separated).
fn read_tree(dir: &Path, prefix: &str, source: &mut MemorySource) {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", dir.display()));
    for entry in entries {
        let entry = entry.expect("a folder entry");
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            read_tree(&path, &format!("{prefix}{name}/"), source);
        } else {
            let bytes = std::fs::read(&path)
                .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
            source.insert(&format!("{prefix}{name}"), bytes);
        }
    }
}

/// Checks `expected.file` of `source` at `SKILLS[k]`.
fn check(source: &MemorySource, expected: &Expected, k: usize) {
    let (set, file, skill) = (expected.set, expected.file, SKILLS[k]);
    let character = load(source, file, skill, Compat::default())
        .unwrap_or_else(|error| panic!("{set}/{file} at skill {skill}: {error}"));
    assert_eq!(character.anchors.len(), if k == 1 { 2 } else { 1 });
    for anchor in &character.anchors {
        assert_eq!(anchor.step, Step::File, "{set}/{file}: {anchor}");
        assert!(anchor.defaults_filled, "{set}/{file}: defaults filled");
    }
    assert_eq!(
        character.value_at(0),
        Some(&Value::String(expected.name.to_owned())),
        "{set}/{file}: name"
    );
    assert_eq!(
        character.values().count(),
        expected.slots,
        "{set}/{file} at {skill}: slots set"
    );
    let slot6 = character.value_at(6).and_then(Value::as_float);
    benches::assert_close(
        &format!("{set}/{file} at {skill}: slot 6"),
        f64::from(slot6.unwrap_or(f32::NAN)),
        f64::from(expected.slot6[k]),
        1e-5,
    );
}

fn characters(c: &mut Criterion) {
    let mut group = c.benchmark_group("character_load");
    let mut measured = 0;
    for set in real_data::BOT_SETS {
        let Some(root) = real_data::find_bot_set(set) else {
            continue;
        };
        let mut source = MemorySource::new();
        read_tree(&root, "", &mut source);
        for expected in FILES.iter().filter(|e| e.set == set) {
            let stem = expected
                .file
                .trim_start_matches("bots/")
                .trim_end_matches(".c");
            let short = set.split('-').next().unwrap_or(set);
            for (k, skill) in SKILLS.into_iter().enumerate() {
                check(&source, expected, k);
                group.bench_function(format!("{short}/{stem}/skill_{skill}"), |b| {
                    b.iter(|| {
                        load(
                            black_box(&source),
                            expected.file,
                            black_box(skill),
                            Compat::default(),
                        )
                        .map(|character| character.values().count())
                    });
                });
            }
            measured += 1;
        }
    }
    group.finish();
    if measured == 0 {
        #[expect(clippy::print_stdout, reason = "a skipped bench must say so")]
        {
            println!("character: shared botfiles not found (set REAL_DATA); nothing measured");
        }
    }
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::characters;
    criterion::criterion_group!(benches, characters);
}
use group::benches;
criterion_main!(benches);
