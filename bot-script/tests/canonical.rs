//! The canonical text rendering: exact examples for each rule, the string round trip and
//! the offset → token map.

use std::sync::Arc;

use bot_script::{
    IncludeFrame, Number, SourcePos, Token, TokenKind, TokenStream, TokenText,
    decode_canonical_string, tokenize,
};
use proptest::prelude::*;

fn canon(source: &[u8]) -> String {
    tokenize("t.c", source).expect("lexes").canonical().text
}

fn token(kind: TokenKind, text: &[u8], number: Option<Number>, line: u32) -> Token {
    Token {
        kind,
        text: TokenText::from_slice(text),
        number,
        pos: SourcePos::new(Arc::from("t.c"), line, 1),
        include: 0,
    }
}

#[test]
fn separators() {
    assert_eq!(canon(b"a b\n\n  c  d\ne"), "a b\nc d\ne");
    assert_eq!(canon(b"  \n"), "");
    // Tokens from another file start a new line even on the same line number.
    let mut other = token(TokenKind::Name, b"y", None, 1);
    other.pos.file = Arc::from("u.c");
    let stream = TokenStream::new(
        vec![token(TokenKind::Name, b"x", None, 1), other],
        Vec::new(),
        vec![IncludeFrame {
            included_at: None,
            parent: 0,
        }],
    );
    assert_eq!(stream.canonical().text, "x\ny");
}

#[test]
fn names_punctuation_and_minus() {
    assert_eq!(canon(b"balance(-5,x>>=y)"), "balance ( - 5 , x >>= y )");
}

#[test]
fn numbers() {
    assert_eq!(
        canon(b"0x10 010 0b11 9 18446744073709551615"),
        "16 8 3 9 18446744073709551615"
    );
    assert_eq!(
        canon(b"25.0 0.1 1.5 7. .25 100.000"),
        "25.0 0.1 1.5 7.0 0.25 100.0"
    );
    assert_eq!(canon(b"1234567.125"), "1234567.125");
    assert_eq!(canon(b"10UL 2l"), "10 2");
    // Never an exponent.
    let big = token(TokenKind::Number, b"x", Some(Number::float(1e21)), 1);
    let tiny = token(TokenKind::Number, b"x", Some(Number::float(1e-7)), 1);
    let stream = TokenStream::new(vec![big, tiny], Vec::new(), Vec::new());
    assert_eq!(
        stream.canonical().text,
        "1000000000000000000000.0 0.0000001"
    );
}

#[test]
fn strings_and_literals() {
    assert_eq!(canon(br#""plain text""#), r#""plain text""#);
    assert_eq!(canon(br#""a\\b\"c""#), r#""a\\b\"c""#);
    assert_eq!(
        canon(b"\"\\x19(\" \"\\n\\t\" \"\x7f\xe9\""),
        r#""\x19(\x0a\x09\x7f\xe9""#
    );
    assert_eq!(canon(b"\"\\x19(\", \"\\n\\t\""), r#""\x19(" , "\x0a\x09""#);
    assert_eq!(canon(b"\"it's ~ok\""), r#""it's ~ok""#);
    assert_eq!(canon(br#"'a\'b"' "#), r#"'a\'b"'"#);
    assert_eq!(canon(b"\"\""), "\"\"");
}

#[test]
fn decode_inverts_rendering() {
    assert_eq!(decode_canonical_string(r#""a\x19b""#), b"a\x19b");
    assert_eq!(decode_canonical_string(r#""\\\"""#), b"\\\"");
    assert_eq!(decode_canonical_string(r#"'\''"#), b"'");
    assert_eq!(decode_canonical_string(r#""\xff\x00""#), b"\xff\x00");
    // Lenient on malformed input.
    assert_eq!(decode_canonical_string(r#""\x4"#), b"x4");
    assert_eq!(decode_canonical_string("\"abc"), b"abc");
    assert_eq!(decode_canonical_string("\\"), b"\\");
}

#[test]
fn token_at_maps_offsets() {
    let stream = tokenize("t.c", b"weight \"x\"\n{ 12 }").unwrap();
    let text = stream.canonical();
    assert_eq!(text.text, "weight \"x\"\n{ 12 }");
    assert_eq!(text.token_starts(), [0, 7, 11, 13, 16]);
    assert_eq!(text.token_at(0), Some(0));
    assert_eq!(text.token_at(5), Some(0));
    assert_eq!(text.token_at(6), Some(1)); // whitespace: the token that follows
    assert_eq!(text.token_at(9), Some(1));
    assert_eq!(text.token_at(10), Some(2)); // the newline
    assert_eq!(text.token_at(14), Some(3));
    assert_eq!(text.token_at(17), Some(4)); // the end of the text: the last token
    assert_eq!(text.token_at(18), None);
    assert_eq!(text.token_range(1), Some(7..10));
    assert_eq!(tokenize("t.c", b"").unwrap().canonical().token_at(0), None);
}

fn arb_token() -> impl Strategy<Value = Token> {
    let line = 1u32..4;
    prop_oneof![
        (prop::collection::vec(any::<u8>(), 0..12), line.clone()).prop_map(|(b, l)| token(
            TokenKind::String,
            &b,
            None,
            l
        )),
        (prop::collection::vec(any::<u8>(), 0..6), line.clone()).prop_map(|(b, l)| token(
            TokenKind::Literal,
            &b,
            None,
            l
        )),
        (any::<u64>(), line.clone())
            .prop_map(|(v, l)| { token(TokenKind::Number, b"n", Some(Number::integer(v)), l) }),
        (0.0f64..1e12, line.clone())
            .prop_map(|(v, l)| { token(TokenKind::Number, b"f", Some(Number::float(v)), l) }),
        ("[A-Za-z_][A-Za-z0-9_]{0,8}", line.clone()).prop_map(|(s, l)| token(
            TokenKind::Name,
            s.as_bytes(),
            None,
            l
        )),
        (
            prop::sample::select(vec!["{", "}", "-", ">>=", "!=", ",", ";"]),
            line
        )
            .prop_map(|(s, l)| token(TokenKind::Punct, s.as_bytes(), None, l)),
    ]
}

proptest! {
    #[test]
    fn rendered_strings_decode_back(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let stream = TokenStream::new(
            vec![token(TokenKind::String, &bytes, None, 1), token(TokenKind::Literal, &bytes, None, 1)],
            Vec::new(),
            Vec::new(),
        );
        let text = stream.canonical();
        prop_assert!(text.text.is_ascii());
        let string = &text.text[text.token_range(0).unwrap()];
        let literal = &text.text[text.token_range(1).unwrap()];
        prop_assert_eq!(decode_canonical_string(string), bytes.clone());
        prop_assert_eq!(decode_canonical_string(literal), bytes);
    }

    #[test]
    fn token_at_finds_every_token(tokens in prop::collection::vec(arb_token(), 0..40)) {
        let stream = TokenStream::new(tokens, Vec::new(), Vec::new());
        let text = stream.canonical();
        prop_assert_eq!(text.token_starts().len(), stream.len());
        for (index, &start) in text.token_starts().iter().enumerate() {
            prop_assert_eq!(text.token_at(start), Some(index));
            let range = text.token_range(index).unwrap();
            prop_assert!(range.end > range.start);
            prop_assert_eq!(text.token_at(range.end - 1), Some(index));
            // Numbers match the grammar's INT / float patterns.
            let rendered = &text.text[range];
            if let Some(n) = stream.tokens[index].number {
                let digits = rendered.split('.').collect::<Vec<_>>();
                prop_assert!(digits.iter().all(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())), "{}", rendered);
                prop_assert_eq!(digits.len(), if n.is_float { 2 } else { 1 });
            }
        }
    }
}
