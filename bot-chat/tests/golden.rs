//! Golden tests from the thesis (§10, §16.1) on fixtures written for this project
//! (`tests/fixtures/golden`).

use std::borrow::Cow;
use std::path::PathBuf;

use bot_chat::consts::{
    MSG_CHATALL, MSG_DEFENDKEYAREA, MSG_EVERYONE, MSG_FORAWHILE, MSG_FOREVER, MSG_MINUTES,
    MSG_MULTIPLENAMES, MSG_NAME, MTCONTEXT_ADDRESSEE, MTCONTEXT_REPLYCHAT, MTCONTEXT_TEAM_ORDERS,
    MTCONTEXT_TIME, ST_ADDRESSED, ST_TIME, VAR_ADDRESSEE, VAR_KEYAREA, VAR_MESSAGE, VAR_NETNAME,
    VAR_TEAMMATE, VAR_TIME,
};
use bot_chat::{ChatData, ChatState, CompatSettings, ExpandError, Gender, construct};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// The golden fixture botfiles folder.
fn golden_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/golden"
    ))
}

fn data() -> ChatData {
    let (data, reports) = ChatData::load_dir(&golden_dir()).unwrap();
    for r in &reports {
        assert!(r.error.is_none(), "{}: {:?}", r.file, r.error);
    }
    assert_eq!(reports.len(), 5, "{reports:#?}");
    data
}

fn rng() -> SmallRng {
    SmallRng::seed_from_u64(42)
}

/// The reply of bot `name` (`gender`) to `message` from "Sarge": (origin line, text).
fn reply(data: &ChatData, name: &str, gender: Gender, message: &str) -> Option<(String, String)> {
    let mut bot = ChatState::new(data, name, gender);
    let reply = bot.reply(data, message, "Sarge", 0.0, &mut rng())?;
    Some((reply.origin, reply.message.expect("the line expands")))
}

#[test]
fn i_hate_you_gets_a_reply_and_i_dont_hate_you_does_not() {
    let data = data();
    let (origin, text) = reply(&data, "Grunt", Gender::Male, "I hate you").expect("a reply");
    assert!(origin.starts_with("rchat.c:4:"), "{origin}");
    assert!(
        [
            "why do you hate me?",
            "what did I do to you?",
            "I feel sad, Sarge.",
            "I feel hurt, Sarge.",
            "I feel puzzled, Sarge."
        ]
        .contains(&text.as_str()),
        "{text}"
    );
    // "don't" is normalised to "do not" by the synonyms, which the `!` key rejects.
    assert_eq!(
        reply(&data, "Grunt", Gender::Male, "I don't hate you"),
        None
    );
    assert_eq!(reply(&data, "Grunt", Gender::Male, "I dont hate you"), None);
}

#[test]
fn female_only_reply() {
    let data = data();
    let (_, text) = reply(&data, "Mynx", Gender::Female, "well hello").expect("a reply");
    assert_eq!(text, "Hello yourself, Sarge!");
    assert_eq!(reply(&data, "Grunt", Gender::Male, "well hello"), None);
    assert_eq!(reply(&data, "Orb", Gender::It, "well hello"), None);
}

#[test]
fn reply_restricted_to_named_bots() {
    let data = data();
    // The tilde protects the name from synonym variation and is removed before sending.
    let (_, text) = reply(&data, "Grunt", Gender::Male, "good job").expect("Grunt replies");
    assert_eq!(text, "Grunt thanks you, Sarge.");
    assert!(reply(&data, "hunter", Gender::Female, "good job").is_some());
    assert_eq!(reply(&data, "Anarki", Gender::Male, "good job"), None);
}

#[test]
fn template_key_captures_and_pronoun_swaps() {
    let data = data();
    let (_, text) = reply(&data, "Grunt", Gender::Male, "my dog is smarter than you").unwrap();
    assert_eq!(text, "So your dog is smarter than I?");
}

#[test]
fn order_with_addressee_key_area_and_time() {
    let data = data();
    let line = "(MrElusive): Grunt defend the base for 10 minutes";
    let chat = data
        .find_match(line.as_bytes(), MTCONTEXT_REPLYCHAT)
        .expect("sender split");
    assert_eq!(chat.kind(), MSG_CHATALL);
    assert_eq!(chat.variable_text(VAR_NETNAME), "MrElusive");
    let message = chat.variable(VAR_MESSAGE).unwrap();
    let order = data
        .find_match(message, MTCONTEXT_TEAM_ORDERS)
        .expect("an order");
    assert_eq!(order.kind(), MSG_DEFENDKEYAREA);
    assert_eq!(order.subtype(), ST_ADDRESSED | ST_TIME);
    assert_eq!(order.variable_text(VAR_ADDRESSEE), "Grunt");
    assert_eq!(order.variable_text(VAR_KEYAREA), "the base");
    assert_eq!(order.variable_text(VAR_TIME), "10 minutes");
    let time = data
        .find_match(order.variable(VAR_TIME).unwrap(), MTCONTEXT_TIME)
        .expect("a time");
    assert_eq!(time.kind(), MSG_MINUTES);
    assert_eq!(time.variable_text(VAR_TIME), "10");
    // Without a time the second template matches, without the time flag.
    let order = data
        .find_match(b"Grunt guard the red flag", MTCONTEXT_TEAM_ORDERS)
        .unwrap();
    assert_eq!(
        (order.kind(), order.subtype()),
        (MSG_DEFENDKEYAREA, ST_ADDRESSED)
    );
    assert_eq!(order.variable_text(VAR_KEYAREA), "the red flag");
    assert!(order.variable(VAR_TIME).is_none());
    // Nothing matches an unrelated line in the order and time contexts.
    let contexts = MTCONTEXT_TEAM_ORDERS | MTCONTEXT_TIME | MTCONTEXT_REPLYCHAT;
    assert!(data.find_match(b"nice weather today", contexts).is_none());
}

#[test]
fn addressee_context() {
    let data = data();
    let m = data
        .find_match(b"Grunt and Hunter", MTCONTEXT_ADDRESSEE)
        .unwrap();
    assert_eq!(m.kind(), MSG_MULTIPLENAMES);
    assert_eq!(m.variable_text(VAR_TEAMMATE), "Grunt");
    assert_eq!(m.variable_text(7), "Hunter");
    let m = data
        .find_match(b"Grunt, Hunter and Mynx", MTCONTEXT_ADDRESSEE)
        .unwrap();
    assert_eq!(m.kind(), MSG_MULTIPLENAMES);
    // botlib accepts the first *alternative* found anywhere (" and "), not the earliest
    // occurrence of any alternative (", ").
    assert_eq!(m.variable_text(VAR_TEAMMATE), "Grunt, Hunter");
    assert_eq!(m.variable_text(7), "Mynx");
    let m = data.find_match(b"Everyone", MTCONTEXT_ADDRESSEE).unwrap();
    assert_eq!(m.kind(), MSG_EVERYONE);
    let m = data.find_match(b"Grunt", MTCONTEXT_ADDRESSEE).unwrap();
    assert_eq!(m.kind(), MSG_NAME);
    assert_eq!(m.variable_text(VAR_TEAMMATE), "Grunt");
}

#[test]
fn time_context() {
    let data = data();
    let m = data.find_match(b"for 10 minutes", MTCONTEXT_TIME).unwrap();
    assert_eq!(
        (m.kind(), m.variable_text(VAR_TIME).as_ref()),
        (MSG_MINUTES, "10")
    );
    assert_eq!(
        data.find_match(b"forever", MTCONTEXT_TIME).unwrap().kind(),
        MSG_FOREVER
    );
    assert_eq!(
        data.find_match(b"for a while", MTCONTEXT_TIME)
            .unwrap()
            .kind(),
        MSG_FORAWHILE
    );
    assert_eq!(
        data.find_match(b"a while", MTCONTEXT_TIME).unwrap().kind(),
        MSG_FORAWHILE
    );
    assert!(data.find_match(b"for a moment", MTCONTEXT_TIME).is_none());
}

#[test]
fn word_after_comma_is_missed_only_in_compat_mode() {
    let data = data();
    assert!(reply(&data, "Grunt", Gender::Male, "well, hate you").is_some());
    let quirky = data.with_compat(CompatSettings::BOTLIB);
    assert_eq!(
        reply(&quirky, "Grunt", Gender::Male, "well, hate you"),
        None
    );
    assert!(reply(&quirky, "Grunt", Gender::Male, "well,hate you").is_some());
}

#[test]
fn unknown_random_list_drops_the_message() {
    let data = data();
    let mut bot = ChatState::new(&data, "Grunt", Gender::Male);
    let reply = bot
        .reply(&data, "surprise me", "Sarge", 0.0, &mut rng())
        .unwrap();
    assert_eq!(
        reply.message,
        Err(ExpandError::UnknownRandom("no_such_list".into()))
    );
}

#[test]
fn recently_used_lines_are_blocked_for_twenty_seconds() {
    let data = data();
    let mut bot = ChatState::new(&data, "Grunt", Gender::Male);
    let mut rng = rng();
    let mut say = |bot: &mut ChatState, now: f32| {
        bot.initial_chat(&data, "DEATH_INSULT", &["", "Sarge"], now, &mut rng)
            .unwrap()
            .line
    };
    let first = say(&mut bot, 0.0);
    let second = say(&mut bot, 1.0);
    assert_ne!(first, second, "the used line is blocked");
    // Both blocked: the oldest is taken and not re-stamped.
    assert_eq!(say(&mut bot, 2.0), first);
    assert_eq!(say(&mut bot, 3.0), first);
    // After 20 s the first is free again, the second (used at 1 s) not yet.
    assert_eq!(say(&mut bot, 20.5), first);
}

#[test]
fn reply_lines_are_blocked_too() {
    let data = data();
    let mut bot = ChatState::new(&data, "Grunt", Gender::Male);
    let mut rng = rng();
    let a = bot
        .reply(&data, "I hate you", "Sarge", 0.0, &mut rng)
        .unwrap()
        .line;
    let b = bot
        .reply(&data, "I hate you", "Sarge", 1.0, &mut rng)
        .unwrap()
        .line;
    assert_ne!(a, b);
}

#[test]
fn initial_chats_types_includes_and_shadowing() {
    let data = data();
    let mut bot = ChatState::new(&data, "Grunt", Gender::Male);
    let mut rng = rng();
    let enter = bot
        .initial_chat(&data, "game_enter", &[], 0.0, &mut rng)
        .unwrap();
    let text = enter.message.unwrap();
    assert!(
        text.starts_with("Grunt enters, "),
        "the later type shadows: {text}"
    );
    let accompany = bot
        .initial_chat(&data, "cmd_accompany", &["Sarge"], 0.0, &mut rng)
        .unwrap();
    assert_eq!(accompany.message.unwrap(), "Okay, Sarge, I'm coming.");
    assert!(
        accompany.origin.contains("teamplay.h"),
        "{}",
        accompany.origin
    );
    assert!(
        bot.initial_chat(&data, "empty_type", &[], 0.0, &mut rng)
            .is_none()
    );
    assert!(
        bot.initial_chat(&data, "no_such_type", &[], 0.0, &mut rng)
            .is_none()
    );
    let mut other = ChatState::new(&data, "Visor", Gender::Male);
    other.chat_name = Some("OTHER".into());
    let line = other
        .initial_chat(&data, "game_enter", &[], 0.0, &mut rng)
        .unwrap();
    assert_eq!(line.message.unwrap(), "Not Grunt's line.");
}

#[test]
fn tilde_protects_a_word_from_synonym_variation() {
    use bot_chat::consts::CONTEXT_NAMES;
    let data = data();
    let vars: [Cow<'_, [u8]>; 8] = Default::default();
    let text = construct(
        &data,
        b"Grunt and ~Grunt",
        &vars,
        false,
        0,
        CONTEXT_NAMES,
        &mut rng(),
    )
    .unwrap();
    assert_eq!(text, "Gruntie and Grunt");
    // Outside the names context nothing changes.
    let text = construct(&data, b"Grunt and ~Grunt", &vars, false, 0, 1, &mut rng()).unwrap();
    assert_eq!(text, "Grunt and Grunt");
}

#[test]
fn botlib_reply_line_choice_can_repeat_a_recent_line() {
    let data = data();
    let quirky = data.clone().with_compat(CompatSettings {
        reply_line_choice: true,
        ..CompatSettings::default()
    });
    for seed in 0..8 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut bot = ChatState::new(&quirky, "Grunt", Gender::Male);
        let first = bot
            .reply(&quirky, "I hate you", "Sarge", 0.0, &mut rng)
            .unwrap()
            .line;
        let second = bot
            .reply(&quirky, "I hate you", "Sarge", 1.0, &mut rng)
            .unwrap()
            .line;
        // One line is free, so the index drawn is 0, counted over all lines: line 0, even
        // when line 0 is the recent one.
        assert_eq!(second, 0, "seed {seed}, first {first}");
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut bot = ChatState::new(&data, "Grunt", Gender::Male);
        let first = bot
            .reply(&data, "I hate you", "Sarge", 0.0, &mut rng)
            .unwrap()
            .line;
        let second = bot
            .reply(&data, "I hate you", "Sarge", 1.0, &mut rng)
            .unwrap()
            .line;
        assert_ne!(first, second, "seed {seed}");
    }
}

#[test]
fn random_strings_nest_at_most_ten_passes() {
    let data = data();
    let vars: [Cow<'_, [u8]>; 8] = Default::default();
    let text = construct(&data, b"\x01rloop_a\x01", &vars, false, 0, 0, &mut rng()).unwrap();
    assert_eq!(text, "ababababab");
}

#[test]
fn messages_are_cut_at_255_bytes() {
    let data = data();
    let mut vars: [Cow<'_, [u8]>; 8] = Default::default();
    vars[0] = Cow::Owned(vec![b'x'; 400]);
    let text = construct(&data, b"<\x01v0\x01>", &vars, false, 0, 0, &mut rng()).unwrap();
    assert_eq!(text.len(), 255);
    assert!(text.starts_with("<xxx"));
}

#[test]
fn same_seed_same_reply() {
    let data = data();
    let run = |seed| {
        let mut bot = ChatState::new(&data, "Grunt", Gender::Male);
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..6)
            .map(|i| {
                let r = bot
                    .reply(&data, "I hate you", "Sarge", i as f32, &mut rng)
                    .unwrap();
                r.message.unwrap()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(1), run(1));
}

#[test]
fn chat_time() {
    use bot_chat::ChatTime;
    assert_eq!(ChatTime::Constant.seconds("anything at all"), 2.0);
    assert_eq!(
        ChatTime::CharactersPerMinute(300).seconds("0123456789"),
        1.0
    );
}

#[test]
fn lint_finds_every_kind_in_the_fixtures() {
    use bot_chat::lint::{LintKind, lint};
    let data = data();
    let findings = lint(&data);
    let count = |kind| findings.iter().filter(|f| f.kind == kind).count();
    let at = |kind| {
        findings
            .iter()
            .filter(|f| f.kind == kind)
            .map(|f| f.origin.split(':').take(2).collect::<Vec<_>>().join(":"))
            .collect::<Vec<_>>()
    };
    assert_eq!(at(LintKind::AllKeysPrefixed), ["rchat.c:35"]);
    assert_eq!(at(LintKind::UnboundVariable), ["rchat.c:53"]);
    assert_eq!(at(LintKind::NameWithoutRoom), ["rchat.c:59"]);
    assert_eq!(at(LintKind::NotKeyInRequiredPhrase), ["rchat.c:47"]);
    assert_eq!(at(LintKind::ShadowedReply), ["rchat.c:29"]);
    assert_eq!(at(LintKind::UndefinedRandom), ["rchat.c:43"]);
    assert_eq!(at(LintKind::UnusedSynonym), ["syn.c:27"]);
    // The duplicate "everyone" and everything after the single-variable name template.
    assert_eq!(count(LintKind::UnreachableTemplate), 1);
    assert_eq!(at(LintKind::UnreachableTemplate), ["match.c:41"]);
    assert_eq!(findings.len(), 8, "{findings:#?}");
}
