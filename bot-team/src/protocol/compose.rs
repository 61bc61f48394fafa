//! [`phrasings`]: the words of a team message, in the order a speaker tries them.
//!
//! Every command has one or more phrasings; [`say`](super::say) sends the first that the
//! speaker's own match templates understand as the same message (real `match.c` files differ:
//! one knows "get the rocket launcher", another only "grab the rocket launcher"). Phrasings
//! are chosen so that the toolkit's `match.c` and the shared real ones understand them.

use bot_interface::{Addressee, Place, TaskPreference, TeamCommand, TeamMessage};

use super::Roster;

/// How `to` is named: "everyone", names joined by " and ", or the sub-team's name.
#[must_use]
pub fn addressee_text(to: &Addressee, roster: &Roster<'_>) -> String {
    match to {
        Addressee::Team => "everyone".to_owned(),
        Addressee::Players(ids) => ids
            .iter()
            .map(|&id| roster.name(id).to_owned())
            .collect::<Vec<_>>()
            .join(" and "),
        Addressee::Subteam(name) => name.clone(),
    }
}

/// The key-area words for `place` ("the base", "the Rocket Launcher"); "here" and "there"
/// have no key-area words.
fn key_area(place: Place, roster: &Roster<'_>) -> Option<String> {
    match place {
        Place::OurBase => Some("the base".to_owned()),
        Place::EnemyBase => Some("the enemy base".to_owned()),
        Place::Item(item) => Some(format!("the {}", roster.item_name(item))),
        Place::Here | Place::There => None,
    }
}

/// " for 5 minutes" / " for 30 seconds" for an order's own time.
fn duration(for_ms: Option<u32>) -> String {
    match for_ms {
        None => String::new(),
        Some(ms) if ms >= 60_000 && ms.is_multiple_of(60_000) => {
            format!(" for {} minutes", ms / 60_000)
        }
        Some(ms) => format!(" for {} seconds", ms.div_ceil(1000)),
    }
}

/// The phrasings of `message` said by `speaker_is` (to say "me" for the speaker), best first.
#[must_use]
pub fn phrasings(
    message: &TeamMessage,
    speaker: bot_interface::PlayerId,
    roster: &Roster<'_>,
) -> Vec<String> {
    let to = addressee_text(&message.to, roster);
    let who = |id| {
        if id == speaker {
            "me".to_owned()
        } else {
            roster.name(id).to_owned()
        }
    };
    let time = duration(message.for_ms);
    let one = |text: String| vec![text];
    match &message.command {
        TeamCommand::Help(id) => one(format!("{to} help {}", who(*id))),
        TeamCommand::Accompany(id) => one(format!("{to} follow {}", who(*id))),
        TeamCommand::Defend(place) => {
            let area = key_area(*place, roster).unwrap_or_else(|| "the base".to_owned());
            one(format!("{to} defend {area}{time}"))
        }
        TeamCommand::GetFlag => one(format!("{to} capture the flag")),
        TeamCommand::AttackEnemyBase => one(format!("{to} attack the enemy base")),
        TeamCommand::ReturnFlag => one(format!("{to} return the flag")),
        TeamCommand::RushBase => one(format!("{to} rush to base")),
        TeamCommand::Camp(Place::Here) => one(format!("{to} camp here{time}")),
        TeamCommand::Camp(Place::There) => one(format!("{to} camp there{time}")),
        TeamCommand::Camp(place) => {
            let area = key_area(*place, roster).unwrap_or_default();
            vec![
                format!("{to} go to {area}{time}"),
                format!("{to} camp near {area}{time}"),
            ]
        }
        TeamCommand::Patrol(places) => {
            let areas: Vec<String> = places
                .iter()
                .filter_map(|&place| key_area(place, roster))
                .collect();
            one(format!("{to} patrol from {}{time}", areas.join(" to ")))
        }
        TeamCommand::GetItem(item) => {
            let name = roster.item_name(*item);
            vec![
                format!("{to} get the {name}"),
                format!("{to} grab the {name}"),
                format!("{to} go get the {name}"),
                format!("{to} go grab the {name}"),
            ]
        }
        TeamCommand::Kill(id) => vec![
            format!("{to} kill {}", roster.name(*id)),
            format!("{to} hunt down {}", roster.name(*id)),
        ],
        TeamCommand::LeadTheWay(id) => vec![
            format!("{to} lead {} the way", who(*id)),
            format!("{to} lead {}", who(*id)),
        ],
        TeamCommand::Dismiss => one(format!("{to} dismissed")),
        TeamCommand::TaskPreference(preference) => one(match preference {
            TaskPreference::Defender => "I want to be on defense",
            TaskPreference::Attacker => "I want to be on offense",
            TaskPreference::Roamer | TaskPreference::None => "I want to roam",
        }
        .to_owned()),
        TeamCommand::JoinSubteam(name) => one(format!("{to} join squad {name}")),
        TeamCommand::LeaveSubteam => one(format!("{to} leave your squad")),
        TeamCommand::StartLeadership(id) if *id == speaker => one("I am the leader".to_owned()),
        TeamCommand::StartLeadership(id) => one(format!("{} is the leader", roster.name(*id))),
        TeamCommand::StopLeadership(_) => one("I quit being leader".to_owned()),
        TeamCommand::WhoIsLeader => one("who is the leader?".to_owned()),
        TeamCommand::WhatAreYouDoing => one(format!("{to} report")),
        TeamCommand::WhereAreYou => one(format!("{to} where are you?")),
        TeamCommand::WhatIsMyCommand => one("what is my command?".to_owned()),
        TeamCommand::WhichSubteam => one(format!("{to} which squad are you in?")),
    }
}
