//! Validation of every cross-reference of a `.aas` file.
//!
//! The rules are listed on [`AasFile::validate`].

use super::error::{AasError, FieldLocation};
use super::file::AasFile;
use super::header::{AAS_VERSION, AAS_VERSION_OLD};
use super::lump::{LUMP_COUNT, Lump};
use aas_types::TravelType;

impl AasFile {
    /// Checks the version and every cross-reference, so that code indexing with the stored
    /// numbers cannot go out of bounds or loop forever.
    ///
    /// What is checked (record 0, the dummy, is checked like any other record except where noted):
    ///
    /// | Lump | Field | Rule |
    /// |---|---|---|
    /// | header | version | 4 or 5 |
    /// | EDGES | `v[0]`, `v[1]` | a vertex (edge 0 exempt: bspc writes `(0, 0)` even when there are no vertexes) |
    /// | EDGEINDEX | value | `abs(value)` an edge |
    /// | FACES | `planenum` | a plane (face 0 exempt: a dummy of zeros even when there are no planes) |
    /// | FACES | `firstedge`, `numedges` | `numedges >= 0`, range inside EDGEINDEX |
    /// | FACES | `frontarea`, `backarea` | an area |
    /// | FACEINDEX | value | `abs(value)` a face |
    /// | AREAS | `firstface`, `numfaces` | `numfaces >= 0`, range inside FACEINDEX |
    /// | AREASETTINGS | count | equals the AREAS count |
    /// | AREASETTINGS | `firstreachablearea`, `numreachableareas` | `numreachableareas >= 0`, range inside REACHABILITY |
    /// | AREASETTINGS | `cluster` | positive: a cluster; negative: portal `-cluster`, whose `areanum` is this area |
    /// | AREASETTINGS | `clusterareanum` | for `cluster > 0`: below that cluster's `numareas` |
    /// | REACHABILITY | `areanum` | an area |
    /// | REACHABILITY | `facenum`, `edgenum` | for types that store indices there (all known types but elevator, jump pad, `func_bobbing`): 0 (none) or `abs(value)` a face / edge |
    /// | NODES | `planenum` | a plane (node 0 exempt, like face 0) |
    /// | NODES | `children` | positive: a node, negative: area `-child`, 0: solid leaf; no cycles |
    /// | PORTALS | `areanum` | an area |
    /// | PORTALS | `frontcluster`, `backcluster` | a cluster |
    /// | PORTALS | `clusterareanum[2]` | below the front / back cluster's `numareas` (portal 0 exempt) |
    /// | PORTALINDEX | value | a portal |
    /// | CLUSTERS | `numareas`, `numreachabilityareas` | `0 <= numreachabilityareas <= numareas` |
    /// | CLUSTERS | `firstportal`, `numportals` | `numportals >= 0`, range inside PORTALINDEX |
    ///
    /// Deliberately not checked: floats (NaN and infinities are kept as read; nothing indexes
    /// with them), flag values, travel types (unknown types are kept and counted separately;
    /// their `facenum`/`edgenum` are not interpreted), an area's own `areanum`, and the geometry.
    ///
    /// Why a reachability's `facenum`/`edgenum` may be 0 even when FACES or EDGES is empty:
    /// `bspc -optimize` drops the faces and edges bots do not need and sets references to them
    /// to 0 (all nine shared reference files). Jump pads store launch velocities there (values
    /// like 831 with one face in the file) and elevators the model number, so those are skipped.
    ///
    /// Errors carry the lump, record and field; their byte offset is `None` since the file
    /// was not read from bytes. O(size of the file) time, O(nodes) extra memory.
    ///
    /// # Errors
    ///
    /// The first violation found. Reference, count and range rules are checked first, lump
    /// by lump in file order (so a single bad reference is always reported as itself); then
    /// the cluster numbering rules (`clusterareanum`, portal areas). Kinds:
    /// [`AasError::UnsupportedVersion`], [`AasError::BadReference`],
    /// [`AasError::NegativeCount`], [`AasError::BadRange`], [`AasError::CountMismatch`],
    /// [`AasError::CountExceeds`], [`AasError::NodeCycle`], [`AasError::ClusterAreaNum`],
    /// [`AasError::PortalAreaMismatch`].
    pub fn validate(&self) -> Result<(), AasError> {
        self.validate_with_offsets(None)
    }

    /// [`AasFile::validate`], locating fields from `offsets` (the byte offset of each lump).
    pub(crate) fn validate_with_offsets(
        &self,
        offsets: Option<&[u64; LUMP_COUNT]>,
    ) -> Result<(), AasError> {
        if self.version != AAS_VERSION && self.version != AAS_VERSION_OLD {
            return Err(AasError::UnsupportedVersion {
                version: self.version,
            });
        }
        let v = Validator {
            file: self,
            offsets,
        };
        v.edges()?;
        v.faces()?;
        v.areas()?;
        v.area_settings()?;
        v.reachabilities()?;
        v.nodes()?;
        v.portals()?;
        v.clusters()?;
        v.cluster_numbering()
    }
}

/// The file under validation and where its lumps were read from.
struct Validator<'a> {
    file: &'a AasFile,
    offsets: Option<&'a [u64; LUMP_COUNT]>,
}

/// A field of one record: its name and byte offset inside the record.
type Field = (&'static str, u64);

/// A pair of fields `first...`/`num...` and their values.
#[derive(Clone, Copy)]
struct RangeFields {
    first: Field,
    num: Field,
    first_value: i32,
    num_value: i32,
}

/// Byte offset of the `k`-th `i32` of an array field starting at `base`.
fn element(base: u64, k: usize) -> u64 {
    base + 4 * k as u64
}

impl Validator<'_> {
    fn at(&self, lump: Lump, record: usize, (field, field_offset): Field) -> FieldLocation {
        let byte_offset = self.offsets.map(|offsets| {
            offsets[lump.index()]
                .saturating_add((record as u64).saturating_mul(lump.record_size() as u64))
                .saturating_add(field_offset)
        });
        FieldLocation {
            lump,
            record,
            field,
            byte_offset,
        }
    }

    fn count(&self, lump: Lump) -> usize {
        self.file.record_count(lump)
    }

    /// `value` must index `target` (`0 <= value < count`); returns it as an index.
    fn index(
        &self,
        (lump, record): (Lump, usize),
        field: Field,
        target: Lump,
        value: i64,
    ) -> Result<usize, AasError> {
        let count = self.count(target);
        match usize::try_from(value) {
            Ok(index) if index < count => Ok(index),
            _ => Err(AasError::BadReference {
                at: self.at(lump, record, field),
                target,
                value,
                count,
            }),
        }
    }

    /// `abs(value)` must index `target` (signed references); reports the stored value.
    fn abs_index(
        &self,
        (lump, record): (Lump, usize),
        field: Field,
        target: Lump,
        value: i32,
    ) -> Result<(), AasError> {
        let count = self.count(target);
        match usize::try_from(value.unsigned_abs()) {
            Ok(index) if index < count => Ok(()),
            _ => Err(AasError::BadReference {
                at: self.at(lump, record, field),
                target,
                value: i64::from(value),
                count,
            }),
        }
    }

    /// `num >= 0` and `first..first + num` inside `target`.
    fn range(
        &self,
        (lump, record): (Lump, usize),
        fields: RangeFields,
        target: Lump,
    ) -> Result<(), AasError> {
        let (first, num) = (fields.first_value, fields.num_value);
        if num < 0 {
            return Err(AasError::NegativeCount {
                at: self.at(lump, record, fields.num),
                value: num,
            });
        }
        let count = self.count(target);
        let end = i64::from(first) + i64::from(num);
        if first < 0 || usize::try_from(end).map_or(true, |end| end > count) {
            return Err(AasError::BadRange {
                at: self.at(lump, record, fields.first),
                target,
                first: i64::from(first),
                num: i64::from(num),
                count,
            });
        }
        Ok(())
    }

    fn edges(&self) -> Result<(), AasError> {
        for (i, edge) in self.file.edges.iter().enumerate().skip(1) {
            for (k, &vertex) in edge.vertexes.iter().enumerate() {
                let field = ("v", element(0, k));
                self.index((Lump::Edges, i), field, Lump::Vertexes, i64::from(vertex))?;
            }
        }
        for (i, &value) in self.file.edge_index.iter().enumerate() {
            self.abs_index((Lump::EdgeIndex, i), ("value", 0), Lump::Edges, value)?;
        }
        Ok(())
    }

    fn faces(&self) -> Result<(), AasError> {
        for (i, face) in self.file.faces.iter().enumerate() {
            let rec = (Lump::Faces, i);
            // Face 0 is a dummy of zeros, written even when there are no planes.
            if i > 0 {
                let plane = i64::from(face.plane_num);
                self.index(rec, ("planenum", 0), Lump::Planes, plane)?;
            }
            let edges = RangeFields {
                first: ("firstedge", 12),
                num: ("numedges", 8),
                first_value: face.first_edge,
                num_value: face.num_edges,
            };
            self.range(rec, edges, Lump::EdgeIndex)?;
            let front = i64::from(face.front_area);
            self.index(rec, ("frontarea", 16), Lump::Areas, front)?;
            let back = i64::from(face.back_area);
            self.index(rec, ("backarea", 20), Lump::Areas, back)?;
        }
        for (i, &value) in self.file.face_index.iter().enumerate() {
            self.abs_index((Lump::FaceIndex, i), ("value", 0), Lump::Faces, value)?;
        }
        Ok(())
    }

    fn areas(&self) -> Result<(), AasError> {
        for (i, area) in self.file.areas.iter().enumerate() {
            let faces = RangeFields {
                first: ("firstface", 8),
                num: ("numfaces", 4),
                first_value: area.first_face,
                num_value: area.num_faces,
            };
            self.range((Lump::Areas, i), faces, Lump::FaceIndex)?;
        }
        Ok(())
    }

    fn area_settings(&self) -> Result<(), AasError> {
        const L: Lump = Lump::AreaSettings;
        let (count, areas) = (self.count(L), self.count(Lump::Areas));
        if count != areas {
            return Err(AasError::CountMismatch {
                lump: L,
                count,
                other: Lump::Areas,
                other_count: areas,
            });
        }
        for (i, settings) in self.file.area_settings.iter().enumerate() {
            let rec = (L, i);
            let reaches = RangeFields {
                first: ("firstreachablearea", 24),
                num: ("numreachableareas", 20),
                first_value: settings.first_reachable_area,
                num_value: settings.num_reachable_areas,
            };
            self.range(rec, reaches, Lump::Reachability)?;
            let cluster = settings.cluster;
            if cluster > 0 {
                self.index(rec, ("cluster", 12), Lump::Clusters, i64::from(cluster))?;
            } else if cluster < 0 {
                self.index(rec, ("cluster", 12), Lump::Portals, -i64::from(cluster))?;
            }
        }
        Ok(())
    }

    fn reachabilities(&self) -> Result<(), AasError> {
        for (i, reach) in self.file.reachabilities.iter().enumerate() {
            let rec = (Lump::Reachability, i);
            self.index(rec, ("areanum", 0), Lump::Areas, i64::from(reach.area_num))?;
            if reach.kind().is_some_and(TravelType::has_face_and_edge) {
                if reach.face_num != 0 {
                    self.abs_index(rec, ("facenum", 4), Lump::Faces, reach.face_num)?;
                }
                if reach.edge_num != 0 {
                    self.abs_index(rec, ("edgenum", 8), Lump::Edges, reach.edge_num)?;
                }
            }
        }
        Ok(())
    }

    fn nodes(&self) -> Result<(), AasError> {
        for (i, node) in self.file.nodes.iter().enumerate() {
            let rec = (Lump::Nodes, i);
            // Node 0 is a dummy of zeros, written even when there are no planes.
            if i > 0 {
                self.index(
                    rec,
                    ("planenum", 0),
                    Lump::Planes,
                    i64::from(node.plane_num),
                )?;
            }
            for (k, &child) in node.children.iter().enumerate() {
                let field = ("children", element(4, k));
                if child > 0 {
                    self.index(rec, field, Lump::Nodes, i64::from(child))?;
                } else if child < 0 {
                    self.index(rec, field, Lump::Areas, -i64::from(child))?;
                }
            }
        }
        self.node_cycles()
    }

    /// Depth-first search over the node graph with an explicit stack (no recursion, so a deep
    /// tree cannot overflow the call stack). O(nodes) time and memory. Child indices are
    /// already checked; shared subtrees (a DAG) are accepted, cycles are not.
    fn node_cycles(&self) -> Result<(), AasError> {
        const NEW: u8 = 0;
        const ON_PATH: u8 = 1;
        const DONE: u8 = 2;
        let nodes = &self.file.nodes;
        let mut state = vec![NEW; nodes.len()];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for root in 0..nodes.len() {
            if state.get(root) != Some(&NEW) {
                continue;
            }
            if let Some(s) = state.get_mut(root) {
                *s = ON_PATH;
            }
            stack.push((root, 0));
            while let Some(top) = stack.last_mut() {
                let (node, k) = *top;
                let Some(&child) = nodes.get(node).and_then(|n| n.children.get(k)) else {
                    if let Some(s) = state.get_mut(node) {
                        *s = DONE;
                    }
                    stack.pop();
                    continue;
                };
                top.1 += 1;
                let child = match usize::try_from(child) {
                    Ok(child) if child > 0 => child,
                    _ => continue,
                };
                match state.get_mut(child) {
                    Some(s) if *s == NEW => {
                        *s = ON_PATH;
                        stack.push((child, 0));
                    }
                    Some(s) if *s == ON_PATH => {
                        return Err(AasError::NodeCycle {
                            at: self.at(Lump::Nodes, node, ("children", element(4, k))),
                            child,
                        });
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    fn portals(&self) -> Result<(), AasError> {
        for (i, portal) in self.file.portals.iter().enumerate() {
            let rec = (Lump::Portals, i);
            self.index(rec, ("areanum", 0), Lump::Areas, i64::from(portal.area_num))?;
            let sides = [
                (("frontcluster", 4), portal.front_cluster),
                (("backcluster", 8), portal.back_cluster),
            ];
            for (field, cluster) in sides {
                self.index(rec, field, Lump::Clusters, i64::from(cluster))?;
            }
        }
        for (i, &value) in self.file.portal_index.iter().enumerate() {
            let rec = (Lump::PortalIndex, i);
            self.index(rec, ("value", 0), Lump::Portals, i64::from(value))?;
        }
        Ok(())
    }

    fn clusters(&self) -> Result<(), AasError> {
        const L: Lump = Lump::Clusters;
        for (i, cluster) in self.file.clusters.iter().enumerate() {
            if cluster.num_areas < 0 {
                return Err(AasError::NegativeCount {
                    at: self.at(L, i, ("numareas", 0)),
                    value: cluster.num_areas,
                });
            }
            let reach_areas = cluster.num_reachability_areas;
            if reach_areas < 0 {
                return Err(AasError::NegativeCount {
                    at: self.at(L, i, ("numreachabilityareas", 4)),
                    value: reach_areas,
                });
            }
            if reach_areas > cluster.num_areas {
                return Err(AasError::CountExceeds {
                    at: self.at(L, i, ("numreachabilityareas", 4)),
                    value: reach_areas,
                    limit_field: "numareas",
                    limit: cluster.num_areas,
                });
            }
            let portals = RangeFields {
                first: ("firstportal", 12),
                num: ("numportals", 8),
                first_value: cluster.first_portal,
                num_value: cluster.num_portals,
            };
            self.range((L, i), portals, Lump::PortalIndex)?;
        }
        Ok(())
    }

    /// Consistency of cluster-local numbering, checked after every reference is known to be
    /// in range: area settings and portals against their clusters' `numareas`, portal areas
    /// against their portals.
    fn cluster_numbering(&self) -> Result<(), AasError> {
        const L: Lump = Lump::AreaSettings;
        let num_areas_of = |cluster: i32| {
            usize::try_from(cluster)
                .ok()
                .and_then(|c| self.file.clusters.get(c))
                .map_or(0, |c| c.num_areas)
        };
        for (i, settings) in self.file.area_settings.iter().enumerate() {
            let cluster = settings.cluster;
            if cluster > 0 {
                let num_areas = num_areas_of(cluster);
                let value = settings.cluster_area_num;
                if value < 0 || value >= num_areas {
                    return Err(AasError::ClusterAreaNum {
                        at: self.at(L, i, ("clusterareanum", 16)),
                        value,
                        cluster,
                        num_areas,
                    });
                }
            } else if cluster < 0 {
                let portal = cluster.unsigned_abs() as usize;
                let portal_area = self.file.portals.get(portal).map_or(-1, |p| p.area_num);
                if usize::try_from(portal_area).ok() != Some(i) {
                    return Err(AasError::PortalAreaMismatch {
                        at: self.at(L, i, ("cluster", 12)),
                        area: i,
                        portal,
                        portal_area,
                    });
                }
            }
        }
        for (i, portal) in self.file.portals.iter().enumerate().skip(1) {
            let sides = [portal.front_cluster, portal.back_cluster];
            for (k, (cluster, value)) in sides.into_iter().zip(portal.cluster_area_num).enumerate()
            {
                let num_areas = num_areas_of(cluster);
                if value < 0 || value >= num_areas {
                    return Err(AasError::ClusterAreaNum {
                        at: self.at(Lump::Portals, i, ("clusterareanum", element(12, k))),
                        value,
                        cluster,
                        num_areas,
                    });
                }
            }
        }
        Ok(())
    }
}
