//! Loading and preprocessing one bot's weight files: `bots/default_i.c` (with `inv.h` and
//! `fuzi.c`: 53 weights, 717 `$evalfloat`) and `bots/default_w.c` (with `inv.h` and
//! `fuzw.c`) of the `NeonKnightOA` set, read from disk through the case-insensitive
//! `DirSource` with a fresh `Preprocessor` each time (as a loader does), canonical text
//! rendering included (`default_i_and_w_tokens_only`: without it). Target: under 2 ms for both
//! files together.
//!
//! Before timing, the answers are checked: the weight definitions (53 and 13) and the tokens
//! of each file.

use std::hint::black_box;

use bot_script::{DirSource, Preprocessor};
use criterion::{Criterion, criterion_main};

/// Tokens of each file after preprocessing (includes and macros expanded), as this bench's
/// code counted them when it was written.
const TOKENS: [(&str, usize); 2] = [("bots/default_i.c", 3804), ("bots/default_w.c", 593)];

/// Preprocesses `file` under `root` and renders its canonical text; the number of `weight`
/// tokens.
fn load(root: &std::path::Path, file: &str) -> usize {
    let stream = tokens_only(root, file);
    let text = stream.canonical();
    black_box(text.text.len());
    stream.tokens.iter().filter(|t| t.is_name("weight")).count()
}

/// Preprocesses `file` under `root` (no canonical text).
fn tokens_only(root: &std::path::Path, file: &str) -> bot_script::TokenStream {
    let mut pre = Preprocessor::new(DirSource::new(root));
    pre.preprocess_file(file)
        .expect("shared weight file preprocesses")
}

fn preprocess(c: &mut Criterion) {
    let Some(data) = real_data::find() else {
        #[expect(clippy::print_stderr, reason = "a skipped bench must say so")]
        {
            eprintln!("preprocess: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let root = data.join("botfiles/NeonKnightOA-nk-oa-botfiles/botfiles");
    // Expected answers (real-data.md §2.1): 53 + 13 weight definitions.
    assert_eq!(load(&root, "bots/default_i.c"), 53, "default_i.c: weights");
    assert_eq!(load(&root, "bots/default_w.c"), 13, "default_w.c: weights");
    for (file, tokens) in TOKENS {
        assert_eq!(
            tokens_only(&root, file).len(),
            tokens,
            "{file}: tokens after preprocessing"
        );
    }
    let mut group = c.benchmark_group("bot_script_preprocess");
    group.bench_function("default_i", |b| {
        b.iter(|| load(black_box(&root), "bots/default_i.c"));
    });
    group.bench_function("default_w", |b| {
        b.iter(|| load(black_box(&root), "bots/default_w.c"));
    });
    group.bench_function("default_i_and_w", |b| {
        b.iter(|| {
            load(black_box(&root), "bots/default_i.c") + load(black_box(&root), "bots/default_w.c")
        });
    });
    group.bench_function("default_i_and_w_tokens_only", |b| {
        b.iter(|| {
            tokens_only(black_box(&root), "bots/default_i.c").len()
                + tokens_only(black_box(&root), "bots/default_w.c").len()
        });
    });
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::preprocess;
    criterion::criterion_group!(benches, preprocess);
}
use group::benches;
criterion_main!(benches);
