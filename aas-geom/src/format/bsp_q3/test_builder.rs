//! A test-only writer of small IBSP v46 files, lump by lump.

use crate::brush::{BspLump, Contents};

use super::lumps::{HEADER_SIZE, IBSP_MAGIC, IBSP_VERSION};

/// One draw surface, as raw fields.
#[derive(Debug, Clone, Copy)]
pub(super) struct RawSurface {
    pub(super) shader: i32,
    pub(super) kind: i32,
    pub(super) first_vert: i32,
    pub(super) vert_count: i32,
    pub(super) first_index: i32,
    pub(super) index_count: i32,
    pub(super) patch_width: i32,
    pub(super) patch_height: i32,
}

/// Accumulates records and writes an IBSP file.
#[derive(Debug, Clone, Default)]
pub(super) struct BspBuilder {
    pub(super) entities: String,
    pub(super) shaders: Vec<(String, u32, u32)>,
    pub(super) planes: Vec<([f32; 3], f32)>,
    pub(super) brushes: Vec<[i32; 3]>,
    pub(super) sides: Vec<[i32; 2]>,
    /// `[firstSurface, numSurfaces, firstBrush, numBrushes]`.
    pub(super) models: Vec<[i32; 4]>,
    pub(super) verts: Vec<[f32; 3]>,
    pub(super) indexes: Vec<i32>,
    pub(super) surfaces: Vec<RawSurface>,
    /// `[planeNum, children[0], children[1]]` (bounds written as zeros).
    pub(super) nodes: Vec<[i32; 3]>,
    /// The cluster of each leaf (area and the rest written as zeros).
    pub(super) leaf_clusters: Vec<i32>,
    /// The raw VISIBILITY lump.
    pub(super) visibility: Vec<u8>,
}

impl BspBuilder {
    /// Adds a shader, returning its index.
    pub(super) fn shader(&mut self, name: &str, contents: Contents) -> i32 {
        self.shaders.push((name.to_owned(), 0, contents.bits()));
        i32::try_from(self.shaders.len() - 1).unwrap()
    }

    /// Adds an axial box brush with its six planes and sides, returning its index.
    pub(super) fn box_brush(&mut self, mins: [f32; 3], maxs: [f32; 3], shader: i32) -> i32 {
        let first_side = i32::try_from(self.sides.len()).unwrap();
        for axis in 0..3 {
            for (sign, dist) in [(1.0, maxs[axis]), (-1.0, -mins[axis])] {
                let mut normal = [0.0; 3];
                normal[axis] = sign;
                self.planes.push((normal, dist));
                let plane = i32::try_from(self.planes.len() - 1).unwrap();
                self.sides.push([plane, shader]);
            }
        }
        self.brushes.push([first_side, 6, shader]);
        i32::try_from(self.brushes.len() - 1).unwrap()
    }

    /// Adds a patch surface over new draw vertices, returning its surface index.
    pub(super) fn patch(
        &mut self,
        width: i32,
        height: i32,
        points: &[[f32; 3]],
        shader: i32,
    ) -> i32 {
        let first_vert = i32::try_from(self.verts.len()).unwrap();
        self.verts.extend_from_slice(points);
        self.surfaces.push(RawSurface {
            shader,
            kind: 2,
            first_vert,
            vert_count: i32::try_from(points.len()).unwrap(),
            first_index: 0,
            index_count: 0,
            patch_width: width,
            patch_height: height,
        });
        i32::try_from(self.surfaces.len() - 1).unwrap()
    }

    /// Adds a planar quad surface, returning its surface index.
    pub(super) fn planar(&mut self, shader: i32) -> i32 {
        let first_vert = i32::try_from(self.verts.len()).unwrap();
        self.verts.extend_from_slice(&[
            [0.0; 3],
            [1.0, 0.0, 0.0],
            [1.0, 1.0, 0.0],
            [0.0, 1.0, 0.0],
        ]);
        let first_index = i32::try_from(self.indexes.len()).unwrap();
        self.indexes.extend_from_slice(&[0, 1, 2, 0, 2, 3]);
        self.surfaces.push(RawSurface {
            shader,
            kind: 1,
            first_vert,
            vert_count: 4,
            first_index,
            index_count: 6,
            patch_width: 0,
            patch_height: 0,
        });
        i32::try_from(self.surfaces.len() - 1).unwrap()
    }

    /// The serialised lumps, in [`BspLump::ALL`] order.
    pub(super) fn lumps(&self) -> Vec<Vec<u8>> {
        let mut lumps = vec![Vec::new(); 17];
        let mut entities = self.entities.clone().into_bytes();
        entities.push(0);
        lumps[BspLump::Entities as usize] = entities;
        let out = &mut lumps[BspLump::Shaders as usize];
        for (name, surface, contents) in &self.shaders {
            let mut field = [0u8; 64];
            field[..name.len()].copy_from_slice(name.as_bytes());
            out.extend_from_slice(&field);
            out.extend_from_slice(&surface.to_le_bytes());
            out.extend_from_slice(&contents.to_le_bytes());
        }
        let out = &mut lumps[BspLump::Planes as usize];
        for (normal, dist) in &self.planes {
            for value in normal.iter().chain([dist]) {
                out.extend_from_slice(&value.to_le_bytes());
            }
        }
        write_i32s(
            &mut lumps[BspLump::Brushes as usize],
            self.brushes.iter().flatten(),
        );
        write_i32s(
            &mut lumps[BspLump::BrushSides as usize],
            self.sides.iter().flatten(),
        );
        let out = &mut lumps[BspLump::Models as usize];
        for model in &self.models {
            for value in [-64.0f32, -64.0, -64.0, 64.0, 64.0, 64.0] {
                out.extend_from_slice(&value.to_le_bytes());
            }
            write_i32s(out, model);
        }
        let out = &mut lumps[BspLump::DrawVerts as usize];
        for position in &self.verts {
            for value in position
                .iter()
                .chain(&[0.5f32, 0.25, 0.0, 0.0, 0.0, 0.0, 1.0])
            {
                out.extend_from_slice(&value.to_le_bytes());
            }
            out.extend_from_slice(&[255, 128, 64, 255]);
        }
        write_i32s(&mut lumps[BspLump::DrawIndexes as usize], &self.indexes);
        let out = &mut lumps[BspLump::Surfaces as usize];
        for s in &self.surfaces {
            write_i32s(
                out,
                &[
                    s.shader,
                    -1,
                    s.kind,
                    s.first_vert,
                    s.vert_count,
                    s.first_index,
                    s.index_count,
                ],
            );
            out.extend_from_slice(&[0u8; 96 - 28]);
            write_i32s(out, &[s.patch_width, s.patch_height]);
        }
        let out = &mut lumps[BspLump::Nodes as usize];
        for node in &self.nodes {
            write_i32s(out, node);
            write_i32s(out, &[0; 6]);
        }
        let out = &mut lumps[BspLump::Leafs as usize];
        for cluster in &self.leaf_clusters {
            write_i32s(out, &[*cluster]);
            write_i32s(out, &[0; 11]);
        }
        lumps[BspLump::Visibility as usize].clone_from(&self.visibility);
        lumps
    }

    /// The whole file.
    pub(super) fn build(&self) -> Vec<u8> {
        assemble(&self.lumps())
    }
}

/// Writes a header and the given 17 lumps, each 4-byte aligned, in order.
pub(super) fn assemble(lumps: &[Vec<u8>]) -> Vec<u8> {
    let mut file = Vec::new();
    file.extend_from_slice(&IBSP_MAGIC);
    file.extend_from_slice(&IBSP_VERSION.to_le_bytes());
    file.resize(HEADER_SIZE, 0);
    for (slot, lump) in lumps.iter().enumerate() {
        while file.len() % 4 != 0 {
            file.push(0);
        }
        let entry = 8 + 8 * slot;
        let offset = i32::try_from(file.len()).unwrap();
        let length = i32::try_from(lump.len()).unwrap();
        file[entry..entry + 4].copy_from_slice(&offset.to_le_bytes());
        file[entry + 4..entry + 8].copy_from_slice(&length.to_le_bytes());
        file.extend_from_slice(lump);
    }
    file
}

/// Appends little-endian `i32`s.
fn write_i32s<'a>(out: &mut Vec<u8>, values: impl IntoIterator<Item = &'a i32>) {
    for value in values {
        out.extend_from_slice(&value.to_le_bytes());
    }
}

/// Reads the directory entry of `lump` from a built file: `(fileofs, filelen)`.
pub(super) fn directory_entry(file: &[u8], lump: BspLump) -> (usize, usize) {
    let entry = 8 + 8 * lump as usize;
    let read = |at: usize| {
        usize::try_from(i32::from_le_bytes(file[at..at + 4].try_into().unwrap())).unwrap()
    };
    (read(entry), read(entry + 4))
}

/// Overwrites a little-endian `i32` at `at`.
pub(super) fn poke_i32(file: &mut [u8], at: usize, value: i32) {
    file[at..at + 4].copy_from_slice(&value.to_le_bytes());
}
