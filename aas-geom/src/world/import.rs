//! [`AasWorld::from_q3`]: a Quake III `.aas` file into typed ids, dropping the dummy records.

use thiserror::Error;

use super::model::{
    AasWorld, Area, Cluster, ClusterMembership, EdgeRef, Face, FaceRef, Node, NodeChild, Portal,
    ReachDetail, Reachability, WorldBox, WorldPlane,
};
use crate::format::aas_q3::{AasError, AasFile, AasReachability, Lump};
use crate::world::{
    AreaContents, AreaFlags, AreaId, ClusterId, EdgeId, FaceFlags, FaceId, NodeId, PlaneId,
    PortalId, PresenceType, Travel, TravelType, VertexId,
};

/// Why a `.aas` file cannot become an [`AasWorld`].
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ImportError {
    /// The file breaks a cross-reference (see [`AasFile::validate`]).
    #[error(transparent)]
    Invalid(#[from] AasError),
    /// A record refers to an index-0 dummy where a real record is required.
    #[error("lump {} record {record} field {field}: refers to the dummy record 0", lump.name())]
    DummyReference {
        /// The lump holding the reference.
        lump: Lump,
        /// The record holding it.
        record: usize,
        /// The field.
        field: &'static str,
    },
}

/// A 1-based file number (index 0 is a dummy) as a 0-based id, or a [`ImportError::DummyReference`].
fn real(number: i32, lump: Lump, record: usize, field: &'static str) -> Result<u32, ImportError> {
    number
        .unsigned_abs()
        .checked_sub(1)
        .ok_or(ImportError::DummyReference {
            lump,
            record,
            field,
        })
}

/// A range `[first, first + count)` of a lump without a dummy, as `u32`s. The file has been
/// validated, so both are non-negative and in range.
fn range(first: i32, count: i32) -> std::ops::Range<u32> {
    let first = first.max(0).unsigned_abs();
    first..first + count.max(0).unsigned_abs()
}

/// A reachability's `facenum` and `edgenum`, read by its travel type. The file has been
/// validated, so the face and edge numbers of crossing types are in range.
fn reach_detail(reach: &AasReachability) -> ReachDetail {
    let (face_num, edge_num) = (reach.face_num, reach.edge_num);
    match reach.kind() {
        Some(TravelType::Elevator) => ReachDetail::Elevator {
            model: face_num,
            height: edge_num,
        },
        Some(TravelType::JumpPad) => ReachDetail::JumpPad {
            vertical_speed: face_num,
            horizontal_speed: edge_num,
        },
        Some(TravelType::FuncBob) => ReachDetail::FuncBob {
            first: face_num,
            second: edge_num,
        },
        Some(_) => ReachDetail::Crossing {
            face: (face_num != 0).then(|| FaceRef {
                face: FaceId(face_num.unsigned_abs() - 1),
                back_side: face_num < 0,
            }),
            edge: (edge_num != 0).then(|| EdgeRef {
                edge: EdgeId(edge_num.unsigned_abs() - 1),
                reversed: edge_num < 0,
            }),
        },
        None => ReachDetail::Unknown { face_num, edge_num },
    }
}

fn optional_area(number: i32) -> Option<AreaId> {
    u32::try_from(number)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .map(AreaId)
}

impl AasWorld {
    /// Converts a Quake III `.aas` file: validates it, drops the index-0 dummies and turns
    /// every cross-reference into a typed id.
    ///
    /// # Errors
    /// [`ImportError::Invalid`] when the file breaks a cross-reference;
    /// [`ImportError::DummyReference`] when a record names a dummy where a real record is
    /// required (an edge or face index of 0, a reachability to area 0, a portal of area 0…).
    ///
    /// # Complexity
    /// `O(records)`.
    pub fn from_q3(file: &AasFile) -> Result<Self, ImportError> {
        file.validate()?;
        let skip_dummy = |len: usize| 1.min(len);
        let boxes = file
            .bboxes
            .iter()
            .map(|b| WorldBox {
                presence: PresenceType::from_bits_retain(b.presence_type.cast_unsigned()),
                flags: b.flags,
                mins: b.mins,
                maxs: b.maxs,
            })
            .collect();
        let planes = file
            .planes
            .iter()
            .map(|p| WorldPlane {
                normal: p.normal,
                dist: p.dist,
                plane_type: p.plane_type,
            })
            .collect();
        let edges = file.edges[skip_dummy(file.edges.len())..]
            .iter()
            .map(|e| e.vertexes.map(|v| VertexId(v.max(0).unsigned_abs())))
            .collect();
        let edge_refs = file
            .edge_index
            .iter()
            .enumerate()
            .map(|(record, &value)| {
                Ok(EdgeRef {
                    edge: EdgeId(real(value, Lump::EdgeIndex, record, "edge")?),
                    reversed: value < 0,
                })
            })
            .collect::<Result<_, ImportError>>()?;
        let faces = file.faces[skip_dummy(file.faces.len())..]
            .iter()
            .map(|f| Face {
                plane: PlaneId(f.plane_num.max(0).unsigned_abs()),
                flags: FaceFlags::from_bits_retain(f.face_flags.cast_unsigned()),
                edges: range(f.first_edge, f.num_edges),
                front: optional_area(f.front_area),
                back: optional_area(f.back_area),
            })
            .collect();
        let face_refs = file
            .face_index
            .iter()
            .enumerate()
            .map(|(record, &value)| {
                Ok(FaceRef {
                    face: FaceId(real(value, Lump::FaceIndex, record, "face")?),
                    back_side: value < 0,
                })
            })
            .collect::<Result<_, ImportError>>()?;
        let areas = file
            .areas
            .iter()
            .zip(&file.area_settings)
            .skip(1)
            .map(|(area, settings)| {
                let cluster = match settings.cluster {
                    0 => ClusterMembership::None,
                    c if c > 0 => ClusterMembership::Cluster(ClusterId(c.unsigned_abs() - 1)),
                    c => ClusterMembership::Portal(PortalId(c.unsigned_abs() - 1)),
                };
                let first = settings.first_reachable_area.max(1).unsigned_abs() - 1;
                Area {
                    faces: range(area.first_face, area.num_faces),
                    mins: area.mins,
                    maxs: area.maxs,
                    center: area.center,
                    contents: AreaContents::from_bits_retain(settings.contents.cast_unsigned()),
                    flags: AreaFlags::from_bits_retain(settings.area_flags.cast_unsigned()),
                    presence: PresenceType::from_bits_retain(
                        settings.presence_type.cast_unsigned(),
                    ),
                    cluster,
                    cluster_area_num: settings.cluster_area_num.cast_unsigned(),
                    reachabilities: first
                        ..first + settings.num_reachable_areas.max(0).unsigned_abs(),
                }
            })
            .collect();
        let reachabilities = file.reachabilities[skip_dummy(file.reachabilities.len())..]
            .iter()
            .enumerate()
            .map(|(index, r)| {
                Ok(Reachability {
                    target: AreaId(real(r.area_num, Lump::Reachability, index + 1, "areanum")?),
                    detail: reach_detail(r),
                    start: r.start,
                    end: r.end,
                    travel: Travel::from_raw(r.travel_type),
                    travel_time: r.travel_time,
                })
            })
            .collect::<Result<_, ImportError>>()?;
        let nodes = file.nodes[skip_dummy(file.nodes.len())..]
            .iter()
            .map(|n| Node {
                plane: PlaneId(n.plane_num.max(0).unsigned_abs()),
                children: n.children.map(|child| match child {
                    0 => NodeChild::Solid,
                    c if c > 0 => NodeChild::Node(NodeId(c.unsigned_abs() - 1)),
                    c => NodeChild::Area(AreaId(c.unsigned_abs() - 1)),
                }),
            })
            .collect();
        let portals = file.portals[skip_dummy(file.portals.len())..]
            .iter()
            .enumerate()
            .map(|(index, p)| {
                Ok(Portal {
                    area: AreaId(real(p.area_num, Lump::Portals, index + 1, "areanum")?),
                    front: ClusterId(real(
                        p.front_cluster,
                        Lump::Portals,
                        index + 1,
                        "frontcluster",
                    )?),
                    back: ClusterId(real(
                        p.back_cluster,
                        Lump::Portals,
                        index + 1,
                        "backcluster",
                    )?),
                    cluster_area_num: p.cluster_area_num.map(i32::cast_unsigned),
                })
            })
            .collect::<Result<_, ImportError>>()?;
        let portal_refs = file
            .portal_index
            .iter()
            .enumerate()
            .map(|(record, &value)| Ok(PortalId(real(value, Lump::PortalIndex, record, "portal")?)))
            .collect::<Result<_, ImportError>>()?;
        let clusters = file.clusters[skip_dummy(file.clusters.len())..]
            .iter()
            .map(|c| Cluster {
                num_areas: c.num_areas.cast_unsigned(),
                num_reachability_areas: c.num_reachability_areas.cast_unsigned(),
                portals: range(c.first_portal, c.num_portals),
            })
            .collect();
        Ok(Self {
            bsp_checksum: file.bsp_checksum,
            boxes,
            vertices: file.vertexes.clone(),
            planes,
            edges,
            edge_refs,
            faces,
            face_refs,
            areas,
            reachabilities,
            nodes,
            portals,
            portal_refs,
            clusters,
        })
    }
}
