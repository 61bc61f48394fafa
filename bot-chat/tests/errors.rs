//! Rejected chat files: every error names the file, line, column and offending token.

use bot_chat::{ChatData, FileKind, LoadError};
use bot_script::MemorySource;

fn load_one(file: &str, text: &str, kind: FileKind) -> Result<ChatData, LoadError> {
    let source = MemorySource::new()
        .with(file, text)
        .with("inc.h", "#define SEVEN 7\n[\"a\"] = 1 { \"x\" }\n");
    let mut data = ChatData::default();
    data.load_file(&source, file, kind).map(|()| data)
}

fn error(file: &str, text: &str, kind: FileKind) -> String {
    load_one(file, text, kind)
        .expect_err("rejected")
        .to_string()
}

#[test]
fn reply_chat_without_priority() {
    assert_eq!(
        error(
            "rchat.c",
            "[\"hi\"] = 2 { \"yo\"; }\n\n[\"bye\"] = { }\n",
            FileKind::ReplyChats
        ),
        "rchat.c:3:11: expected a number, found `{`"
    );
}

#[test]
fn errors_inside_includes_carry_the_include_stack() {
    let e = error("rchat.c", "#include \"inc.h\"\n", FileKind::ReplyChats);
    assert_eq!(
        e,
        "inc.h:2:17: expected `,` or `;`, found `}` (included from rchat.c:1:1)"
    );
}

#[test]
fn variables_out_of_range() {
    let e = error("rnd.c", "x = { \"a\", 8; }", FileKind::RandomStrings);
    assert_eq!(e, "rnd.c:1:12: variable 8 out of range (0 to 7)");
    let e = error(
        "match.c",
        "2 { 0, \" \", 9 = (1, 0); }",
        FileKind::MatchTemplates,
    );
    assert!(e.contains("variable 9 out of range"), "{e}");
}

#[test]
fn adjacent_variables_are_rejected() {
    let e = error(
        "match.c",
        "2 { 0, \"\"|\"\", 1 = (1, 0); }",
        FileKind::MatchTemplates,
    );
    assert_eq!(
        e,
        "match.c:1:15: two adjacent variables in a match template"
    );
    assert!(
        load_one(
            "match.c",
            "2 { 0, \" \"|\"\", 1 = (1, 0); }",
            FileKind::MatchTemplates
        )
        .is_err()
    );
    assert!(
        load_one(
            "match.c",
            "2 { 0, \" \", 1 = (1, 0); }",
            FileKind::MatchTemplates
        )
        .is_ok()
    );
}

#[test]
fn synonym_rules() {
    let e = error("syn.c", "1 { [(\"a\", 1), (\"\", 1)] }", FileKind::Synonyms);
    assert_eq!(e, "syn.c:1:17: empty synonym");
    let e = error("syn.c", "1 { [(\"a\", 1)] }", FileKind::Synonyms);
    assert!(e.contains("expected `,`, found `]`"), "{e}");
    let e = error("syn.c", "}", FileKind::Synonyms);
    assert!(e.contains("without an open synonym context"), "{e}");
    let data = load_one(
        "syn.c",
        "1 { 4 { [(\"a\", 1), (\"b\", 0.5)] } [(\"c\", 1), (\"d\", 1)] }",
        FileKind::Synonyms,
    )
    .unwrap();
    assert_eq!(data.synonyms[0].context, 5, "nested contexts OR their bits");
    assert_eq!(data.synonyms[1].context, 1);
    assert!((data.synonyms[0].entries[1].1 - 0.5).abs() < 1e-6);
}

#[test]
fn message_parts() {
    let e = error("rnd.c", "x = { \"a\", 1.5; }", FileKind::RandomStrings);
    assert!(e.starts_with("rnd.c:1:12: expected "), "{e}");
    assert!(e.ends_with("found number 1.5"), "{e}");
    let e = error("rnd.c", "x = { \"a\", - 1; }", FileKind::RandomStrings);
    assert!(e.ends_with("found `-`"), "{e}");
    let long = format!("x = {{ \"{}\"; }}", "a".repeat(256));
    assert!(error("rnd.c", &long, FileKind::RandomStrings).contains("longer than 255"));
}

#[test]
fn not_equal_is_not_a_not_key() {
    // The lexer reads `!=` as one token, so `!="x"` is not "not x".
    let e = error(
        "rchat.c",
        "[\"a\", !=\"x\"] = 1 { \"b\"; }",
        FileKind::ReplyChats,
    );
    assert!(e.starts_with("rchat.c:1:7:"), "{e}");
    assert!(e.ends_with("found `!=`"), "{e}");
}

#[test]
fn preprocessor_errors_pass_through() {
    let e = error("rchat.c", "#include \"nope.h\"\n", FileKind::ReplyChats);
    assert!(e.contains("nope.h"), "{e}");
    assert!(matches!(
        load_one("rchat.c", "#include \"nope.h\"", FileKind::ReplyChats),
        Err(LoadError::Script(_))
    ));
}

#[test]
fn initial_chat_file_grammar() {
    let data = load_one(
        "bots/x_t.c",
        "chat \"x\" { type \"a_very_long_type_name_that_is_truncated_here\" { \"hi\", 0, list; } }",
        FileKind::InitialChats,
    )
    .unwrap();
    let t = &data.initial[0].blocks[0].types[0];
    assert_eq!(t.name.len(), 31);
    assert_eq!(t.lines[0], b"hi\x01v0\x01\x01rlist\x01");
    let e = error(
        "bots/x_t.c",
        "chat \"x\" { kind \"a\" { } }",
        FileKind::InitialChats,
    );
    assert!(
        e.contains("expected `}` or `type`, found name `kind`"),
        "{e}"
    );
}
