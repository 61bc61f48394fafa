//! The compiled form evaluates without touching the heap: decided, undecided, best weapon and
//! item scores, counted by a global allocator that counts.

mod common;

use fuzzy_weights::{
    CompiledConfig, EvalSettings, Interpolation, Undecided, best_weapon, score_items,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn evaluation_allocates_nothing(config in common::config(), inventory in common::inventory()) {
        let compiled = CompiledConfig::new(&config);
        let ids: Vec<_> = compiled.ids().collect();
        let mut scores = vec![0.0f32; ids.len()];
        let mut rng = SmallRng::seed_from_u64(7);
        let mut sink = 0.0f32;
        let info = allocation_counter::measure(|| {
            for interpolation in [Interpolation::Linear, Interpolation::Step] {
                for &id in &ids {
                    sink += compiled.evaluate(id, &inventory, interpolation);
                }
                for undecided in [Undecided::Throughout, Undecided::BotlibDecidedNext] {
                    let settings = EvalSettings { interpolation, undecided };
                    for &id in &ids {
                        sink += compiled.evaluate_undecided(id, &inventory, settings, &mut rng);
                    }
                    score_items(&compiled, &ids, &inventory, settings, &mut rng, &mut scores);
                }
                sink += best_weapon(&compiled, &ids, &inventory, interpolation).map_or(0.0, |b| b.1);
            }
        });
        prop_assert!(sink.is_finite());
        prop_assert_eq!(info.count_total, 0);
    }
}

#[test]
fn the_counter_counts() {
    // Guards against a counter that never counts (the test above would pass vacuously).
    let info = allocation_counter::measure(|| {
        let boxed = std::hint::black_box(Box::new(5u32));
        drop(boxed);
    });
    assert_eq!(info.count_total, 1);
}
