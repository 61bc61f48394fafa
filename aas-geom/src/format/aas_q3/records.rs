//! The record types of the 14 lumps and their little-endian encoding.
//!
//! Every struct mirrors one C record of `aasfile.h` field for field, with the raw stored
//! values (flags as `i32`; interpret them with the flag types of this module's parent).
//! Index lumps (EDGEINDEX, FACEINDEX, PORTALINDEX) are plain `i32`, vertexes plain [`Vec3`].

use glam::Vec3;
use serde::{Deserialize, Serialize};

use aas_types::TravelType;
use aas_types::{AreaContents, AreaFlags, FaceFlags, PresenceType, TravelTeamFlags};

/// A collision bounding box (`aas_bbox_t`, 32 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct AasBBox {
    /// Byte 0: presence type of this box (see [`PresenceType`]).
    pub presence_type: i32,
    /// Byte 4: box flags (bspc writes 1 for the crouch box).
    pub flags: i32,
    /// Byte 8: minimum corner relative to the origin.
    pub mins: Vec3,
    /// Byte 20: maximum corner relative to the origin.
    pub maxs: Vec3,
}

/// A plane (`aas_plane_t`, 20 bytes): `normal · x = dist`.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct AasPlane {
    /// Byte 0: unit normal.
    pub normal: Vec3,
    /// Byte 12: distance from the origin along the normal.
    pub dist: f32,
    /// Byte 16: plane type (0..=2 axial X/Y/Z, 3..=5 nearest axis), as stored.
    pub plane_type: i32,
}

/// An edge (`aas_edge_t`, 8 bytes): two vertex numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct AasEdge {
    /// Byte 0: the vertexes `v[0]`, `v[1]`.
    pub vertexes: [i32; 2],
}

/// A face (`aas_face_t`, 24 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct AasFace {
    /// Byte 0: `planenum`, the face's plane.
    pub plane_num: i32,
    /// Byte 4: `faceflags` (see [`FaceFlags`]).
    pub face_flags: i32,
    /// Byte 8: `numedges`, entries in EDGEINDEX.
    pub num_edges: i32,
    /// Byte 12: `firstedge`, first entry in EDGEINDEX.
    pub first_edge: i32,
    /// Byte 16: `frontarea`, the area in front of the plane.
    pub front_area: i32,
    /// Byte 20: `backarea`, the area behind the plane (0 when solid).
    pub back_area: i32,
}

/// An area (`aas_area_t`, 48 bytes): a convex volume.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct AasArea {
    /// Byte 0: `areanum`, the area's own number (bspc writes its index).
    pub area_num: i32,
    /// Byte 4: `numfaces`, entries in FACEINDEX.
    pub num_faces: i32,
    /// Byte 8: `firstface`, first entry in FACEINDEX.
    pub first_face: i32,
    /// Byte 12: bounding box minimum.
    pub mins: Vec3,
    /// Byte 24: bounding box maximum.
    pub maxs: Vec3,
    /// Byte 36: centre.
    pub center: Vec3,
}

/// Settings of an area (`aas_areasettings_t`, 28 bytes), parallel to the AREAS lump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct AasAreaSettings {
    /// Byte 0: `contents` (see [`AreaContents`]).
    pub contents: i32,
    /// Byte 4: `areaflags` (see [`AreaFlags`]).
    pub area_flags: i32,
    /// Byte 8: `presencetype` (see [`PresenceType`]).
    pub presence_type: i32,
    /// Byte 12: `cluster`; positive: the cluster, negative: this area is portal `-cluster`,
    /// 0: the dummy cluster (bspc puts areas without reachabilities there).
    pub cluster: i32,
    /// Byte 16: `clusterareanum`, the area's number inside its cluster.
    pub cluster_area_num: i32,
    /// Byte 20: `numreachableareas`, outgoing reachabilities.
    pub num_reachable_areas: i32,
    /// Byte 24: `firstreachablearea`, first outgoing reachability.
    pub first_reachable_area: i32,
}

/// A reachability (`aas_reachability_t`, 44 bytes): a way from one area to another.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct AasReachability {
    /// Byte 0: `areanum`, the target area.
    pub area_num: i32,
    /// Byte 4: `facenum`: a face number for most types; the model number for elevators, a
    /// launch velocity for jump pads, a packed value for `func_bobbing`.
    pub face_num: i32,
    /// Byte 8: `edgenum`: an edge number for most types; reused like `facenum` by
    /// elevators, jump pads and `func_bobbing`.
    pub edge_num: i32,
    /// Byte 12: where the travel starts.
    pub start: Vec3,
    /// Byte 24: where the travel ends.
    pub end: Vec3,
    /// Byte 36: `traveltype`: low 24 bits the [`TravelType`], high bits [`TravelTeamFlags`].
    pub travel_type: i32,
    /// Byte 40: `traveltime`, in hundredths of a second.
    pub travel_time: u16,
    /// Bytes 42..44: structure padding, kept as read so that rewriting is exact.
    pub padding: [u8; 2],
}

/// A BSP node (`aas_node_t`, 12 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct AasNode {
    /// Byte 0: `planenum`, the splitting plane.
    pub plane_num: i32,
    /// Byte 4: `children[2]` (front, back): positive a node, negative area `-child`, 0 a
    /// solid leaf.
    pub children: [i32; 2],
}

/// A cluster portal (`aas_portal_t`, 20 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct AasPortal {
    /// Byte 0: `areanum`, the portal area.
    pub area_num: i32,
    /// Byte 4: `frontcluster`.
    pub front_cluster: i32,
    /// Byte 8: `backcluster`.
    pub back_cluster: i32,
    /// Byte 12: `clusterareanum[2]`, the portal area's number in the front and back cluster.
    pub cluster_area_num: [i32; 2],
}

/// A cluster (`aas_cluster_t`, 16 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct AasCluster {
    /// Byte 0: `numareas`, areas in the cluster (portal areas included).
    pub num_areas: i32,
    /// Byte 4: `numreachabilityareas`, areas with reachabilities (numbered first).
    pub num_reachability_areas: i32,
    /// Byte 8: `numportals`, entries in PORTALINDEX.
    pub num_portals: i32,
    /// Byte 12: `firstportal`, first entry in PORTALINDEX.
    pub first_portal: i32,
}

impl AasFace {
    /// The face flags, interpreted.
    #[must_use]
    pub const fn flags(&self) -> FaceFlags {
        FaceFlags::from_raw(self.face_flags)
    }
}

impl AasAreaSettings {
    /// The contents, interpreted.
    #[must_use]
    pub const fn contents(&self) -> AreaContents {
        AreaContents::from_raw(self.contents)
    }

    /// The area flags, interpreted.
    #[must_use]
    pub const fn flags(&self) -> AreaFlags {
        AreaFlags::from_raw(self.area_flags)
    }

    /// The presence type, interpreted.
    #[must_use]
    pub const fn presence(&self) -> PresenceType {
        PresenceType::from_raw(self.presence_type)
    }
}

impl AasBBox {
    /// The presence type, interpreted.
    #[must_use]
    pub const fn presence(&self) -> PresenceType {
        PresenceType::from_raw(self.presence_type)
    }
}

impl AasReachability {
    /// The travel type (low 24 bits of `traveltype`), `None` when unknown.
    #[must_use]
    pub fn kind(&self) -> Option<TravelType> {
        TravelType::from_raw(self.travel_type)
    }

    /// The team bits of `traveltype`.
    #[must_use]
    pub const fn team_flags(&self) -> TravelTeamFlags {
        TravelTeamFlags::from_travel_type(self.travel_type)
    }
}

/// Sequential little-endian reader over one record's bytes.
///
/// Only ever given exactly one record (from `chunks_exact`); were it short, missing bytes
/// would read as zeros rather than panic.
pub(crate) struct Fields<'a> {
    rest: &'a [u8],
}

impl<'a> Fields<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Self { rest: bytes }
    }

    fn take<const N: usize>(&mut self) -> [u8; N] {
        match self.rest.split_first_chunk::<N>() {
            Some((head, tail)) => {
                self.rest = tail;
                *head
            }
            None => {
                self.rest = &[];
                [0; N]
            }
        }
    }

    fn i32(&mut self) -> i32 {
        i32::from_le_bytes(self.take())
    }

    fn f32(&mut self) -> f32 {
        f32::from_le_bytes(self.take())
    }

    fn vec3(&mut self) -> Vec3 {
        let x = self.f32();
        let y = self.f32();
        let z = self.f32();
        Vec3::new(x, y, z)
    }
}

fn put_i32(out: &mut Vec<u8>, v: i32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_vec3(out: &mut Vec<u8>, v: Vec3) {
    for c in v.to_array() {
        out.extend_from_slice(&c.to_le_bytes());
    }
}

/// A fixed-size little-endian record of a lump.
pub(crate) trait Record: Sized {
    /// Size in bytes of one record.
    const SIZE: usize;
    /// Decodes one record (`fields` holds exactly [`Record::SIZE`] bytes).
    fn decode(fields: &mut Fields<'_>) -> Self;
    /// Appends exactly [`Record::SIZE`] bytes.
    fn encode(&self, out: &mut Vec<u8>);
}

impl Record for AasBBox {
    const SIZE: usize = 32;
    fn decode(f: &mut Fields<'_>) -> Self {
        Self {
            presence_type: f.i32(),
            flags: f.i32(),
            mins: f.vec3(),
            maxs: f.vec3(),
        }
    }
    fn encode(&self, out: &mut Vec<u8>) {
        put_i32(out, self.presence_type);
        put_i32(out, self.flags);
        put_vec3(out, self.mins);
        put_vec3(out, self.maxs);
    }
}

impl Record for Vec3 {
    const SIZE: usize = 12;
    fn decode(f: &mut Fields<'_>) -> Self {
        f.vec3()
    }
    fn encode(&self, out: &mut Vec<u8>) {
        put_vec3(out, *self);
    }
}

impl Record for AasPlane {
    const SIZE: usize = 20;
    fn decode(f: &mut Fields<'_>) -> Self {
        Self {
            normal: f.vec3(),
            dist: f.f32(),
            plane_type: f.i32(),
        }
    }
    fn encode(&self, out: &mut Vec<u8>) {
        put_vec3(out, self.normal);
        out.extend_from_slice(&self.dist.to_le_bytes());
        put_i32(out, self.plane_type);
    }
}

impl Record for AasEdge {
    const SIZE: usize = 8;
    fn decode(f: &mut Fields<'_>) -> Self {
        Self {
            vertexes: [f.i32(), f.i32()],
        }
    }
    fn encode(&self, out: &mut Vec<u8>) {
        put_i32(out, self.vertexes[0]);
        put_i32(out, self.vertexes[1]);
    }
}

impl Record for i32 {
    const SIZE: usize = 4;
    fn decode(f: &mut Fields<'_>) -> Self {
        f.i32()
    }
    fn encode(&self, out: &mut Vec<u8>) {
        put_i32(out, *self);
    }
}

impl Record for AasFace {
    const SIZE: usize = 24;
    fn decode(f: &mut Fields<'_>) -> Self {
        Self {
            plane_num: f.i32(),
            face_flags: f.i32(),
            num_edges: f.i32(),
            first_edge: f.i32(),
            front_area: f.i32(),
            back_area: f.i32(),
        }
    }
    fn encode(&self, out: &mut Vec<u8>) {
        for v in [
            self.plane_num,
            self.face_flags,
            self.num_edges,
            self.first_edge,
            self.front_area,
            self.back_area,
        ] {
            put_i32(out, v);
        }
    }
}

impl Record for AasArea {
    const SIZE: usize = 48;
    fn decode(f: &mut Fields<'_>) -> Self {
        Self {
            area_num: f.i32(),
            num_faces: f.i32(),
            first_face: f.i32(),
            mins: f.vec3(),
            maxs: f.vec3(),
            center: f.vec3(),
        }
    }
    fn encode(&self, out: &mut Vec<u8>) {
        put_i32(out, self.area_num);
        put_i32(out, self.num_faces);
        put_i32(out, self.first_face);
        put_vec3(out, self.mins);
        put_vec3(out, self.maxs);
        put_vec3(out, self.center);
    }
}

impl Record for AasAreaSettings {
    const SIZE: usize = 28;
    fn decode(f: &mut Fields<'_>) -> Self {
        Self {
            contents: f.i32(),
            area_flags: f.i32(),
            presence_type: f.i32(),
            cluster: f.i32(),
            cluster_area_num: f.i32(),
            num_reachable_areas: f.i32(),
            first_reachable_area: f.i32(),
        }
    }
    fn encode(&self, out: &mut Vec<u8>) {
        for v in [
            self.contents,
            self.area_flags,
            self.presence_type,
            self.cluster,
            self.cluster_area_num,
            self.num_reachable_areas,
            self.first_reachable_area,
        ] {
            put_i32(out, v);
        }
    }
}

impl Record for AasReachability {
    const SIZE: usize = 44;
    fn decode(f: &mut Fields<'_>) -> Self {
        Self {
            area_num: f.i32(),
            face_num: f.i32(),
            edge_num: f.i32(),
            start: f.vec3(),
            end: f.vec3(),
            travel_type: f.i32(),
            travel_time: u16::from_le_bytes(f.take()),
            padding: f.take(),
        }
    }
    fn encode(&self, out: &mut Vec<u8>) {
        put_i32(out, self.area_num);
        put_i32(out, self.face_num);
        put_i32(out, self.edge_num);
        put_vec3(out, self.start);
        put_vec3(out, self.end);
        put_i32(out, self.travel_type);
        out.extend_from_slice(&self.travel_time.to_le_bytes());
        out.extend_from_slice(&self.padding);
    }
}

impl Record for AasNode {
    const SIZE: usize = 12;
    fn decode(f: &mut Fields<'_>) -> Self {
        Self {
            plane_num: f.i32(),
            children: [f.i32(), f.i32()],
        }
    }
    fn encode(&self, out: &mut Vec<u8>) {
        put_i32(out, self.plane_num);
        put_i32(out, self.children[0]);
        put_i32(out, self.children[1]);
    }
}

impl Record for AasPortal {
    const SIZE: usize = 20;
    fn decode(f: &mut Fields<'_>) -> Self {
        Self {
            area_num: f.i32(),
            front_cluster: f.i32(),
            back_cluster: f.i32(),
            cluster_area_num: [f.i32(), f.i32()],
        }
    }
    fn encode(&self, out: &mut Vec<u8>) {
        for v in [
            self.area_num,
            self.front_cluster,
            self.back_cluster,
            self.cluster_area_num[0],
            self.cluster_area_num[1],
        ] {
            put_i32(out, v);
        }
    }
}

impl Record for AasCluster {
    const SIZE: usize = 16;
    fn decode(f: &mut Fields<'_>) -> Self {
        Self {
            num_areas: f.i32(),
            num_reachability_areas: f.i32(),
            num_portals: f.i32(),
            first_portal: f.i32(),
        }
    }
    fn encode(&self, out: &mut Vec<u8>) {
        for v in [
            self.num_areas,
            self.num_reachability_areas,
            self.num_portals,
            self.first_portal,
        ] {
            put_i32(out, v);
        }
    }
}

/// Decodes a whole lump; `bytes.len()` must be a multiple of `R::SIZE` (a trailing partial
/// record would be ignored). Allocates exactly one `Vec` of `bytes.len() / R::SIZE` records.
pub(crate) fn decode_all<R: Record>(bytes: &[u8]) -> Vec<R> {
    bytes
        .chunks_exact(R::SIZE)
        .map(|chunk| R::decode(&mut Fields::new(chunk)))
        .collect()
}

/// Appends every record of a lump.
pub(crate) fn encode_all<R: Record>(records: &[R], out: &mut Vec<u8>) {
    for record in records {
        record.encode(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::aas_q3::lump::Lump;

    /// Encodes, checks the size and byte layout, decodes, and compares.
    fn round_trip<R: Record + PartialEq + std::fmt::Debug>(
        record: &R,
        lump: Lump,
        expected: &[u8],
    ) {
        assert_eq!(R::SIZE, lump.record_size());
        let mut out = Vec::new();
        record.encode(&mut out);
        assert_eq!(out.len(), R::SIZE);
        assert_eq!(out, expected);
        let decoded: Vec<R> = decode_all(&out);
        assert_eq!(decoded.len(), 1);
        assert_eq!(&decoded[0], record);
    }

    fn le(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    fn f(v: f32) -> u32 {
        v.to_bits()
    }

    fn neg(v: i32) -> u32 {
        u32::from_le_bytes(v.to_le_bytes())
    }

    #[test]
    fn bbox() {
        let r = AasBBox {
            presence_type: 4,
            flags: 1,
            mins: Vec3::new(-15.0, -15.0, -24.0),
            maxs: Vec3::new(15.0, 15.0, 16.0),
        };
        let bytes = le(&[
            4,
            1,
            f(-15.0),
            f(-15.0),
            f(-24.0),
            f(15.0),
            f(15.0),
            f(16.0),
        ]);
        round_trip(&r, Lump::BBoxes, &bytes);
        assert_eq!(r.presence(), PresenceType::CROUCH);
    }

    #[test]
    fn vertex_plane_edge_index() {
        round_trip(
            &Vec3::new(1.0, 2.5, -3.0),
            Lump::Vertexes,
            &le(&[f(1.0), f(2.5), f(-3.0)]),
        );
        let plane = AasPlane {
            normal: Vec3::Z,
            dist: 64.0,
            plane_type: 2,
        };
        round_trip(
            &plane,
            Lump::Planes,
            &le(&[f(0.0), f(0.0), f(1.0), f(64.0), 2]),
        );
        round_trip(&AasEdge { vertexes: [3, 7] }, Lump::Edges, &le(&[3, 7]));
        round_trip(&-5i32, Lump::EdgeIndex, &le(&[neg(-5)]));
        round_trip(&9i32, Lump::FaceIndex, &le(&[9]));
        round_trip(&2i32, Lump::PortalIndex, &le(&[2]));
    }

    #[test]
    fn face_area_settings() {
        let face = AasFace {
            plane_num: 1,
            face_flags: 4,
            num_edges: 2,
            first_edge: 3,
            front_area: 4,
            back_area: 5,
        };
        round_trip(&face, Lump::Faces, &le(&[1, 4, 2, 3, 4, 5]));
        assert_eq!(face.flags(), FaceFlags::GROUND);
        let area = AasArea {
            area_num: 9,
            num_faces: 1,
            first_face: 2,
            mins: Vec3::splat(-1.0),
            maxs: Vec3::splat(1.0),
            center: Vec3::ZERO,
        };
        let mut words = vec![9, 1, 2];
        words.extend([f(-1.0); 3]);
        words.extend([f(1.0); 3]);
        words.extend([0; 3]);
        round_trip(&area, Lump::Areas, &le(&words));
        let settings = AasAreaSettings {
            contents: 1,
            area_flags: 5,
            presence_type: 6,
            cluster: -2,
            cluster_area_num: 7,
            num_reachable_areas: 8,
            first_reachable_area: 9,
        };
        round_trip(
            &settings,
            Lump::AreaSettings,
            &le(&[1, 5, 6, neg(-2), 7, 8, 9]),
        );
        assert_eq!(settings.contents(), AreaContents::WATER);
        assert_eq!(settings.flags(), AreaFlags::GROUNDED | AreaFlags::LIQUID);
        assert_eq!(
            settings.presence(),
            PresenceType::NORMAL | PresenceType::CROUCH
        );
    }

    #[test]
    fn reachability_keeps_padding_and_u16_time() {
        let reach = AasReachability {
            area_num: 17,
            face_num: 831,
            edge_num: 194,
            start: Vec3::new(1.0, 2.0, 3.0),
            end: Vec3::new(4.0, 5.0, 6.0),
            travel_type: (1 << 24) | 18,
            travel_time: 0xBEEF,
            padding: [0xAB, 0xCD],
        };
        let mut bytes = le(&[
            17,
            831,
            194,
            f(1.0),
            f(2.0),
            f(3.0),
            f(4.0),
            f(5.0),
            f(6.0),
            (1 << 24) | 18,
        ]);
        bytes.extend([0xEF, 0xBE, 0xAB, 0xCD]);
        round_trip(&reach, Lump::Reachability, &bytes);
        assert_eq!(reach.kind(), Some(TravelType::JumpPad));
        assert_eq!(reach.team_flags(), TravelTeamFlags::NOTTEAM1);
    }

    #[test]
    fn node_portal_cluster() {
        let node = AasNode {
            plane_num: 3,
            children: [2, -4],
        };
        round_trip(&node, Lump::Nodes, &le(&[3, 2, neg(-4)]));
        let portal = AasPortal {
            area_num: 5,
            front_cluster: 1,
            back_cluster: 2,
            cluster_area_num: [6, 7],
        };
        round_trip(&portal, Lump::Portals, &le(&[5, 1, 2, 6, 7]));
        let cluster = AasCluster {
            num_areas: 10,
            num_reachability_areas: 8,
            num_portals: 2,
            first_portal: 1,
        };
        round_trip(&cluster, Lump::Clusters, &le(&[10, 8, 2, 1]));
    }

    #[test]
    fn nan_bits_survive() {
        let weird = f32::from_bits(0x7FC0_1234);
        let mut out = Vec::new();
        Vec3::new(weird, 0.0, 0.0).encode(&mut out);
        let back: Vec<Vec3> = decode_all(&out);
        assert_eq!(back[0].x.to_bits(), 0x7FC0_1234);
    }

    #[test]
    fn short_input_reads_zeros() {
        let mut fields = Fields::new(&[1, 0]);
        assert_eq!(fields.i32(), 0);
        assert_eq!(fields.i32(), 0);
    }
}
