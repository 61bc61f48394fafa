//! Every kind of `.map` error, with its line and column and a readable message.

use aas_geom::brush::PatchError;
use aas_geom::format::map_text::{MapError, MapErrorKind, MapSettings, read_map};

fn read_error(text: &str) -> MapError {
    match read_map(text.as_bytes(), &MapSettings::default()) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(error) => error,
    }
}

fn assert_at(error: &MapError, line: u32, column: u32) {
    assert_eq!((error.line, error.column), (line, column), "{error}");
}

/// A valid face line (legacy dialect) of the unit cube's top.
const FACE: &str = "( 1 0 1 ) ( 0 0 1 ) ( 0 1 1 ) t 0 0 0 1 1";

#[test]
fn missing_brush_plane_names_what_was_expected() {
    let text = format!("{{\n\"classname\" \"worldspawn\"\n{{\n{FACE}\n  foo\n}}\n}}\n");
    let error = read_error(&text);
    assert_at(&error, 5, 3);
    let message = error.to_string();
    assert!(message.starts_with("5:3: expected "), "{message}");
    for word in [
        "a number",
        "a brush plane `(`",
        "`}` closing the brush or patch",
    ] {
        assert!(message.contains(word), "{message}");
    }
    assert!(message.ends_with("found `foo`"), "{message}");
}

#[test]
fn empty_brush_expects_a_plane_or_keyword() {
    let error = read_error("{\n{ }\n}");
    assert_at(&error, 2, 3);
    let message = error.to_string();
    for word in ["`brushDef`", "`patchDef2`", "a brush plane `(`"] {
        assert!(message.contains(word), "{message}");
    }
}

#[test]
fn unterminated_entity_reports_end_of_file() {
    let error = read_error("{\n\"classname\" \"worldspawn\"\n");
    assert_at(&error, 3, 1);
    let message = error.to_string();
    assert!(message.contains("`}` closing the entity"), "{message}");
    assert!(message.ends_with("found end of file"), "{message}");
}

#[test]
fn unterminated_string_reports_the_missing_quote() {
    let error = read_error("{\n\"classname\" \"worldspawn\n");
    assert_at(&error, 3, 1);
    assert!(error.to_string().contains("a closing `\"`"), "{error}");
}

#[test]
fn junk_at_top_level_expects_an_entity() {
    let error = read_error("{ }\r\n  junk");
    assert_at(&error, 2, 3);
    let message = error.to_string();
    assert!(message.contains("an entity `{`"), "{message}");
    assert!(message.contains("end of file"), "{message}");
}

#[test]
fn unterminated_block_comment_is_an_error() {
    let error = read_error("{ } /* never closed\n");
    assert_at(&error, 1, 5);
}

#[test]
fn number_glued_to_letters_ends_before_them() {
    let error = read_error("{\n{\n( 1 0 1x ) ( 0 0 1 ) ( 0 1 1 ) t 0 0 0 1 1\n}\n}");
    assert_at(&error, 3, 8);
    assert!(
        error.to_string().contains("expected `)`, found `x`"),
        "{error}"
    );
}

#[test]
fn malformed_numbers_are_reported_where_they_stand() {
    for (face, column, text) in [
        ("( 1 0 1-2 ) ( 0 0 1 ) ( 0 1 1 ) t 0 0 0 1 1", 7, "1-2"),
        ("( 1 0 1 ) ( 0 0 1 ) ( 0 1 1 ) t 0 0 0 1 1e", 41, "1e"),
        ("( 1 0 1 ) ( 0 0 1 ) ( 0 1 1 ) t 0 0 0 1 1 0 -- 0", 45, "--"),
        (
            "( 1 0 1 ) ( 0 0 1 ) ( 0 1 1 ) t [ 1 0 . 0 ] [ 0 1 0 0 ] 0 1 1",
            39,
            ".",
        ),
    ] {
        let error = read_error(&format!("{{\n{{\n{face}\n}}\n}}"));
        assert_at(&error, 3, column);
        assert_eq!(error.kind, MapErrorKind::NotANumber { text: text.into() });
        assert!(error.to_string().contains("is not a number"), "{error}");
    }
    let error = read_error(
        "{\n{\nbrushDef\n{\n( 1 0 1 ) ( 0 0 1 ) ( 0 1 1 ) ( ( 1 0 0 ) ( 0 1 1e999 ) ) t\n}\n}\n}",
    );
    assert_at(&error, 5, 49);
    assert!(matches!(error.kind, MapErrorKind::NumberOutOfRange { .. }));
}

#[test]
fn valve_axis_needs_four_numbers() {
    let error =
        read_error("{\n{\n( 1 0 1 ) ( 0 0 1 ) ( 0 1 1 ) t [ 1 0 0 ] [ 0 1 0 0 ] 0 1 1\n}\n}");
    assert_at(&error, 3, 41);
    assert!(error.to_string().contains("expected a number"), "{error}");
}

#[test]
fn brush_def_face_needs_a_texture_matrix() {
    let error = read_error("{\n{\nbrushDef\n{\n( 1 0 1 ) ( 0 0 1 ) ( 0 1 1 ) t 0 0 0\n}\n}\n}");
    assert_at(&error, 5, 31);
    assert!(
        error.to_string().contains("a texture matrix `(`"),
        "{error}"
    );
}

#[test]
fn collinear_points_are_reported_at_the_plane() {
    let text = format!("{{\n{{\n{FACE}\n    ( 0 0 0 ) ( 1 1 1 ) ( 2 2 2 ) t 0 0 0 1 1\n}}\n}}");
    let error = read_error(&text);
    assert_at(&error, 4, 5);
    assert_eq!(error.kind, MapErrorKind::CollinearPoints);
    assert!(error.to_string().contains("collinear"));
}

#[test]
fn huge_numbers_are_out_of_range() {
    let error = read_error("{\n{\n( 1 0 1 ) ( 0 0 1e999 ) ( 0 1 1 ) t 0 0 0 1 1\n}\n}");
    assert_at(&error, 3, 17);
    assert_eq!(
        error.kind,
        MapErrorKind::NumberOutOfRange {
            text: "1e999".into()
        }
    );
}

fn patch(header: &str, rows: &str) -> String {
    format!("{{\n{{\npatchDef2\n{{\nt\n{header}\n(\n{rows})\n}}\n}}\n}}\n")
}

const ROW3: &str = "( ( 0 0 0 0 0 ) ( 0 1 0 0 0 ) ( 0 2 1 0 0 ) )\n";

#[test]
fn patch_with_too_few_rows() {
    let error = read_error(&patch("( 3 3 0 0 0 )", &ROW3.repeat(2)));
    assert_at(&error, 7, 1);
    assert_eq!(
        error.kind,
        MapErrorKind::PatchRows {
            declared: 3,
            found: 2
        }
    );
}

#[test]
fn patch_row_with_too_few_points() {
    let rows = format!("{ROW3}( ( 0 0 0 0 0 ) )\n{ROW3}");
    let error = read_error(&patch("( 3 3 0 0 0 )", &rows));
    assert_at(&error, 9, 1);
    assert_eq!(
        error.kind,
        MapErrorKind::PatchRowLength {
            row: 1,
            declared: 3,
            found: 1
        }
    );
}

#[test]
fn patch_with_even_size_cannot_be_tessellated() {
    let rows = "( ( 0 0 0 0 0 ) ( 0 1 0 0 0 ) )\n".repeat(3);
    let error = read_error(&patch("( 3 2 0 0 0 )", &rows));
    assert_at(&error, 3, 1);
    assert_eq!(
        error.kind,
        MapErrorKind::Patch(PatchError::BadSize {
            width: 3,
            height: 2
        })
    );
    assert!(error.to_string().contains("invalid patch"), "{error}");
}

#[test]
fn patch_size_must_be_a_whole_number() {
    let error = read_error(&patch("( 3.5 3 0 0 0 )", &ROW3.repeat(3)));
    assert_at(&error, 6, 3);
    assert_eq!(error.kind, MapErrorKind::PatchSize { text: "3.5".into() });
    let error = read_error(&patch("( -3 3 0 0 0 )", &ROW3.repeat(3)));
    assert!(matches!(error.kind, MapErrorKind::PatchSize { .. }));
}

#[test]
fn patch_header_needs_five_numbers() {
    let error = read_error(&patch("( 3 3 0 0 )", &ROW3.repeat(3)));
    assert_at(&error, 6, 11);
    assert!(error.to_string().contains("expected a number"), "{error}");
}

#[test]
fn file_name_is_attached_by_the_caller() {
    let error = read_error("{").with_file("maps/test.map");
    assert!(
        error.to_string().starts_with("maps/test.map:1:2: "),
        "{error}"
    );
}

#[test]
fn patch_errors_name_the_patch_parts() {
    let error = read_error("{\n{\npatchDef2\n{\nt\n3 3 0 0 0 )\n}\n}\n}");
    assert_at(&error, 6, 1);
    assert!(error.to_string().contains("a patch size `(`"), "{error}");
    let error = read_error(&patch("( 3 3 0 0 0 )", "x"));
    assert_at(&error, 8, 1);
    let message = error.to_string();
    assert!(message.contains("a patch row `(`"), "{message}");
    assert!(message.contains("`)`"), "{message}");
    let error = read_error(&patch("( 3 3 0 0 0 )", "( 1"));
    assert!(error.to_string().contains("a patch point `(`"), "{error}");
}

#[test]
fn comments_end_faces_but_do_not_split_them() {
    let ok = format!("{{\n{{\n{FACE} // trailing comment\n{FACE} /* block */\n}}\n}}");
    let world = read_map(ok.as_bytes(), &MapSettings::default()).unwrap();
    assert_eq!(world.brushes[0].sides.len(), 2);
    let error = read_error("{\n{\n( 1 0 1 ) // inside\n( 0 0 1 ) ( 0 1 1 ) t 0 0 0 1 1\n}\n}");
    assert_at(&error, 3, 11);
    assert!(
        error.to_string().contains("expected `(`, found `//`"),
        "{error}"
    );
}
