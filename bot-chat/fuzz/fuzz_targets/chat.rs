//! Fuzz the chat-file readers: the input is split into the five chat file kinds; each gives
//! data or an error, never a panic, and whatever loads answers matching and lint.

#![no_main]

use bot_chat::lint::lint;
use bot_chat::{ChatData, FileKind, ROOT_CHAT_FILES};
use bot_script::MemorySource;
use libfuzzer_sys::fuzz_target;

/// Every chat file kind once: the root files and one initial-chat file.
const KINDS: [(&str, FileKind); 5] = {
    let [a, b, c, d] = ROOT_CHAT_FILES;
    [a, b, c, d, ("bots/x_t.c", FileKind::InitialChats)]
};

fuzz_target!(|data: &[u8]| {
    let mut source = MemorySource::new();
    for ((name, _), part) in KINDS
        .iter()
        .zip(data.split(|&b| b == 0xff).chain(std::iter::repeat(&[][..])))
    {
        source.insert(name, part.to_vec());
    }
    let files: Vec<(String, FileKind)> = KINDS.iter().map(|&(f, k)| (f.to_owned(), k)).collect();
    let (data, _) = ChatData::load(&source, &files);
    let _ = data.find_match(b"hello there, you", u32::MAX);
    let _ = lint(&data);
});
