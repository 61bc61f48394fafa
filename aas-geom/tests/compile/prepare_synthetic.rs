//! `prepare_brushes` on a small hand-made world: selection, diagnostics, expansion per box
//! and the removal of contained brushes.

use aas_geom::brush::{
    Brush, BrushModel, BrushSide, BrushWorld, Contents, Entity, ModelNum, Plane, SourceFormat,
    SourceLocation, TextureId, outside_distance,
};
use aas_geom::compile::{
    PrepareDiagnostic, PrepareSettings, PresenceBox, PresenceMask, prepare_brushes,
};
use glam::DVec3;

fn cube(mins: DVec3, maxs: DVec3) -> Vec<BrushSide> {
    [
        (DVec3::X, maxs.x),
        (DVec3::NEG_X, -mins.x),
        (DVec3::Y, maxs.y),
        (DVec3::NEG_Y, -mins.y),
        (DVec3::Z, maxs.z),
        (DVec3::NEG_Z, -mins.z),
    ]
    .into_iter()
    .map(|(normal, dist)| BrushSide {
        plane: Plane { normal, dist },
        texture: TextureId(0),
        bevel: false,
    })
    .collect()
}

fn brush(sides: Vec<BrushSide>, contents: Contents, model: u32, record: u32) -> Brush {
    Brush {
        sides,
        contents,
        entity: None,
        model: ModelNum(model),
        index: record as usize,
        location: SourceLocation::Text {
            line: record + 1,
            column: 1,
        },
    }
}

fn entity(classname: &str, model: Option<u32>) -> Entity {
    let mut pairs = vec![("classname".to_owned(), classname.to_owned())];
    if let Some(model) = model {
        pairs.push(("model".to_owned(), format!("*{model}")));
    }
    Entity {
        pairs,
        location: SourceLocation::Text { line: 1, column: 1 },
    }
}

fn world() -> BrushWorld {
    let floor = cube(
        DVec3::new(-512.0, -512.0, -16.0),
        DVec3::new(512.0, 512.0, 0.0),
    );
    let inside = cube(DVec3::new(0.0, 0.0, -12.0), DVec3::new(64.0, 64.0, -4.0));
    let pool = cube(
        DVec3::new(100.0, 100.0, 0.0),
        DVec3::new(200.0, 200.0, 64.0),
    );
    let pad = cube(
        DVec3::new(-100.0, -100.0, 0.0),
        DVec3::new(-60.0, -60.0, 8.0),
    );
    let door = cube(DVec3::new(300.0, 0.0, 0.0), DVec3::new(308.0, 128.0, 128.0));
    let mut open = cube(DVec3::ZERO, DVec3::splat(8.0));
    open.pop();
    let brushes = vec![
        brush(floor, Contents::SOLID, 0, 0),
        brush(inside, Contents::SOLID | Contents::DETAIL, 0, 1),
        brush(pool.clone(), Contents::WATER, 0, 2),
        brush(pool, Contents::FOG, 0, 3),
        brush(open, Contents::SOLID, 0, 4),
        brush(pad.clone(), Contents::TRIGGER, 1, 5),
        brush(door, Contents::SOLID, 2, 6),
        brush(pad, Contents::TRIGGER, 3, 7),
    ];
    let classes = [
        ("worldspawn", None),
        ("trigger_push", Some(1)),
        ("func_door", Some(2)),
    ];
    let classes = classes.into_iter().chain([("trigger_multiple", Some(3))]);
    BrushWorld {
        format: SourceFormat::Map,
        entities: classes.map(|(c, m)| entity(c, m)).collect(),
        textures: Vec::new(),
        brushes,
        patches: Vec::new(),
        models: (0..4)
            .map(|i| BrushModel {
                entity: Some(i),
                brush_count: 1,
                patch_count: 0,
            })
            .collect(),
    }
}

#[test]
fn hand_made_world_is_selected_expanded_and_pruned() {
    let world = world();
    let prepared = prepare_brushes(&world, &PresenceBox::DEFAULTS, &PrepareSettings::default());
    let stats = &prepared.stats;
    assert_eq!(stats.source_brushes, 8);
    assert_eq!(stats.skipped_contents, 1); // fog
    assert_eq!(stats.skipped_entity, 1); // trigger_multiple
    assert_eq!(stats.bad_geometry, 1); // the open brush
    assert_eq!(stats.compiled, 5);
    assert_eq!(stats.expanded_per_box, [5, 5]);
    assert_eq!(stats.blocking_per_box, [2, 2]);
    assert_eq!(stats.removed_per_box, [1, 1]);
    assert_eq!(
        prepared.diagnostics,
        [PrepareDiagnostic::BadBrush {
            source_index: 4,
            location: SourceLocation::Text { line: 5, column: 1 },
            error: aas_geom::brush::BrushGeometryError::Unbounded,
        }]
    );

    let summary: Vec<(usize, Contents, u32, PresenceMask)> = prepared
        .brushes
        .iter()
        .map(|b| (b.source, b.contents, b.model, b.blocks))
        .collect();
    let (normal, crouch) = (PresenceMask::single(0), PresenceMask::single(1));
    assert_eq!(
        summary,
        [
            (0, Contents::SOLID, 0, normal),
            (0, Contents::SOLID, 0, crouch),
            (2, Contents::WATER, 0, normal),
            (2, Contents::WATER, 0, crouch),
            (5, Contents::JUMPPAD, 0, normal),
            (5, Contents::JUMPPAD, 0, crouch),
            (6, Contents::MOVER, 2, normal),
            (6, Contents::MOVER, 2, crouch),
        ]
    );

    // The standing player's origin rests 24 units above the floor; crouching changes only the
    // head, so the floor's expanded top is the same for both boxes.
    for floor in &prepared.brushes[..2] {
        assert_eq!(floor.maxs.z, 24.0);
        assert!(outside_distance(&floor.planes, DVec3::new(0.0, 0.0, 23.9)) < 0.0);
        assert!(outside_distance(&floor.planes, DVec3::new(0.0, 0.0, 24.1)) > 0.0);
    }
    // Under the 128-high door, the standing box's head (32) and the crouching one's (16)
    // differ.
    assert_eq!(prepared.brushes[6].mins.z, -32.0);
    assert_eq!(prepared.brushes[7].mins.z, -16.0);

    let keep = PrepareSettings {
        keep_contained: true,
        ..PrepareSettings::default()
    };
    let all = prepare_brushes(&world, &PresenceBox::DEFAULTS, &keep);
    assert_eq!(all.brushes.len(), 10);
    assert_eq!(all.stats.removed_per_box, [0, 0]);
}

#[test]
fn bad_boxes_are_reported_and_skipped() {
    let world = world();
    let bad = PresenceBox {
        mins: DVec3::splat(1.0),
        ..PresenceBox::NORMAL
    };
    let nan = PresenceBox {
        maxs: DVec3::NAN,
        ..PresenceBox::NORMAL
    };
    let prepared = prepare_brushes(
        &world,
        &[bad, PresenceBox::CROUCH, nan],
        &PrepareSettings::default(),
    );
    assert_eq!(
        prepared.diagnostics[..2],
        [
            PrepareDiagnostic::BadBox { index: 0 },
            PrepareDiagnostic::BadBox { index: 2 },
        ]
    );
    assert!(
        prepared
            .brushes
            .iter()
            .all(|b| b.blocks == PresenceMask::single(1))
    );
    assert_eq!(prepared.stats.expanded_per_box, [0, 5, 0]);
    let none = prepare_brushes(&world, &[], &PrepareSettings::default());
    assert!(none.brushes.is_empty());
}
