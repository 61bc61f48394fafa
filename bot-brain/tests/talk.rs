//! The bot's chat behaviour ([`bot_brain::talk`]) on a small chat folder written for this
//! project (every event type's line names its type, so the text shows which type fired),
//! and on the real tremfusion bot set when present.

use bot_brain::character::{Compat, load, load_dir};
use bot_brain::talk::{ChatEvent, ChatRates, TIME_BETWEEN_CHATTING, Talker};
use bot_chat::{ChatData, ChatState, ChatTime, FileKind, Gender};
use bot_interface::{ChatLine, DamageCause, GameRng, PlayerId, Weapon};
use bot_script::MemorySource;

/// Initial chats of the bot "tester": each line starts with its type's name.
const TESTER_T: &str = r#"
chat "tester"
{
    type "game_enter" { "game_enter ", 0, " vs ", 1, " on ", 4; }
    type "game_exit" { "game_exit ", 0; }
    type "level_start" { "level_start ", 0; }
    type "level_end" { "level_end ", 2; }
    type "level_end_victory" { "level_end_victory ", 3; }
    type "level_end_lose" { "level_end_lose ", 2; }
    type "hit_talking" { "hit_talking ", 0, " ", 1, " stop it"; }
    type "hit_nodeath" { "hit_nodeath ", 0, " ", 1; }
    type "hit_nokill" { "hit_nokill ", 0; }
    type "enemy_suicide" { "enemy_suicide ", 0, " ", nosuchlist; }
    type "death_telefrag" { "death_telefrag ", 0; }
    type "death_cratered" { "death_cratered ", 0; }
    type "death_lava" { "death_lava ", 0; }
    type "death_slime" { "death_slime ", 0; }
    type "death_drown" { "death_drown ", 0; }
    type "death_suicide" { "death_suicide ", 0; }
    type "death_gauntlet" { "death_gauntlet ", 0, " ", 1; }
    type "death_rail" { "death_rail ", 0, " ", 1; }
    type "death_bfg" { "death_bfg ", 0, " ", 1; }
    type "death_insult" { "death_insult ", 0, " ", 1; }
    type "death_praise" { "death_praise ", 0, " ", 1; }
    type "kill_rail" { "kill_rail ", 0; }
    type "kill_gauntlet" { "kill_gauntlet ", 0; }
    type "kill_telefrag" { "kill_telefrag ", 0; }
    type "kill_insult" { "kill_insult ", 0; }
    type "kill_praise" { "kill_praise ", 0; }
    type "random_insult" { "random_insult ", 0, " ", 1; }
    type "random_misc" { "random_misc ", 0, " ", 1, " ", word; }
}
"#;

const RND_C: &str = r#"word = { "bird"; }"#;
const RCHAT_C: &str = r#"["hello bot"] = 5 { "hi ", 7, "!"; }"#;

fn data() -> ChatData {
    let source = MemorySource::new()
        .with("rnd.c", RND_C)
        .with("rchat.c", RCHAT_C)
        .with("bots/tester_t.c", TESTER_T);
    let files = [
        ("rnd.c".to_owned(), FileKind::RandomStrings),
        ("rchat.c".to_owned(), FileKind::ReplyChats),
        ("bots/tester_t.c".to_owned(), FileKind::InitialChats),
    ];
    let (data, reports) = ChatData::load(&source, &files);
    assert!(reports.iter().all(|r| r.error.is_none()), "{reports:?}");
    data
}

const ME: PlayerId = PlayerId(3);

fn talker(data: &ChatData, rates: ChatRates) -> Talker {
    let mut talker =
        Talker::new(ChatState::new(data, "tester", Gender::Male), rates).with_player(ME);
    talker.scene_mut().level_title = "Arena".to_owned();
    talker.scene_mut().opponents = vec!["Sarge".to_owned()];
    talker
}

fn line(from: u16, name: &str, text: &str) -> ChatLine {
    ChatLine {
        from: PlayerId(from),
        name: name.to_owned(),
        team_only: false,
        text: text.to_owned(),
        message: None,
    }
}

/// The type and text a fresh always-chatty bot types for `event`.
fn typed(data: &ChatData, event: ChatEvent<'_>, insult: f32) -> (String, String) {
    let rates = ChatRates {
        insult,
        ..ChatRates::uniform(1.0, 400)
    };
    let mut talker = talker(data, rates);
    let typing = talker
        .on_event(data, event, 0.0, true, &mut GameRng::new(1))
        .unwrap_or_else(|| panic!("no chat for {event:?}"));
    (typing.chat_type.clone(), typing.text.clone())
}

#[test]
fn each_event_picks_its_type_and_variables() {
    let data = data();
    let killer = Some("Doom");
    let cases: Vec<(ChatEvent<'_>, f32, &str)> = vec![
        (
            ChatEvent::EnterGame,
            1.0,
            "game_enter tester vs Sarge on Arena",
        ),
        (ChatEvent::ExitGame, 1.0, "game_exit tester"),
        (ChatEvent::LevelStart, 1.0, "level_start tester"),
        (
            ChatEvent::LevelEnd {
                won: false,
                first: "Doom",
                last: "Sarge",
            },
            1.0,
            "level_end Doom",
        ),
        (
            ChatEvent::LevelEnd {
                won: true,
                first: "tester",
                last: "Sarge",
            },
            1.0,
            "level_end_victory Sarge",
        ),
        (
            ChatEvent::LevelEnd {
                won: false,
                first: "Doom",
                last: "tester",
            },
            1.0,
            "level_end_lose Doom",
        ),
        (
            ChatEvent::HitNoDeath {
                attacker: "Doom",
                weapon: Some(Weapon::PlasmaGun),
            },
            1.0,
            "hit_nodeath Doom Plasma Gun",
        ),
        (
            ChatEvent::HitNoKill { target: "Doom" },
            1.0,
            "hit_nokill Doom",
        ),
        (
            ChatEvent::Death {
                killer,
                cause: DamageCause::Telefrag,
            },
            1.0,
            "death_telefrag Doom",
        ),
        (
            ChatEvent::Death {
                killer: None,
                cause: DamageCause::Falling,
            },
            1.0,
            "death_cratered Sarge",
        ),
        (
            ChatEvent::Death {
                killer: None,
                cause: DamageCause::Lava,
            },
            1.0,
            "death_lava Sarge",
        ),
        (
            ChatEvent::Death {
                killer: None,
                cause: DamageCause::Slime,
            },
            1.0,
            "death_slime Sarge",
        ),
        (
            ChatEvent::Death {
                killer: None,
                cause: DamageCause::Drowning,
            },
            1.0,
            "death_drown Sarge",
        ),
        (
            ChatEvent::Death {
                killer: None,
                cause: DamageCause::Suicide,
            },
            1.0,
            "death_suicide Sarge",
        ),
        (
            ChatEvent::Death {
                killer: None,
                cause: DamageCause::Splash(Weapon::RocketLauncher),
            },
            1.0,
            "death_suicide Sarge",
        ),
        (
            ChatEvent::Death {
                killer,
                cause: DamageCause::Weapon(Weapon::Gauntlet),
            },
            1.0,
            "death_gauntlet Doom Gauntlet",
        ),
        (
            ChatEvent::Death {
                killer,
                cause: DamageCause::Weapon(Weapon::Railgun),
            },
            1.0,
            "death_rail Doom Railgun",
        ),
        (
            ChatEvent::Death {
                killer,
                cause: DamageCause::Splash(Weapon::Bfg),
            },
            1.0,
            "death_bfg Doom BFG10K",
        ),
        (
            ChatEvent::Death {
                killer,
                cause: DamageCause::Weapon(Weapon::Shotgun),
            },
            1.0,
            "death_insult Doom Shotgun",
        ),
        (
            ChatEvent::Death {
                killer,
                cause: DamageCause::Splash(Weapon::RocketLauncher),
            },
            0.0,
            "death_praise Doom Rocket Launcher",
        ),
        (
            ChatEvent::Kill {
                victim: "Doom",
                cause: DamageCause::Weapon(Weapon::Railgun),
            },
            1.0,
            "kill_rail Doom",
        ),
        (
            ChatEvent::Kill {
                victim: "Doom",
                cause: DamageCause::Weapon(Weapon::Gauntlet),
            },
            1.0,
            "kill_gauntlet Doom",
        ),
        (
            ChatEvent::Kill {
                victim: "Doom",
                cause: DamageCause::Telefrag,
            },
            1.0,
            "kill_telefrag Doom",
        ),
        (
            ChatEvent::Kill {
                victim: "Doom",
                cause: DamageCause::Weapon(Weapon::Machinegun),
            },
            1.0,
            "kill_insult Doom",
        ),
        (
            ChatEvent::Kill {
                victim: "Doom",
                cause: DamageCause::Weapon(Weapon::Machinegun),
            },
            0.0,
            "kill_praise Doom",
        ),
        (
            ChatEvent::Random { opponent: "Doom" },
            1.0,
            "random_misc Doom  bird",
        ),
    ];
    for (event, insult, want) in cases {
        let (chat_type, text) = typed(&data, event, insult);
        assert_eq!(text, want, "{event:?}");
        assert!(want.starts_with(&chat_type), "{chat_type} for {event:?}");
    }
}

#[test]
fn random_chats_insult_when_not_misc_and_name_the_last_victim() {
    let data = data();
    let rates = ChatRates {
        misc: 0.0,
        ..ChatRates::uniform(1.0, 400)
    };
    let mut talker = talker(&data, rates);
    let mut rng = GameRng::new(5);
    let kill = ChatEvent::Kill {
        victim: "Doom",
        cause: DamageCause::Telefrag,
    };
    assert!(talker.on_event(&data, kill, 0.0, true, &mut rng).is_some());
    assert!(talker.due(100.0).is_some());
    let random = talker.on_event(
        &data,
        ChatEvent::Random { opponent: "Sarge" },
        100.0,
        true,
        &mut rng,
    );
    assert_eq!(
        random.map(|t| t.text.as_str()),
        Some("random_insult Sarge Doom")
    );
}

#[test]
fn rate_zero_never_chats() {
    let data = data();
    let mut talker = talker(&data, ChatRates::uniform(0.0, 400));
    let mut rng = GameRng::new(9);
    for step in 0..200u16 {
        let now = f32::from(step) * 30.0;
        let event = ChatEvent::Kill {
            victim: "Doom",
            cause: DamageCause::Telefrag,
        };
        assert!(talker.on_event(&data, event, now, true, &mut rng).is_none());
        assert!(
            talker
                .on_event(&data, ChatEvent::EnterGame, now, true, &mut rng)
                .is_none()
        );
        assert!(
            talker
                .on_chat(
                    &data,
                    &line(1, "Sarge", "hello bot"),
                    now,
                    0,
                    true,
                    &mut rng
                )
                .is_none()
        );
    }
    assert_eq!(talker.sent(), 0);
}

#[test]
fn rate_one_always_chats_once_the_spacing_has_passed() {
    let data = data();
    let mut talker = talker(&data, ChatRates::uniform(1.0, 4000));
    let mut rng = GameRng::new(11);
    let event = ChatEvent::HitNoKill { target: "Doom" };
    for round in 0..50u16 {
        let start = f32::from(round) * TIME_BETWEEN_CHATTING;
        assert!(
            talker
                .on_event(&data, event, start, true, &mut rng)
                .is_some(),
            "round {round}"
        );
        assert!(talker.due(start + 1.0).is_some());
        assert!(
            talker
                .on_event(&data, event, start + 1.0, true, &mut rng)
                .is_none()
        );
    }
    assert_eq!(talker.sent(), 50);
}

#[test]
fn at_most_one_chat_per_25_seconds_and_none_when_not_allowed() {
    let data = data();
    let mut talker = talker(&data, ChatRates::uniform(1.0, 4000));
    let mut rng = GameRng::new(12);
    let event = ChatEvent::HitNoKill { target: "Doom" };
    assert!(
        talker
            .on_event(&data, event, 100.0, false, &mut rng)
            .is_none()
    );
    assert!(
        talker
            .on_event(&data, event, 100.0, true, &mut rng)
            .is_some()
    );
    assert!(talker.due(101.0).is_some());
    let hello = line(1, "Sarge", "hello bot");
    assert!(
        talker
            .on_event(&data, event, 124.9, true, &mut rng)
            .is_none()
    );
    assert!(
        talker
            .on_chat(&data, &hello, 124.9, 0, true, &mut rng)
            .is_none()
    );
    assert!(
        talker
            .on_event(&data, event, 125.0, false, &mut rng)
            .is_none()
    );
    assert!(
        talker
            .on_chat(&data, &hello, 125.0, 0, false, &mut rng)
            .is_none()
    );
    assert!(
        talker
            .on_event(&data, event, 125.0, true, &mut rng)
            .is_some()
    );
}

#[test]
fn typing_time_follows_the_characters_per_minute() {
    let data = data();
    let mut talker = talker(&data, ChatRates::uniform(1.0, 600));
    let mut rng = GameRng::new(13);
    let event = ChatEvent::HitNoKill { target: "Doom" };
    let typing = talker.on_event(&data, event, 10.0, true, &mut rng).cloned();
    let typing = typing.expect("a chat");
    // "hit_nokill Doom": 15 characters × 30 / 600 = 0.75 s.
    assert_eq!(typing.text.len(), 15);
    assert!((typing.send_at - 10.75).abs() < 1e-4, "{}", typing.send_at);
    assert!(!typing.team_only);
    assert!(talker.due(10.7).is_none());
    assert!(talker.typing().is_some(), "still typing: the bot stands");
    assert_eq!(
        talker.due(10.75).map(|t| t.text),
        Some("hit_nokill Doom".to_owned())
    );
    assert!(talker.typing().is_none());
    assert_eq!(talker.sent(), 1);

    // botlib's constant two seconds, whatever the length.
    let mut constant = talker_with(&data, ChatTime::Constant);
    let typing = constant
        .on_event(&data, event, 10.0, true, &mut rng)
        .cloned();
    assert!((typing.expect("a chat").send_at - 12.0).abs() < 1e-4);
}

fn talker_with(data: &ChatData, time: ChatTime) -> Talker {
    talker(data, ChatRates::uniform(1.0, 600)).with_chat_time(time)
}

#[test]
fn replies_fire_for_a_matching_key_and_never_for_own_lines() {
    let data = data();
    let mut talker = talker(&data, ChatRates::uniform(1.0, 4000));
    let mut rng = GameRng::new(14);
    // Own lines: by player id, or by the bot's own name.
    assert!(
        talker
            .on_chat(
                &data,
                &line(3, "someone", "hello bot"),
                0.0,
                0,
                true,
                &mut rng
            )
            .is_none()
    );
    assert!(
        talker
            .on_chat(
                &data,
                &line(7, "Tester", "hello bot"),
                0.0,
                0,
                true,
                &mut rng
            )
            .is_none()
    );
    // No reply chat matches.
    assert!(
        talker
            .on_chat(
                &data,
                &line(1, "Sarge", "nice weather"),
                0.0,
                0,
                true,
                &mut rng
            )
            .is_none()
    );
    let mut team = line(1, "Sarge", "well hello bot");
    team.team_only = true;
    let reply = talker
        .on_chat(&data, &team, 0.0, 0, true, &mut rng)
        .cloned();
    let reply = reply.expect("a reply");
    assert_eq!(
        (reply.text.as_str(), reply.chat_type.as_str()),
        ("hi Sarge!", "reply")
    );
    assert!(reply.team_only, "a team line is answered to the team");
    // Busy typing: no second reply.
    assert!(
        talker
            .on_chat(&data, &line(2, "Doom", "hello bot"), 0.1, 0, true, &mut rng)
            .is_none()
    );
}

#[test]
fn replies_need_the_player_share_and_the_reply_rate() {
    let data = data();
    let count = |players: usize, reply: f32| {
        let mut rng = GameRng::new(15);
        let rates = ChatRates {
            reply,
            ..ChatRates::uniform(1.0, 4000)
        };
        (0..1000)
            .filter(|_| {
                let mut talker = talker(&data, rates);
                talker
                    .on_chat(
                        &data,
                        &line(1, "Sarge", "hello bot"),
                        0.0,
                        players,
                        true,
                        &mut rng,
                    )
                    .is_some()
            })
            .count()
    };
    // 1.5 / (0 + 1) ≥ 1: always.
    assert_eq!(count(0, 1.0), 1000);
    // 1.5 / 10 = 0.15.
    let some = count(9, 1.0);
    assert!((110..=190).contains(&some), "{some}");
    // 1.5 / 2 × 0.5 = 0.375.
    let half = count(1, 0.5);
    assert!((320..=430).contains(&half), "{half}");
    assert_eq!(count(0, 0.0), 0);
}

#[test]
fn a_hit_while_typing_replaces_the_line_and_restarts_typing() {
    let data = data();
    let mut talker = talker(&data, ChatRates::uniform(1.0, 600));
    let mut rng = GameRng::new(16);
    let hit = ChatEvent::HitTalking {
        attacker: "Doom",
        weapon: Some(Weapon::Railgun),
    };
    // Nothing typed: nothing to complain about.
    assert!(talker.on_event(&data, hit, 0.0, true, &mut rng).is_none());
    let kill = ChatEvent::Kill {
        victim: "Doom",
        cause: DamageCause::Weapon(Weapon::Railgun),
    };
    let first = talker.on_event(&data, kill, 0.0, true, &mut rng).cloned();
    assert_eq!(first.map(|t| t.chat_type), Some("kill_rail".to_owned()));
    // Other events wait while typing.
    assert!(
        talker
            .on_event(&data, ChatEvent::EnterGame, 0.2, true, &mut rng)
            .is_none()
    );
    let replaced = talker.on_event(&data, hit, 0.3, true, &mut rng).cloned();
    let replaced = replaced.expect("hit_talking replaces the line");
    assert_eq!(replaced.text, "hit_talking Doom Railgun stop it");
    let expected = 0.3 + replaced.text.len() as f32 * 30.0 / 600.0;
    assert!((replaced.send_at - expected).abs() < 1e-4);
    assert!(talker.due(expected - 0.01).is_none());
    assert_eq!(
        talker.due(expected).map(|t| t.chat_type),
        Some("hit_talking".to_owned())
    );
    assert_eq!(talker.sent(), 1);

    // A bot that never complains keeps its line.
    let rates = ChatRates {
        hit_talking: 0.0,
        ..ChatRates::uniform(1.0, 600)
    };
    let mut quiet = self::talker(&data, rates);
    assert!(quiet.on_event(&data, kill, 0.0, true, &mut rng).is_some());
    assert!(quiet.on_event(&data, hit, 0.3, true, &mut rng).is_none());
    assert_eq!(
        quiet.typing().map(|t| t.chat_type.as_str()),
        Some("kill_rail")
    );
}

#[test]
fn lines_that_fail_to_expand_are_dropped_and_counted() {
    let data = data();
    let mut talker = talker(&data, ChatRates::uniform(1.0, 600));
    let mut rng = GameRng::new(17);
    let event = ChatEvent::EnemySuicide { name: "Doom" };
    assert!(talker.on_event(&data, event, 0.0, true, &mut rng).is_none());
    assert_eq!(talker.dropped(), 1);
    assert!(talker.typing().is_none());
    // A type the bot has no lines of: no chat, nothing dropped.
    let mut other = Talker::new(
        ChatState::new(&data, "nobody", Gender::It),
        ChatRates::uniform(1.0, 600),
    );
    assert!(
        other
            .on_event(&data, ChatEvent::EnterGame, 0.0, true, &mut rng)
            .is_none()
    );
    assert_eq!(other.dropped(), 0);
}

#[test]
fn the_same_seed_gives_the_same_chats() {
    let data = data();
    let run = |seed| {
        let rates = ChatRates {
            insult: 0.5,
            misc: 0.5,
            ..ChatRates::uniform(0.6, 500)
        };
        let mut talker = talker(&data, rates);
        talker.scene_mut().opponents = vec!["Sarge".into(), "Doom".into(), "Anarki".into()];
        let mut rng = GameRng::new(seed);
        let mut said = Vec::new();
        for step in 0..300u16 {
            let now = f32::from(step) * 5.0;
            let event = match step % 3 {
                0 => ChatEvent::Random { opponent: "Doom" },
                1 => ChatEvent::Death {
                    killer: None,
                    cause: DamageCause::Lava,
                },
                _ => ChatEvent::Kill {
                    victim: "Sarge",
                    cause: DamageCause::Weapon(Weapon::Shotgun),
                },
            };
            let _ = talker.on_event(&data, event, now, true, &mut rng);
            let _ = talker.on_chat(
                &data,
                &line(1, "Sarge", "hello bot"),
                now,
                3,
                true,
                &mut rng,
            );
            said.extend(
                talker
                    .due(now + 4.0)
                    .map(|t| (t.chat_type, t.text, t.send_at.to_bits())),
            );
        }
        said
    };
    let a = run(21);
    assert!(a.len() > 20, "{}", a.len());
    assert_eq!(a, run(21));
    assert_ne!(a, run(22));
}

#[test]
fn rates_come_from_the_character_clamped_with_defaults() {
    let source = MemorySource::new()
        .with("bots/default_c.c", "skill 1 { 0 \"Default\" 1 \"it\" }")
        .with(
            "bots/chatty_c.c",
            "skill 1 { 0 \"Chatty\" 23 9000 24 0.3 28 1.5 29 0.25 35 1 }",
        )
        .with("bots/plain_c.c", "skill 1 { 0 \"Plain\" }");
    let chatty = load(&source, "bots/chatty_c.c", 1.0, Compat::Botlib).expect("loads");
    let rates = ChatRates::from_character(&chatty);
    assert_eq!(rates.cpm, 4000);
    assert!((rates.insult - 0.3).abs() < 1e-6);
    assert!((rates.kill - 1.0).abs() < 1e-6, "clamped");
    assert!((rates.death - 0.25).abs() < 1e-6);
    assert!(
        (rates.reply - 1.0).abs() < 1e-6,
        "an integer reads as a float"
    );
    assert!(rates.random.abs() < 1e-6, "unset: never");
    let plain = load(&source, "bots/plain_c.c", 1.0, Compat::Botlib).expect("loads");
    let rates = ChatRates::from_character(&plain);
    assert_eq!(
        rates,
        ChatRates {
            cpm: 400,
            ..ChatRates::default()
        }
    );
}

/// The real tremfusion set: Major's character and chat file, every event at rate 1.
#[test]
fn tremfusion_major_talks_with_real_data() {
    let Some(botfiles) = real_data::botfiles() else {
        return;
    };
    let root = real_data::bot_set(&botfiles, "Amanieu-tremfusion");
    let (data, _reports) = ChatData::load_dir(&root).expect("listed");
    let major = load_dir(&root, "bots/major_c.c", 4.0, Compat::Botlib).expect("Major loads");
    let rates = ChatRates::from_character(&major);
    assert_eq!(rates.cpm, 400);
    assert!((rates.kill - 1.0).abs() < 1e-6 && (rates.reply - 1.0).abs() < 1e-6);
    let mut state = ChatState::new(&data, "Major", Gender::Female);
    state.chat_name = major
        .string(bot_brain::Characteristic::ChatName)
        .ok()
        .map(str::to_owned);
    state.chat_file = major
        .string(bot_brain::Characteristic::ChatFile)
        .ok()
        .map(str::to_owned);
    let mut talker = Talker::new(state, ChatRates::uniform(1.0, rates.cpm));
    talker.scene_mut().opponents = vec!["Sarge".to_owned()];
    let mut rng = GameRng::new(23);
    let events = [
        ChatEvent::EnterGame,
        ChatEvent::Kill {
            victim: "Sarge",
            cause: DamageCause::Weapon(Weapon::Railgun),
        },
        ChatEvent::Death {
            killer: None,
            cause: DamageCause::Falling,
        },
        ChatEvent::Death {
            killer: Some("Sarge"),
            cause: DamageCause::Weapon(Weapon::Railgun),
        },
        ChatEvent::HitNoKill { target: "Sarge" },
        ChatEvent::LevelEnd {
            won: true,
            first: "Major",
            last: "Sarge",
        },
    ];
    let mut now = 0.0;
    let mut chats = 0u32;
    for event in events {
        now += TIME_BETWEEN_CHATTING + 5.0;
        let Some(typing) = talker.on_event(&data, event, now, true, &mut rng).cloned() else {
            continue;
        };
        chats += 1;
        assert!(
            !typing.text.is_empty() && typing.text.len() <= 255,
            "{typing:?}"
        );
        assert!(!typing.text.contains('\u{1}'), "no escape left: {typing:?}");
        let expected = now + typing.text.len() as f32 * 30.0 / 400.0;
        assert!((typing.send_at - expected).abs() < 1e-3);
        // Hit while typing: Major complains with one of her hit_talking lines.
        let hit = ChatEvent::HitTalking {
            attacker: "Sarge",
            weapon: Some(Weapon::Shotgun),
        };
        let complaint = talker
            .on_event(&data, hit, now + 0.1, true, &mut rng)
            .cloned();
        let complaint = complaint.expect("Major has hit_talking lines");
        assert_ne!(complaint.text, typing.text);
        let said = talker.due(now + 20.0).expect("typed");
        assert_eq!(
            (said.chat_type.as_str(), said.text),
            ("hit_talking", complaint.text)
        );
    }
    assert_eq!((chats, talker.dropped()), (6, 0));
    assert_eq!(talker.sent(), chats);
}
