//! What the bot knows of the items, from its views only (the rules of
//! `bot_brain::goal::knowledge`), on the hand-made level of `common/mod.rs`.

#[expect(dead_code, reason = "these tests use only part of the shared level")]
mod common;

use bot_brain::goal::Belief;
use bot_interface::{
    ArmorKind, BotView, HealthKind, Item, PlayerId, Powerup, SeenItem, SelfView, Sound, SoundKind,
};
use common::{ARMOR, Fixture, HEALTH, QUAD, RL};
use glam::Vec3;

/// What the bot believes of the map's quad at the start of a match: not there until 60 s.
const FIRST_QUAD: Belief = Belief::Taken {
    at_ms: 0,
    back_ms: 60_000,
    heard: false,
};

fn view(time_ms: u32, origin: Vec3) -> BotView {
    BotView {
        time_ms,
        me: SelfView {
            alive: true,
            origin,
            ..SelfView::default()
        },
        ..BotView::default()
    }
}

fn seen(entity: u32, item: Item, origin: Vec3, dropped: bool) -> SeenItem {
    SeenItem {
        entity,
        item,
        origin,
        dropped,
    }
}

#[test]
fn items_are_assumed_present_until_seen_or_heard() {
    let mut f = Fixture::new();
    // Far from every spot, nothing listed: nothing learnt.
    f.knowledge
        .update(&f.level, &view(1000, Vec3::new(5000.0, 5000.0, 0.0)));
    for id in [HEALTH, RL, ARMOR] {
        assert_eq!(f.knowledge.belief(id), Belief::Assumed);
    }
    // The quad, a powerup, is not expected before the game's latest first spawn (60 s).
    assert_eq!(f.knowledge.belief(QUAD), FIRST_QUAD);
    // The RL listed (by its entity number): present.
    let mut v = view(2000, Vec3::new(5000.0, 5000.0, 0.0));
    v.items.push(seen(
        11,
        Item::Weapon(bot_interface::Weapon::RocketLauncher),
        f.origin(RL),
        false,
    ));
    f.knowledge.update(&f.level, &v);
    assert_eq!(f.knowledge.belief(RL), Belief::Present { seen_ms: 2000 });
}

#[test]
fn a_heard_pickup_marks_the_spot_taken_until_its_respawn() {
    let mut f = Fixture::new();
    let mut v = view(10_000, Vec3::new(5000.0, 5000.0, 0.0));
    // Heard near the health spot (within 32 units): taken; 35 s respawn.
    v.sounds.push(Sound {
        kind: SoundKind::Pickup(Item::Health(HealthKind::Large)),
        origin: f.origin(HEALTH) + Vec3::new(10.0, 0.0, 0.0),
        player: Some(PlayerId(2)),
    });
    // A pickup of an item no spot holds nearby changes nothing.
    v.sounds.push(Sound {
        kind: SoundKind::Pickup(Item::Armor(ArmorKind::Body)),
        origin: f.origin(HEALTH),
        player: Some(PlayerId(2)),
    });
    f.knowledge.update(&f.level, &v);
    assert_eq!(
        f.knowledge.belief(HEALTH),
        Belief::Taken {
            at_ms: 10_000,
            back_ms: 45_000,
            heard: true
        }
    );
    assert_eq!(f.knowledge.belief(ARMOR), Belief::Assumed);
    // Seen again later: present.
    let mut v = view(50_000, Vec3::new(5000.0, 5000.0, 0.0));
    v.items.push(seen(
        10,
        Item::Health(HealthKind::Large),
        f.origin(HEALTH),
        false,
    ));
    f.knowledge.update(&f.level, &v);
    assert_eq!(f.knowledge.back_ms(HEALTH), None);
}

#[test]
fn a_spot_right_next_to_the_bot_and_not_listed_is_empty() {
    let mut f = Fixture::new();
    // Standing 40 units from the armor spot (its own pickup, say), the armor not listed.
    let beside = f.origin(ARMOR) + Vec3::new(40.0, 0.0, 24.0);
    f.knowledge.update(&f.level, &view(20_000, beside));
    assert_eq!(
        f.knowledge.belief(ARMOR),
        Belief::Taken {
            at_ms: 20_000,
            back_ms: 45_000,
            heard: false
        }
    );
    // Waiting beside it does not push the estimate back.
    f.knowledge.update(&f.level, &view(30_000, beside));
    assert_eq!(f.knowledge.back_ms(ARMOR), Some(45_000));
    // Still missing after the estimate: taken again, from now.
    f.knowledge.update(&f.level, &view(46_000, beside));
    assert_eq!(f.knowledge.back_ms(ARMOR), Some(71_000));
    // A spot 100 units below (another floor) or 200 away is not judged.
    assert_eq!(f.knowledge.belief(HEALTH), Belief::Assumed);
    let mut g = Fixture::new();
    g.knowledge.update(
        &g.level,
        &view(1000, g.origin(ARMOR) + Vec3::new(0.0, 0.0, 100.0)),
    );
    g.knowledge.update(
        &g.level,
        &view(1000, g.origin(ARMOR) + Vec3::new(200.0, 0.0, 0.0)),
    );
    assert_eq!(g.knowledge.belief(ARMOR), Belief::Assumed);
    // A dead bot does not look.
    let mut dead = view(1000, g.origin(ARMOR));
    dead.me.alive = false;
    g.knowledge.update(&g.level, &dead);
    assert_eq!(g.knowledge.belief(ARMOR), Belief::Assumed);
}

#[test]
fn dropped_items_are_remembered_until_taken_seen_gone_or_expired() {
    let mut f = Fixture::new();
    let quad = Item::Powerup(Powerup::Quad);
    let far = Vec3::new(5000.0, 5000.0, 0.0);
    let spot = Vec3::new(1000.0, 1000.0, 0.0);
    let mut v = view(10_000, far);
    v.items.push(seen(700, quad, spot, true));
    v.items.push(seen(
        701,
        Item::Health(HealthKind::Mega),
        spot + Vec3::X * 500.0,
        true,
    ));
    f.knowledge.update(&f.level, &v);
    assert_eq!(f.knowledge.dropped().len(), 2);
    assert_eq!(f.knowledge.belief(QUAD), FIRST_QUAD, "not the map's quad");
    // Heard picked up: forgotten (the map's quad spot is far, so it was the dropped one).
    let mut v = view(11_000, far);
    v.sounds.push(Sound {
        kind: SoundKind::Pickup(quad),
        origin: spot,
        player: Some(PlayerId(1)),
    });
    f.knowledge.update(&f.level, &v);
    assert_eq!(f.knowledge.dropped().len(), 1);
    assert_eq!(f.knowledge.dropped()[0].entity, 701);
    // Seen again at 20 s: still remembered from its first sighting, gone at 40 s.
    let mut v = view(20_000, far);
    v.items.push(seen(
        701,
        Item::Health(HealthKind::Mega),
        spot + Vec3::X * 500.0,
        true,
    ));
    f.knowledge.update(&f.level, &v);
    assert_eq!(f.knowledge.dropped()[0].first_seen_ms, 10_000);
    f.knowledge.update(&f.level, &view(39_999, far));
    assert_eq!(f.knowledge.dropped().len(), 1);
    f.knowledge.update(&f.level, &view(40_000, far));
    assert!(f.knowledge.dropped().is_empty());
    // Standing on a remembered dropped item that is not listed: gone.
    let mut v = view(50_000, far);
    v.items.push(seen(702, quad, spot, true));
    f.knowledge.update(&f.level, &v);
    f.knowledge.update(&f.level, &view(50_100, spot));
    assert!(f.knowledge.dropped().is_empty());
}

#[test]
fn powerups_are_expected_at_their_first_spawn_unless_set_there_from_the_start() {
    let f = Fixture::new();
    assert_eq!(f.knowledge.back_ms(QUAD), Some(60_000));
    assert_eq!(f.knowledge.back_ms(HEALTH), None);
    let settings = bot_brain::goal::KnowledgeSettings {
        powerup_first_spawn_ms: 0,
        ..*f.knowledge.settings()
    };
    let from_start = bot_brain::goal::ItemKnowledge::new(&f.level, settings);
    assert_eq!(from_start.belief(QUAD), Belief::Assumed);
}
