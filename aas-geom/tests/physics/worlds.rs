//! Small test worlds built from boxes: a closed room plus blocks, written as `.map` text and
//! compiled with the crate's own compiler.

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::physics::{MoveInput, Physics, PhysicsSettings, PlayerState};
use aas_geom::world::AasWorld;
use glam::Vec3;

use crate::box_brush::box_brush_text;

/// A box brush with a texture.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Block {
    pub(crate) mins: Vec3,
    pub(crate) maxs: Vec3,
    pub(crate) texture: &'static str,
}

impl Block {
    pub(crate) fn solid(mins: Vec3, maxs: Vec3) -> Self {
        Self {
            mins,
            maxs,
            texture: "base_wall/metal",
        }
    }

    pub(crate) fn water(mins: Vec3, maxs: Vec3) -> Self {
        Self {
            mins,
            maxs,
            texture: "liquids/clear_calm1",
        }
    }
}

fn brush_text(block: &Block) -> String {
    box_brush_text(block.mins.as_dvec3(), block.maxs.as_dvec3(), block.texture)
}

/// `.map` text of a closed room with interior `mins..maxs` (walls 16 thick), the extra
/// blocks, a spawn point at `spawn`, and extra entity text.
pub(crate) fn room_map(
    mins: Vec3,
    maxs: Vec3,
    blocks: &[Block],
    spawn: Vec3,
    entities: &str,
) -> String {
    let t = 16.0;
    let (lo, hi) = (mins - Vec3::splat(t), maxs + Vec3::splat(t));
    let walls = [
        Block::solid(lo, Vec3::new(hi.x, hi.y, mins.z)),
        Block::solid(Vec3::new(lo.x, lo.y, maxs.z), hi),
        Block::solid(
            Vec3::new(lo.x, lo.y, mins.z),
            Vec3::new(mins.x, hi.y, maxs.z),
        ),
        Block::solid(
            Vec3::new(maxs.x, lo.y, mins.z),
            Vec3::new(hi.x, hi.y, maxs.z),
        ),
        Block::solid(
            Vec3::new(mins.x, lo.y, mins.z),
            Vec3::new(maxs.x, mins.y, maxs.z),
        ),
        Block::solid(
            Vec3::new(mins.x, maxs.y, mins.z),
            Vec3::new(maxs.x, hi.y, maxs.z),
        ),
    ];
    let mut text = String::from("{\n\"classname\" \"worldspawn\"\n");
    for block in walls.iter().chain(blocks) {
        text.push_str(&brush_text(block));
    }
    text.push_str("}\n");
    text.push_str(&format!(
        "{{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"{} {} {}\"\n}}\n",
        spawn.x, spawn.y, spawn.z
    ));
    text.push_str(entities);
    text
}

/// Compiles `.map` text.
pub(crate) fn compile(map: &str) -> AasWorld {
    let world = read_map(map.as_bytes(), &MapSettings::default()).expect("test map parses");
    let world = compile_world(&world, &CompileSettings::default())
        .expect("test map compiles")
        .world;
    world.validate().expect("compiled world is consistent");
    world
}

/// A 1024 x 512 x 512 room (x, y −256..256 … z 0..512) with `blocks`, compiled.
pub(crate) fn room(blocks: &[Block]) -> AasWorld {
    compile(&room_map(
        Vec3::new(-512.0, -256.0, 0.0),
        Vec3::new(512.0, 256.0, 512.0),
        blocks,
        Vec3::new(-400.0, 0.0, 300.0),
        "",
    ))
}

/// A standing player dropped at `origin` after `frames` frames without input.
pub(crate) fn dropped(physics: &Physics<'_>, origin: Vec3, frames: usize) -> PlayerState {
    let mut state = PlayerState::at(origin);
    for _ in 0..frames {
        state = physics.step(&state, &MoveInput::idle()).0;
    }
    state
}

/// A standing player dropped at `origin` and left to settle on the ground (a second).
pub(crate) fn settled(physics: &Physics<'_>, origin: Vec3) -> PlayerState {
    let state = dropped(physics, origin, 20);
    assert!(
        state.on_ground(),
        "settled on the ground at {}",
        state.origin
    );
    state
}

/// Default physics on `world`.
pub(crate) fn physics(world: &AasWorld) -> Physics<'_> {
    Physics::new(world, PhysicsSettings::default())
}
