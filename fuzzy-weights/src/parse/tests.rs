//! Tests of the weight-config parsers: the pest grammars, the hand-written reader and the
//! walk, on hand-written texts and property-generated ones.

use super::*;

#[test]
fn parses_nested_switch_with_balance_and_braces() {
    let text = "weight \"item_armor\" {\nswitch ( 1 ) {\ncase 10 : return 40 ;\n\
                case 20 : { return balance ( 20 , 10 , 30.5 ) ; }\ndefault : \
                switch ( 29 ) { case 1 : return 0 ; default : return 2 ; }\n} }";
    let parsed = parse_canonical(text).unwrap();
    assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
    let weight = &parsed.config.weights[0];
    assert_eq!(weight.name, "item_armor");
    let Node::Switch(switch) = &weight.body else {
        panic!("not a switch")
    };
    assert_eq!(switch.index, 1);
    assert_eq!(switch.cases.len(), 3);
    assert_eq!(
        switch.cases[1].node,
        Node::Leaf(Leaf::balance(20.0, 10.0, 30.5))
    );
    assert_eq!(switch.cases[2].limit, Limit::Default);
    assert!(matches!(
        switch.cases[2].node,
        Node::Switch(Switch { index: 29, .. })
    ));
}

#[test]
fn top_level_return_without_braces() {
    let parsed = parse_canonical("weight \"x\" return 5 ;").unwrap();
    assert_eq!(parsed.config.weights[0].body, Node::Leaf(Leaf::plain(5.0)));
}

#[test]
fn undefined_name_as_index_is_named_in_the_error() {
    let error = parse_canonical("weight \"x\" {\nswitch ( INVENTORY_SCOUT ) {").unwrap_err();
    assert_eq!((error.0.line, error.0.column), (2, 10));
    assert!(
        error.0.message.contains("inventory index")
            && error
                .0
                .message
                .contains("`INVENTORY_SCOUT`, a name that is not a defined macro"),
        "{}",
        error.0.message
    );
}

#[test]
fn float_index_and_case_are_errors() {
    let e = parse_canonical("weight \"x\" switch ( 1.5 ) { default : return 1 ; }").unwrap_err();
    assert!(
        e.0.message.contains("must be an integer"),
        "{}",
        e.0.message
    );
    let e = parse_canonical("weight \"x\" switch ( 1 ) { case 2.0 : return 1 ; }").unwrap_err();
    assert!(
        e.0.message.contains("case value must be an integer"),
        "{}",
        e.0.message
    );
}

#[test]
fn index_out_of_range_and_two_defaults_are_errors() {
    let e = parse_canonical("weight \"x\" switch ( 256 ) { default : return 1 ; }").unwrap_err();
    assert!(e.0.message.contains("out of range"), "{}", e.0.message);
    let e =
        parse_canonical("weight \"x\" switch ( 1 ) { default : return 1 ; default : return 2 ; }")
            .unwrap_err();
    assert!(e.0.message.contains("two `default`s"), "{}", e.0.message);
}

#[test]
fn empty_switch_and_junk_at_top_level_are_errors() {
    let e = parse_canonical("weight \"x\" switch ( 1 ) { }").unwrap_err();
    assert!(
        e.0.message.contains("`case` or `default`"),
        "{}",
        e.0.message
    );
    let e = parse_canonical("weight \"x\" return 1 ;\nfoo").unwrap_err();
    assert_eq!(e.0.line, 2);
    assert!(e.0.message.contains("`weight`"), "{}", e.0.message);
}

#[test]
fn braces_around_a_body_are_optional_but_never_empty_or_doubled() {
    // botlib reads an optional `{` before a weight's or a case's statement and then expects
    // the matching `}` after it; anything else where a statement or a separator is expected
    // is an error. Both parsers agree on each text.
    for (text, expected) in [
        (
            "weight \"x\" { }",
            "expected `switch` or `return`, found `}`",
        ),
        (
            "weight \"x\" ;",
            "expected `{`, `switch` or `return`, found `;`",
        ),
        (
            "weight \"x\" switch ( 1 ) { case 1 : { } }",
            "expected `switch` or `return`, found `}`",
        ),
        (
            "weight \"x\" { { return 1 ; } }",
            "expected `switch` or `return`, found `{`",
        ),
        (
            "weight \"x\" { return 1 ; return 2 ; }",
            "expected `}`, found `return`",
        ),
        (
            "weight \"x\" return 1 ; ;",
            "expected end of file or `weight`, found `;`",
        ),
        (
            "weight \"x\" return 1 ;,",
            "expected end of file or `weight`, found `,`",
        ),
        ("weight \"x\" return 1", "expected `;`, found end of file"),
        (
            "weight \"x\" return balance ( 1 , 2 , 3 , ) ;",
            "expected `)`, found `,`",
        ),
        (
            "weight \"x\" return balance ( 1 , , 3 ) ;",
            "expected a number, found `,`",
        ),
        (
            "weight \"x\" switch ( 1 ) { case 1 return 1 ; }",
            "expected `:`, found `return`",
        ),
        (
            "weight \"x\" switch ( 1 ) { case 1 : return 1 ; ; }",
            "expected `}` or `case` or `default`, found `;`",
        ),
        (
            "weight \"x\" switch ( 1 ) { case - 1 : return 1 ; }",
            "expected a case value (an integer), found `-`",
        ),
        (
            "weight \"x\" switch ( - 1 ) { default : return 1 ; }",
            "expected an inventory index (an integer), found `-`",
        ),
        ("weight \"x\" switch ( 1 ) { default : return 1 ; }", ""),
    ] {
        hand_agrees_with_pest(text).unwrap();
        match parse_canonical(text) {
            Ok(_) => assert_eq!(expected, "", "{text} parses"),
            Err(e) => assert_eq!(e.0.message, expected, "{text}"),
        }
    }
}

#[test]
fn warnings_for_sign_duplicate_and_missing_default() {
    let text = "weight \"a\" switch ( 1 ) { case 1 : return - 5 ; }\n\
                weight \"a\" return 7 ;";
    let parsed = parse_canonical(text).unwrap();
    assert_eq!(parsed.config.weights.len(), 1);
    let Node::Switch(switch) = &parsed.config.weights[0].body else {
        panic!()
    };
    assert_eq!(switch.cases[0].node, Node::Leaf(Leaf::plain(5.0)));
    assert_eq!(switch.cases[1].limit, Limit::Default);
    assert_eq!(switch.cases[1].node, Node::Leaf(Leaf::plain(0.0)));
    let messages: Vec<&str> = parsed.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(messages[0].contains("negative"));
    assert!(messages[1].contains("without default"));
    assert!(messages[2].contains("first definition (line 1) wins"));
    assert_eq!(parsed.warnings[2].line, 2);
}

#[test]
fn weights_beyond_128_are_ignored_with_one_warning() {
    let text: String = (0..130)
        .map(|i| format!("weight \"w{i}\" return {i} ;\n"))
        .collect();
    let parsed = parse_canonical(&text).unwrap();
    assert_eq!(parsed.config.weights.len(), 128);
    assert_eq!(parsed.warnings.len(), 1);
    assert!(parsed.warnings[0].message.contains("`w128`"));
}

#[test]
fn weights_beyond_128_are_still_read() {
    // The reference only says that weights after the 128th are ignored; we still read them,
    // so a syntax error there rejects the config.
    let mut text: String = (0..130)
        .map(|i| format!("weight \"w{i}\" return {i} ;\n"))
        .collect();
    text.push_str("weight \"late\" return ;");
    hand_agrees_with_pest(&text).unwrap();
    let e = parse_canonical(&text).unwrap_err();
    assert_eq!(
        (e.0.line, e.0.message.as_str()),
        (131, "expected `balance` or a number, found `;`")
    );
}

#[test]
fn deep_nesting_is_rejected_before_recursing() {
    let mut text = String::from("weight \"x\" ");
    for _ in 0..100 {
        text.push_str("switch ( 1 ) { default : ");
    }
    let e = parse_canonical(&text).unwrap_err();
    assert!(e.0.message.contains("nesting"), "{}", e.0.message);
}

#[test]
fn missing_punctuation_is_named() {
    let e = parse_canonical("weight \"x\" return 5 }").unwrap_err();
    assert_eq!(e.0.message, "expected `;`, found `}`");
    let e = parse_canonical("weight \"x\" switch ( 1 { default : return 1 ; }").unwrap_err();
    assert_eq!(e.0.message, "expected `)`, found `{`");
    let e = parse_canonical("weight \"x\" { return balance ( 1 , 2 ) ; }").unwrap_err();
    assert_eq!(e.0.message, "expected `,`, found `)`");
}

const SAMPLE: &str = "weight \"a\" { switch ( 1 ) { case 10 : return 40 ; \
    case 20 : { return balance ( 20 , 10.5 , 30 ) ; } default : switch ( 2 ) { \
    case 3 : return - 7 ; default : return 0 ; } } } weight \"b\" return 1 ;";

/// The sample damaged: token `drop` (modulo the count) left out when `keep`, else cut
/// short at byte `cut`.
fn damaged(cut: usize, drop: usize, keep: bool) -> String {
    let tokens: Vec<&str> = SAMPLE.split(' ').collect();
    if keep {
        let i = drop % tokens.len();
        tokens
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, t)| *t)
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        SAMPLE[..cut.min(SAMPLE.len())].to_owned()
    }
}

/// The hand-written path accepts what the pest path accepts, with the same result.
fn hand_agrees_with_pest(text: &str) -> Result<(), String> {
    let hand = hand::parse(text);
    match (&hand, parse_with_pest(text)) {
        (Some(hand), Ok(pest)) if *hand == pest => Ok(()),
        (None, Err(_)) => Ok(()),
        (hand, pest) => Err(format!("{text:?}: hand {hand:?}, pest {pest:?}")),
    }
}

#[test]
fn hand_path_agrees_on_edge_cases() {
    for text in [
        SAMPLE,
        "",
        " \t\n",
        "weight \"x\" return 5 ;",
        "weight\"x\"return 5;",
        "weight \"x\" return - 5 ;",
        "weight \"x\" return -\t5.25 ;",
        "weight \"x\" return 5. ;",
        "weight \"x\" return .5 ;",
        "weight \"a\\\"b\" return 1 ;",
        "weight \"a\\",
        "weight \"x\" switch ( 1 ) { case1 : return 1 ; }",
        "weight \"x\" switch ( 1 ) { case 1 : return 1 ; }",
        "weight \"x\" switch ( 1 ) { case 1 : return 1 ; default : return 2 ; default : return 3 ; }",
        "weight \"x\" switch ( 256 ) { default : return 1 ; }",
        "weight \"x\" switch ( 1.0 ) { default : return 1 ; }",
        "weight \"x\" switch ( 1 ) { case 2147483648 : return 1 ; }",
        "weight \"x\" switch ( 1 ) { case 99999999999999999999 : return 1 ; }",
        "weight \"x\" { switch ( 1 ) { default : { return balance ( 1 , - 2 , 3 ) ; } } }",
        "weight \"x\" { return 1 ; } weight \"x\" return 2 ;",
        "weightx \"x\" return 1 ;",
        "weight \"x\" returnbalance ( 1 , 2 , 3 ) ;",
        "weight \"x\" return balance ( 1 , 2 , 3 ) ; junk",
        "weight \"x\" return 1 ;\u{b}\u{c}\r",
    ] {
        hand_agrees_with_pest(text).unwrap();
    }
    let many: String = (0..130)
        .map(|i| format!("weight \"w{}\" return {i} ;\n", i % 100))
        .collect();
    hand_agrees_with_pest(&many).unwrap();
}

#[test]
fn hand_path_agrees_on_the_shared_bot_files() {
    let botfiles = std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/botfiles"
    ));
    let Ok(sets) = std::fs::read_dir(&botfiles) else {
        return;
    };
    let mut checked = 0;
    for set in sets.flatten() {
        let root = set.path().join("botfiles");
        let Ok(bots) = std::fs::read_dir(root.join("bots")) else {
            continue;
        };
        for bot in bots.flatten() {
            let name = bot.file_name().to_string_lossy().into_owned();
            if !(name.ends_with("_i.c") || name.ends_with("_w.c")) {
                continue;
            }
            let source = bot_script::DirSource::new(&root);
            let Ok(stream) =
                bot_script::Preprocessor::new(source).preprocess_file(&format!("bots/{name}"))
            else {
                continue;
            };
            hand_agrees_with_pest(&stream.canonical().text).unwrap();
            checked += 1;
        }
    }
    assert!(checked > 10, "only {checked} files checked");
}

const VOCABULARY: &[&str] = &[
    "weight", "\"w\"", "\"v\"", "switch", "case", "default", "return", "balance", "(", ")", "{",
    "}", ":", ";", ",", "-", "5", "12", "1.5", "300", "x", "\t", "\n", "",
];

proptest::proptest! {
    #[test]
    fn hand_and_pest_paths_agree_on_damaged_samples(cut in 0usize..200, drop in 0usize..60, keep in proptest::bool::ANY) {
        let text = damaged(cut, drop, keep);
        let agreed = hand_agrees_with_pest(&text);
        proptest::prop_assert!(agreed.is_ok(), "{:?}", agreed);
    }

    #[test]
    fn hand_and_pest_paths_agree_on_token_soups(
        picks in proptest::collection::vec(0usize..VOCABULARY.len(), 0..120),
        glue in proptest::bool::ANY,
    ) {
        let words: Vec<&str> = picks.iter().map(|&i| VOCABULARY[i]).collect();
        let text = words.join(if glue { "" } else { " " });
        let agreed = hand_agrees_with_pest(&text);
        proptest::prop_assert!(agreed.is_ok(), "{:?}", agreed);
    }

    #[test]
    fn hand_and_pest_paths_agree_on_valid_structures(
        picks in proptest::collection::vec(0usize..6, 1..40),
    ) {
        // Mostly valid configs: weights with switches, cases and balances.
        let mut text = String::new();
        for (n, &pick) in picks.iter().enumerate() {
            let body = match pick {
                0 => format!("return {n} ;"),
                1 => format!("return balance ( {n} , - 1 , 2.5 ) ;"),
                2 => format!("switch ( {} ) {{ case {n} : return 1 ; default : return 2 ; }}", n % 300),
                3 => format!("{{ switch ( 3 ) {{ case {n} : {{ return - {n} ; }} }} }}"),
                4 => "switch ( 1 ) { default : switch ( 2 ) { case 5 : return 1.25 ; } }".to_owned(),
                _ => format!("switch ( 1 ) {{ case {n} : return 1 ; case {} : return 2 ; }}", n * 1000),
            };
            text.push_str(&format!("weight \"w{}\" {body}\n", n % 7));
        }
        let agreed = hand_agrees_with_pest(&text);
        proptest::prop_assert!(agreed.is_ok(), "{:?}", agreed);
        proptest::prop_assert!(parse_with_pest(&text).is_ok() || picks.contains(&2));
    }
}

#[test]
fn string_escapes_decode() {
    assert_eq!(decode_string(r#""a\"b\\c\x41""#), "a\"b\\cA");
}
