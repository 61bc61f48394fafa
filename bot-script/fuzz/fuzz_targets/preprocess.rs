//! Fuzz the lexer and preprocessor: arbitrary bytes (which may include themselves) give a
//! token stream or an error, never a panic or a hang; a stream's canonical text maps every
//! token start back to its token, and its strings decode back to the token's bytes.

#![no_main]

use bot_script::{MemorySource, Preprocessor, TokenKind, decode_canonical_string};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = MemorySource::new().with("a.c", data.to_vec());
    let mut preprocessor = Preprocessor::new(source);
    let Ok(stream) = preprocessor.preprocess_file("a.c") else {
        return;
    };
    let canonical = stream.canonical();
    for (index, token) in stream.tokens.iter().enumerate() {
        let range = canonical
            .token_range(index)
            .expect("every token has a range");
        assert_eq!(canonical.token_at(range.start), Some(index));
        if token.kind == TokenKind::String {
            let literal = &canonical.text[range];
            assert_eq!(decode_canonical_string(literal), token.as_bytes());
        }
    }
});
