//! The thesis' puzzle (§14) in small, shared by the movement and the brain tests: two doors
//! opened by buttons, the second button behind the first door.

use bot_world::Level;

/// The room of `common` split at x −8 … 8 by a wall whose doorway a door `gate1` fills; its
/// button sits in a closet in the south-west corner (x −512 … −256, y −512 … −256) whose own
/// doorway (on the east side, y −416 … −352) a door `gate2` fills; `gate2`'s button is on
/// the west half's north wall. Both doors stay open 10 s once fired. The thesis' puzzle
/// (§14) in small: to pass `gate1` press its button, and to reach that one press `gate2`'s.
/// `extra_entities` (`.map` entity text) are added inside.
pub(crate) fn nested_buttons_level(extra_entities: &str) -> Level {
    let walls = [
        ([-8, -512, 0], [8, -64, 256]),
        ([-8, 64, 0], [8, 512, 256]),
        ([-8, -64, 128], [8, 64, 256]),
        // The closet: its north wall, and its east wall around the doorway.
        ([-512, -264, 0], [-248, -248, 256]),
        ([-264, -512, 0], [-248, -416, 256]),
        ([-264, -352, 0], [-248, -264, 256]),
        ([-264, -416, 128], [-248, -352, 256]),
    ];
    let door = |name: &str, lo: [i32; 3], hi: [i32; 3]| {
        format!(
            "{{\n\"classname\" \"func_door\"\n\"targetname\" \"{name}\"\n\"angle\" \"-1\"\n\"speed\" \"200\"\n\"wait\" \"10\"\n{}}}\n",
            super::common::brush(lo, hi)
        )
    };
    let button = |target: &str, angle: u32, lo: [i32; 3], hi: [i32; 3]| {
        format!(
            "{{\n\"classname\" \"func_button\"\n\"target\" \"{target}\"\n\"angle\" \"{angle}\"\n{}}}\n",
            super::common::brush(lo, hi)
        )
    };
    let entities = [
        door("gate1", [-8, -64, 0], [8, 64, 128]),
        door("gate2", [-264, -416, 0], [-248, -352, 128]),
        button("gate1", 270, [-416, -512, 40], [-384, -504, 72]),
        button("gate2", 90, [-216, 504, 40], [-184, 512, 72]),
        "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"-300 0 24\"\n}\n".to_owned(),
        extra_entities.to_owned(),
    ]
    .concat();
    let level = super::common::level_of("nested_buttons", &super::common::room(&walls, &entities))
        .expect("a level");
    assert_eq!(level.door_openers().len(), 2, "{:?}", level.diagnostics);
    level
}
