//! Hostile input: random bytes and random script fragments never panic, never hang, and
//! every error names a position.

use bot_script::{LimitSettings, MemorySource, Preprocessor, tokenize};
use proptest::prelude::*;

/// Fragments that exercise directives, macros, expressions and strings.
const FRAGMENTS: [&str; 40] = [
    "#define A B\n",
    "#define B A A\n",
    "#define F(x) F(x) x\n",
    "#define G(x,y) x##y #x\n",
    "#undef A\n",
    "#if A\n",
    "#ifdef B\n",
    "#ifndef F\n",
    "#elif 1\n",
    "#else\n",
    "#endif\n",
    "#include \"a.h\"\n",
    "#include \"b.h\"\n",
    "#include <a.h>\n",
    "$evalint(",
    "$evalfloat(",
    "(",
    ")",
    ",",
    "1",
    "0.5",
    "0x",
    "-",
    "/",
    "0",
    "?",
    ":",
    "defined",
    "A",
    "B",
    "F(",
    "G(",
    "\"s\"",
    "\"\\x19\"",
    "'",
    "\\\n",
    "\n",
    " ",
    "/*",
    "*/",
];

fn preprocessor(a: &str, b: &[u8]) -> Preprocessor<MemorySource> {
    let source = MemorySource::new()
        .with("a.h", a.as_bytes())
        .with("b.h", b.to_vec());
    // Small limits keep each case fast; the defaults are tested elsewhere.
    let limits = LimitSettings {
        expanded_tokens: 1 << 14,
        output_tokens: 1 << 14,
        includes: 64,
        ..LimitSettings::default()
    };
    Preprocessor::new(source).with_limits(limits)
}

fn check(
    result: Result<bot_script::TokenStream, bot_script::ScriptError>,
) -> Result<(), TestCaseError> {
    match result {
        Ok(stream) => {
            let text = stream.canonical();
            prop_assert!(text.text.is_ascii());
            prop_assert_eq!(text.token_starts().len(), stream.len());
        }
        Err(error) => {
            prop_assert!(!error.diagnostic.message.is_empty());
            prop_assert!(!error.to_string().is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        check(tokenize("r.c", &bytes))?;
        let mut pre = preprocessor("x", &bytes);
        check(pre.preprocess_bytes("r.c", &bytes))?;
    }

    #[test]
    fn random_fragments_never_panic(
        picks in prop::collection::vec(0..FRAGMENTS.len(), 0..48),
        header in prop::collection::vec(0..FRAGMENTS.len(), 0..16),
    ) {
        let text: String = picks.iter().map(|&i| FRAGMENTS[i]).collect();
        let header: String = header.iter().map(|&i| FRAGMENTS[i]).collect();
        let mut pre = preprocessor(&header, text.as_bytes());
        check(pre.preprocess_bytes("r.c", text.as_bytes()))?;
        // The preprocessor stays usable after an error.
        check(pre.preprocess_bytes("s.c", b"#include \"a.h\"\nx"))?;
    }
}
