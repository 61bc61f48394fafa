//! Unit tests of validation: one per error kind, on a small consistent file.

use glam::Vec3;

use super::*;
use aas_types::TravelType;

/// A small consistent file that uses every lump: two real areas (area 2 is the portal area
/// of portal 1), one cluster, one walk reachability, a two-node tree.
fn sample() -> AasFile {
    let plane = AasPlane {
        normal: Vec3::Z,
        dist: 0.0,
        plane_type: 2,
    };
    let settings = |cluster, cluster_area_num, num, first| AasAreaSettings {
        contents: 0,
        area_flags: 1,
        presence_type: 2,
        cluster,
        cluster_area_num,
        num_reachable_areas: num,
        first_reachable_area: first,
    };
    AasFile {
        version: 5,
        bsp_checksum: 7,
        bboxes: vec![AasBBox::default(); 2],
        vertexes: vec![Vec3::ZERO, Vec3::X, Vec3::Y],
        planes: vec![plane; 2],
        edges: vec![
            AasEdge::default(),
            AasEdge { vertexes: [0, 1] },
            AasEdge { vertexes: [1, 2] },
        ],
        edge_index: vec![1, -2],
        faces: vec![
            AasFace::default(),
            AasFace {
                plane_num: 1,
                face_flags: 4,
                num_edges: 2,
                first_edge: 0,
                front_area: 1,
                back_area: 0,
            },
        ],
        face_index: vec![1],
        areas: vec![
            AasArea::default(),
            AasArea {
                area_num: 1,
                num_faces: 1,
                first_face: 0,
                ..AasArea::default()
            },
            AasArea {
                area_num: 2,
                ..AasArea::default()
            },
        ],
        area_settings: vec![
            settings(0, 0, 0, 1),
            settings(1, 0, 1, 1),
            settings(-1, 0, 0, 2),
        ],
        reachabilities: vec![
            AasReachability::default(),
            AasReachability {
                area_num: 2,
                face_num: 1,
                edge_num: -1,
                travel_type: 2,
                travel_time: 1,
                ..AasReachability::default()
            },
        ],
        nodes: vec![
            AasNode::default(),
            AasNode {
                plane_num: 0,
                children: [-1, 2],
            },
            AasNode {
                plane_num: 1,
                children: [-2, 0],
            },
        ],
        portals: vec![
            AasPortal::default(),
            AasPortal {
                area_num: 2,
                front_cluster: 1,
                back_cluster: 1,
                cluster_area_num: [1, 1],
            },
        ],
        portal_index: vec![1],
        clusters: vec![
            AasCluster::default(),
            AasCluster {
                num_areas: 2,
                num_reachability_areas: 1,
                num_portals: 1,
                first_portal: 0,
            },
        ],
    }
}

/// Applies `mutate` to the sample, validates, and returns the error's location and the error.
fn fail(mutate: impl FnOnce(&mut AasFile)) -> (FieldLocation, AasError) {
    let mut file = sample();
    mutate(&mut file);
    let err = file.validate().expect_err("mutation must be caught");
    let at = *err.location().expect("a record-level error");
    assert_eq!(at.byte_offset, None);
    (at, err)
}

/// A mutation of the sample file.
type Mutation = fn(&mut AasFile);

/// Lump, record and field of an error.
type Place = (Lump, usize, &'static str);

fn place(at: FieldLocation) -> Place {
    (at.lump, at.record, at.field)
}

#[test]
fn sample_is_valid_and_round_trips_with_byte_offsets() {
    let file = sample();
    file.validate().expect("sample is consistent");
    let bytes = file.to_bytes();
    assert_eq!(AasFile::from_bytes(&bytes), Ok(file));
}

#[test]
fn bad_reference_in_every_lump() {
    let cases: [(Mutation, Place, Lump); 17] = [
        (
            |f| f.edges[2].vertexes[1] = 3,
            (Lump::Edges, 2, "v"),
            Lump::Vertexes,
        ),
        (
            |f| f.edge_index[1] = -3,
            (Lump::EdgeIndex, 1, "value"),
            Lump::Edges,
        ),
        (
            |f| f.faces[1].plane_num = 2,
            (Lump::Faces, 1, "planenum"),
            Lump::Planes,
        ),
        (
            |f| f.faces[1].front_area = 3,
            (Lump::Faces, 1, "frontarea"),
            Lump::Areas,
        ),
        (
            |f| f.faces[0].back_area = -1,
            (Lump::Faces, 0, "backarea"),
            Lump::Areas,
        ),
        (
            |f| f.face_index[0] = i32::MIN,
            (Lump::FaceIndex, 0, "value"),
            Lump::Faces,
        ),
        (
            |f| f.area_settings[1].cluster = 2,
            (Lump::AreaSettings, 1, "cluster"),
            Lump::Clusters,
        ),
        (
            |f| f.area_settings[2].cluster = -2,
            (Lump::AreaSettings, 2, "cluster"),
            Lump::Portals,
        ),
        (
            |f| f.reachabilities[1].area_num = 900,
            (Lump::Reachability, 1, "areanum"),
            Lump::Areas,
        ),
        (
            |f| f.reachabilities[1].face_num = -2,
            (Lump::Reachability, 1, "facenum"),
            Lump::Faces,
        ),
        (
            |f| f.reachabilities[1].edge_num = 3,
            (Lump::Reachability, 1, "edgenum"),
            Lump::Edges,
        ),
        (
            |f| f.nodes[2].plane_num = 5,
            (Lump::Nodes, 2, "planenum"),
            Lump::Planes,
        ),
        (
            |f| f.nodes[1].children[1] = 3,
            (Lump::Nodes, 1, "children"),
            Lump::Nodes,
        ),
        (
            |f| f.nodes[2].children[0] = -3,
            (Lump::Nodes, 2, "children"),
            Lump::Areas,
        ),
        (
            |f| f.portals[1].area_num = 3,
            (Lump::Portals, 1, "areanum"),
            Lump::Areas,
        ),
        (
            |f| f.portals[1].back_cluster = 2,
            (Lump::Portals, 1, "backcluster"),
            Lump::Clusters,
        ),
        (
            |f| f.portal_index[0] = 2,
            (Lump::PortalIndex, 0, "value"),
            Lump::Portals,
        ),
    ];
    for (mutate, expected, expected_target) in cases {
        let (at, err) = fail(mutate);
        assert_eq!(place(at), expected, "{err}");
        let AasError::BadReference { target, .. } = err else {
            panic!("expected BadReference, got {err:?}");
        };
        assert_eq!(target, expected_target);
    }
}

#[test]
fn reused_face_and_edge_numbers_are_not_indices() {
    for kind in [
        TravelType::Elevator,
        TravelType::JumpPad,
        TravelType::FuncBob,
    ] {
        let mut file = sample();
        file.reachabilities[1].travel_type = kind.value();
        file.reachabilities[1].face_num = 831;
        file.reachabilities[1].edge_num = 330;
        assert_eq!(file.validate(), Ok(()), "{kind}");
    }
    // Unknown types are not interpreted either; a known type with 0 means "none".
    let mut file = sample();
    file.reachabilities[1].travel_type = 77;
    file.reachabilities[1].face_num = 831;
    assert_eq!(file.validate(), Ok(()));
    let mut file = sample();
    file.faces.clear();
    file.face_index.clear();
    file.areas[1].num_faces = 0;
    file.reachabilities[1].face_num = 0;
    assert_eq!(file.validate(), Ok(()));
}

#[test]
fn negative_counts() {
    let cases: [(Mutation, Place); 6] = [
        (|f| f.faces[1].num_edges = -1, (Lump::Faces, 1, "numedges")),
        (|f| f.areas[2].num_faces = -5, (Lump::Areas, 2, "numfaces")),
        (
            |f| f.area_settings[1].num_reachable_areas = i32::MIN,
            (Lump::AreaSettings, 1, "numreachableareas"),
        ),
        (
            |f| f.clusters[1].num_portals = -1,
            (Lump::Clusters, 1, "numportals"),
        ),
        (
            |f| f.clusters[0].num_areas = -1,
            (Lump::Clusters, 0, "numareas"),
        ),
        (
            |f| f.clusters[0].num_reachability_areas = -1,
            (Lump::Clusters, 0, "numreachabilityareas"),
        ),
    ];
    for (mutate, expected) in cases {
        let (at, err) = fail(mutate);
        assert_eq!(place(at), expected, "{err}");
        assert!(matches!(err, AasError::NegativeCount { .. }), "{err:?}");
    }
}

#[test]
fn bad_ranges_including_overflow() {
    let cases: [(Mutation, Place, Lump); 6] = [
        (
            |f| f.faces[1].first_edge = 1,
            (Lump::Faces, 1, "firstedge"),
            Lump::EdgeIndex,
        ),
        (
            |f| f.faces[1].first_edge = -1,
            (Lump::Faces, 1, "firstedge"),
            Lump::EdgeIndex,
        ),
        (
            |f| f.areas[1].num_faces = 2,
            (Lump::Areas, 1, "firstface"),
            Lump::FaceIndex,
        ),
        (
            |f| f.area_settings[1].first_reachable_area = i32::MAX,
            (Lump::AreaSettings, 1, "firstreachablearea"),
            Lump::Reachability,
        ),
        (
            |f| {
                f.area_settings[1].first_reachable_area = i32::MAX;
                f.area_settings[1].num_reachable_areas = i32::MAX;
            },
            (Lump::AreaSettings, 1, "firstreachablearea"),
            Lump::Reachability,
        ),
        (
            |f| f.clusters[1].first_portal = 1,
            (Lump::Clusters, 1, "firstportal"),
            Lump::PortalIndex,
        ),
    ];
    for (mutate, expected, expected_target) in cases {
        let (at, err) = fail(mutate);
        assert_eq!(place(at), expected, "{err}");
        let AasError::BadRange { target, .. } = err else {
            panic!("expected BadRange, got {err:?}");
        };
        assert_eq!(target, expected_target);
    }
}

#[test]
fn count_mismatch_and_count_exceeds() {
    let mut file = sample();
    file.area_settings.pop();
    assert_eq!(
        file.validate(),
        Err(AasError::CountMismatch {
            lump: Lump::AreaSettings,
            count: 2,
            other: Lump::Areas,
            other_count: 3,
        })
    );
    let (at, err) = fail(|f| f.clusters[1].num_reachability_areas = 3);
    assert_eq!(place(at), (Lump::Clusters, 1, "numreachabilityareas"));
    assert!(matches!(
        err,
        AasError::CountExceeds {
            value: 3,
            limit: 2,
            ..
        }
    ));
}

#[test]
fn cluster_numbering() {
    let (at, err) = fail(|f| f.area_settings[1].cluster_area_num = 2);
    assert_eq!(place(at), (Lump::AreaSettings, 1, "clusterareanum"));
    assert!(matches!(
        err,
        AasError::ClusterAreaNum {
            value: 2,
            cluster: 1,
            num_areas: 2,
            ..
        }
    ));
    let (at, err) = fail(|f| f.portals[1].cluster_area_num[1] = -1);
    assert_eq!(place(at), (Lump::Portals, 1, "clusterareanum"));
    assert_eq!(at.byte_offset, None);
    assert!(matches!(err, AasError::ClusterAreaNum { value: -1, .. }));
    // Portal 0, the dummy, is exempt.
    let mut file = sample();
    file.portals[0].cluster_area_num = [5, 5];
    assert_eq!(file.validate(), Ok(()));
    let (at, err) = fail(|f| f.portals[1].area_num = 1);
    assert_eq!(place(at), (Lump::AreaSettings, 2, "cluster"));
    assert!(matches!(
        err,
        AasError::PortalAreaMismatch {
            area: 2,
            portal: 1,
            portal_area: 1,
            ..
        }
    ));
}

#[test]
fn node_cycles_are_rejected_but_dags_accepted() {
    let (at, err) = fail(|f| f.nodes[2].children[1] = 1);
    assert_eq!(place(at), (Lump::Nodes, 2, "children"));
    assert_eq!(err, AasError::NodeCycle { at, child: 1 });
    let (_, err) = fail(|f| f.nodes[2].children[1] = 2);
    assert!(matches!(err, AasError::NodeCycle { child: 2, .. }));
    let mut file = sample();
    file.nodes[1].children = [2, 2];
    assert_eq!(file.validate(), Ok(()));
}

#[test]
fn edge_zero_is_exempt_and_version_checked() {
    let mut file = sample();
    file.vertexes.clear();
    file.edges.truncate(1);
    file.edge_index.clear();
    file.faces[1].num_edges = 0;
    file.reachabilities[1].edge_num = 0;
    assert_eq!(file.validate(), Ok(()));
    let mut file = sample();
    file.version = 3;
    assert_eq!(
        file.validate(),
        Err(AasError::UnsupportedVersion { version: 3 })
    );
}

#[test]
fn read_errors_carry_byte_offsets() {
    let mut file = sample();
    file.reachabilities[1].area_num = 900;
    let bytes = file.to_bytes();
    let header = file.canonical_header().expect("small");
    let reach_offset = header.lumps[Lump::Reachability.index()].offset as u64;
    let err = AasFile::from_bytes(&bytes).expect_err("bad area");
    assert_eq!(
        err.location().and_then(|at| at.byte_offset),
        Some(reach_offset + 44)
    );
    assert_eq!(
        err.to_string(),
        format!(
            "lump REACHABILITY record 1 field areanum (byte offset {}): area 900 out of range \
             (areas: 3)",
            reach_offset + 44
        )
    );
    // A field deeper in a record: node 2's second child.
    let mut file = sample();
    file.nodes[2].children[1] = 9;
    let nodes_offset = file.canonical_header().expect("small").lumps[Lump::Nodes.index()].offset;
    let err = AasFile::from_bytes(&file.to_bytes()).expect_err("bad node");
    assert_eq!(
        err.location().and_then(|at| at.byte_offset),
        Some(nodes_offset as u64 + 2 * 12 + 8)
    );
}

#[test]
fn lump_table_errors() {
    let bytes = sample().to_bytes();
    let mut header = AasHeader::parse(&bytes).expect("valid");
    let areas = Lump::Areas.index();
    let with = |header: &AasHeader| {
        let mut b = bytes.clone();
        b[..HEADER_SIZE].copy_from_slice(&header.encode());
        AasFile::from_bytes(&b)
    };
    header.lumps[areas].length -= 4;
    assert!(matches!(
        with(&header),
        Err(AasError::LumpLength {
            lump: Lump::Areas,
            record_size: 48,
            ..
        })
    ));
    header.lumps[areas].length = i32::MAX;
    assert!(matches!(
        with(&header),
        Err(AasError::LumpOutOfBounds {
            lump: Lump::Areas,
            table_offset: 68,
            ..
        })
    ));
    header.lumps[areas].length = 0;
    header.lumps[areas].offset = -1;
    assert!(matches!(
        with(&header),
        Err(AasError::LumpOutOfBounds {
            lump: Lump::Areas,
            ..
        })
    ));
    header.lumps[areas].offset = bytes.len() as i32 + 1;
    assert!(matches!(
        with(&header),
        Err(AasError::LumpOutOfBounds {
            lump: Lump::Areas,
            ..
        })
    ));
    let mut header = AasHeader::parse(&bytes).expect("valid");
    header.lumps[areas].length = -48;
    assert!(matches!(
        with(&header),
        Err(AasError::LumpOutOfBounds {
            lump: Lump::Areas,
            ..
        })
    ));
    // A lump ending exactly at the end of the input is fine.
    assert!(AasFile::from_bytes(&bytes).is_ok());
}

#[test]
fn reachability_counts_skip_the_dummy() {
    let mut file = sample();
    file.reachabilities[0].travel_type = 2;
    let extra = AasReachability {
        area_num: 1,
        travel_type: (1 << 24) | 18,
        ..AasReachability::default()
    };
    file.reachabilities.push(extra);
    file.reachabilities.push(AasReachability {
        travel_type: 0,
        ..extra
    });
    let counts = file.reachability_counts();
    assert_eq!(counts.get(TravelType::Walk), 1);
    assert_eq!(counts.get(TravelType::JumpPad), 1);
    assert_eq!(counts.unknown, 1);
    assert_eq!(counts.total(), file.reachabilities.len() - 1);
}
