//! Matching allocates nothing, whether a template matches or not (counted with
//! `allocation-counter`, which replaces the global allocator of this test binary).

use std::path::PathBuf;

use bot_chat::ChatData;
use bot_chat::consts::{MTCONTEXT_ADDRESSEE, MTCONTEXT_TEAM_ORDERS};

fn data() -> ChatData {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/golden"
    ));
    ChatData::load_dir(&dir).unwrap().0
}

#[test]
fn matching_does_not_allocate() {
    let data = data();
    let long: Vec<u8> = b"nothing to see here, move along "
        .iter()
        .copied()
        .cycle()
        .take(256)
        .collect();
    let info = allocation_counter::measure(|| {
        assert!(data.find_match(&long, MTCONTEXT_TEAM_ORDERS).is_none());
        assert!(data.find_match(b"hello", MTCONTEXT_TEAM_ORDERS).is_none());
        let m = data.find_match(
            b"Grunt defend the base for 10 minutes",
            MTCONTEXT_TEAM_ORDERS,
        );
        assert_eq!(m.and_then(|m| m.variable(5)), Some(&b"the base"[..]));
        assert!(
            data.find_match(b"Grunt and Hunter", MTCONTEXT_ADDRESSEE)
                .is_some()
        );
    });
    assert_eq!(info.count_total, 0, "{info:?}");
    // The counter works: a vector allocates once.
    let info = allocation_counter::measure(|| {
        let _ = std::hint::black_box(vec![1u8; 10]);
    });
    assert_eq!(info.count_total, 1);
}
