//! Unit tests on small IBSP files written by [`super::test_builder`].

use glam::DVec3;
use proptest::prelude::*;

use crate::brush::{
    BspLump, Contents, Facet, ModelNum, PatchError, PatchSettings, SourceFormat, SourceLocation,
    TextureId,
};

use super::test_builder::{BspBuilder, assemble, directory_entry, poke_i32};
use super::{BspError, BspFile, SurfaceType, read_bsp};

const WORLDSPAWN: &str = "{\n\"classname\" \"worldspawn\"\n}\n";

/// A world with one 64-unit solid box in model 0.
fn one_box() -> BspBuilder {
    let mut builder = BspBuilder {
        entities: WORLDSPAWN.to_owned(),
        ..BspBuilder::default()
    };
    let shader = builder.shader("textures/base/wall", Contents::SOLID);
    builder.box_brush([0.0; 3], [64.0; 3], shader);
    builder.models.push([0, 0, 0, 1]);
    builder
}

fn read(builder: &BspBuilder) -> Result<crate::BrushWorld, BspError> {
    read_bsp(&builder.build(), &PatchSettings::default())
}

#[test]
fn box_brush_becomes_one_world_brush() {
    let world = read(&one_box()).unwrap();
    assert_eq!(world.format, SourceFormat::Bsp);
    assert_eq!(world.entities.len(), 1);
    assert_eq!(world.entities[0].classname(), "worldspawn");
    assert_eq!(
        world.entities[0].location,
        SourceLocation::Text { line: 1, column: 1 }
    );
    assert_eq!(world.textures.len(), 1);
    assert_eq!(world.textures[0].name, "textures/base/wall");
    assert_eq!(world.textures[0].contents, Contents::SOLID);
    assert_eq!(world.brushes.len(), 1);
    let brush = &world.brushes[0];
    assert_eq!(brush.contents, Contents::SOLID);
    assert_eq!(brush.entity, Some(0));
    assert_eq!(brush.model, ModelNum::WORLD);
    assert_eq!(brush.index, 0);
    assert_eq!(
        brush.location,
        SourceLocation::Record {
            lump: BspLump::Brushes,
            record: 0
        }
    );
    assert_eq!(brush.sides.len(), 6);
    let centre = DVec3::splat(32.0);
    for side in &brush.sides {
        assert_eq!(side.texture, TextureId(0));
        assert!(!side.bevel);
        assert_eq!(side.plane.normal.length(), 1.0);
        // Planes point out: the centre is behind every side, by half the box size.
        assert_eq!(side.plane.distance_to(centre), -32.0);
    }
    assert_eq!(world.models.len(), 1);
    assert_eq!(world.models[0].entity, Some(0));
    assert_eq!(world.models[0].brush_count, 1);
    assert_eq!(world.models[0].patch_count, 0);
    assert!(world.patches.is_empty());
}

#[test]
fn brush_contents_come_from_the_brush_shader_and_side_textures_from_side_shaders() {
    let mut builder = one_box();
    let water = builder.shader("textures/liquids/water", Contents::WATER);
    builder.brushes[0][2] = water;
    builder.sides[2][1] = water;
    let world = read(&builder).unwrap();
    assert_eq!(world.brushes[0].contents, Contents::WATER);
    assert_eq!(world.brushes[0].sides[2].texture, TextureId(1));
    assert_eq!(world.brushes[0].sides[1].texture, TextureId(0));
}

#[test]
fn brush_model_named_by_an_entity_belongs_to_that_entity() {
    let mut builder = one_box();
    builder.entities.push_str(
        "{\n\"classname\" \"func_plat\"\n\"model\" \"*1\"\n}\n{\n\"classname\" \"light\"\n}\n",
    );
    let mover = builder.shader("textures/base/plat", Contents::SOLID | Contents::MOVER);
    builder.box_brush([100.0; 3], [120.0; 3], mover);
    builder.models.push([0, 0, 1, 1]);
    let file = BspFile::from_bytes(&builder.build()).unwrap();
    assert_eq!(file.record_count(BspLump::Models), 2);
    let world = file.to_brush_world(&PatchSettings::default()).unwrap();
    assert_eq!(world.entities.len(), 3);
    assert_eq!(world.brushes[1].model, ModelNum(1));
    assert_eq!(world.brushes[1].entity, Some(1));
    assert_eq!(world.brushes[1].contents, Contents::SOLID | Contents::MOVER);
    assert_eq!(world.brushes[0].entity, Some(0));
    assert_eq!(world.models[1].entity, Some(1));
    assert_eq!(world.models[1].brush_count, 1);
    assert_eq!(world.models[0].brush_count, 1);
    assert_eq!(world.brush_model_count(), 1);
    assert_eq!(
        world.entities[1].location,
        SourceLocation::Text { line: 4, column: 1 }
    );
}

#[test]
fn model_without_entity_and_brush_without_model() {
    let mut builder = one_box();
    builder.box_brush([100.0; 3], [120.0; 3], 0);
    builder.box_brush([200.0; 3], [220.0; 3], 0);
    builder.models.push([0, 0, 1, 1]); // brush 2 is in no model
    let world = read(&builder).unwrap();
    assert_eq!(world.brushes[1].model, ModelNum(1));
    assert_eq!(world.brushes[1].entity, None);
    assert_eq!(world.models[1].entity, None);
    assert_eq!(world.brushes[2].model, ModelNum::WORLD);
    assert_eq!(world.brushes[2].entity, None);
    assert_eq!(world.models[0].brush_count, 2);
}

fn flat_patch_points() -> Vec<[f32; 3]> {
    let mut points = Vec::new();
    for y in 0..3u8 {
        for x in 0..3u8 {
            points.push([f32::from(x) * 32.0, f32::from(y) * 32.0, 8.0]);
        }
    }
    points
}

#[test]
fn patch_surface_is_tessellated_into_thin_brushes() {
    let mut builder = one_box();
    let curve = builder.shader("textures/curve", Contents::SOLID);
    builder.planar(0);
    let surface = builder.patch(3, 3, &flat_patch_points(), curve);
    let fog = builder.shader("textures/fog", Contents::FOG);
    builder.patch(3, 3, &flat_patch_points(), fog);
    builder.models[0] = [0, 3, 0, 1];
    let file = BspFile::from_bytes(&builder.build()).unwrap();
    assert_eq!(file.surfaces[0].kind, SurfaceType::Planar);
    assert_eq!(file.surfaces[1].kind, SurfaceType::Patch);
    assert_eq!(
        (file.surfaces[1].patch_width, file.surfaces[1].patch_height),
        (3, 3)
    );
    let settings = PatchSettings {
        max_subdivisions: 2,
        max_error: 16.0,
        thickness: 1.0,
    };
    let world = file.to_brush_world(&settings).unwrap();
    assert_eq!(world.brushes.len(), 1);
    assert_eq!(
        world.patches.len(),
        2,
        "no patch is dropped, whatever its contents"
    );
    let patch = &world.patches[0];
    assert_eq!(patch.index, usize::try_from(surface).unwrap());
    assert_eq!(
        patch.location,
        SourceLocation::Record {
            lump: BspLump::Surfaces,
            record: 1
        }
    );
    assert_eq!(patch.texture, TextureId(1));
    assert_eq!(patch.contents, Contents::SOLID);
    assert_eq!(patch.model, ModelNum::WORLD);
    assert_eq!(patch.entity, Some(0));
    assert_eq!(patch.control_points.len(), 9);
    assert_eq!(patch.control_points[8], DVec3::new(64.0, 64.0, 8.0));
    // Flat: one quad facet over the whole 2 × 2 grid, one six-sided prism.
    assert_eq!((patch.grid_width, patch.grid_height), (2, 2));
    assert_eq!(patch.facets, [Facet::Quad([0, 1, 3, 2])]);
    assert_eq!(patch.brushes.len(), 1);
    assert!(patch.brushes.iter().all(|b| b.sides.len() == 6));
    assert_eq!(world.patches[1].contents, Contents::FOG);
    assert_eq!(world.models[0].patch_count, 2);
    assert_eq!(world.all_brushes().count(), 1 + 1 + 1);
}

#[test]
fn record_counts_of_every_lump() {
    let mut builder = one_box();
    builder.planar(0);
    builder.models[0] = [0, 1, 0, 1];
    let file = BspFile::from_bytes(&builder.build()).unwrap();
    let expected = [
        (BspLump::Entities, WORLDSPAWN.len() + 1),
        (BspLump::Shaders, 1),
        (BspLump::Planes, 6),
        (BspLump::Nodes, 0),
        (BspLump::Models, 1),
        (BspLump::Brushes, 1),
        (BspLump::BrushSides, 6),
        (BspLump::DrawVerts, 4),
        (BspLump::DrawIndexes, 6),
        (BspLump::Surfaces, 1),
        (BspLump::Visibility, 0),
    ];
    for (lump, count) in expected {
        assert_eq!(file.record_count(lump), count, "{}", lump.name());
    }
    assert_eq!(file.draw_verts[1].position.x, 1.0);
    assert_eq!(file.draw_verts[1].color, [255, 128, 64, 255]);
}

#[test]
fn non_unit_plane_is_normalised_with_its_distance() {
    let mut builder = one_box();
    builder.planes[0] = ([2.0, 0.0, 0.0], 128.0);
    let world = read(&builder).unwrap();
    let plane = world.brushes[0].sides[0].plane;
    assert_eq!(plane.normal, DVec3::X);
    assert_eq!(plane.dist, 64.0);
}

fn expect_err(bytes: &[u8]) -> BspError {
    match read_bsp(bytes, &PatchSettings::default()) {
        Ok(_) => panic!("expected an error"),
        Err(error) => error,
    }
}

#[test]
fn header_errors() {
    let good = one_box().build();
    assert_eq!(expect_err(&good[..100]), BspError::TooShort { len: 100 });

    let mut bad = good.clone();
    bad[0] = b'X';
    assert!(matches!(expect_err(&bad), BspError::BadMagic { found } if found == *b"XBSP"));

    let mut bad = good.clone();
    poke_i32(&mut bad, 4, 47);
    let error = expect_err(&bad);
    assert_eq!(error, BspError::BadVersion { found: 47 });
    assert!(error.to_string().contains("version 47"));
}

#[test]
fn lump_directory_errors() {
    let good = one_box().build();
    let planes_entry = 8 + 8 * BspLump::Planes as usize;

    let mut bad = good.clone();
    poke_i32(&mut bad, planes_entry + 4, i32::MAX);
    assert!(matches!(
        expect_err(&bad),
        BspError::LumpOutOfBounds { lump: BspLump::Planes, file_len, .. } if file_len == good.len()
    ));

    let mut bad = good.clone();
    poke_i32(&mut bad, planes_entry, -4);
    let error = expect_err(&bad);
    assert_eq!(
        error,
        BspError::NegativeLump {
            lump: BspLump::Planes,
            field: "fileofs",
            value: -4,
            entry_offset: planes_entry
        }
    );
    assert!(error.to_string().starts_with("lump PLANES"), "{error}");

    let mut bad = good.clone();
    poke_i32(&mut bad, planes_entry + 4, 6 * 16 - 4);
    assert!(matches!(
        expect_err(&bad),
        BspError::MisalignedLump {
            lump: BspLump::Planes,
            length: 92,
            record_size: 16,
            ..
        }
    ));

    // The whole file past the header truncated away.
    let error = expect_err(&good[..super::HEADER_SIZE]);
    assert!(matches!(error, BspError::LumpOutOfBounds { .. }), "{error}");
}

#[test]
fn bad_side_plane_names_lump_record_field_and_offset() {
    let mut builder = one_box();
    builder.sides[4][0] = 99_999;
    let bytes = builder.build();
    let (sides_at, _) = directory_entry(&bytes, BspLump::BrushSides);
    let error = expect_err(&bytes);
    assert_eq!(
        error,
        BspError::IndexOutOfRange {
            lump: BspLump::BrushSides,
            record: 4,
            field: "planeNum",
            offset: sides_at + 4 * 8,
            target: BspLump::Planes,
            index: 99_999,
            available: 6,
        }
    );
    assert_eq!(
        error.to_string(),
        format!(
            "lump BRUSHSIDES record 4 field planeNum (byte offset {}): plane 99999 out of range (planes: 6)",
            sides_at + 32
        )
    );
}

#[test]
fn bad_indices_and_ranges_are_reported() {
    let check = |edit: &dyn Fn(&mut BspBuilder), lump: BspLump, field: &str| {
        let mut builder = one_box();
        builder.planar(0);
        builder.models[0] = [0, 1, 0, 1];
        edit(&mut builder);
        let error = expect_err(&builder.build());
        let (found_lump, found_field) = match &error {
            BspError::IndexOutOfRange { lump, field, .. }
            | BspError::RangeOutOfBounds { lump, field, .. }
            | BspError::RangesExceedLump { lump, field, .. } => (*lump, *field),
            other => panic!("unexpected error {other}"),
        };
        assert_eq!((found_lump, found_field), (lump, field), "{error}");
    };
    check(&|b| b.sides[0][1] = 5, BspLump::BrushSides, "shaderNum");
    check(&|b| b.sides[0][0] = -1, BspLump::BrushSides, "planeNum");
    check(&|b| b.brushes[0][2] = 1, BspLump::Brushes, "shaderNum");
    check(
        &|b| b.brushes[0][1] = 7,
        BspLump::Brushes,
        "firstSide/numSides",
    );
    check(
        &|b| b.brushes[0][1] = -1,
        BspLump::Brushes,
        "firstSide/numSides",
    );
    check(
        &|b| b.brushes[0][0] = i32::MAX,
        BspLump::Brushes,
        "firstSide/numSides",
    );
    check(
        &|b| b.models[0][3] = 2,
        BspLump::Models,
        "firstBrush/numBrushes",
    );
    check(
        &|b| b.models[0][0] = 1,
        BspLump::Models,
        "firstSurface/numSurfaces",
    );
    check(
        &|b| b.surfaces[0].shader = 3,
        BspLump::Surfaces,
        "shaderNum",
    );
    check(
        &|b| b.surfaces[0].vert_count = 5,
        BspLump::Surfaces,
        "firstVert/numVerts",
    );
    check(
        &|b| b.surfaces[0].index_count = 7,
        BspLump::Surfaces,
        "firstIndex/numIndexes",
    );
    // Overlapping ranges that together exceed the target lump.
    check(
        &|b| {
            b.brushes.push([0, 6, 0]);
            b.models[0] = [0, 1, 0, 2];
        },
        BspLump::Brushes,
        "firstSide/numSides",
    );
    check(
        &|b| b.models.push([0, 0, 0, 1]),
        BspLump::Models,
        "firstBrush/numBrushes",
    );
}

#[test]
fn patches_sharing_vertices_beyond_the_lump_are_rejected() {
    let mut builder = one_box();
    builder.patch(3, 3, &flat_patch_points(), 0);
    let copy = builder.surfaces[0];
    builder.surfaces.push(copy);
    let error = expect_err(&builder.build());
    assert!(
        matches!(
            error,
            BspError::RangesExceedLump {
                record: 1,
                target: BspLump::DrawVerts,
                total: 18,
                available: 9,
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn bad_patches_name_their_surface_record() {
    let mut builder = one_box();
    builder.planar(0);
    builder.patch(3, 3, &flat_patch_points(), 0);
    builder.surfaces[1].patch_width = 4;
    let bytes = builder.build();
    let (surfaces_at, _) = directory_entry(&bytes, BspLump::Surfaces);
    let error = expect_err(&bytes);
    assert_eq!(
        error,
        BspError::Patch {
            record: 1,
            offset: surfaces_at + 104,
            source: PatchError::BadSize {
                width: 4,
                height: 3
            }
        }
    );
    assert!(
        error.to_string().starts_with("lump SURFACES record 1"),
        "{error}"
    );

    let mut builder = one_box();
    builder.patch(5, 3, &flat_patch_points(), 0);
    builder.patch(3, 3, &flat_patch_points(), 0);
    builder.surfaces[0].patch_width = 3;
    builder.surfaces[0].patch_height = -3;
    assert!(matches!(
        expect_err(&builder.build()),
        BspError::NegativePatchSize {
            record: 0,
            field: "patchHeight",
            value: -3,
            ..
        }
    ));

    let mut builder = one_box();
    builder.patch(3, 3, &flat_patch_points(), 0);
    builder.verts[4][2] = f32::NAN;
    assert!(matches!(
        expect_err(&builder.build()),
        BspError::Patch {
            record: 0,
            source: PatchError::NonFinite(4),
            ..
        }
    ));

    let builder = {
        let mut builder = one_box();
        builder.patch(3, 3, &flat_patch_points(), 0);
        builder
    };
    let bad_settings = PatchSettings {
        max_subdivisions: 0,
        max_error: 16.0,
        thickness: 1.0,
    };
    assert!(matches!(
        read_bsp(&builder.build(), &bad_settings),
        Err(BspError::Patch {
            source: PatchError::BadSubdivision(0),
            ..
        })
    ));
    let bad_settings = PatchSettings {
        max_error: 0.0,
        ..PatchSettings::default()
    };
    assert!(matches!(
        read_bsp(&builder.build(), &bad_settings),
        Err(BspError::Patch {
            source: PatchError::BadMaxError(0.0),
            ..
        })
    ));
}

#[test]
fn degenerate_plane_is_a_typed_error() {
    let mut builder = one_box();
    builder.planes[3] = ([0.0, 0.0, 0.0], 1.0);
    let error = expect_err(&builder.build());
    assert!(
        matches!(error, BspError::BadPlane { record: 3, .. }),
        "{error}"
    );
    builder.planes[3] = ([f32::NAN, 0.0, 1.0], 1.0);
    assert!(matches!(
        expect_err(&builder.build()),
        BspError::BadPlane { record: 3, .. }
    ));
    builder.planes[3] = ([0.0, 0.0, 1.0], f32::INFINITY);
    assert!(matches!(
        expect_err(&builder.build()),
        BspError::BadPlane { record: 3, .. }
    ));
}

#[test]
fn entity_syntax_error_gives_line_and_column() {
    let mut builder = one_box();
    builder.entities = "{\n\"classname\" \"worldspawn\"\n}\n{\n\"model\" *1\n}\n".to_owned();
    let error = expect_err(&builder.build());
    assert!(
        matches!(
            error,
            BspError::EntitySyntax {
                line: 5,
                column: 9,
                ..
            }
        ),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .starts_with("lump ENTITIES text 5:9: expected"),
        "{error}"
    );
}

#[test]
fn empty_file_body_reads_as_empty_world() {
    let bytes = assemble(&vec![Vec::new(); 17]);
    let world = read_bsp(&bytes, &PatchSettings::default()).unwrap();
    assert!(world.entities.is_empty());
    assert!(world.brushes.is_empty());
    assert!(world.models.is_empty());
}

fn box_strategy() -> impl Strategy<Value = ([f32; 3], [f32; 3])> {
    (
        prop::array::uniform3(-4096i16..4096),
        prop::array::uniform3(1i16..512),
    )
        .prop_map(|(mins, size)| {
            let mins = mins.map(f32::from);
            let maxs = [0, 1, 2].map(|i| mins[i] + f32::from(size[i]));
            (mins, maxs)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random boxes come back as brushes whose planes bound exactly the written box.
    #[test]
    fn boxes_round_trip(boxes in prop::collection::vec(box_strategy(), 1..12)) {
        let mut builder = BspBuilder { entities: WORLDSPAWN.to_owned(), ..BspBuilder::default() };
        let shader = builder.shader("s", Contents::SOLID);
        for (mins, maxs) in &boxes {
            builder.box_brush(*mins, *maxs, shader);
        }
        builder.models.push([0, 0, 0, i32::try_from(boxes.len()).unwrap()]);
        let world = read(&builder).unwrap();
        prop_assert_eq!(world.brushes.len(), boxes.len());
        for ((mins, maxs), brush) in boxes.iter().zip(&world.brushes) {
            let lo = DVec3::from_array(mins.map(f64::from));
            let hi = DVec3::from_array(maxs.map(f64::from));
            for side in &brush.sides {
                // Every side touches the box and the box lies behind it.
                let support = side.plane.normal.dot(DVec3::select(
                    side.plane.normal.cmpgt(DVec3::ZERO), hi, lo));
                prop_assert_eq!(support, side.plane.dist);
            }
        }
    }

    /// Arbitrary byte edits of a valid file give a world or an error, never a panic.
    #[test]
    fn edited_files_never_panic(
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8)
    ) {
        let mut builder = one_box();
        builder.entities.push_str("{ \"model\" \"*1\" }");
        builder.box_brush([8.0; 3], [16.0; 3], 0);
        builder.models.push([0, 0, 1, 1]);
        builder.patch(3, 3, &flat_patch_points(), 0);
        builder.models[0] = [0, 1, 0, 1];
        let mut bytes = builder.build();
        for (at, value) in edits {
            let at = at.index(bytes.len());
            bytes[at] = value;
        }
        let _ = read_bsp(&bytes, &PatchSettings::default());
    }

    /// Arbitrary bytes behind a valid magic and version never panic.
    #[test]
    fn random_bodies_never_panic(body in prop::collection::vec(any::<u8>(), 0..600)) {
        let mut bytes = b"IBSP".to_vec();
        bytes.extend_from_slice(&46i32.to_le_bytes());
        bytes.extend_from_slice(&body);
        let _ = read_bsp(&bytes, &PatchSettings::default());
    }
}
