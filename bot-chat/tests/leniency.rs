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

#[test]
fn empty_blocks_load() {
    // Each block is read "until its `}`", so a block may hold nothing.
    let data = loads("syn.c", "1 { } 2 { 4 { } }", FileKind::Synonyms);
    assert!(data.synonyms.is_empty());
    let data = loads(
        "rnd.c",
        "nothing = { } one = { \"x\"; }",
        FileKind::RandomStrings,
    );
    assert_eq!(data.random.len(), 2);
    assert!(data.random[0].strings.is_empty());
    let data = loads(
        "match.c",
        "1 { } 2 { \"hi\" = (3, 0); }",
        FileKind::MatchTemplates,
    );
    assert_eq!(data.templates.len(), 1);
    assert_eq!(data.templates[0].context, 2);
    let data = replies("[\"quiet\"] = 3 { }");
    assert!(data.replies[0].lines.is_empty());
    let data = loads(
        "bots/b_t.c",
        "chat \"none\" { } chat \"some\" { type \"silent\" { } type \"loud\" { \"hey\"; } }",
        FileKind::InitialChats,
    );
    let blocks = &data.initial[0].blocks;
    assert!(blocks[0].types.is_empty());
    assert!(blocks[1].types[0].lines.is_empty());
    assert_eq!(blocks[1].types[1].lines.len(), 1);
}

#[test]
fn synonym_contexts_open_at_end_of_file_load() {
    // syn.c is one flat loop over "number `{`", `}` and lists: nothing checks at the end of
    // the file that every context was closed. A `}` with no open context is an error.
    let data = loads(
        "syn.c",
        "1 { 2 { [(\"hello\", 1), (\"hi\", 1)]",
        FileKind::Synonyms,
    );
    assert_eq!(data.synonyms[0].context, 3);
    let e = rejected("syn.c", "1 { } }", FileKind::Synonyms);
    assert_eq!(e, "syn.c:1:7: `}` without an open synonym context");
}

#[test]
fn message_separators_stay_strict() {
    // A message is part { `,` part } `;`: after a part only `;` (the end) or `,` (another
    // part) may follow, and a part must follow a `,`.
    let rnd = |text: &str| rejected("rnd.c", text, FileKind::RandomStrings);
    assert_eq!(
        rnd("x = { \"a\", ; }"),
        "rnd.c:1:12: expected a message part (string, variable number or random list name), found `;`"
    );
    assert!(rnd("x = { ; }").ends_with("found `;`"));
    assert!(rnd("x = { \"a\" 0; }").ends_with("found number 0"));
    assert!(rnd("x = { \"a\" y; }").ends_with("found name `y`"));
    assert!(rnd("x = { \"a\", , \"b\"; }").ends_with("found `,`"));
    assert!(rnd("x = { \"a\" }").ends_with("found `}`"));
    assert!(rnd("x = { \"a\";; }").ends_with("found `;`"));
    // Two strings with nothing between are one token, so one part.
    let data = loads("rnd.c", "x = { \"a\" \"b\", 0; }", FileKind::RandomStrings);
    assert_eq!(data.random[0].strings[0], b"ab\x01v0\x01");
}

#[test]
fn piece_and_entry_separators_stay_strict() {
    // Match pieces: a `,` between pieces, none after the last (the end token follows).
    let m = |text: &str| rejected("match.c", text, FileKind::MatchTemplates);
    assert!(m("1 { \"a\", = (1, 0); }").ends_with("found `=`"));
    assert!(m("1 { \"a\" 0 = (1, 0); }").ends_with("found number 0"));
    assert!(m("1 { = (1, 0); }").ends_with("found `=`"));
    assert!(m("1 { \"a\"| = (1, 0); }").ends_with("found `=`"));
    assert!(m("1 { \"a\" = (1, 0, ); }").ends_with("found `,`"));
    assert!(m("1 { \"a\" = (1, 0) }").ends_with("found `}`"));
    // The same pieces inside a reply-chat template key, ended by `)`.
    let r = |text: &str| rejected("rchat.c", text, FileKind::ReplyChats);
    assert!(r("[(\"a\", )] = 1 { \"b\"; }").ends_with("found `)`"));
    assert!(r("[()] = 1 { \"b\"; }").ends_with("found `)`"));
    // Bot-name keys: names separated by `,`, at least one, none after the last.
    assert!(r("[<\"Ann\", >] = 1 { \"b\"; }").ends_with("found `>`"));
    assert!(r("[<>] = 1 { \"b\"; }").ends_with("found `>`"));
    assert!(r("[<\"Ann\" name>] = 1 { \"b\"; }").ends_with("found name `name`"));
    // Synonym lists: `,` between entries, none after the last, at least two entries.
    let s = |text: &str| rejected("syn.c", text, FileKind::Synonyms);
    assert!(s("1 { [(\"a\", 1), (\"b\", 1),] }").ends_with("found `]`"));
    assert!(s("1 { [(\"a\", 1) (\"b\", 1)] }").ends_with("found `(`"));
    assert!(s("1 { [] }").ends_with("found `]`"));
    assert!(s("1 { [(\"a\", 1, ), (\"b\", 1)] }").ends_with("found `,`"));
}

#[test]
fn nothing_may_separate_top_level_blocks() {
    // Each file's reading loop expects the start of its next block, never a separator.
    assert!(rejected("rnd.c", "x = { \"a\"; };", FileKind::RandomStrings).ends_with("found `;`"));
    assert!(rejected("rnd.c", "x { \"a\"; }", FileKind::RandomStrings).ends_with("found `{`"));
    assert!(rejected("match.c", "1 { }, 2 { }", FileKind::MatchTemplates).ends_with("found `,`"));
    assert!(rejected("syn.c", "1 { };", FileKind::Synonyms).ends_with("found `;`"));
    assert!(
        rejected(
            "syn.c",
            "1 { [(\"a\", 1), (\"b\", 1)], }",
            FileKind::Synonyms
        )
        .ends_with("found `,`")
    );
    assert!(
        rejected("rchat.c", "[\"a\"] = 1 { \"b\"; };", FileKind::ReplyChats).ends_with("found `;`")
    );
    assert!(
        rejected(
            "bots/b_t.c",
            "chat \"b\" { type \"t\" { }; }",
            FileKind::InitialChats
        )
        .ends_with("found `;`")
    );
}

#[test]
fn blocks_must_be_closed() {
    // Reaching the end of the file inside a block is an error (syn.c contexts excepted).
    assert!(
        rejected("rnd.c", "x = { \"a\";", FileKind::RandomStrings).ends_with("found end of file")
    );
    assert!(
        rejected("match.c", "1 { \"a\" = (1, 0);", FileKind::MatchTemplates)
            .ends_with("found end of file")
    );
    assert!(
        rejected("rchat.c", "[\"a\"] = 1 { \"b\";", FileKind::ReplyChats)
            .ends_with("found end of file")
    );
    assert!(
        rejected(
            "bots/b_t.c",
            "chat \"b\" { type \"t\" { }",
            FileKind::InitialChats
        )
        .ends_with("found end of file")
    );
}

#[test]
fn every_chat_block_is_parsed_even_one_botlib_would_skip() {
    // botlib reads only the chat blocks named for the character it loads and skips the others
    // by counting braces, so a defect in another character's block never reaches it. We load
    // a file once for every character, so a defect in any block rejects the whole file.
    let e = rejected(
        "bots/b_t.c",
        "chat \"mine\" { type \"t\" { \"hi\"; } }\nchat \"other\" { type \"t\" { \"a\" \"b\" } }",
        FileKind::InitialChats,
    );
    assert!(e.starts_with("bots/b_t.c:2:"), "{e}");
    assert!(e.ends_with("found `}`"), "{e}");
}
