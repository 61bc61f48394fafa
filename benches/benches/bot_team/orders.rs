//! The team leader's cost per order in an 8-vs-8 capture the flag match (issue 21: the
//! leader's per-order cost), with the toolkit's botfiles (`bot-brain/botfiles`: `items.c`,
//! `match.c`), on a scoreboard of two teams of eight:
//!
//! - `bot_team_command/think_8_players`: one round of [`Commander::think`] (the default
//!   commander: orders to single teammates, no squads) for a team of eight, both flags at
//!   base, passive (a forced round: every order is sent, 7 of them);
//! - `bot_team_command/ctf_orders_8_players/STATE`: [`ctf_orders`] alone in each flag state
//!   (the enemy flag carried by a teammate where it is taken);
//! - `bot_team_say/COMMAND`: composing one order as team chat text ([`say`]: phrasings tried
//!   through the speaker's own templates until one is understood back as the same order);
//! - `bot_team_understand/COMMAND`: one teammate understanding that text ([`understand`]);
//! - `bot_team_order/round_trip_8_players`: what one order costs the team in a match: the
//!   leader says it and its seven teammates each understand the line.
//!
//! Before timing, the answers are checked: the orders of the ratio table (4 defenders and 3
//! attackers of 8; 4 defenders and 2 escorts of 7 besides a carrier), and every order's text
//! understood back as the same order.

use std::hint::black_box;

use bot_brain::setup::{SharedBotData, default_botfiles};
use bot_interface::{
    FlagStatus, GameMode, GameRng, Place, PlayerId, ScoreLine, Scoreboard, Team, TeamCommand,
    TeamMessage,
};
use bot_team::command::ctf::{FlagState, Strategy, ctf_orders};
use bot_team::command::{Commander, Situation};
use bot_team::protocol::{Roster, say, understand};
use criterion::{Criterion, criterion_main};

/// Players per team.
const TEAM: u16 = 8;
/// The four characters of the toolkit's botfiles, named as `bot-harness match` names repeats.
const NAMES: [&str; 8] = [
    "Bastion",
    "Clatter",
    "Kestrel",
    "Vesper",
    "Bastion-2",
    "Clatter-2",
    "Kestrel-2",
    "Vesper-2",
];
/// The red leader (players 0–7 are red, 8–15 blue).
const LEADER: PlayerId = PlayerId(0);

/// Both teams of eight; red player `carrier` (if any) carries the blue flag.
fn board(carrier: Option<PlayerId>) -> Scoreboard {
    let players = (0..2 * TEAM)
        .map(|index| {
            let (team, suffix) = if index < TEAM {
                (Team::Red, "")
            } else {
                (Team::Blue, "-blue")
            };
            let id = PlayerId(index);
            ScoreLine {
                id,
                name: format!("{}{suffix}", NAMES[usize::from(index % TEAM)]),
                team,
                score: 0,
                deaths: 0,
                carrying_flag: (Some(id) == carrier).then_some(Team::Blue),
            }
        })
        .collect();
    Scoreboard {
        players,
        red: Some(0),
        blue: Some(0),
        red_flag: Some(FlagStatus::AtBase),
        blue_flag: Some(if carrier.is_some() {
            FlagStatus::Taken
        } else {
            FlagStatus::AtBase
        }),
        ..Scoreboard::default()
    }
}

/// The red team, sorted as the leader sorts it (here: by id).
fn red_team() -> Vec<PlayerId> {
    (0..TEAM).map(PlayerId).collect()
}

/// How many of `commands` are each command, in the order first given.
fn tally<'a>(commands: impl IntoIterator<Item = &'a TeamCommand>) -> Vec<(TeamCommand, usize)> {
    let mut counts: Vec<(TeamCommand, usize)> = Vec::new();
    for command in commands {
        match counts.iter_mut().find(|(seen, _)| seen == command) {
            Some((_, count)) => *count += 1,
            None => counts.push((command.clone(), 1)),
        }
    }
    counts
}

fn command(c: &mut Criterion) {
    let board = board(None);
    let situation = Situation {
        now_ms: 3_000,
        mode: GameMode::Ctf,
        team: Team::Red,
        board: &board,
        team_size: usize::from(TEAM),
    };
    let team = red_team();
    let mut rng = GameRng::new(1);
    let mut commander = Commander::default();
    // The first think notes the flag state; orders are due 3 s later, and each forced round
    // (a new leader, "what is my command?") sends them all again.
    let first = Situation {
        now_ms: 0,
        ..situation
    };
    assert!(
        commander
            .think(&first, &mut || team.clone(), &mut rng)
            .is_empty()
    );
    let round = |commander: &mut Commander, rng: &mut GameRng| {
        commander.force(0, GameMode::Ctf);
        commander.think(black_box(&situation), &mut || team.clone(), rng)
    };
    let orders = round(&mut commander, &mut rng);
    let defend = TeamCommand::Defend(Place::OurBase);
    // The ratio table, both home, passive, n = 8: ⌊0.5n⌉ = 4 defenders, ⌊0.4n⌉ = 3 attackers.
    assert_eq!(
        tally(orders.iter().map(|order| &order.command)),
        [(defend.clone(), 4), (TeamCommand::GetFlag, 3)]
    );

    let mut group = c.benchmark_group("bot_team_command");
    group.bench_function("think_8_players", |b| {
        b.iter(|| round(&mut commander, &mut rng).len());
    });
    let carrier = Some(PlayerId(7));
    let escort = TeamCommand::Accompany(PlayerId(7));
    // Expected tallies of the ratio table (8 players, or 7 besides the carrier).
    let cases = [
        (
            "both_home",
            FlagState::BothHome,
            None,
            vec![(defend.clone(), 4), (TeamCommand::GetFlag, 3)],
        ),
        (
            "ours_taken",
            FlagState::OursTaken,
            None,
            vec![
                (defend.clone(), 2),
                (TeamCommand::ReturnFlag, 3),
                (TeamCommand::GetFlag, 3),
            ],
        ),
        (
            "theirs_taken",
            FlagState::TheirsTaken,
            carrier,
            vec![(defend.clone(), 4), (escort.clone(), 2)],
        ),
        (
            "both_taken",
            FlagState::BothTaken,
            carrier,
            vec![(escort, 3), (TeamCommand::ReturnFlag, 4)],
        ),
    ];
    for (name, state, carrier, expected) in cases {
        let orders = ctf_orders(state, Strategy::Passive, &team, carrier);
        assert_eq!(
            tally(orders.iter().map(|(_, command)| command)),
            expected,
            "{name}"
        );
        group.bench_function(format!("ctf_orders_8_players/{name}"), |b| {
            b.iter(|| {
                ctf_orders(
                    black_box(state),
                    Strategy::Passive,
                    black_box(&team),
                    carrier,
                )
            });
        });
    }
    group.finish();
}

fn protocol(c: &mut Criterion) {
    let shared = SharedBotData::load(&default_botfiles());
    assert!(shared.diagnostics.is_empty(), "{:?}", shared.diagnostics);
    let board = board(Some(PlayerId(7)));
    let roster = Roster {
        players: &board.players,
        items: &shared.items,
    };
    let to = PlayerId(3);
    let orders = [
        ("defend_the_base", TeamCommand::Defend(Place::OurBase)),
        ("get_flag", TeamCommand::GetFlag),
        ("return_flag", TeamCommand::ReturnFlag),
        ("accompany", TeamCommand::Accompany(PlayerId(7))),
    ];
    let orders: Vec<(&str, TeamMessage, String)> = orders
        .into_iter()
        .map(|(name, command)| {
            let message = TeamMessage::to_player(to, command);
            let text = say(&shared.chat, &message, LEADER, &roster);
            let back = understand(&shared.chat, LEADER, &text, &roster);
            assert_eq!(back.as_ref(), Some(&message), "{name}: {text:?}");
            (name, message, text)
        })
        .collect();

    let mut group = c.benchmark_group("bot_team_say");
    for (name, message, text) in &orders {
        group.bench_function(*name, |b| {
            b.iter(|| say(&shared.chat, black_box(message), LEADER, &roster).len() == text.len());
        });
    }
    group.finish();
    let mut group = c.benchmark_group("bot_team_understand");
    for (name, _, text) in &orders {
        group.bench_function(*name, |b| {
            b.iter(|| understand(&shared.chat, LEADER, black_box(text), &roster).is_some());
        });
    }
    group.finish();

    // One order as the team pays for it: said once, heard by the seven teammates.
    let (_, message, _) = &orders[0];
    let mut group = c.benchmark_group("bot_team_order");
    group.bench_function("round_trip_8_players", |b| {
        b.iter(|| {
            let text = say(&shared.chat, black_box(message), LEADER, &roster);
            (1..TEAM)
                .filter(|_| {
                    understand(&shared.chat, LEADER, &text, &roster).as_ref() == Some(message)
                })
                .count()
        });
    });
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::{command, protocol};
    criterion::criterion_group!(benches, command, protocol);
}
use group::benches;
criterion_main!(benches);
