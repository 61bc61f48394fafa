//! botlib's leniencies in the chat-file grammars, and the places where we deliberately stay
//! as strict as its reading loops (the "Leniencies" table of `ARCHITECTURE.md` names these
//! tests). Every text here is written for the test.

use bot_chat::model::{KeyKind, KeyPrefix};
use bot_chat::{ChatData, FileKind, LoadError};
use bot_script::MemorySource;

fn load(file: &str, text: &str, kind: FileKind) -> Result<ChatData, LoadError> {
    let source = MemorySource::new().with(file, text);
    let mut data = ChatData::default();
    data.load_file(&source, file, kind).map(|()| data)
}

fn loads(file: &str, text: &str, kind: FileKind) -> ChatData {
    load(file, text, kind).unwrap_or_else(|e| panic!("{text:?} is rejected: {e}"))
}

fn rejected(file: &str, text: &str, kind: FileKind) -> String {
    match load(file, text, kind) {
        Ok(_) => panic!("{text:?} loads"),
        Err(e) => e.to_string(),
    }
}

fn replies(text: &str) -> ChatData {
    loads("rchat.c", text, FileKind::ReplyChats)
}

#[test]
fn reply_keys_take_an_optional_comma_after_each_key() {
    // botlib reads a key, skips one `,` if there is one, and stops at `]`.
    for text in [
        "[\"good day\" name] = 5 { \"welcome\"; }",
        "[\"good day\", name] = 5 { \"welcome\"; }",
        "[\"good day\", name,] = 5 { \"welcome\"; }",
        "[\"good day\" name ,] = 5 { \"welcome\"; }",
    ] {
        let data = replies(text);
        let keys = &data.replies[0].keys;
        assert_eq!(keys.len(), 2, "{text}");
        assert_eq!(keys[0].kind, KeyKind::Word(b"good day".to_vec()), "{text}");
        assert_eq!(keys[1].kind, KeyKind::Name, "{text}");
    }
    // Two strings with nothing between are one token (the lexer merges them), so one key.
    let data = replies("[\"good \" \"day\"] = 5 { \"welcome\"; }");
    assert_eq!(
        data.replies[0].keys[0].kind,
        KeyKind::Word(b"good day".to_vec())
    );
    assert_eq!(data.replies[0].keys.len(), 1);
    // The comma may follow a key of any kind, the last one included.
    let data = replies(
        "[name, &female, !\"later\", (\"see \", 0), <\"Ann\", \"Bo\">, ] = 2.5 { \"bye\"; }\n\
         [\"one\",] = 1 { \"two\"; }",
    );
    let keys = &data.replies[0].keys;
    assert_eq!(keys.len(), 5);
    assert_eq!(keys[1].prefix, KeyPrefix::And);
    assert_eq!(keys[2].prefix, KeyPrefix::Not);
    assert!(matches!(keys[3].kind, KeyKind::Template(_)));
    assert!(matches!(keys[4].kind, KeyKind::Bots(_)));
    assert_eq!(data.replies[1].keys.len(), 1);
}

#[test]
fn reply_key_lists_need_a_key_before_each_comma() {
    // At least one key, and the comma only ever follows a key.
    let e = rejected("rchat.c", "[] = 5 { \"x\"; }", FileKind::ReplyChats);
    assert_eq!(e, "rchat.c:1:2: expected a reply key, found `]`");
    let e = rejected("rchat.c", "[,] = 5 { \"x\"; }", FileKind::ReplyChats);
    assert_eq!(e, "rchat.c:1:2: expected a reply key, found `,`");
    let e = rejected("rchat.c", "[, \"a\"] = 5 { \"x\"; }", FileKind::ReplyChats);
    assert_eq!(e, "rchat.c:1:2: expected a reply key, found `,`");
    let e = rejected(
        "rchat.c",
        "[\"a\", , \"b\"] = 5 { \"x\"; }",
        FileKind::ReplyChats,
    );
    assert_eq!(e, "rchat.c:1:7: expected `]` or a reply key, found `,`");
}
