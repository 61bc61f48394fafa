//! Lifts and their riders: a lift that would push its rider into the world's solid is
//! blocked and goes back down (Quake III's blocked plat), so a rider never ends up inside it.

use bot_interface::{BotInput, Team};
use bot_world::{MatchSettings, PlayerSetup, World};
use glam::Vec3;

#[expect(
    dead_code,
    reason = "this test uses the room helpers, not the pack maps"
)]
mod common;

use common::{brush, level_of, room};

/// A room with a 128 × 128 lift (x, y −64 … 64) that rises 120 units to its top at z 128,
/// a ledge over the lift's east half from z 170 up (a rider there meets it when the lift's
/// top is at 114), and a spawn point over the lift's east half.
fn lift_under_a_ledge() -> String {
    let lift = format!(
        "{{\n\"classname\" \"func_plat\"\n\"height\" \"120\"\n{}}}\n",
        brush([-64, -64, 120], [64, 64, 128])
    );
    let spawn = "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"40 0 40\"\n}\n";
    room(
        &[([20, -64, 170], [64, 64, 256])],
        &format!("{lift}{spawn}"),
    )
}

#[test]
fn a_lift_that_would_push_its_rider_into_a_ledge_goes_back_down() {
    let level = level_of("lift_under_a_ledge", &lift_under_a_ledge()).expect("a level");
    assert_eq!(level.movement.plats.len(), 1, "{:?}", level.diagnostics);
    let plat = &level.movement.plats[0];
    let setup = PlayerSetup {
        name: "rider".to_owned(),
        team: Team::Free,
    };
    let mut world = World::new(&level, MatchSettings::default(), &[setup]);
    let mut highest_top = f32::NEG_INFINITY;
    let mut reversed = false;
    let mut last_offset = f32::NEG_INFINITY;
    for frame in 0..120 {
        world.step(&[BotInput::default()]);
        let offset = world.binary_movers()[0].offset.z;
        let top = plat.maxs.z + offset;
        highest_top = highest_top.max(top);
        reversed |= offset < last_offset && top < 114.0;
        last_offset = offset;
        let rider = &world.players()[0];
        let (mins, _) = rider.bounds();
        if rider.alive && rider.body.origin.x > plat.mins.x && rider.body.origin.x < plat.maxs.x {
            assert!(
                mins.z >= top - 0.5,
                "frame {frame}: the rider's feet at {} are inside the lift (top {top})",
                mins.z
            );
        }
    }
    assert!(reversed, "the lift went back down");
    assert!(
        highest_top < 115.0,
        "the lift stopped short of the ledge: {highest_top}"
    );
    let rider = &world.players()[0];
    assert!(
        rider
            .body
            .origin
            .distance(Vec3::new(40.0, 0.0, 0.0).with_z(rider.body.origin.z))
            < 8.0
    );
}
