//! Hostile input: arbitrary bytes as any chat file kind give data or an error, never a panic,
//! and whatever loads answers matching, replies and lint without panicking.

use bot_chat::lint::lint;
use bot_chat::{ChatData, ChatState, FileKind, Gender, ROOT_CHAT_FILES};
use bot_script::MemorySource;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Every chat file kind once: the root files and one initial-chat file.
const KINDS: [(&str, FileKind); 5] = {
    let [a, b, c, d] = ROOT_CHAT_FILES;
    [a, b, c, d, ("bots/x_t.c", FileKind::InitialChats)]
};

/// Text built from the chat languages' own tokens, so the loaders get past the first token.
fn chat_soup() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "CONTEXT_NORMAL",
        "MTCONTEXT_MISC",
        "{",
        "}",
        "[",
        "]",
        "(",
        ")",
        "=",
        ",",
        ";",
        "\"a\"",
        "\"b c\"",
        "\"\"",
        "1",
        "2",
        "0.5",
        "NETNAME",
        "MESSAGE",
        "chat",
        "type",
        "\"x\"",
        "&",
        "!",
        "~",
        "#define A 3",
        "#include \"nothere.h\"",
        "A",
        "\n",
        " ",
    ]);
    prop::collection::vec(pieces, 0..60).prop_map(|v| v.join(" "))
}

fn exercise(source: &MemorySource) {
    let files: Vec<(String, FileKind)> = KINDS.iter().map(|&(f, k)| (f.to_owned(), k)).collect();
    let (data, reports) = ChatData::load(source, &files);
    assert_eq!(reports.len(), files.len());
    let _ = data.find_match(b"hello there, you", u32::MAX);
    let mut bot = ChatState::new(&data, "grunt", Gender::Male);
    let mut rng = SmallRng::seed_from_u64(7);
    let _ = bot.reply(&data, "I hate you", "player", 0.0, &mut rng);
    let _ = lint(&data);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_panic(files in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..200), 5)) {
        let mut source = MemorySource::new();
        for ((name, _), bytes) in KINDS.iter().zip(files) {
            source.insert(name, bytes);
        }
        exercise(&source);
    }

    #[test]
    fn token_soups_never_panic(files in prop::collection::vec(chat_soup(), 5)) {
        let mut source = MemorySource::new();
        for ((name, _), text) in KINDS.iter().zip(files) {
            source.insert(name, text.into_bytes());
        }
        exercise(&source);
    }
}
