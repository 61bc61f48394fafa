//! Loading one bot's weight files from the shared `NeonKnightOA` set: `bots/default_i.c` and
//! `bots/default_w.c` with their includes (`inv.h`, `fuzi.c`, `fuzw.c`), read from disk,
//! preprocessed by `bot-script`, rendered as canonical text and parsed; and the stages apart
//! (preprocessing alone, canonical rendering plus grammar alone). Skipped, saying so, when
//! the shared data is absent.
//!
//! Before timing, each stage's answer is checked: the weights loaded and parsed (66), the
//! tokens after preprocessing and the bytes of canonical text.

use std::hint::black_box;

use bot_script::{DirSource, Preprocessor};
use criterion::{Criterion, criterion_main};
use fuzzy_weights::{load_dir, parse_stream};

const FILES: [&str; 2] = ["bots/default_i.c", "bots/default_w.c"];
/// Weight definitions of the two files together (real-data.md §2.1: 53 + 13).
const WEIGHTS: usize = 66;
/// Tokens of the two files after preprocessing (3804 + 593), as `bot-script` produced them
/// when this bench was written (the `preprocess` bench checks them file by file).
const TOKENS: usize = 4397;
/// Bytes of the two files' canonical text (19 236 + 2171), same origin.
const CANONICAL_BYTES: usize = 21_407;

fn load(c: &mut Criterion) {
    let Some(root) = real_data::find_bot_set(real_data::BOT_SETS[0]) else {
        #[expect(clippy::print_stdout, reason = "a skipped bench must say so")]
        {
            println!("fuzzy_load skipped: shared botfiles not found (set REAL_DATA)");
        }
        return;
    };
    let loaded: usize = FILES
        .iter()
        .map(|file| {
            load_dir(&root, file)
                .unwrap_or_else(|error| panic!("{file} does not load: {error}"))
                .config
                .weights
                .len()
        })
        .sum();
    assert_eq!(loaded, WEIGHTS, "weights loaded from both files");
    let mut group = c.benchmark_group("fuzzy_load");
    group.bench_function("one_bot_i_and_w", |b| {
        b.iter(|| {
            let mut weights = 0;
            for file in FILES {
                let loaded = load_dir(black_box(&root), file);
                weights += loaded.map_or(0, |l| l.config.weights.len());
            }
            assert_eq!(
                weights, WEIGHTS,
                "NeonKnightOA's default bot has 66 weights"
            );
            weights
        });
    });
    group.bench_function("preprocess_only", |b| {
        b.iter(|| {
            let mut tokens = 0;
            for file in FILES {
                let mut preprocessor = Preprocessor::new(DirSource::new(&root));
                tokens += preprocessor
                    .preprocess_file(file)
                    .map_or(0, |stream| stream.tokens.len());
            }
            tokens
        });
    });
    let streams: Vec<_> = FILES
        .iter()
        .filter_map(|file| {
            Preprocessor::new(DirSource::new(&root))
                .preprocess_file(file)
                .ok()
        })
        .collect();
    assert_eq!(
        streams
            .iter()
            .map(bot_script::TokenStream::len)
            .sum::<usize>(),
        TOKENS,
        "tokens of both files after preprocessing"
    );
    group.bench_function("canonical_only", |b| {
        b.iter(|| {
            streams
                .iter()
                .map(|stream| black_box(stream).canonical().text.len())
                .sum::<usize>()
        });
    });
    let texts: Vec<String> = streams.iter().map(|s| s.canonical().text).collect();
    assert_eq!(
        texts.iter().map(String::len).sum::<usize>(),
        CANONICAL_BYTES,
        "bytes of both files' canonical text"
    );
    let parsed: usize = texts
        .iter()
        .map(|text| {
            fuzzy_weights::parse_canonical(text)
                .unwrap_or_else(|error| panic!("canonical text does not parse: {error}"))
                .config
                .weights
                .len()
        })
        .sum();
    assert_eq!(parsed, WEIGHTS, "weights parsed from the canonical texts");
    let from_streams: usize = streams
        .iter()
        .map(|stream| {
            parse_stream(stream)
                .unwrap_or_else(|error| panic!("token stream does not parse: {error}"))
                .0
                .weights
                .len()
        })
        .sum();
    assert_eq!(
        from_streams, WEIGHTS,
        "weights parsed from the token streams"
    );
    group.bench_function("grammar_only", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|text| {
                    fuzzy_weights::parse_canonical(black_box(text))
                        .map_or(0, |p| p.config.weights.len())
                })
                .sum::<usize>()
        });
    });
    group.bench_function("canonical_and_parse_only", |b| {
        b.iter(|| {
            streams
                .iter()
                .map(|stream| parse_stream(black_box(stream)).map_or(0, |(c, _)| c.weights.len()))
                .sum::<usize>()
        });
    });
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::load;
    criterion::criterion_group!(benches, load);
}
use group::benches;
criterion_main!(benches);
