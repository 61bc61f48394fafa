//! The shared real bot-data sets: every valid chat file loads, every known-defective one is
//! rejected naming its cause (real-data.md §2.4), and the loaded data talks.

use bot_chat::consts::{MTCONTEXT_REPLYCHAT, MTCONTEXT_TEAM_ORDERS, VAR_MESSAGE};
use bot_chat::{ChatData, ChatState, FileKind, FileReport, Gender};
use rand::SeedableRng;
use rand::rngs::SmallRng;

const NK: &str = real_data::BOT_SETS[0];
const TREM: &str = real_data::BOT_SETS[1];
const MEC: &str = real_data::BOT_SETS[2];

/// The chat data of the shared set `set` (`None` when the real data is absent: skipped).
fn load(set: &str) -> Option<(ChatData, Vec<FileReport>)> {
    let shared = real_data::botfiles()?;
    Some(ChatData::load_dir(&real_data::bot_set(&shared, set)).expect("the set's folder lists"))
}

fn error_of(reports: &[FileReport], file: &str) -> Option<String> {
    reports
        .iter()
        .find(|r| r.file == file)
        .unwrap_or_else(|| panic!("{file} was not loaded; reports: {reports:#?}"))
        .error
        .as_ref()
        .map(ToString::to_string)
}

fn files(reports: &[FileReport]) -> Vec<(&str, FileKind)> {
    reports.iter().map(|r| (r.file.as_str(), r.kind)).collect()
}

#[test]
fn nk_oa_rejects_its_three_defective_files() {
    let Some((data, reports)) = load(NK) else {
        return;
    };
    assert_eq!(
        files(&reports),
        [
            ("syn.c", FileKind::Synonyms),
            ("rnd.c", FileKind::RandomStrings),
            ("match.c", FileKind::MatchTemplates),
            ("rchat.c", FileKind::ReplyChats),
            ("bots/default_t.c", FileKind::InitialChats),
        ]
    );
    let syn = error_of(&reports, "syn.c").expect("syn.c is rejected");
    assert!(syn.starts_with("syn.c:216:"), "{syn}");
    assert!(syn.contains("`CONTEXT_OLDNAMES`"), "{syn}");
    let matches = error_of(&reports, "match.c").expect("match.c is rejected");
    assert!(matches.starts_with("match.c:143:"), "{matches}");
    assert!(
        matches.contains("undefined name `MSG_TAKEA` where a number is required"),
        "{matches}"
    );
    let rchat = error_of(&reports, "rchat.c").expect("rchat.c is rejected");
    assert_eq!(rchat, "rchat.c:70:1: expected a number, found `{`");
    assert_eq!(error_of(&reports, "rnd.c"), None);
    assert_eq!(error_of(&reports, "bots/default_t.c"), None);
    // Nothing of a rejected file is kept.
    assert!(data.synonyms.is_empty() && data.templates.is_empty() && data.replies.is_empty());
    assert_eq!(data.random.len(), 134);
    assert_eq!(
        data.random.iter().map(|l| l.strings.len()).sum::<usize>(),
        498
    );
    // default_t.c: its chat block "default" with its own empty types plus teamplay.h.
    let blocks = &data.initial[0].blocks;
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0].name, "default");
    assert_eq!(blocks[0].types.len(), 102);
    let lines: usize = blocks[0].types.iter().map(|t| t.lines.len()).sum();
    assert_eq!(lines, 167);
}

#[test]
fn tremfusion_loads_every_chat_file() {
    let Some((data, reports)) = load(TREM) else {
        return;
    };
    for r in &reports {
        assert!(r.error.is_none(), "{}: {:?}", r.file, r.error);
    }
    assert_eq!(
        reports.len(),
        8,
        "rnd, match, rchat and five *_t.c (no syn.c)"
    );
    assert_eq!(data.templates.len(), 185);
    assert_eq!(data.replies.len(), 17);
    assert_eq!(
        data.replies.iter().map(|r| r.lines.len()).sum::<usize>(),
        95
    );
    assert_eq!(data.random.len(), 123);
    assert_eq!(
        data.random.iter().map(|l| l.strings.len()).sum::<usize>(),
        709
    );
    let blocks: usize = data.initial.iter().map(|f| f.blocks.len()).sum();
    assert_eq!(blocks, 5);
    let types: usize = data
        .initial
        .iter()
        .flat_map(|f| &f.blocks)
        .map(|b| b.types.len())
        .sum();
    let lines: usize = data
        .initial
        .iter()
        .flat_map(|f| &f.blocks)
        .flat_map(|b| &b.types)
        .map(|t| t.lines.len())
        .sum();
    assert_eq!((types, lines), (490, 890));
}

#[test]
fn mecwerks_loads_every_chat_file() {
    let Some((data, reports)) = load(MEC) else {
        return;
    };
    for r in &reports {
        assert!(r.error.is_none(), "{}: {:?}", r.file, r.error);
    }
    assert_eq!(reports.len(), 5);
    assert_eq!(data.synonyms.len(), 133);
    assert_eq!(
        data.synonyms.iter().map(|l| l.entries.len()).sum::<usize>(),
        344
    );
    assert_eq!(data.random.len(), 129);
    assert_eq!(
        data.random.iter().map(|l| l.strings.len()).sum::<usize>(),
        840
    );
    assert_eq!(data.templates.len(), 184);
    assert_eq!(data.replies.len(), 24);
    assert_eq!(
        data.replies.iter().map(|r| r.lines.len()).sum::<usize>(),
        143
    );
    let block = &data.initial[0].blocks[0];
    assert_eq!(block.name, "marcus");
    let lines: usize = block.types.iter().map(|t| t.lines.len()).sum();
    assert_eq!((block.types.len(), lines), (87, 229));
}

#[test]
fn real_sets_split_senders_and_answer() {
    for set in [TREM, MEC] {
        let Some((data, _)) = load(set) else { return };
        // The game's chat line format: "name: message" between EC markers.
        let line = b"\x19Sarge\x19: \x19Grunt\x19 defend the red flag";
        let chat = data.find_match(line, MTCONTEXT_REPLYCHAT);
        let message = chat.as_ref().and_then(|m| m.variable(VAR_MESSAGE));
        assert!(message.is_some(), "{set}: the sender is split off");
        // Every reply chat of the set can be reached by some bot without panicking, and
        // a few ordinary lines get deterministic answers.
        let mut rng = SmallRng::seed_from_u64(3);
        let mut bot = ChatState::new(&data, "Grunt", Gender::Male);
        for (i, text) in ["hello", "you suck", "nice shot", "who are you", "lol"]
            .iter()
            .enumerate()
        {
            #[expect(clippy::cast_precision_loss, reason = "small")]
            let now = i as f32;
            if let Some(reply) = bot.reply(&data, text, "Sarge", now, &mut rng)
                && let Ok(message) = reply.message
            {
                {
                    assert!(message.len() <= 255);
                    assert!(
                        !message.contains('\u{1}'),
                        "{set}: escape left in {message:?}"
                    );
                }
            }
        }
        let _ = data.find_match(b"Grunt defend the base", MTCONTEXT_TEAM_ORDERS);
    }
}

#[test]
fn lint_finds_the_known_undefined_random_lists() {
    use bot_chat::lint::{LintKind, lint};
    let Some((data, _)) = load(TREM) else { return };
    let findings = lint(&data);
    let undefined: Vec<(&str, &str)> = findings
        .iter()
        .filter(|f| f.kind == LintKind::UndefinedRandom)
        .map(|f| (f.origin.as_str(), f.message.as_str()))
        .collect();
    assert_eq!(
        undefined,
        [
            (
                "rnd.c:301:2",
                "random-string list `fighters` does not exist"
            ),
            (
                "bots/kyonshi_t.c:165:3",
                "random-string list `KILL_GAUNTLET2` does not exist"
            ),
        ]
    );
    // A message that expands an undefined list is dropped, not sent half-built.
    let mut bot = ChatState::new(&data, "Kyonshi", Gender::Male);
    bot.chat_name = Some("kyonshi".into());
    let mut rng = SmallRng::seed_from_u64(9);
    let mut dropped = 0;
    for i in 0..40 {
        #[expect(clippy::cast_precision_loss, reason = "small")]
        let now = (i * 30) as f32;
        if let Some(chat) = bot.initial_chat(&data, "kill_gauntlet", &["", "Sarge"], now, &mut rng)
            && chat.message.is_err()
        {
            dropped += 1;
        }
    }
    assert!(
        dropped > 0,
        "the KILL_GAUNTLET2 line was never chosen in 40 tries"
    );
}
