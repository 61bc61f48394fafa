//! The lexer on its own: token kinds, escapes, numbers, punctuation, comments, bytes,
//! positions, string merging and errors.

use bot_script::{ErrorKind, Lexer, Token, TokenKind, tokenize};

fn lex(source: &[u8]) -> Vec<Token> {
    tokenize("t.c", source).expect("lexes").tokens
}

fn texts(source: &[u8]) -> Vec<String> {
    lex(source).iter().map(Token::text_lossy).collect()
}

fn lex_error(source: &[u8]) -> String {
    tokenize("t.c", source).expect_err("must fail").to_string()
}

#[test]
fn every_token_kind() {
    let tokens = lex(b"\"str\" 'lit' 42 name_1 _x {");
    let kinds: Vec<TokenKind> = tokens.iter().map(|t| t.kind).collect();
    assert_eq!(
        kinds,
        [
            TokenKind::String,
            TokenKind::Literal,
            TokenKind::Number,
            TokenKind::Name,
            TokenKind::Name,
            TokenKind::Punct
        ]
    );
    assert_eq!(tokens[0].as_bytes(), b"str");
    assert_eq!(tokens[1].as_bytes(), b"lit");
    assert_eq!(tokens[2].as_bytes(), b"42");
    assert_eq!(tokens[3].as_bytes(), b"name_1");
    assert!(tokens[0].number.is_none());
    assert_eq!(tokens[2].number.map(|n| n.int), Some(42));
}

#[test]
fn every_escape() {
    let tokens = lex(br#""\\ \n \r \t \v \b \f \a \' \" \? \x41 \x7e \65 \0""#);
    assert_eq!(
        tokens[0].as_bytes(),
        b"\\ \n \r \t \x0b \x08 \x0c \x07 ' \" ? A ~ A \0"
    );
    // `\x` takes at most two hex digits (C-like; botlib would swallow letters).
    assert_eq!(lex(br#""\x19a""#)[0].as_bytes(), b"\x19a");
    assert_eq!(lex(br#""\x19(""#)[0].as_bytes(), b"\x19(");
    assert_eq!(lex(br#""\x3g""#)[0].as_bytes(), b"\x03g");
    // Decimal (not octal) codes, clamped to 255 with a warning.
    let stream = tokenize("t.c", br#""\101\300""#).expect("lexes");
    assert_eq!(stream.tokens[0].as_bytes(), b"e\xff");
    assert_eq!(stream.warnings.len(), 1);
    assert_eq!(stream.warnings[0].pos.column, 6);
    assert!(stream.warnings[0].message.contains("clamped"));
    // An unknown escape warns and keeps the character.
    let stream = tokenize("t.c", br#""a\qb""#).expect("lexes");
    assert_eq!(stream.tokens[0].as_bytes(), b"aqb");
    assert_eq!(stream.warnings.len(), 1);
    // In literals too.
    assert_eq!(lex(br"'\''")[0].as_bytes(), b"'");
}

fn number(source: &str) -> (u64, f64, bool) {
    let tokens = lex(source.as_bytes());
    let n = tokens[0].number.expect("a number");
    (n.int, n.float, n.is_float)
}

#[test]
fn numbers_carry_both_values() {
    assert_eq!(number("250"), (250, 250.0, false));
    assert_eq!(number("0x1F"), (31, 31.0, false));
    assert_eq!(number("0XBEEF"), (0xBEEF, 48879.0, false));
    assert_eq!(number("0b1010"), (10, 10.0, false));
    assert_eq!(number("010"), (8, 8.0, false));
    assert_eq!(number("0777"), (511, 511.0, false));
    assert_eq!(number("09"), (9, 9.0, false));
    assert_eq!(number("0"), (0, 0.0, false));
    assert_eq!(number("2.75"), (2, 2.75, true));
    assert_eq!(number("0.1"), (0, 0.1, true));
    assert_eq!(number(".5"), (0, 0.5, true));
    assert_eq!(number("7."), (7, 7.0, true));
    assert_eq!(number("010.5"), (10, 10.5, true));
}

#[test]
fn number_edge_cases() {
    // A second dot ends the number: `1.2.3` is 1.2 then .3.
    let tokens = lex(b"1.2.3");
    assert_eq!(tokens.len(), 2);
    assert_eq!(tokens[0].number.map(|n| n.float), Some(1.2));
    assert_eq!(tokens[1].number.map(|n| n.float), Some(0.3));
    // No exponent: `1e3` is 1 then the name e3.
    assert_eq!(texts(b"1e3"), ["1", "e3"]);
    assert_eq!(lex(b"1e3")[1].kind, TokenKind::Name);
    // Up to two l/L/u/U suffixes are consumed.
    let tokens = lex(b"10UL 7l 3uLu");
    assert_eq!(texts(b"10UL 7l 3uLu"), ["10UL", "7l", "3uL", "u"]);
    assert_eq!(tokens[0].number.map(|n| n.int), Some(10));
    // Letters after a number start a name; `..` is two dots.
    assert_eq!(texts(b"12abc 5..x"), ["12", "abc", "5.", ".", "x"]);
    // No sign: `-` is punctuation.
    assert_eq!(texts(b"-5"), ["-", "5"]);
}

#[test]
fn punctuation_longest_match() {
    assert_eq!(
        texts(b"a!=b&&c>>=d<<=e...f##g||h->i::j.*k"),
        [
            "a", "!=", "b", "&&", "c", ">>=", "d", "<<=", "e", "...", "f", "##", "g", "||", "h",
            "->", "i", "::", "j", ".*", "k"
        ]
    );
    assert_eq!(
        texts(b"++-- <=>= === >>> <<<"),
        ["++", "--", "<=", ">=", "==", "=", ">>", ">", "<<", "<"]
    );
    let singles = "* / % + - = & | ^ ~ ! > < . , ; : ? ( ) { } [ ] \\ # $";
    assert_eq!(
        texts(singles.as_bytes()),
        singles.split(' ').collect::<Vec<_>>()
    );
    // A reply key written `!="x"` is `!=` then a string.
    assert_eq!(texts(b"!=\"x\""), ["!=", "x"]);
}

#[test]
fn comments_and_whitespace() {
    let tokens = lex(b"a // line comment \"not a string\"\nb /* block\ncomment */ c/**/d");
    assert_eq!(
        tokens.iter().map(Token::text_lossy).collect::<Vec<_>>(),
        ["a", "b", "c", "d"]
    );
    assert_eq!(tokens[1].pos.line, 2);
    assert_eq!(tokens[2].pos.line, 3);
    assert_eq!(tokens[2].pos.column, 12);
    // `/` alone and `/=` are punctuation.
    assert_eq!(texts(b"a/b/=c"), ["a", "/", "b", "/=", "c"]);
}

#[test]
fn latin1_bytes() {
    // Outside strings bytes >= 0x80 are whitespace; inside strings and comments they are kept.
    assert_eq!(texts(b"a\xe9b \xff"), ["a", "b"]);
    assert_eq!(lex(b"\"caf\xe9\"")[0].as_bytes(), b"caf\xe9");
    assert_eq!(texts(b"// r\xe9sum\xe9\nx /* \xe0 */ y"), ["x", "y"]);
    // Control bytes are whitespace too; DEL (0x7f) starts no token.
    assert_eq!(texts(b"a\x01\x1fb"), ["a", "b"]);
    assert_eq!(
        lex_error(b"a\x7f"),
        "t.c:1:2: can't read token: unexpected byte 0x7f"
    );
}

#[test]
fn positions() {
    let tokens = lex(b"weight \"x\"\n  {\r\n\treturn 5;\n}");
    let positions: Vec<(u32, u32)> = tokens.iter().map(|t| (t.pos.line, t.pos.column)).collect();
    assert_eq!(
        positions,
        [(1, 1), (1, 8), (2, 3), (3, 2), (3, 9), (3, 10), (4, 1)]
    );
    assert!(tokens.iter().all(|t| &*t.pos.file == "t.c"));
}

#[test]
fn adjacent_strings_merge() {
    let tokens = lex(b"\"a\" /* c */ \"b\"\n// x\n  \"c\" , \"d\" 'e' 'f'");
    assert_eq!(tokens.len(), 5);
    assert_eq!(tokens[0].as_bytes(), b"abc");
    assert_eq!((tokens[0].pos.line, tokens[0].pos.column), (1, 1));
    assert_eq!(tokens[2].as_bytes(), b"d");
    // Literals are not merged.
    assert_eq!(tokens[3].as_bytes(), b"e");
    assert_eq!(tokens[4].as_bytes(), b"f");
    // The raw lexer does not merge.
    let mut lexer = Lexer::new("t.c", &b"\"a\" \"b\""[..]);
    assert_eq!(lexer.next_token().unwrap().unwrap().as_bytes(), b"a");
    assert_eq!(lexer.next_token().unwrap().unwrap().as_bytes(), b"b");
    assert!(lexer.next_token().unwrap().is_none());
}

#[test]
fn errors_carry_positions() {
    assert_eq!(
        lex_error(b"a\n  @"),
        "t.c:2:3: can't read token: unexpected byte 0x40"
    );
    assert_eq!(
        lex_error(b"x `"),
        "t.c:1:3: can't read token: unexpected byte 0x60"
    );
    assert_eq!(lex_error(b"x \"abc"), "t.c:1:3: unterminated string");
    assert_eq!(lex_error(b"\"ab\ncd\""), "t.c:1:4: newline inside string");
    assert_eq!(lex_error(b"'ab"), "t.c:1:1: unterminated literal");
    assert_eq!(lex_error(b"a /* b\n c"), "t.c:1:3: unterminated /* comment");
    assert_eq!(lex_error(b"0x"), "t.c:1:1: hex number without digits");
    assert_eq!(lex_error(b" 0b2"), "t.c:1:2: binary number without digits");
    let error = tokenize("t.c", b"99999999999999999999999").unwrap_err();
    assert_eq!(error.kind, ErrorKind::Lex);
    let long = [b"\"".as_slice(), &[b'a'; 1023], b"\""].concat();
    assert_eq!(lex_error(&long), "t.c:1:1: string longer than 1024 bytes");
    let fits = [b"\"".as_slice(), &[b'a'; 1022], b"\""].concat();
    assert_eq!(lex(&fits)[0].as_bytes().len(), 1022);
    let name = vec![b'n'; 1025];
    assert_eq!(lex_error(&name), "t.c:1:1: name longer than 1024 bytes");
}
