//! Golden tests of long-term and nearby goal choice on the hand-made level of
//! `common/mod.rs`, with every score computed by hand (botlib reference §8):
//! `w` = the weight over the inventory, `score = w / (t × 0.01)`, avoided while
//! `remaining − t × 0.009 > 0`.
//!
//! Weights with 75 health and no rocket launcher (plain leaves: exact for any seed):
//!
//! | spot | weight | why |
//! |---|---|---|
//! | health | 60 | between `case 50: 80` and `case 100: 40`, t = (75 − 50) / 50 = 0.5 → 80 − 20 |
//! | rocket launcher | 150 | `case 1` (has none) |
//! | armor | 120 | |
//! | quad | 200 | |
//! | red flag | 500 | |
//! | roam | 2 × 2 = 4 | its own weight (`item_botroam` 2) × the `item_botroam` weight |

mod common;

use bot_brain::goal::{
    AvoidGoals, Choice, GoalId, GoalState, IgnoreReason, NBG_RANGE, SpotId, TravelTimes, Verdict,
    avoid_time_s, score_ltg, score_nbg,
};
use bot_brain::{Goal, ItemKnowledge};
use bot_interface::{BotView, Item, Powerup, SeenItem};
use common::{ARMOR, BOT, FLAG, Fixture, HEALTH, QUAD, RL, ROAM, close};
use glam::Vec3;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Long-term travel times from the bot (hundredths): health 300, RL 500, armor 400, quad
/// 2000, flag unreachable, roam 50, a dropped item 100.
fn ltg_times(_from: Vec3, goal: &Goal) -> Option<u16> {
    match goal.id {
        GoalId::Spot(id) if id == HEALTH => Some(300),
        GoalId::Spot(id) if id == RL => Some(500),
        GoalId::Spot(id) if id == ARMOR => Some(400),
        GoalId::Spot(id) if id == QUAD => Some(2000),
        GoalId::Spot(id) if id == ROAM => Some(50),
        GoalId::Dropped { .. } => Some(100),
        _ => None,
    }
}

fn rng() -> SmallRng {
    SmallRng::seed_from_u64(19)
}

fn candidate(choice: &Choice, id: SpotId) -> &bot_brain::goal::Candidate {
    choice.candidate(GoalId::Spot(id)).unwrap()
}

#[test]
fn the_level_leaves_out_items_without_info_or_weight() {
    let f = Fixture::new();
    assert_eq!(f.level.len(), 6);
    let ignored: Vec<(&str, IgnoreReason)> = f
        .level
        .ignored()
        .iter()
        .map(|i| (i.classname.as_str(), i.reason))
        .collect();
    assert_eq!(
        ignored,
        [
            ("weapon_gauntlet", IgnoreReason::NoWeight),
            ("item_unknown", IgnoreReason::NoItemInfo),
        ]
    );
    assert!(f.level.get(ROAM).unwrap().roam);
    assert!(!f.level.get(HEALTH).unwrap().roam);
    assert_eq!(f.level.by_entity(12), Some(ARMOR));
    assert_eq!(f.config.infos.len(), 7);
}

#[test]
fn ltg_scores_are_weight_over_seconds_and_the_first_of_a_tie_wins() {
    let f = Fixture::new();
    let choice = score_ltg(
        &f.ctx(60_000),
        &AvoidGoals::new(),
        &mut ltg_times,
        &mut rng(),
    );
    // health 60 / 3 = 20; RL 150 / 5 = 30; armor 120 / 4 = 30; quad 200 / 20 = 10;
    // flag: no route; roam 4 / 0.5 = 8.
    let expect = [
        (HEALTH, 60.0, 20.0),
        (RL, 150.0, 30.0),
        (ARMOR, 120.0, 30.0),
        (QUAD, 200.0, 10.0),
        (ROAM, 4.0, 8.0),
    ];
    for (id, weight, score) in expect {
        let c = candidate(&choice, id);
        assert_eq!(c.verdict, Verdict::Scored, "{id:?}");
        close(c.weight, weight);
        close(c.score, score);
    }
    let flag = candidate(&choice, FLAG);
    assert_eq!(flag.verdict, Verdict::NoRoute);
    close(flag.weight, 500.0);
    // RL and armor tie at exactly 30: the first (RL, placed before the armor) is kept.
    assert_eq!(
        candidate(&choice, RL).score,
        candidate(&choice, ARMOR).score
    );
    assert_eq!(choice.goal().unwrap().id, GoalId::Spot(RL));
    assert_eq!(
        choice.goal().unwrap().item,
        Some(Item::Weapon(bot_interface::Weapon::RocketLauncher))
    );
}

#[test]
fn a_chosen_goal_is_pushed_and_avoided_for_its_respawn_time() {
    let f = Fixture::new();
    let mut state = GoalState::new();
    let now = 60_000;
    // 1. RL (30, first of the tie). Avoided for max(5, 10) = 10 s.
    let first = state
        .choose_ltg(&f.ctx(now), &mut ltg_times, &mut rng())
        .unwrap();
    assert_eq!(first.goal().unwrap().id, GoalId::Spot(RL));
    assert_eq!(state.stack.top().unwrap().id, GoalId::Spot(RL));
    close(
        state.avoid.remaining_s(GoalId::Spot(RL), now).unwrap(),
        10.0,
    );
    // 2. RL avoided: 10 − 500 × 0.009 = 5.5 > 0. The armor (30) wins; avoided 25 s.
    let second = state
        .choose_ltg(&f.ctx(now), &mut ltg_times, &mut rng())
        .unwrap();
    assert_eq!(candidate(&second, RL).verdict, Verdict::Avoided);
    assert_eq!(second.goal().unwrap().id, GoalId::Spot(ARMOR));
    close(
        state.avoid.remaining_s(GoalId::Spot(ARMOR), now).unwrap(),
        25.0,
    );
    // 3. The health (20); avoided 35 s.
    let third = state
        .choose_ltg(&f.ctx(now), &mut ltg_times, &mut rng())
        .unwrap();
    assert_eq!(third.goal().unwrap().id, GoalId::Spot(HEALTH));
    assert_eq!(state.stack.len(), 3);
    // 5 s later: RL has 5 s left, 5 − 4.5 = 0.5 > 0, still avoided; armor (20 − 3.6) and
    // health (30 − 2.7) too: the quad (10) wins over the roam spot (8).
    let later = score_ltg(&f.ctx(now + 5000), &state.avoid, &mut ltg_times, &mut rng());
    assert_eq!(candidate(&later, RL).verdict, Verdict::Avoided);
    assert_eq!(later.goal().unwrap().id, GoalId::Spot(QUAD));
    // 6 s later: RL has 4 s left, 4 − 4.5 < 0: it is back in the running, and wins (30).
    let later = score_ltg(&f.ctx(now + 6000), &state.avoid, &mut ltg_times, &mut rng());
    assert_eq!(candidate(&later, RL).verdict, Verdict::Scored);
    assert_eq!(candidate(&later, ARMOR).verdict, Verdict::Avoided);
    assert_eq!(later.goal().unwrap().id, GoalId::Spot(RL));
}

#[test]
fn avoid_times_follow_the_item_kind() {
    let f = Fixture::new();
    let time = |id| avoid_time_s(&f.level.goal(id).unwrap(), &f.level);
    close(time(HEALTH), 35.0); // its respawn time
    close(time(RL), 10.0); // 5, floored at 10
    close(time(QUAD), 120.0);
    close(time(FLAG), 30.0); // no respawn time: the default
    let dropped = Goal {
        id: GoalId::Dropped { entity: 900 },
        origin: Vec3::ZERO,
        item: Some(Item::Powerup(Powerup::Quad)),
    };
    close(avoid_time_s(&dropped, &f.level), 10.0);
    let other = Goal {
        id: GoalId::Other(1),
        origin: Vec3::ZERO,
        item: None,
    };
    close(avoid_time_s(&other, &f.level), 0.0);
}

#[test]
fn a_dropped_item_adds_the_dropped_weight() {
    let mut f = Fixture::new();
    let view = BotView {
        time_ms: 60_000,
        items: vec![SeenItem {
            entity: 900,
            item: Item::Powerup(Powerup::Quad),
            origin: Vec3::new(-300.0, -300.0, 0.0),
            dropped: true,
        }],
        ..BotView::default()
    };
    f.knowledge.update(&f.level, &view);
    let mut state = GoalState::new();
    let choice = state
        .choose_ltg(&f.ctx(60_000), &mut ltg_times, &mut rng())
        .unwrap();
    // (200 + 1000) / (100 × 0.01) = 1200.
    let dropped = choice.candidate(GoalId::Dropped { entity: 900 }).unwrap();
    close(dropped.weight, 1200.0);
    close(dropped.score, 1200.0);
    assert_eq!(choice.goal().unwrap().id, GoalId::Dropped { entity: 900 });
    close(
        state
            .avoid
            .remaining_s(GoalId::Dropped { entity: 900 }, 60_000)
            .unwrap(),
        10.0,
    );
}

/// Nearby-goal times: from the bot, health 100, RL 120, armor 150, quad 2000, roam 50; to
/// the quad (the long-term goal) from health 1950, from RL 2100, from roam 1990.
struct NbgTimes {
    f_origins: [(SpotId, Vec3); 6],
}

impl NbgTimes {
    fn new(f: &Fixture) -> Self {
        Self {
            f_origins: [HEALTH, RL, ARMOR, QUAD, FLAG, ROAM].map(|id| (id, f.origin(id))),
        }
    }
}

impl TravelTimes for NbgTimes {
    fn travel_time(&mut self, from: Vec3, goal: &Goal) -> Option<u16> {
        let GoalId::Spot(to) = goal.id else {
            return None;
        };
        if from == BOT {
            return match to {
                id if id == HEALTH => Some(100),
                id if id == RL => Some(120),
                id if id == ARMOR => Some(150),
                id if id == QUAD => Some(2000),
                id if id == ROAM => Some(50),
                _ => None,
            };
        }
        let (spot, _) = self.f_origins.iter().find(|(_, o)| *o == from)?;
        match (*spot, to) {
            (s, t) if s == HEALTH && t == QUAD => Some(1950),
            (s, t) if s == RL && t == QUAD => Some(2100),
            (s, t) if s == ROAM && t == QUAD => Some(1990),
            _ => None,
        }
    }
}

#[test]
fn nbg_needs_less_than_maxtime_and_no_detour_from_the_ltg() {
    let f = Fixture::new();
    let ltg = f.level.goal(QUAD).unwrap();
    let mut times = NbgTimes::new(&f);
    let mut state = GoalState::new();
    state.stack.push(ltg).unwrap();
    let choice = state
        .choose_nbg(
            &f.ctx(60_000),
            Some(&ltg),
            NBG_RANGE,
            &mut times,
            &mut rng(),
        )
        .unwrap();
    // The bot is 2000 from the quad. Health: 100 < 150 and 1950 ≤ 2000: 60 / 1 = 60.
    let health = candidate(&choice, HEALTH);
    assert_eq!(health.verdict, Verdict::Scored);
    close(health.score, 60.0);
    // RL: 120 < 150 but 2100 > 2000 from the quad: a detour.
    assert_eq!(candidate(&choice, RL).verdict, Verdict::OffRoute);
    // Armor: 150 is not below 150. Quad: 2000.
    assert_eq!(candidate(&choice, ARMOR).verdict, Verdict::TooFar);
    assert_eq!(candidate(&choice, QUAD).verdict, Verdict::TooFar);
    assert_eq!(candidate(&choice, FLAG).verdict, Verdict::NoRoute);
    // Roam: 50, 1990 ≤ 2000: 4 / 0.5 = 8.
    close(candidate(&choice, ROAM).score, 8.0);
    assert_eq!(choice.goal().unwrap().id, GoalId::Spot(HEALTH));
    // Pushed over the long-term goal, and avoided.
    assert_eq!(state.stack.top().unwrap().id, GoalId::Spot(HEALTH));
    assert_eq!(state.stack.second().unwrap().id, GoalId::Spot(QUAD));
    assert!(state.avoid.is_avoided(GoalId::Spot(HEALTH), 60_000, 100));

    // Without a long-term goal the RL is no detour: 150 / 1.2 = 125 beats the health.
    let free = score_nbg(
        &f.ctx(60_000),
        &AvoidGoals::new(),
        None,
        NBG_RANGE,
        &mut times,
        &mut rng(),
    );
    close(candidate(&free, RL).score, 125.0);
    assert_eq!(free.goal().unwrap().id, GoalId::Spot(RL));
    // A smaller range (carrying a flag, 50): nothing is nearer than 50 hundredths.
    let flag = score_nbg(
        &f.ctx(60_000),
        &AvoidGoals::new(),
        Some(&ltg),
        50,
        &mut times,
        &mut rng(),
    );
    assert_eq!(flag.goal(), None);
}

#[test]
fn nothing_wanted_nothing_pushed() {
    let f = Fixture::new();
    let mut state = GoalState::new();
    let mut nowhere = |_: Vec3, _: &Goal| None;
    let choice = state
        .choose_ltg(&f.ctx(0), &mut nowhere, &mut rng())
        .unwrap();
    assert_eq!(choice.goal(), None);
    assert!(state.stack.is_empty() && state.avoid.is_empty());
    assert!(
        choice
            .candidates
            .iter()
            .all(|c| c.verdict == Verdict::NoRoute)
    );
}

#[test]
fn a_full_goal_stack_refuses_the_choice_and_changes_nothing() {
    let f = Fixture::new();
    let mut state = GoalState::new();
    for n in 0..8 {
        state
            .stack
            .push(Goal {
                id: GoalId::Other(n),
                origin: Vec3::ZERO,
                item: None,
            })
            .unwrap();
    }
    assert!(
        state
            .choose_ltg(&f.ctx(0), &mut ltg_times, &mut rng())
            .is_err()
    );
    assert!(state.avoid.is_empty());
}

#[test]
fn a_known_taken_item_waits_for_its_respawn() {
    let mut f = Fixture::new();
    // The armor heard taken at 60 s: back at 85 s.
    let view = BotView {
        time_ms: 60_000,
        sounds: vec![bot_interface::Sound {
            kind: bot_interface::SoundKind::Pickup(Item::Armor(bot_interface::ArmorKind::Body)),
            origin: f.origin(ARMOR),
            player: Some(bot_interface::PlayerId(3)),
        }],
        ..BotView::default()
    };
    f.knowledge.update(&f.level, &view);
    assert_eq!(f.knowledge.back_ms(ARMOR), Some(85_000));
    let none = AvoidGoals::new();
    // At 61 s: 24 − 400 × 0.009 = 20.4 > 0: not back in time. RL wins alone (30).
    let choice = score_ltg(&f.ctx(61_000), &none, &mut ltg_times, &mut rng());
    assert_eq!(candidate(&choice, ARMOR).verdict, Verdict::NotBack);
    assert_eq!(choice.goal().unwrap().id, GoalId::Spot(RL));
    // At 81.5 s: 3.5 − 3.6 < 0: back by the time the bot is there.
    let choice = score_ltg(&f.ctx(81_500), &none, &mut ltg_times, &mut rng());
    assert_eq!(candidate(&choice, ARMOR).verdict, Verdict::Scored);
    // A fresh bot knows nothing of it.
    let fresh = ItemKnowledge::new(&f.level, *f.knowledge.settings());
    assert_eq!(fresh.back_ms(ARMOR), None);
}

#[test]
fn the_quad_is_not_expected_before_its_first_spawn() {
    let f = Fixture::new();
    // At 10 s: the quad is expected at 60 s, 50 s away; the 20 s trip leaves
    // 50 − 2000 × 0.009 = 32 > 0 to wait: not back.
    let early = score_ltg(
        &f.ctx(10_000),
        &AvoidGoals::new(),
        &mut ltg_times,
        &mut rng(),
    );
    assert_eq!(candidate(&early, QUAD).verdict, Verdict::NotBack);
    // At 45 s: 15 − 18 < 0, it spawns before the bot gets there: scored 200 / 20 = 10.
    let later = score_ltg(
        &f.ctx(45_000),
        &AvoidGoals::new(),
        &mut ltg_times,
        &mut rng(),
    );
    let quad = candidate(&later, QUAD);
    assert_eq!(quad.verdict, Verdict::Scored);
    close(quad.score, 10.0);
}
