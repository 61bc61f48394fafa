//! Property tests of the `.aas` reader, validator and writer on generated files.
//!
//! A strategy builds small *valid* files (every cross-reference consistent) from random
//! sizes and random words; they must survive `to_bytes` → `from_bytes` unchanged, for
//! versions 4 and 5. One injected bad reference must be reported as a typed error naming
//! the lump, record, field and byte offset. Arbitrary bytes behind a valid-looking header
//! must never panic.

use aas_geom::format::aas_q3::{
    AasArea, AasAreaSettings, AasBBox, AasCluster, AasEdge, AasError, AasFace, AasFile, AasHeader,
    AasNode, AasPlane, AasPortal, AasReachability, HEADER_SIZE, Lump, LumpEntry,
};
use aas_geom::world::TravelType;
use glam::Vec3;
use proptest::prelude::*;

/// Record counts of a generated file (dummies included where the lump has one).
#[derive(Debug, Clone, Copy)]
struct Sizes {
    bboxes: usize,
    vertexes: usize,
    planes: usize,
    edges: usize,
    edge_index: usize,
    faces: usize,
    face_index: usize,
    areas: usize,
    reach: usize,
    nodes: usize,
    portals: usize,
    portal_index: usize,
    clusters: usize,
}

fn sizes() -> impl Strategy<Value = Sizes> {
    (
        (
            0..3usize,
            1..5usize,
            1..5usize,
            1..5usize,
            0..6usize,
            1..4usize,
            0..6usize,
        ),
        (
            1..6usize,
            1..7usize,
            1..6usize,
            1..4usize,
            0..4usize,
            1..4usize,
        ),
    )
        .prop_map(
            |(
                (bboxes, vertexes, planes, edges, edge_index, faces, face_index),
                (areas, reach, nodes, portals, portal_index, clusters),
            )| Sizes {
                bboxes,
                vertexes,
                planes,
                edges,
                edge_index,
                faces,
                face_index,
                areas,
                reach,
                nodes,
                portals,
                portal_index,
                clusters,
            },
        )
}

/// Finite floats of every class (NaN is covered separately: it breaks `==`).
fn float() -> impl Strategy<Value = f32> {
    use proptest::num::f32::{INFINITE, NEGATIVE, NORMAL, POSITIVE, SUBNORMAL, ZERO};
    POSITIVE | NEGATIVE | NORMAL | SUBNORMAL | ZERO | INFINITE
}

/// Deterministic draws from the random words.
struct Draw<'a> {
    words: &'a [u32],
    floats: &'a [f32],
    next: usize,
}

impl Draw<'_> {
    fn word(&mut self) -> u32 {
        self.next += 1;
        self.words
            .get(self.next % self.words.len().max(1))
            .copied()
            .unwrap_or(0)
    }

    /// A number in `0..n` (0 when `n == 0`).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { self.word() as usize % n }
    }

    fn i32_below(&mut self, n: usize) -> i32 {
        i32::try_from(self.below(n)).expect("small")
    }

    /// A signed reference: `±below(n)`.
    fn signed_below(&mut self, n: usize) -> i32 {
        let v = self.i32_below(n);
        if self.word().is_multiple_of(2) { v } else { -v }
    }

    fn raw(&mut self) -> i32 {
        self.word() as i32
    }

    fn float(&mut self) -> f32 {
        self.next += 1;
        self.floats
            .get(self.next % self.floats.len().max(1))
            .copied()
            .unwrap_or(0.0)
    }

    fn vec3(&mut self) -> Vec3 {
        Vec3::new(self.float(), self.float(), self.float())
    }

    /// A `(first, num)` pair inside `0..len`.
    fn range(&mut self, len: usize) -> (i32, i32) {
        let first = self.below(len + 1);
        let num = self.below(len - first + 1);
        (
            i32::try_from(first).expect("small"),
            i32::try_from(num).expect("small"),
        )
    }
}

const TYPES: [i32; 8] = [2, 5, 7, 11, 18, 19, 0, 99];

/// Builds a consistent file of the given sizes from the random draws.
fn build(version: i32, s: Sizes, draw: &mut Draw<'_>) -> AasFile {
    let bboxes = (0..s.bboxes)
        .map(|_| AasBBox {
            presence_type: draw.raw(),
            flags: draw.raw(),
            mins: draw.vec3(),
            maxs: draw.vec3(),
        })
        .collect();
    let vertexes = (0..s.vertexes).map(|_| draw.vec3()).collect();
    let planes = (0..s.planes)
        .map(|_| AasPlane {
            normal: draw.vec3(),
            dist: draw.float(),
            plane_type: draw.raw(),
        })
        .collect();
    let edges = (0..s.edges)
        .map(|i| AasEdge {
            vertexes: if i == 0 {
                [draw.raw(), draw.raw()]
            } else {
                [draw.i32_below(s.vertexes), draw.i32_below(s.vertexes)]
            },
        })
        .collect();
    let edge_index = (0..s.edge_index)
        .map(|_| draw.signed_below(s.edges))
        .collect();
    let faces = (0..s.faces)
        .map(|_| {
            let (first_edge, num_edges) = draw.range(s.edge_index);
            AasFace {
                plane_num: draw.i32_below(s.planes),
                face_flags: draw.raw(),
                num_edges,
                first_edge,
                front_area: draw.i32_below(s.areas),
                back_area: draw.i32_below(s.areas),
            }
        })
        .collect();
    let face_index = (0..s.face_index)
        .map(|_| draw.signed_below(s.faces))
        .collect();
    let areas = (0..s.areas)
        .map(|i| {
            let (first_face, num_faces) = draw.range(s.face_index);
            AasArea {
                area_num: i32::try_from(i).expect("small"),
                num_faces,
                first_face,
                mins: draw.vec3(),
                maxs: draw.vec3(),
                center: draw.vec3(),
            }
        })
        .collect();
    let clusters: Vec<AasCluster> = (0..s.clusters)
        .map(|_| {
            let num_areas = draw.i32_below(5) + 1;
            let (first_portal, num_portals) = draw.range(s.portal_index);
            AasCluster {
                num_areas,
                num_reachability_areas: draw.i32_below(num_areas as usize + 1),
                num_portals,
                first_portal,
            }
        })
        .collect();
    let num_areas = |c: i32| clusters[c as usize].num_areas as usize;
    let mut area_settings: Vec<AasAreaSettings> = (0..s.areas)
        .map(|_| {
            let (first_reachable_area, num_reachable_areas) = draw.range(s.reach);
            let cluster = draw.i32_below(s.clusters);
            AasAreaSettings {
                contents: draw.raw(),
                area_flags: draw.raw(),
                presence_type: draw.raw(),
                cluster,
                cluster_area_num: if cluster > 0 {
                    draw.i32_below(num_areas(cluster))
                } else {
                    draw.raw()
                },
                num_reachable_areas,
                first_reachable_area,
            }
        })
        .collect();
    let portals: Vec<AasPortal> = (0..s.portals)
        .map(|i| {
            let (front_cluster, back_cluster) =
                (draw.i32_below(s.clusters), draw.i32_below(s.clusters));
            AasPortal {
                area_num: draw.i32_below(s.areas),
                front_cluster,
                back_cluster,
                cluster_area_num: if i == 0 {
                    [draw.raw(), draw.raw()]
                } else {
                    [
                        draw.i32_below(num_areas(front_cluster)),
                        draw.i32_below(num_areas(back_cluster)),
                    ]
                },
            }
        })
        .collect();
    // Mark each real portal's area (the first portal to claim an area wins).
    for (p, portal) in portals.iter().enumerate().skip(1) {
        let settings = &mut area_settings[portal.area_num as usize];
        if settings.cluster >= 0 {
            settings.cluster = -i32::try_from(p).expect("small");
        }
    }
    let reachabilities = (0..s.reach)
        .map(|_| {
            let travel_type = TYPES[draw.below(TYPES.len())] | (draw.i32_below(4) << 24);
            let indexed =
                TravelType::from_raw(travel_type).is_some_and(TravelType::has_face_and_edge);
            let (face_num, edge_num) = if indexed {
                (draw.signed_below(s.faces), draw.signed_below(s.edges))
            } else {
                (draw.raw(), draw.raw())
            };
            AasReachability {
                area_num: draw.i32_below(s.areas),
                face_num,
                edge_num,
                start: draw.vec3(),
                end: draw.vec3(),
                travel_type,
                travel_time: draw.word() as u16,
                padding: [draw.word() as u8, draw.word() as u8],
            }
        })
        .collect();
    // Children point to later nodes only, so the graph is acyclic.
    let child = |draw: &mut Draw<'_>, i: usize| match draw.below(3) {
        0 => 0,
        1 => -draw.i32_below(s.areas),
        _ => {
            let later = s.nodes - i - 1;
            if later == 0 {
                0
            } else {
                i32::try_from(i + 1 + draw.below(later)).expect("small")
            }
        }
    };
    let nodes = (0..s.nodes)
        .map(|i| AasNode {
            plane_num: draw.i32_below(s.planes),
            children: [child(draw, i), child(draw, i)],
        })
        .collect();
    let portal_index = (0..s.portal_index)
        .map(|_| draw.i32_below(s.portals))
        .collect();
    AasFile {
        version,
        bsp_checksum: draw.raw(),
        bboxes,
        vertexes,
        planes,
        edges,
        edge_index,
        faces,
        face_index,
        areas,
        area_settings,
        reachabilities,
        nodes,
        portals,
        portal_index,
        clusters,
    }
}

fn valid_file() -> impl Strategy<Value = AasFile> {
    (
        prop_oneof![Just(4), Just(5)],
        sizes(),
        prop::collection::vec(any::<u32>(), 1..64),
        prop::collection::vec(float(), 1..16),
    )
        .prop_map(|(version, s, words, floats)| {
            let mut draw = Draw {
                words: &words,
                floats: &floats,
                next: 0,
            };
            build(version, s, &mut draw)
        })
}

/// One injected bad value: where, and what kind of error it must cause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Reference(Lump),
    Range(Lump),
    Negative,
}

/// Injects injection number `which` (out of 17) into record `pick % count` of its lump, with
/// an excess `k >= 0`. Returns (lump, record, field, field byte offset, expected kind), or
/// `None` when the lump has no record to damage.
fn inject(
    file: &mut AasFile,
    which: usize,
    pick: usize,
    k: i32,
) -> Option<(Lump, usize, &'static str, u64, Kind)> {
    let count = |n: usize| i32::try_from(n).expect("small").saturating_add(k);
    let planes = count(file.planes.len());
    let areas = count(file.areas.len());
    let clusters = count(file.clusters.len());
    let nodes = count(file.nodes.len());
    let reach_len = count(file.reachabilities.len());
    let face_index_len = count(file.face_index.len()).saturating_add(1);
    let portal_index_len = count(file.portal_index.len()).saturating_add(1);
    let vertexes = count(file.vertexes.len());
    let edges = count(file.edges.len());
    let faces = count(file.faces.len());
    let portals = count(file.portals.len());
    let neg = -1 - k.min(i32::MAX - 1);
    let r = |n: usize| (n > 0).then(|| pick % n);
    Some(match which {
        0 => {
            let i = r(file.reachabilities.len())?;
            file.reachabilities[i].area_num = areas;
            (
                Lump::Reachability,
                i,
                "areanum",
                0,
                Kind::Reference(Lump::Areas),
            )
        }
        1 => {
            // Face 0 is a dummy whose plane is not checked.
            let i = 1 + r(file.faces.len().checked_sub(1)?)?;
            file.faces[i].plane_num = planes;
            (Lump::Faces, i, "planenum", 0, Kind::Reference(Lump::Planes))
        }
        2 => {
            let i = r(file.faces.len())?;
            file.faces[i].front_area = neg;
            (
                Lump::Faces,
                i,
                "frontarea",
                16,
                Kind::Reference(Lump::Areas),
            )
        }
        3 => {
            let n = file.edges.len().checked_sub(1)?;
            let i = 1 + r(n)?;
            file.edges[i].vertexes[1] = vertexes;
            (Lump::Edges, i, "v", 4, Kind::Reference(Lump::Vertexes))
        }
        4 => {
            let i = r(file.edge_index.len())?;
            file.edge_index[i] = -edges;
            (Lump::EdgeIndex, i, "value", 0, Kind::Reference(Lump::Edges))
        }
        5 => {
            let i = r(file.face_index.len())?;
            file.face_index[i] = faces;
            (Lump::FaceIndex, i, "value", 0, Kind::Reference(Lump::Faces))
        }
        6 => {
            let i = r(file.areas.len())?;
            file.areas[i].first_face = face_index_len;
            (Lump::Areas, i, "firstface", 8, Kind::Range(Lump::FaceIndex))
        }
        7 => {
            let i = r(file.areas.len())?;
            file.areas[i].num_faces = neg;
            (Lump::Areas, i, "numfaces", 4, Kind::Negative)
        }
        8 => {
            let i = r(file.area_settings.len())?;
            file.area_settings[i].first_reachable_area = neg;
            let place = (Lump::AreaSettings, i, "firstreachablearea", 24);
            (
                place.0,
                place.1,
                place.2,
                place.3,
                Kind::Range(Lump::Reachability),
            )
        }
        9 => {
            let i = r(file.area_settings.len())?;
            let first = file.area_settings[i].first_reachable_area;
            file.area_settings[i].num_reachable_areas =
                reach_len.saturating_sub(first).saturating_add(1);
            let place = (Lump::AreaSettings, i, "firstreachablearea", 24);
            (
                place.0,
                place.1,
                place.2,
                place.3,
                Kind::Range(Lump::Reachability),
            )
        }
        10 => {
            // Node 0 is a dummy whose plane is not checked.
            let i = 1 + r(file.nodes.len().checked_sub(1)?)?;
            file.nodes[i].plane_num = planes;
            (Lump::Nodes, i, "planenum", 0, Kind::Reference(Lump::Planes))
        }
        11 => {
            let i = r(file.nodes.len())?;
            file.nodes[i].children[0] = nodes;
            (Lump::Nodes, i, "children", 4, Kind::Reference(Lump::Nodes))
        }
        12 => {
            let i = r(file.nodes.len())?;
            file.nodes[i].children[1] = -areas;
            (Lump::Nodes, i, "children", 8, Kind::Reference(Lump::Areas))
        }
        13 => {
            let i = r(file.portals.len())?;
            file.portals[i].front_cluster = clusters;
            (
                Lump::Portals,
                i,
                "frontcluster",
                4,
                Kind::Reference(Lump::Clusters),
            )
        }
        14 => {
            let i = r(file.portal_index.len())?;
            file.portal_index[i] = portals;
            (
                Lump::PortalIndex,
                i,
                "value",
                0,
                Kind::Reference(Lump::Portals),
            )
        }
        15 => {
            let i = r(file.clusters.len())?;
            file.clusters[i].first_portal = portal_index_len;
            (
                Lump::Clusters,
                i,
                "firstportal",
                12,
                Kind::Range(Lump::PortalIndex),
            )
        }
        _ => {
            let i = r(file.area_settings.len())?;
            file.area_settings[i].cluster = clusters;
            (
                Lump::AreaSettings,
                i,
                "cluster",
                12,
                Kind::Reference(Lump::Clusters),
            )
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn valid_files_round_trip(file in valid_file()) {
        prop_assert_eq!(file.validate(), Ok(()));
        let bytes = file.to_bytes();
        let read = AasFile::from_bytes(&bytes);
        prop_assert_eq!(read.as_ref(), Ok(&file));
        prop_assert_eq!(read.map(|f| f.to_bytes()), Ok(bytes));
    }

    #[test]
    fn nan_payloads_survive_bit_for_bit(file in valid_file(), bits in any::<u32>()) {
        let mut file = file;
        let nan = f32::from_bits(bits | 0x7F80_0001);
        if let Some(plane) = file.planes.first_mut() {
            plane.dist = nan;
        }
        file.areas[0].center.y = f32::from_bits(bits);
        let bytes = file.to_bytes();
        let read = AasFile::from_bytes(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(read.to_bytes(), bytes);
        prop_assert_eq!(read.areas[0].center.y.to_bits(), bits);
    }

    #[test]
    fn one_bad_reference_is_named(
        file in valid_file(),
        which in 0..17usize,
        pick in any::<usize>(),
        k in prop_oneof![0..3i32, Just(i32::MAX)],
    ) {
        let mut file = file;
        let Some((lump, record, field, field_offset, kind)) = inject(&mut file, which, pick, k)
        else {
            return Ok(());
        };
        let err = file.validate().expect_err("injected error must be found");
        let at = *err.location().expect("record-level error");
        prop_assert_eq!((at.lump, at.record, at.field, at.byte_offset), (lump, record, field, None));
        let found = match err {
            AasError::BadReference { target, .. } => Kind::Reference(target),
            AasError::BadRange { target, .. } => Kind::Range(target),
            AasError::NegativeCount { .. } => Kind::Negative,
            other => return Err(TestCaseError::fail(format!("unexpected {other:?}"))),
        };
        prop_assert_eq!(found, kind);

        // Read from bytes, the same error carries the field's byte offset.
        let header = file.canonical_header().expect("small file");
        let lump_offset = header.lumps[lump.index()].offset as u64;
        let expected_offset = lump_offset + (record * lump.record_size()) as u64 + field_offset;
        let err = AasFile::from_bytes(&file.to_bytes()).expect_err("same error from bytes");
        let at = *err.location().expect("record-level error");
        prop_assert_eq!((at.lump, at.record, at.field), (lump, record, field));
        prop_assert_eq!(at.byte_offset, Some(expected_offset));
    }

    #[test]
    fn arbitrary_lumps_never_panic(
        version in prop_oneof![Just(4), Just(5)],
        table in prop::collection::vec((0..400i32, 0..200i32), 14),
        body in prop::collection::vec(any::<u8>(), 0..400),
    ) {
        let mut lumps = [LumpEntry::default(); 14];
        for (entry, (offset, length)) in lumps.iter_mut().zip(table) {
            *entry = LumpEntry { offset, length };
        }
        let header = AasHeader { version, bsp_checksum: 0, lumps };
        let mut bytes = header.encode().to_vec();
        bytes.extend_from_slice(&body);
        prop_assert_eq!(bytes.len(), HEADER_SIZE + body.len());
        if let Ok(file) = AasFile::from_bytes(&bytes) {
            let written = file.to_bytes();
            let again = AasFile::from_bytes(&written).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(again.to_bytes(), written);
        }
    }
}
