//! Hand-made brush worlds and the small test maps of `aas-geom`, for the unit and property
//! tests.

use std::path::PathBuf;

use aas_geom::brush::{
    Brush, BrushModel, BrushSide, BrushWorld, Contents, ModelNum, Plane, SourceFormat,
    SourceLocation, SurfaceFlags, TextureId, TextureInfo,
};
use aas_geom::format::{ReadSettings, load_brush_world};
use glam::DVec3;

/// Texture 0: a plain solid wall.
pub(super) const WALL: TextureId = TextureId(0);
/// Texture 1: sky (solid, no impact).
pub(super) const SKY: TextureId = TextureId(1);
/// Texture 2: water.
pub(super) const WATER: TextureId = TextureId(2);
/// Texture 3: player clip.
pub(super) const CLIP: TextureId = TextureId(3);

fn textures() -> Vec<TextureInfo> {
    let texture = |name: &str, contents, surface_flags| TextureInfo {
        name: name.to_owned(),
        contents,
        surface_flags,
    };
    vec![
        texture("wall", Contents::SOLID, SurfaceFlags::empty()),
        texture(
            "sky",
            Contents::SOLID,
            SurfaceFlags::SKY | SurfaceFlags::NOIMPACT,
        ),
        texture("water", Contents::WATER, SurfaceFlags::empty()),
        texture("clip", Contents::PLAYERCLIP, SurfaceFlags::empty()),
    ]
}

/// A brush bounded by `planes`, every side with `texture`.
pub(super) fn plane_brush(
    planes: &[Plane],
    texture: TextureId,
    contents: Contents,
    model: u32,
) -> Brush {
    Brush {
        sides: planes
            .iter()
            .map(|&plane| BrushSide {
                plane,
                texture,
                bevel: false,
            })
            .collect(),
        contents,
        entity: None,
        model: ModelNum(model),
        index: 0,
        location: SourceLocation::Text { line: 1, column: 1 },
    }
}

/// The axial box brush `mins..maxs`.
pub(super) fn box_brush(
    mins: [f64; 3],
    maxs: [f64; 3],
    texture: TextureId,
    contents: Contents,
    model: u32,
) -> Brush {
    let planes = Plane::axial_box(DVec3::from(mins), DVec3::from(maxs));
    plane_brush(&planes, texture, contents, model)
}

/// A world of `brushes` (no patches), with the models they name.
pub(super) fn world(brushes: Vec<Brush>) -> BrushWorld {
    let model_count = brushes.iter().map(|b| b.model.0 + 1).max().unwrap_or(1);
    let models = (0..model_count)
        .map(|m| BrushModel {
            entity: None,
            brush_count: brushes.iter().filter(|b| b.model.0 == m).count(),
            patch_count: 0,
        })
        .collect();
    BrushWorld {
        format: SourceFormat::Map,
        entities: Vec::new(),
        textures: textures(),
        brushes,
        patches: Vec::new(),
        models,
    }
}

/// A room with inside `-256..256` on x and y and `0..256` on z, walls 16 thick:
///
/// - brush 0 the floor, 1 the sky ceiling (its every side sky), 2 to 5 the walls +x, −x,
///   +y, −y;
/// - brush 6 a water pool `64..192 × -64..64 × 0..64`;
/// - brush 7 a player-clip pillar `-192..-160 × -16..16 × 0..256`;
/// - brush 8 a ramp on the floor at `x -128..-64`, `y 64..192`, rising along +x to z 32;
/// - brush 9, of model 1, a door `-8..8 × -64..64 × 0..128` across the middle of the room
///   (at rest it stands where the map placed it).
pub(super) fn box_room() -> BrushWorld {
    let solid = Contents::SOLID;
    let slope = DVec3::new(-0.5, 0.0, 1.0).normalize();
    let ramp = [
        Plane {
            normal: DVec3::NEG_Z,
            dist: 0.0,
        },
        Plane {
            normal: DVec3::X,
            dist: -64.0,
        },
        Plane {
            normal: DVec3::Y,
            dist: 192.0,
        },
        Plane {
            normal: DVec3::NEG_Y,
            dist: -64.0,
        },
        Plane {
            normal: slope,
            dist: slope.dot(DVec3::new(-128.0, 0.0, 0.0)),
        },
    ];
    world(vec![
        box_brush([-272.0, -272.0, -16.0], [272.0, 272.0, 0.0], WALL, solid, 0),
        box_brush(
            [-272.0, -272.0, 256.0],
            [272.0, 272.0, 272.0],
            SKY,
            solid,
            0,
        ),
        box_brush([256.0, -272.0, 0.0], [272.0, 272.0, 256.0], WALL, solid, 0),
        box_brush(
            [-272.0, -272.0, 0.0],
            [-256.0, 272.0, 256.0],
            WALL,
            solid,
            0,
        ),
        box_brush([-256.0, 256.0, 0.0], [256.0, 272.0, 256.0], WALL, solid, 0),
        box_brush(
            [-256.0, -272.0, 0.0],
            [256.0, -256.0, 256.0],
            WALL,
            solid,
            0,
        ),
        box_brush(
            [64.0, -64.0, 0.0],
            [192.0, 64.0, 64.0],
            WATER,
            Contents::WATER,
            0,
        ),
        box_brush(
            [-192.0, -16.0, 0.0],
            [-160.0, 16.0, 256.0],
            CLIP,
            Contents::PLAYERCLIP,
            0,
        ),
        plane_brush(&ramp, WALL, solid, 0),
        box_brush([-8.0, -64.0, 0.0], [8.0, 64.0, 128.0], WALL, solid, 1),
    ])
}

/// One of `aas-geom`'s test maps (`aas-geom/tests/maps/<name>.map`).
///
/// # Panics
/// When the map cannot be read.
pub(super) fn test_map(name: &str) -> BrushWorld {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../aas-geom/tests/maps")
        .join(format!("{name}.map"));
    load_brush_world(&path, &ReadSettings::default())
        .unwrap_or_else(|error| panic!("cannot load {}: {error}", path.display()))
}
