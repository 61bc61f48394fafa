//! A team member's side: what an order means as a [`Task`] for this bot (its places resolved
//! in the map), and the words of its answers to questions (thesis §16.3).

use bot_brain::team::Task;
use bot_interface::{BotView, ItemSpotInfo, Place, PlayerId, Team, TeamCommand, TeammateInfo};
use glam::Vec3;

use crate::protocol::Roster;

/// Where the places of orders are, for one bot.
#[derive(Debug, Clone, Copy)]
pub struct Places<'a> {
    /// The bot's team.
    pub team: Team,
    /// The flag bases (red, blue).
    pub bases: [Option<Vec3>; 2],
    /// Every item placed in the map.
    pub spots: &'a [ItemSpotInfo],
}

impl Places<'_> {
    fn base(&self, team: Team) -> Option<Vec3> {
        match team {
            Team::Red => self.bases[0],
            Team::Blue => self.bases[1],
            Team::Free => None,
        }
    }

    /// Where `place`, said by `speaker` to the bot at `me`, is (the nearest spot of an item).
    #[must_use]
    pub fn point(
        &self,
        place: Place,
        speaker: PlayerId,
        me: Vec3,
        teammates: &[TeammateInfo],
    ) -> Option<Vec3> {
        match place {
            Place::OurBase => self.base(self.team),
            Place::EnemyBase => self.base(self.team.opponent()),
            Place::Item(item) => self
                .spots
                .iter()
                .filter(|spot| spot.item == item)
                .map(|spot| spot.origin)
                .min_by(|a, b| a.distance_squared(me).total_cmp(&b.distance_squared(me))),
            Place::Here => teammates
                .iter()
                .find(|mate| mate.id == speaker)
                .map(|mate| mate.origin),
            Place::There => Some(me),
        }
    }
}

/// The task `command` from `speaker` gives the bot seeing `view`; `None` for what is no task
/// (questions, leadership, squads) or a place that cannot be found.
#[must_use]
pub fn task_of(
    command: &TeamCommand,
    speaker: PlayerId,
    view: &BotView,
    places: &Places<'_>,
) -> Option<Task> {
    let me = view.me.origin;
    let point = |place: Place| {
        if speaker == view.me.id && place == Place::Here {
            Some(me)
        } else {
            places.point(place, speaker, me, &view.teammates)
        }
    };
    Some(match command {
        TeamCommand::Help(id) if *id != view.me.id => Task::Help(*id),
        TeamCommand::Accompany(id) if *id != view.me.id => Task::Accompany(*id),
        TeamCommand::Defend(place) => Task::Defend(point(*place)?),
        TeamCommand::GetFlag => Task::GetFlag,
        TeamCommand::AttackEnemyBase => Task::AttackEnemyBase,
        TeamCommand::ReturnFlag => Task::ReturnFlag,
        TeamCommand::RushBase => Task::RushBase,
        TeamCommand::Camp(place) => Task::Camp(point(*place)?),
        TeamCommand::Patrol(list) => Task::Patrol {
            points: list.iter().map(|&p| point(p)).collect::<Option<Vec<_>>>()?,
            next: 0,
        },
        TeamCommand::GetItem(item) => Task::GetItem(point(Place::Item(*item))?),
        TeamCommand::Kill(id) => Task::Kill(*id),
        TeamCommand::LeadTheWay(id) if *id != view.me.id => Task::LeadTheWay(*id),
        TeamCommand::Dismiss => Task::Roam,
        _ => return None,
    })
}

/// What the bot says it is doing (the answer to "report").
#[must_use]
pub fn doing(task: &Task, roster: &Roster<'_>) -> String {
    match task {
        Task::Roam => "I'm roaming".to_owned(),
        Task::Help(id) => format!("I'm helping {}", roster.name(*id)),
        Task::Accompany(id) => format!("I'm following {}", roster.name(*id)),
        Task::Defend(_) => "I'm defending".to_owned(),
        Task::GetFlag => "I'm going for their flag".to_owned(),
        Task::AttackEnemyBase => "I'm attacking their base".to_owned(),
        Task::ReturnFlag => "I'm getting our flag back".to_owned(),
        Task::RushBase => "I'm rushing to base".to_owned(),
        Task::Camp(_) => "I'm camping".to_owned(),
        Task::Patrol { .. } => "I'm patrolling".to_owned(),
        Task::GetItem(_) => "I'm getting an item".to_owned(),
        Task::Kill(id) => format!("I'm hunting {}", roster.name(*id)),
        Task::LeadTheWay(id) => format!("I'm leading {}", roster.name(*id)),
    }
}

/// Where the bot at `me` says it is: near the nearest placed item (thesis §16.3), and the
/// nearer base in capture the flag.
#[must_use]
pub fn location(me: Vec3, places: &Places<'_>, roster: &Roster<'_>) -> String {
    let nearest = places
        .spots
        .iter()
        .filter(|spot| !matches!(spot.item, bot_interface::Item::Flag(_)))
        .min_by(|a, b| {
            a.origin
                .distance_squared(me)
                .total_cmp(&b.origin.distance_squared(me))
        });
    let near = nearest.map_or_else(
        || "I'm somewhere".to_owned(),
        |spot| format!("I'm near the {}", roster.item_name(spot.item)),
    );
    let base = [Team::Red, Team::Blue]
        .into_iter()
        .filter_map(|team| places.base(team).map(|p| (team, p.distance(me))))
        .min_by(|a, b| a.1.total_cmp(&b.1));
    match base {
        Some((team, _)) => format!("{near} in the {} base", team.name()),
        None => near,
    }
}
