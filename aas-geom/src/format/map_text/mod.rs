//! `.map` source files: a pest grammar for every common brush dialect, read into a
//! [`BrushWorld`].
//!
//! # Dialects
//!
//! One grammar (`map.pest`) reads all of these, mixed freely within a file and even within a
//! brush (standard and Valve faces):
//!
//! | Dialect | Face (or primitive) |
//! |---|---|
//! | Quake 1 standard | `( x y z ) ( x y z ) ( x y z ) TEXTURE xoff yoff rot xscale yscale` |
//! | Quake 2 / Quake III legacy | the same, then `contents surfaceflags value` |
//! | Valve 220 | `( p ) ( p ) ( p ) TEXTURE [ ux uy uz uoff ] [ vx vy vz voff ] rot xscale yscale` |
//! | Quake III brush primitives | `brushDef { ( p ) ( p ) ( p ) ( ( a b c ) ( d e f ) ) TEXTURE contents flags value }` |
//! | Quake III patches | `patchDef2 { TEXTURE ( width height contents flags value ) ( ( ( x y z u v ) ... ) ... ) }` |
//!
//! A file is a sequence of entities `{ "key" "value" ... primitives ... }`. Comments are `//` to
//! the end of the line (which covers Radiant's `//@$& layerdef` lines) and `/* ... */`; they
//! may stand between entities, pairs, primitives, faces and the parts of a patch, but not
//! inside a face or a patch matrix (no editor writes them there, and excluding them keeps the
//! hot rules fast). A comment must start a token (`tex//x` is one texture name). Every
//! character from U+0000 to U+0020 separates tokens, so CRLF, LF and tabs all work, and a
//! face may span lines. Numbers
//! may have a sign, a fraction and an exponent. Texture names are any run of non-separator
//! characters not starting with `(`, `)` or `"` (Quake 1 `*water1`, `+0button`, `{fence`), or a
//! quoted string. Keys and values are quoted strings that may be empty and may hold any
//! character but `"`. Bytes that are not valid UTF-8 are read as Latin-1, one character per
//! byte, so line and column numbers stay right.
//!
//! # What the world contains
//!
//! - **Planes** from the three points of each face ([`Plane::from_points`], normal out of the
//!   brush). Collinear points are an error ([`MapErrorKind::CollinearPoints`]); texture
//!   alignment is read and discarded.
//! - **Contents** from the texture names through [`TextureRules`] (see [`texture_rules`]). A
//!   brush's contents are the union of its sides' contents, as Quake III compilers combine side
//!   contents, except that a liquid wins over solid: a water brush with `common/caulk` on its
//!   hidden sides is water, not solid (as the compiled `.bsp` files of the shared maps show). Of the
//!   numeric `contents` field of legacy and `brushDef` faces only the `DETAIL` bit
//!   (`0x8000000`) is kept, since Quake III compilers take everything else from the shader;
//!   the same holds for a `patchDef2`'s `contents` field. A patch's contents are its texture's.
//! - **Patches**: the file lists `width` rows of `height` points; they are transposed into the
//!   row-major `width`-per-row grid of [`PatchSource`](crate::brush::PatchSource) and
//!   tessellated with [`MapSettings::patch`].
//! - **Ownership**: entities in file order; `worldspawn` and `func_group` primitives belong to
//!   [`ModelNum::WORLD`](crate::brush::ModelNum::WORLD) (with their own entity index); every
//!   other entity with a brush or patch gets the next model number 1, 2, ... in entity order, as
//!   Quake III compilers number `*N`. [`Brush::index`](crate::brush::Brush::index) counts
//!   brushes and patches of one entity together, in file order (the editor's "brush N").
//! - **Textures** interned in order of first use.
//!
//! # Errors
//!
//! [`MapError`] carries the 1-based line and column and a message such as
//! ``expected a brush plane `(` or `}` closing the brush or patch, found `foo` ``. The reader
//! does not know file names; callers attach one with [`MapError::with_file`].
//!
//! # Example
//!
//! ```
//! use aas_geom::Contents;
//! use aas_geom::format::map_text::{MapSettings, read_map};
//!
//! // A 64-unit cube in the Quake III legacy dialect.
//! let map = br#"
//! // entity 0
//! {
//! "classname" "worldspawn"
//! {
//! ( 64 16 0 ) ( 64 0 0 ) ( 64 0 16 ) common/caulk 0 0 0 0.5 0.5 0 0 0
//! ( 0 0 16 ) ( 0 0 0 ) ( 0 16 0 ) common/caulk 0 0 0 0.5 0.5 0 0 0
//! ( 0 64 16 ) ( 0 64 0 ) ( 16 64 0 ) common/caulk 0 0 0 0.5 0.5 0 0 0
//! ( 16 0 0 ) ( 0 0 0 ) ( 0 0 16 ) common/caulk 0 0 0 0.5 0.5 0 0 0
//! ( 16 0 64 ) ( 0 0 64 ) ( 0 16 64 ) base_floor/metal 0 0 0 0.5 0.5 0 0 0
//! ( 0 16 0 ) ( 0 0 0 ) ( 16 0 0 ) common/caulk 0 0 0 0.5 0.5 0 0 0
//! }
//! }
//! "#;
//! let world = read_map(map, &MapSettings::default())?;
//! assert_eq!(world.brushes.len(), 1);
//! let brush = &world.brushes[0];
//! assert_eq!(brush.contents, Contents::SOLID);
//! // Every side faces out of the cube.
//! let centre = glam::DVec3::splat(32.0);
//! assert!(brush.sides.iter().all(|side| side.plane.distance_to(centre) == -32.0));
//! assert_eq!(world.texture(brush.sides[4].texture).name, "base_floor/metal");
//! # Ok::<(), aas_geom::format::map_text::MapError>(())
//! ```

mod build;
mod error;
mod grammar;
mod text;
pub mod texture_rules;

pub use error::{MapError, MapErrorKind};
pub use texture_rules::{TexturePattern, TextureRule, TextureRules};

#[cfg(doc)]
use crate::brush::Plane;
use crate::brush::{BrushWorld, PatchSettings};

/// How [`read_map`] turns a `.map` file into a [`BrushWorld`].
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MapSettings {
    /// Contents and surface flags of textures.
    pub texture_rules: TextureRules,
    /// How `patchDef2` patches are tessellated into thin brushes.
    pub patch: PatchSettings,
}

/// Reads a `.map` file into a [`BrushWorld`] (`format` [`SourceFormat::Map`](crate::brush::SourceFormat::Map)).
///
/// `bytes` is UTF-8, or else read as Latin-1. See the [module documentation](self) for the
/// dialects and how the world is built.
///
/// # Errors
/// [`MapError`] with line and column when the text does not follow the grammar, a face's three
/// points are collinear, a number is out of range, or a patch is malformed or cannot be
/// tessellated.
///
/// # Complexity
/// `O(n)` time and memory in the input size, plus patch tessellation (bounded per patch by
/// [`PatchSettings`]).
pub fn read_map(bytes: &[u8], options: &MapSettings) -> Result<BrushWorld, MapError> {
    let text = text::decode(bytes);
    build::build(&text, options)
}
