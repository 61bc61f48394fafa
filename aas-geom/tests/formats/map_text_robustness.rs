//! The `.map` reader never panics: truncated and mutated real maps, random token soups and
//! random bytes; and generated maps in every dialect parse to exactly what was generated.

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::common::shared_maps_dir;
use crate::rng::SplitMix64;
use aas_geom::format::map_text::{MapSettings, read_map};
use proptest::prelude::*;

/// Bytes that matter to the grammar, used as mutation values.
const INTERESTING: &[u8] = b"{}()[]\"/*\n\r\t 0.-+eE9xbp\0\xff";

#[test]
fn truncated_and_mutated_real_maps_never_panic() {
    const TRUNCATIONS: usize = 16;
    const MUTATIONS: usize = 16;
    let Some(dir) = shared_maps_dir() else {
        return;
    };
    let mut maps: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "map"))
        .collect();
    maps.sort();
    assert_eq!(maps.len(), 9, "expected the nine maps in {}", dir.display());
    let options = MapSettings::default();
    let mut rng = SplitMix64(0x6d61_705f_7465_7874);
    for path in maps {
        let bytes = std::fs::read(&path).unwrap();
        for _ in 0..TRUNCATIONS {
            let cut = rng.below(bytes.len());
            let _ = read_map(&bytes[..cut], &options);
        }
        for _ in 0..MUTATIONS {
            let mut mutated = bytes.clone();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(mutated.len());
                mutated[at] = if rng.below(4) == 0 {
                    rng.next() as u8
                } else {
                    INTERESTING[rng.below(INTERESTING.len())]
                };
            }
            if let Err(error) = read_map(&mutated, &options) {
                assert!(error.line >= 1 && error.column >= 1);
                assert!(!error.to_string().is_empty());
            }
        }
    }
}

/// Tokens from which random, almost-valid texts are assembled.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "\"k\"",
    "\"\"",
    "brushDef",
    "patchDef2",
    "0",
    "1",
    "3",
    "-2.5",
    "1e999",
    "tex",
    "*water",
    "//c\n",
    "/*",
    "*/",
    "\n",
    "( 0 0 0 )",
    "( 1 0 0 )",
    "( 0 1 0 )",
    "( 3 3 0 0 0 )",
    "( 0 0 0 0 0 )",
];

/// A box brush's faces, outward normals, as three points each (see `map_text_dialects.rs`).
fn box_faces(min: [i32; 3], size: [i32; 3]) -> Vec<[[i32; 3]; 3]> {
    let mut faces = Vec::new();
    for axis in 0..3 {
        let (a, b) = ((axis + 1) % 3, (axis + 2) % 3);
        let mut high = min;
        high[axis] += size[axis];
        let (mut hu, mut hv, mut lu, mut lv) = (high, high, min, min);
        hu[a] += 16;
        hv[b] += 16;
        lu[a] += 16;
        lv[b] += 16;
        faces.push([hu, high, hv]);
        faces.push([lv, min, lu]);
    }
    faces
}

fn write_face(out: &mut String, dialect: u8, face: &[[i32; 3]; 3], space: &str) {
    for p in face {
        let _ = write!(
            out,
            "({space}{}{space}{}{space}{}{space}){space}",
            p[0], p[1], p[2]
        );
    }
    match dialect {
        0 => out.push_str("tex 0 0 0 1 1"),
        1 => out.push_str("common/caulk 0 0 0 0.5 0.5 0 0 0"),
        2 => out.push_str("tex [ 1 0 0 0 ] [ 0 -1 0 0 ] 0 1 1"),
        _ => out.push_str("( ( 0.03125 0 0 ) ( 0 0.03125 0 ) ) tex 0 0 0"),
    }
}

/// Writes a box brush in `dialect` (0 Quake 1, 1 legacy, 2 Valve, 3 `brushDef`), with `space`
/// between the tokens of a face and `sep` (which may hold comments) between faces.
fn write_brush(
    out: &mut String,
    dialect: u8,
    min: [i32; 3],
    size: [i32; 3],
    (space, sep): (&str, &str),
) {
    out.push('{');
    out.push_str(sep);
    if dialect == 3 {
        let _ = write!(out, "brushDef{sep}{{{sep}");
    }
    for face in box_faces(min, size) {
        write_face(out, dialect, &face, space);
        out.push_str(sep);
    }
    if dialect == 3 {
        out.push('}');
        out.push_str(sep);
    }
    out.push('}');
    out.push_str(sep);
}

fn write_patch(out: &mut String, (space, sep): (&str, &str)) {
    let _ = write!(
        out,
        "{{{sep}patchDef2{sep}{{{sep}curve{sep}({space}3 3 0 0 0{space}){sep}({space}"
    );
    for i in 0..3 {
        out.push('(');
        for j in 0..3 {
            let _ = write!(out, "{space}( {} {} {} 0 0 )", i * 32, j * 32, (i % 2) * 16);
        }
        out.push_str(" )");
        out.push_str(space);
    }
    let _ = write!(out, "){sep}}}{sep}}}{sep}");
}

/// One generated primitive: a brush (dialect, min, size) or a patch.
#[derive(Debug, Clone)]
enum Primitive {
    Brush(u8, [i32; 3], [i32; 3]),
    Patch,
}

fn primitive() -> impl Strategy<Value = Primitive> {
    prop_oneof![
        4 => (0u8..4, prop::array::uniform3(-4096i32..4096), prop::array::uniform3(1i32..512))
            .prop_map(|(d, min, size)| Primitive::Brush(d, min, size)),
        1 => Just(Primitive::Patch),
    ]
}

fn entity() -> impl Strategy<Value = (Vec<(String, String)>, Vec<Primitive>)> {
    (
        prop::collection::vec(("[a-z_]{0,8}", "[^\"]{0,12}"), 0..4),
        prop::collection::vec(primitive(), 0..5),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_maps_parse_to_what_was_generated(
        entities in prop::collection::vec(entity(), 1..4),
        space_kind in 0usize..4,
        sep_kind in 0usize..5,
    ) {
        // White space inside faces and patch matrices; white space or comments elsewhere.
        let space = [" ", "\t", "\n", "\r\n"][space_kind];
        let sep = [" ", "\n", "\r\n", "\t// comment\n", " /* c */ "][sep_kind];
        let mut text = String::new();
        let (mut brushes, mut patches, mut pairs) = (0, 0, 0);
        for (index, (kv, primitives)) in entities.iter().enumerate() {
            text.push('{');
            text.push_str(sep);
            let classname = if index == 0 { "worldspawn" } else { "func_wall" };
            let _ = write!(text, "\"classname\" \"{classname}\"{sep}");
            for (key, value) in kv {
                let _ = write!(text, "\"{key}\"{sep}\"{value}\"{sep}");
            }
            pairs += kv.len() + 1;
            for primitive in primitives {
                match primitive {
                    Primitive::Brush(dialect, min, size) => {
                        write_brush(&mut text, *dialect, *min, *size, (space, sep));
                        brushes += 1;
                    }
                    Primitive::Patch => {
                        write_patch(&mut text, (space, sep));
                        patches += 1;
                    }
                }
            }
            text.push('}');
            text.push_str(sep);
        }
        let world = read_map(text.as_bytes(), &MapSettings::default())
            .map_err(|error| TestCaseError::fail(format!("{error}\n{text}")))?;
        prop_assert_eq!(world.entities.len(), entities.len());
        prop_assert_eq!(world.brushes.len(), brushes);
        prop_assert_eq!(world.patches.len(), patches);
        prop_assert_eq!(world.entities.iter().map(|e| e.pairs.len()).sum::<usize>(), pairs);
        for brush in &world.brushes {
            prop_assert_eq!(brush.sides.len(), 6);
        }
        let with_primitives = entities.iter().skip(1).filter(|(_, p)| !p.is_empty()).count();
        prop_assert_eq!(world.models.len(), 1 + with_primitives);
    }

    #[test]
    fn token_soups_never_panic(tokens in prop::collection::vec(0..TOKENS.len(), 0..200)) {
        let text: Vec<&str> = tokens.iter().map(|&i| TOKENS[i]).collect();
        let _ = read_map(text.join(" ").as_bytes(), &MapSettings::default());
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let _ = read_map(&bytes, &MapSettings::default());
    }
}
