//! [`understand`]: a team chat line, through the match templates, as a [`TeamMessage`].
//!
//! The line is matched as Quake III prints a team chat line, `EC"(" name EC")" EC": " text`,
//! in the contexts botlib matches orders in (`MTCONTEXT_MISC | MTCONTEXT_INITIALTEAMCHAT |
//! MTCONTEXT_CTF`). The template's message type gives the command; its variables give the
//! addressee (through `MTCONTEXT_ADDRESSEE`: "everyone", "A and B", a name; a name that is
//! nobody's is a sub-team's), the teammate or enemy named (`MTCONTEXT_TEAMMATE`: "me" is the
//! speaker), the key area (the base, or an item by its `items.c` name), the places of a
//! patrol (`MTCONTEXT_PATROLKEYAREA`) and the time (`MTCONTEXT_TIME`).
//!
//! Beyond botlib: some real `match.c` files list a template without the addressee before the
//! one with it ("get the flag" before "NAME get the flag"), so "Kestrel get the flag" matches
//! the first, with the name left in the place variable. A line not addressed by its template
//! whose text before the command names teammates (or "everyone") is taken as addressed to
//! them, rather than to whoever hears it.

use bot_chat::ChatData;
use bot_chat::consts::MTCONTEXT_TEAM_ORDERS;
use bot_interface::{Addressee, Place, PlayerId, TaskPreference, TeamCommand, TeamMessage};

use super::Roster;
use super::numbers::*;

/// How long "for a long time" lasts (ms): our own reading.
const A_LONG_TIME_MS: u32 = 30 * 60_000;
/// How long "for a while" lasts (ms): our own reading.
const A_WHILE_MS: u32 = 10 * 60_000;

/// The chat line as Quake III prints a team chat line (the text botlib's templates match).
#[must_use]
pub fn team_chat_line(speaker: &str, text: &str) -> String {
    format!("\u{19}({speaker}\u{19})\u{19}: {text}")
}

/// What `text`, said to the team by `speaker`, means through `data`'s match templates
/// (see the module docs); `None` when no template understands it as a team
/// message, or a name in it is nobody's.
#[must_use]
pub fn understand(
    data: &ChatData,
    speaker: PlayerId,
    text: &str,
    roster: &Roster<'_>,
) -> Option<TeamMessage> {
    let line = team_chat_line(roster.name(speaker), text);
    let found = data.find_match(line.as_bytes(), MTCONTEXT_TEAM_ORDERS)?;
    let kind = found.kind();
    let subtype = found.subtype();
    let var = |slot: usize| found.variable_text(slot).into_owned();
    let mate = |slot: usize| teammate(data, speaker, &var(slot), roster);
    let command = match kind {
        MSG_HELP => TeamCommand::Help(mate(VAR_TEAMMATE)?),
        MSG_ACCOMPANY => TeamCommand::Accompany(mate(VAR_TEAMMATE)?),
        MSG_DEFENDKEYAREA => TeamCommand::Defend(place(&var(VAR_KEYAREA), roster)?),
        MSG_GETFLAG => TeamCommand::GetFlag,
        MSG_ATTACKENEMYBASE => TeamCommand::AttackEnemyBase,
        MSG_RETURNFLAG => TeamCommand::ReturnFlag,
        MSG_RUSHBASE => TeamCommand::RushBase,
        MSG_CAMP if subtype & ST_HERE != 0 => TeamCommand::Camp(Place::Here),
        MSG_CAMP if subtype & ST_THERE != 0 => TeamCommand::Camp(Place::There),
        MSG_CAMP => TeamCommand::Camp(place(&var(VAR_KEYAREA), roster)?),
        MSG_PATROL => TeamCommand::Patrol(patrol(data, &var(VAR_KEYAREA), roster)?),
        MSG_GETITEM => TeamCommand::GetItem(roster.item(&var(VAR_ITEM))?),
        MSG_KILL => TeamCommand::Kill(roster.player(&var(VAR_TEAMMATE))?),
        MSG_LEADTHEWAY if subtype & ST_SOMEONE != 0 => TeamCommand::LeadTheWay(mate(VAR_TEAMMATE)?),
        MSG_LEADTHEWAY => TeamCommand::LeadTheWay(speaker),
        MSG_DISMISS => TeamCommand::Dismiss,
        MSG_TASKPREFERENCE => TeamCommand::TaskPreference(match subtype {
            ST_DEFENDER => TaskPreference::Defender,
            ST_ATTACKER => TaskPreference::Attacker,
            ST_ROAMER => TaskPreference::Roamer,
            _ => TaskPreference::None,
        }),
        MSG_JOINSUBTEAM => TeamCommand::JoinSubteam(var(VAR_TEAMMATE).trim().to_owned()),
        MSG_LEAVESUBTEAM => TeamCommand::LeaveSubteam,
        MSG_STARTTEAMLEADERSHIP if subtype & ST_I != 0 => TeamCommand::StartLeadership(speaker),
        MSG_STARTTEAMLEADERSHIP => TeamCommand::StartLeadership(mate(VAR_TEAMMATE)?),
        MSG_STOPTEAMLEADERSHIP if subtype & ST_I != 0 => TeamCommand::StopLeadership(speaker),
        MSG_STOPTEAMLEADERSHIP => TeamCommand::StopLeadership(mate(VAR_TEAMMATE)?),
        MSG_WHOISTEAMLEADER => TeamCommand::WhoIsLeader,
        MSG_WHATAREYOUDOING => TeamCommand::WhatAreYouDoing,
        MSG_WHEREAREYOU => TeamCommand::WhereAreYou,
        MSG_WHATISMYCOMMAND => TeamCommand::WhatIsMyCommand,
        MSG_WHICHTEAM => TeamCommand::WhichSubteam,
        _ => return None,
    };
    // Task preferences use the subtype for the task, not for addressing.
    let addressed = kind != MSG_TASKPREFERENCE && subtype & ST_ADDRESSED != 0;
    let to = if addressed {
        match addressee(data, &var(VAR_ADDRESSEE), roster)? {
            // A real template may capture another slot over the addressee (mecwerks'
            // "ADDRESSEE, \" return \", PURE_CRAP" with PURE_CRAP = 2): names leading the
            // text win over a sub-team nobody could tell from a stray word.
            Addressee::Subteam(name) => {
                leading_names(text, roster).unwrap_or(Addressee::Subteam(name))
            }
            to => to,
        }
    } else {
        // Beyond botlib (module docs): names left before the command.
        leading_names(text, roster).unwrap_or(Addressee::Team)
    };
    let for_ms = if subtype & ST_TIME != 0 && kind != MSG_TASKPREFERENCE {
        time(data, &var(VAR_TIME))
    } else {
        None
    };
    Some(TeamMessage {
        to,
        command,
        for_ms,
    })
}

/// Who `text` addresses (`MTCONTEXT_ADDRESSEE`): everyone, players by name, or else a
/// sub-team (a single name that is nobody's).
fn addressee(data: &ChatData, text: &str, roster: &Roster<'_>) -> Option<Addressee> {
    let mut players = Vec::new();
    let mut rest = text.trim().to_owned();
    for _ in 0..64 {
        let Some(found) = data.find_match(rest.as_bytes(), MTCONTEXT_ADDRESSEE) else {
            break;
        };
        match found.kind() {
            MSG_EVERYONE => return Some(Addressee::Team),
            MSG_MULTIPLENAMES => {
                players.push(roster.player(&found.variable_text(VAR_TEAMMATE))?);
                rest = found.variable_text(VAR_TIME).into_owned();
            }
            _ => {
                let name = rest.trim();
                return match roster.player(name) {
                    Some(id) => {
                        players.push(id);
                        Some(Addressee::Players(players))
                    }
                    None if players.is_empty() && !name.is_empty() && !name.contains(' ') => {
                        Some(Addressee::Subteam(name.to_owned()))
                    }
                    None => None,
                };
            }
        }
    }
    let name = rest.trim();
    if let Some(id) = roster.player(name) {
        players.push(id);
    } else if players.is_empty() && !name.is_empty() && !name.contains(' ') {
        return Some(Addressee::Subteam(name.to_owned()));
    }
    (!players.is_empty()).then_some(Addressee::Players(players))
}

/// The players (or "everyone") named at the start of `text`, joined by " and " or ", ",
/// before the first word that names nobody; `None` when it does not start with a name.
fn leading_names(text: &str, roster: &Roster<'_>) -> Option<Addressee> {
    let mut rest = text.trim_start();
    if rest
        .get(..9)
        .is_some_and(|head| head.eq_ignore_ascii_case("everyone "))
    {
        return Some(Addressee::Team);
    }
    let mut players = Vec::new();
    // The longest player name at the start of the rest, followed by a blank or a comma.
    while let Some(found) = roster
        .players
        .iter()
        .filter(|line| {
            rest.get(..line.name.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(&line.name))
                && rest[line.name.len()..].starts_with([' ', ','])
        })
        .max_by_key(|line| line.name.len())
    {
        players.push(found.id);
        rest = &rest[found.name.len()..];
        let after = rest.trim_start_matches([' ', ',']);
        if after
            .get(..4)
            .is_some_and(|and| and.eq_ignore_ascii_case("and "))
        {
            rest = &after[4..];
        } else if rest.starts_with(',') {
            rest = after;
        } else {
            break;
        }
    }
    (!players.is_empty()).then_some(Addressee::Players(players))
}

/// The teammate `text` names: "me" or "I" (`MTCONTEXT_TEAMMATE`) is the speaker.
fn teammate(
    data: &ChatData,
    speaker: PlayerId,
    text: &str,
    roster: &Roster<'_>,
) -> Option<PlayerId> {
    let text = text.trim();
    if let Some(found) = data.find_match(text.as_bytes(), MTCONTEXT_TEAMMATE)
        && found.kind() == MSG_ME
    {
        return Some(speaker);
    }
    if text.eq_ignore_ascii_case("me") || text.eq_ignore_ascii_case("i") {
        return Some(speaker);
    }
    roster.player(text)
}

/// The place a key-area name stands for: the own base ("base", "our base", "flag"), the
/// enemy base, or an item by name; a trailing " for …" (a time the template did not
/// separate) is ignored.
fn place(text: &str, roster: &Roster<'_>) -> Option<Place> {
    let words = super::roster::strip_article(text);
    let lower = words.to_ascii_lowercase();
    match lower.as_str() {
        "base" | "flag" | "home" | "our base" | "our flag" => return Some(Place::OurBase),
        "enemy base" | "their base" | "enemy flag" | "their flag" => {
            return Some(Place::EnemyBase);
        }
        _ => {}
    }
    if let Some(item) = roster.item(words) {
        return Some(Place::Item(item));
    }
    let (head, _) = lower.split_once(" for ")?;
    place(&words[..head.len()], roster)
}

/// The places of a patrol ("the A to the B and back"), through `MTCONTEXT_PATROLKEYAREA`,
/// else split at " to ".
fn patrol(data: &ChatData, text: &str, roster: &Roster<'_>) -> Option<Vec<Place>> {
    let mut places = Vec::new();
    let mut rest = text.trim().to_owned();
    for _ in 0..32 {
        match data.find_match(rest.as_bytes(), MTCONTEXT_PATROLKEYAREA) {
            Some(found) if found.kind() == MSG_PATROLKEYAREA => {
                places.push(place(&found.variable_text(VAR_KEYAREA), roster)?);
                if found.subtype() & ST_MORE == 0 {
                    return Some(places);
                }
                rest = found.variable_text(VAR_TIME).into_owned();
            }
            _ => break,
        }
    }
    for part in rest.split(" to ") {
        places.push(place(part, roster)?);
    }
    (!places.is_empty()).then_some(places)
}

/// How long `text` says (`MTCONTEXT_TIME`), ms.
fn time(data: &ChatData, text: &str) -> Option<u32> {
    let text = text.trim();
    let found = data.find_match(text.as_bytes(), MTCONTEXT_TIME)?;
    let number = || -> Option<u32> { found.variable_text(VAR_TIME).trim().parse().ok() };
    match found.kind() {
        MSG_MINUTES => number()?.checked_mul(60_000),
        MSG_SECONDS => number()?.checked_mul(1000),
        MSG_FOREVER => Some(u32::MAX),
        MSG_FORALONGTIME => Some(A_LONG_TIME_MS),
        MSG_FORAWHILE => Some(A_WHILE_MS),
        _ => None,
    }
}
