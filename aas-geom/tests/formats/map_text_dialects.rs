//! The `.map` reader on small maps written for these tests: every dialect, layout variations,
//! entities, model numbering and patch grid orientation.

use aas_geom::brush::{Brush, BrushWorld, Contents, ModelNum, SourceLocation, SurfaceFlags};
use aas_geom::format::map_text::{MapSettings, read_map};
use glam::DVec3;

/// The three points of each side of an axis-aligned box, ordered so that the plane normal
/// points out of the box, paired with that outward normal.
fn box_planes(min: DVec3, max: DVec3) -> Vec<([DVec3; 3], DVec3)> {
    let mut planes = Vec::new();
    for axis in 0..3 {
        let n = DVec3::AXES[axis];
        let u = DVec3::AXES[(axis + 1) % 3] * 16.0;
        let v = DVec3::AXES[(axis + 2) % 3] * 16.0;
        // (p0 - p1) x (p2 - p1) = u x v = +n on the max side, v x u = -n on the min side.
        let high = min + n * (max - min).dot(n);
        planes.push(([high + u, high, high + v], n));
        planes.push(([min + v, min, min + u], -n));
    }
    planes
}

fn point(p: DVec3) -> String {
    format!("( {} {} {} )", p.x, p.y, p.z)
}

fn points(p: &[DVec3; 3]) -> String {
    format!("{} {} {}", point(p[0]), point(p[1]), point(p[2]))
}

/// A box brush (`{ ... }`) in one dialect.
fn box_brush(dialect: &str, texture: &str, min: DVec3, max: DVec3) -> String {
    let mut out = String::from("{\n");
    let planes = box_planes(min, max);
    if dialect == "brushDef" {
        out.push_str("brushDef\n{\n");
    }
    for (p, _) in &planes {
        let face = match dialect {
            "quake1" => format!("{} {texture} 0 0 0 1 1", points(p)),
            "legacy" => format!("{} {texture} 0 0 0 0.5 0.5 0 0 0", points(p)),
            "valve" => format!("{} {texture} [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1", points(p)),
            "brushDef" => format!(
                "{} ( ( 0.03125 0 0 ) ( 0 0.03125 0 ) ) {texture} 0 0 0",
                points(p)
            ),
            other => panic!("unknown dialect {other}"),
        };
        out.push_str(&face);
        out.push('\n');
    }
    if dialect == "brushDef" {
        out.push_str("}\n");
    }
    out.push_str("}\n");
    out
}

fn worldspawn(body: &str) -> String {
    format!("{{\n\"classname\" \"worldspawn\"\n{body}}}\n")
}

fn read(text: &str) -> BrushWorld {
    read_map(text.as_bytes(), &MapSettings::default()).unwrap_or_else(|error| panic!("{error}"))
}

fn assert_is_box(brush: &Brush, min: DVec3, max: DVec3) {
    assert_eq!(brush.sides.len(), 6);
    for (side, (_, normal)) in brush.sides.iter().zip(box_planes(min, max)) {
        assert!(
            side.plane.normal.distance(normal) < 1e-12,
            "{:?}",
            side.plane
        );
        assert!(side.plane.distance_to((min + max) / 2.0) < 0.0);
        assert!(
            side.plane.distance_to(min).abs() < 1e-9 || side.plane.distance_to(max).abs() < 1e-9
        );
    }
}

#[test]
fn every_brush_dialect_reads_a_box() {
    let (min, max) = (DVec3::new(-64.0, 0.0, 8.0), DVec3::new(32.0, 128.0, 72.5));
    for dialect in ["quake1", "legacy", "valve", "brushDef"] {
        let world = read(&worldspawn(&box_brush(
            dialect,
            "base_wall/metal",
            min,
            max,
        )));
        assert_eq!(world.brushes.len(), 1, "{dialect}");
        let brush = &world.brushes[0];
        assert_is_box(brush, min, max);
        assert_eq!(brush.contents, Contents::SOLID, "{dialect}");
        assert_eq!(world.textures.len(), 1);
        assert_eq!(world.textures[0].name, "base_wall/metal");
        assert_eq!(brush.location, SourceLocation::Text { line: 3, column: 1 });
        assert_eq!(world.format.name(), "map");
    }
}

#[test]
fn dialects_mix_in_one_file_and_one_brush() {
    let min = DVec3::ZERO;
    let max = DVec3::splat(64.0);
    let planes = box_planes(min, max);
    let mut mixed = String::from("{\n");
    for (i, (p, _)) in planes.iter().enumerate() {
        if i % 2 == 0 {
            mixed.push_str(&format!(
                "{} a/b [ 1 0 0 0 ] [ 0 1 0 0 ] 0 1 1\n",
                points(p)
            ));
        } else {
            mixed.push_str(&format!("{} a/b 0 0 0 1 1 0 0 0\n", points(p)));
        }
    }
    mixed.push_str("}\n");
    let body = [
        mixed,
        box_brush("brushDef", "c", min, max),
        box_brush("quake1", "d", min, max),
        box_brush("legacy", "c", min, max),
    ]
    .concat();
    let world = read(&worldspawn(&body));
    assert_eq!(world.brushes.len(), 4);
    for brush in &world.brushes {
        assert_is_box(brush, min, max);
    }
    let names: Vec<&str> = world.textures.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["a/b", "c", "d"]);
    let indices: Vec<usize> = world.brushes.iter().map(|b| b.index).collect();
    assert_eq!(indices, [0, 1, 2, 3]);
}

#[test]
fn crlf_tabs_and_comments_are_separators() {
    let min = DVec3::ZERO;
    let max = DVec3::splat(32.0);
    let brush = box_brush("legacy", "x", min, max).replace(' ', "\t ");
    let text = format!(
        "//@$& layerdef \"0\" -1 0 0 0\n// entity 0\n{{ /* block\ncomment */\n\"classname\" \"worldspawn\" // trailing\n// brush 0\n{brush}}}\n/* end */"
    )
    .replace('\n', "\r\n");
    let world = read(&text);
    assert_eq!(world.brushes.len(), 1);
    assert_is_box(&world.brushes[0], min, max);
    assert_eq!(world.entities[0].get("classname"), Some("worldspawn"));
    assert_eq!(
        world.entities[0].location,
        SourceLocation::Text { line: 3, column: 1 }
    );
    assert_eq!(
        world.brushes[0].location,
        SourceLocation::Text { line: 7, column: 1 }
    );
}

#[test]
fn keys_and_values_keep_everything_between_quotes() {
    let text = "{\n\"classname\" \"worldspawn\"\n\"\" \"\"\n\"message\" \"a // not a comment { } ( )\nsecond line\"\n\"message\" \"last wins\"\n}\n{ \"classname\" \"light\" \"origin\" \"1 -2 3.5\" }";
    let world = read(text);
    assert_eq!(world.entities.len(), 2);
    let pairs = &world.entities[0].pairs;
    assert_eq!(pairs[1], (String::new(), String::new()));
    assert_eq!(pairs[2].1, "a // not a comment { } ( )\nsecond line");
    assert_eq!(world.entities[0].get("message"), Some("last wins"));
    assert_eq!(world.entities[1].origin(), Some(DVec3::new(1.0, -2.0, 3.5)));
    assert_eq!(
        world.entities[1].location,
        SourceLocation::Text { line: 8, column: 1 }
    );
}

#[test]
fn latin1_bytes_are_one_character_each() {
    let mut bytes = b"{ \"classname\" \"worldspawn\" \"message\" \"caf\xe9 \xff\" }\n".to_vec();
    bytes.extend_from_slice(b"\xe9{ }");
    let world_text = &bytes[..bytes.len() - 5];
    let world = read_map(world_text, &MapSettings::default()).unwrap();
    assert_eq!(world.entities[0].get("message"), Some("caf\u{e9} \u{ff}"));
    // The stray byte after the entity is reported at column 1 of line 2, one character.
    let error = read_map(&bytes, &MapSettings::default()).unwrap_err();
    assert_eq!((error.line, error.column), (2, 1));
    assert!(error.to_string().contains("found `\u{e9}{`"), "{error}");
}

#[test]
fn quake1_texture_names_and_number_forms() {
    let min = DVec3::ZERO;
    let max = DVec3::splat(16.0);
    let mut body = String::new();
    for texture in [
        "*water1",
        "+0button",
        "{fence",
        "sky4",
        "e1u1/a-b.c_d",
        "\"my texture\"",
    ] {
        body.push_str(&box_brush("quake1", texture, min, max));
    }
    // Signs, fractions and exponents, cycling through the forms coordinate by coordinate.
    let styled = |v: f64, k: usize| match k % 4 {
        0 => format!("{v}"),
        1 => format!("+{v}"),
        2 => format!("{}e1", v / 10.0),
        _ => format!("{v}."),
    };
    body.push_str("{\n");
    let mut k = 0;
    for (p, _) in box_planes(min, max) {
        for q in p {
            body.push_str(&format!(
                "( {} {} {} ) ",
                styled(q.x, k),
                styled(q.y, k + 1),
                styled(q.z, k + 2)
            ));
            k += 1;
        }
        body.push_str("t .5 -.5 1e1 1.5E-1 -0\n");
    }
    body.push_str("}\n");
    let world = read(&worldspawn(&body));
    assert_eq!(world.brushes.len(), 7);
    let names: Vec<&str> = world.textures.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "*water1",
            "+0button",
            "{fence",
            "sky4",
            "e1u1/a-b.c_d",
            "my texture",
            "t"
        ]
    );
    assert_eq!(world.brushes[0].contents, Contents::WATER);
    assert!(world.textures[3].surface_flags.contains(SurfaceFlags::SKY));
    assert_is_box(&world.brushes[6], min, max);
}

#[test]
fn brush_contents_are_the_union_of_side_rules_liquid_over_solid_plus_numeric_detail() {
    let min = DVec3::ZERO;
    let max = DVec3::splat(64.0);
    let planes = box_planes(min, max);
    let mut brush = String::from("{\n");
    for (i, (p, _)) in planes.iter().enumerate() {
        let texture = if i == 0 {
            "common/caulk"
        } else {
            "liquids/water"
        };
        brush.push_str(&format!("{} {texture} 0 0 0 1 1 0 0 0\n", points(p)));
    }
    brush.push_str("}\n");
    // Numeric contents: only DETAIL (0x8000000 = 134217728) is kept; 1 (SOLID) and 0x20
    // (WATER) are ignored.
    let detail = box_brush("legacy", "common/clip", min, max).replacen(
        "0.5 0.5 0 0 0",
        "0.5 0.5 134217761 0 0",
        1,
    );
    let not_detail = box_brush("brushDef", "common/clip", min, max)
        .replace("common/clip 0 0 0", "common/clip 33 4 0");
    // A solid side and a clip side make a brush that is both.
    let mixed =
        box_brush("legacy", "common/clip", min, max).replacen("common/clip", "base_wall/metal", 1);
    let world = read(&worldspawn(&[brush, detail, not_detail, mixed].concat()));
    // A caulked side does not make a water brush solid.
    assert_eq!(world.brushes[0].contents, Contents::WATER);
    assert_eq!(
        world.brushes[1].contents,
        Contents::PLAYERCLIP | Contents::DETAIL
    );
    assert_eq!(world.brushes[2].contents, Contents::PLAYERCLIP);
    assert_eq!(
        world.brushes[3].contents,
        Contents::SOLID | Contents::PLAYERCLIP
    );
}

#[test]
fn brush_models_are_numbered_in_entity_order() {
    let min = DVec3::ZERO;
    let max = DVec3::splat(16.0);
    let b = |t: &str| box_brush("legacy", t, min, max);
    let patch = flat_patch("curve/x");
    let text = [
        worldspawn(&[b("w"), patch.clone()].concat()),
        "{ \"classname\" \"light\" \"origin\" \"0 0 0\" }\n".to_owned(),
        format!("{{ \"classname\" \"func_group\"\n{}{} }}\n", b("g"), b("g")),
        format!(
            "{{ \"classname\" \"trigger_multiple\"\n{} }}\n",
            b("common/trigger")
        ),
        format!(
            "{{\n{}{}\n\"classname\" \"func_door\" }}\n",
            patch,
            b("door")
        ),
        "{ \"classname\" \"info_null\" }\n".to_owned(),
    ]
    .concat();
    let world = read(&text);
    assert_eq!(world.entities.len(), 6);
    let owners: Vec<(Option<usize>, ModelNum, usize)> = world
        .brushes
        .iter()
        .map(|b| (b.entity, b.model, b.index))
        .collect();
    assert_eq!(
        owners,
        [
            (Some(0), ModelNum(0), 0),
            (Some(2), ModelNum(0), 0),
            (Some(2), ModelNum(0), 1),
            (Some(3), ModelNum(1), 0),
            (Some(4), ModelNum(2), 1),
        ]
    );
    let patch_owners: Vec<(Option<usize>, ModelNum, usize)> = world
        .patches
        .iter()
        .map(|p| (p.entity, p.model, p.index))
        .collect();
    assert_eq!(
        patch_owners,
        [(Some(0), ModelNum(0), 1), (Some(4), ModelNum(2), 0)]
    );
    let models: Vec<(Option<usize>, usize, usize)> = world
        .models
        .iter()
        .map(|m| (m.entity, m.brush_count, m.patch_count))
        .collect();
    assert_eq!(models, [(Some(0), 3, 1), (Some(3), 1, 0), (Some(4), 1, 1)]);
    assert_eq!(world.brushes[3].contents, Contents::TRIGGER);
    assert_eq!(world.brush_model_count(), 2);
}

/// A flat 3 × 3 patch.
fn flat_patch(texture: &str) -> String {
    format!(
        "{{\npatchDef2\n{{\n{texture}\n( 3 3 0 0 0 )\n(\n\
         ( ( 0 0 0 0 0 ) ( 0 32 0 0 0 ) ( 0 64 0 0 0 ) )\n\
         ( ( 32 0 0 0 0 ) ( 32 32 0 0 0 ) ( 32 64 0 0 0 ) )\n\
         ( ( 64 0 0 0 0 ) ( 64 32 0 0 0 ) ( 64 64 0 0 0 ) )\n)\n}}\n}}\n"
    )
}

#[test]
fn patch_matrix_rows_are_the_width_direction() {
    // Declared width 5, height 3: the file holds 5 rows of 3 points. Along a row the points
    // rise in z (the height direction); across rows they follow a curve in x-y (the width
    // direction), like the columns and arches of the real maps.
    let arch = [
        (-64.0, 0.0),
        (-64.0, 64.0),
        (0.0, 64.0),
        (64.0, 64.0),
        (64.0, 0.0),
    ];
    let mut rows = String::new();
    for (x, y) in arch {
        rows.push_str("( ");
        for z in [0.0, 16.0, 32.0] {
            rows.push_str(&format!("( {x} {y} {z} 0 0 ) "));
        }
        rows.push_str(")\n");
    }
    let text = worldspawn(&format!(
        "{{\npatchDef2\n{{\ncurve/arch\n( 5 3 0 0 0 )\n(\n{rows})\n}}\n}}\n"
    ));
    let world = read(&text);
    let patch = &world.patches[0];
    assert_eq!((patch.width, patch.height), (5, 3));
    for (i, (x, y)) in arch.into_iter().enumerate() {
        for (j, z) in [0.0, 16.0, 32.0].into_iter().enumerate() {
            assert_eq!(patch.control_points[j * 5 + i], DVec3::new(x, y, z));
        }
    }
    // Each span of the curve has |P0 - 2 P1 + P2| = |(64, -64)| = 90.5: two steps keep it
    // within the default 16 units (90.5 / 16 = 5.7), one would not (90.5 / 4 = 22.6). The
    // straight height direction takes one step.
    assert_eq!(MapSettings::default().patch.max_error, 16.0);
    assert_eq!(patch.column_steps, [2, 2]);
    assert_eq!(patch.row_steps, [1]);
    let grid_width = 5;
    assert_eq!((patch.grid_width, patch.grid_height), (grid_width, 2));
    let vertex = |column: u32, row: u32| patch.vertices[(row * grid_width + column) as usize];
    assert_eq!(vertex(0, 0), DVec3::new(-64.0, 0.0, 0.0));
    assert_eq!(vertex(grid_width - 1, 0), DVec3::new(64.0, 0.0, 0.0));
    assert_eq!(vertex(0, 1), DVec3::new(-64.0, 0.0, 32.0));
    // An extruded curve: every cell is a flat quad.
    assert_eq!(patch.facets.len(), 4);
    assert!(patch.facets.iter().all(|f| f.indices().len() == 4));
    // The middle of the first span (parameter 1/2) lies on the curve, inside its control hull:
    // 1/4 (-64, 0) + 1/2 (-64, 64) + 1/4 (0, 64) = (-48, 48).
    let middle = vertex(1, 0);
    assert!(
        middle.distance(DVec3::new(-48.0, 48.0, 0.0)) < 1e-9,
        "{middle}"
    );
    assert!(!patch.brushes.is_empty());
    assert_eq!(patch.contents, Contents::SOLID);
}

#[test]
fn patch_contents_come_from_the_texture_and_detail_bit() {
    let text = worldspawn(
        &[
            flat_patch("liquids/water").replace("( 3 3 0 0 0 )", "( 3 3 134217729 0 0 )"),
            flat_patch("common/clip").replace("( 3 3 0 0 0 )", "( 3 3 1 0 0 )"),
        ]
        .concat(),
    );
    let world = read(&text);
    assert_eq!(
        world.patches[0].contents,
        Contents::WATER | Contents::DETAIL
    );
    assert_eq!(world.patches[1].contents, Contents::PLAYERCLIP);
    assert!(
        world.patches[1]
            .brushes
            .iter()
            .all(|b| b.contents == Contents::PLAYERCLIP)
    );
}

#[test]
fn empty_input_and_entities_without_primitives() {
    let world = read("");
    assert!(world.entities.is_empty());
    assert_eq!(world.models.len(), 1);
    assert_eq!(world.models[0].entity, None);
    let world = read(" // only a comment\n{ }\n");
    assert_eq!(world.entities.len(), 1);
    assert_eq!(world.entities[0].classname(), "");
}
