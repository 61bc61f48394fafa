//! The chat engine on the `mecwerks` set (the one whose chat files all load): matching a
//! 256-byte message against its 177 match templates of every context but ADDRESSEE and
//! PATROLKEYAREA (whose single-variable templates match anything) — no template matches: the
//! worst case, and no allocation by construction —, matching a real team order, and
//! choosing a reply among about 450 reply chats (its 24 reply chats repeated 19 times in
//! memory, 456 in all) for a message that fires none and for one that fires.
//! Targets: match < 2 µs, reply choice < 20 µs.
//!
//! Before timing, every answer is checked (templates and chats loaded, which template
//! matches, whether a reply fires).

use std::hint::black_box;

use bot_chat::consts::{MSG_DEFENDKEYAREA, MTCONTEXT_TEAM_ORDERS, ST_ADDRESSED, VAR_ADDRESSEE};
use bot_chat::{ChatData, ChatState, Gender};
use criterion::{Criterion, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// 256 bytes of ordinary words that no template matches.
fn unmatched_message() -> Vec<u8> {
    let words = b"the quick brown fox jumps over the lazy dog and keeps running around ";
    let mut message: Vec<u8> = words.iter().copied().cycle().take(256).collect();
    message[255] = b'x';
    message
}

fn chat(c: &mut Criterion) {
    let Some(data_dir) = real_data::find() else {
        #[expect(clippy::print_stderr, reason = "a skipped bench must say so")]
        {
            eprintln!("chat: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let root = data_dir.join("botfiles/mecwerks-Mecwerks-AI/botfiles");
    let (data, reports) = ChatData::load_dir(&root).expect("the set lists");
    assert!(reports.iter().all(|r| r.error.is_none()), "{reports:#?}");
    assert_eq!(data.templates.len(), 184, "match templates loaded");
    let message = unmatched_message();
    // Every context but ADDRESSEE (32) and PATROLKEYAREA (64).
    let contexts = 2 | 4 | 8 | 16 | 128 | 256;
    let tried = data
        .templates
        .iter()
        .filter(|t| t.context & contexts != 0)
        .count();
    assert_eq!(tried, 177, "templates of the contexts tried");
    assert!(
        data.find_match(&message, contexts).is_none(),
        "a template matched the 256-byte message"
    );
    // A team order as the game prints it (`EC "(" NETNAME EC ")" PLACE EC ": "`): match.c's
    // `ADDRESSEE " defend " …` template, a defend order addressed to Grunt.
    let order = b"\x19(Sarge\x19)\x19: Grunt defend the base";
    let found = data.find_match(order, MTCONTEXT_TEAM_ORDERS).map(|m| {
        (
            m.kind(),
            m.subtype(),
            m.variable_text(VAR_ADDRESSEE).into_owned(),
        )
    });
    assert_eq!(
        found,
        Some((MSG_DEFENDKEYAREA, ST_ADDRESSED, "Grunt".to_owned())),
        "team order: (message type, subtype, ADDRESSEE) of the match found"
    );

    let mut group = c.benchmark_group("bot_chat_match");
    group.bench_function("unmatched_256_bytes_177_templates", |b| {
        b.iter(|| {
            data.find_match(black_box(&message), black_box(contexts))
                .is_some()
        });
    });
    group.bench_function("team_order", |b| {
        b.iter(|| {
            data.find_match(black_box(order), black_box(MTCONTEXT_TEAM_ORDERS))
                .map(|m| m.kind())
        });
    });
    group.finish();

    let mut big = data.clone();
    let replies = data.replies.clone();
    for _ in 1..19 {
        big.replies.extend(replies.iter().cloned());
    }
    assert_eq!(big.replies.len(), 456, "reply chats in memory");
    let mut bot = ChatState::new(&big, "Grunt", Gender::Male);
    let mut rng = SmallRng::seed_from_u64(1);
    let quiet = "what a lovely quiet afternoon on this map";
    assert!(
        bot.reply(&big, quiet, "Sarge", 0.0, &mut rng).is_none(),
        "{quiet:?}: a reply chat fired"
    );
    let mut group = c.benchmark_group("bot_chat_reply");
    group.bench_function("456_chats_none_fires", |b| {
        b.iter(|| {
            bot.reply(&big, black_box(quiet), "Sarge", 0.0, &mut rng)
                .is_some()
        });
    });
    // A message one of the set's reply chats has a key for (rchat.c:72).
    let hello = "why is that";
    let fires = bot.reply(&big, hello, "Sarge", 0.0, &mut rng).is_some();
    assert!(fires, "{hello:?}: no reply chat fired");
    group.bench_function("456_chats_one_fires_and_builds", |b| {
        let mut now = 0.0_f32;
        b.iter(|| {
            now += 30.0;
            bot.reply(&big, black_box(hello), "Sarge", now, &mut rng)
                .is_some()
                == fires
        });
    });
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::chat;
    criterion::criterion_group!(benches, chat);
}
use group::benches;
criterion_main!(benches);
