//! Loading one bot's weight files from the shared `NeonKnightOA` set: `bots/default_i.c` and
//! `bots/default_w.c` with their includes (`inv.h`, `fuzi.c`, `fuzw.c`), read from disk,
//! preprocessed by `bot-script`, rendered as canonical text and parsed; and the stages apart
//! (preprocessing alone, canonical rendering plus grammar alone). Skipped, saying so, when
//! the shared data is absent.

use std::hint::black_box;

use bot_script::{DirSource, Preprocessor};
use criterion::{Criterion, criterion_main};
use fuzzy_weights::{load_from_dir, parse_stream};

const FILES: [&str; 2] = ["bots/default_i.c", "bots/default_w.c"];

fn load(c: &mut Criterion) {
    let Some(root) = benches::fuzzy::neonknight_botfiles() else {
        #[expect(clippy::print_stdout, reason = "a skipped bench must say so")]
        {
            println!("fuzzy_load skipped: shared botfiles not found (set REAL_DATA)");
        }
        return;
    };
    let mut group = c.benchmark_group("fuzzy_load");
    group.bench_function("one_bot_i_and_w", |b| {
        b.iter(|| {
            let mut weights = 0;
            for file in FILES {
                let loaded = load_from_dir(black_box(&root), file);
                weights += loaded.map_or(0, |l| l.config.weights.len());
            }
            assert_eq!(weights, 66, "NeonKnightOA's default bot has 66 weights");
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
    group.bench_function("canonical_only", |b| {
        b.iter(|| {
            streams
                .iter()
                .map(|stream| black_box(stream).canonical().text.len())
                .sum::<usize>()
        });
    });
    let texts: Vec<String> = streams.iter().map(|s| s.canonical().text).collect();
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
