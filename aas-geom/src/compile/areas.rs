//! Areas from the final BSP tree (thesis §6.2–§6.3): every open leaf becomes an area, its
//! portals become the area's faces.
//!
//! The mapping from leaves to areas is a separate input ([`one_area_per_leaf`] makes the
//! simplest one), so that a later merge step can map several leaves to one area and reuse
//! [`build_areas`] unchanged: a portal between two leaves of the same area is then internal and
//! makes no face.
//!
//! # Faces
//!
//! Every portal of the tree is visited once, in portal id order:
//!
//! - a portal with an area on one side only (the other side is a solid leaf, the outside, or a
//!   leaf with no area) is a **solid face** of that area ([`FaceFlags::SOLID`]); its plane is
//!   oriented so that the normal points into the area (the area is the face's front);
//! - a portal between two different areas is **one face shared by both**, on the portal's plane:
//!   the area the normal points to is the front, the other the back;
//! - a portal between two leaves of the same area makes no face.
//!
//! # Face flags
//!
//! | Flag | Rule |
//! |---|---|
//! | `SOLID` | the face has an area on one side only |
//! | `GROUND` | a solid face whose normal (pointing into the area) has `z >= `[`MAX_STEEPNESS`]: planes are expanded by the box, so this is where the player's origin rests when standing |
//! | `GAP` | a shared face whose normal pointing into the upper area has `z >= `[`MAX_STEEPNESS`]: one can fall through it |
//! | `LIQUID` | a shared face with liquid (water, lava, slime) on both sides |
//! | `LIQUIDSURFACE` | a shared face with liquid on one side only (the surface of a pool, or the side of a pool open to air) |
//!
//! # Area presence, contents and flags
//!
//! - **Presence**: box `i` of the compile settings' box list fits in a leaf when bit `i` of the
//!   leaf's [`blocked`](super::BspLeaf::blocked) mask is clear; the area's presence is the
//!   union of [`PresenceBox::presence_type`] over the boxes that fit. With
//!   [`PresenceBox::DEFAULTS`] (bit 0 the standing box, type 2; bit 1 the crouch box, type 4):
//!   nothing blocked → `NORMAL | CROUCH`; blocked for the standing box only → `CROUCH`.
//! - **Contents** (see [`area_contents`]): `WATER`→1, `LAVA`→2, `SLIME`→4, `CLUSTERPORTAL`→8,
//!   `TELEPORTER`→64, `JUMPPAD`→128, `DONOTENTER`→256, `MOVER`→1024 with the model number in bits
//!   24..=31 (capped at 255, with an [`AreaDiagnostic::ModelNumberCapped`]), `NOTTEAM1`→2048,
//!   `NOTTEAM2`→4096.
//! - **Flags**: `GROUNDED` when the area has a ground face; `LIQUID` when its contents hold
//!   water, lava or slime.
//!
//! Not done here: gravitational subdivision (done before, on the tree, by
//! [`subdivide_by_gravity`](super::subdivide_by_gravity); without it an area may mix ground and
//! gap faces); ladder faces and areas ([`mark_ladders`](super::mark_ladders), from the
//! expanded brushes); bridges. Merging of leaves into larger areas is
//! [`merge_leaves`](super::merge_leaves), which only makes the mapping.

use super::PresenceBox;
use super::bsp_tree::{BspTree, LeafId};
use super::plane_set::PlaneId;
use super::portalize::{PortalSide, Portals};
use crate::brush::Contents;
use crate::geom::Winding;
use crate::world::{AREACONTENTS_MODELNUM_SHIFT, AreaContents, AreaFlags, FaceFlags, PresenceType};
use crate::world::{AreaId, FaceId, FaceRef};

/// The smallest `z` of a unit normal on which a player can stand (Quake III's
/// `phys_maxsteepness`, 0.7).
pub const MAX_STEEPNESS: f64 = 0.7;

/// A face of the compiled areas, in the tree's `f64` geometry.
#[derive(Debug, Clone, PartialEq)]
pub struct AreaFace {
    /// The plane in the tree's [`PlaneSet`](super::PlaneSet); its normal points into `front`.
    pub plane: PlaneId,
    /// The polygon, counter-clockwise seen from the front.
    pub winding: Winding,
    /// Solid, ground, gap, liquid … (see the [module docs](self)).
    pub flags: FaceFlags,
    /// The area in front of the face (always set).
    pub front: Option<AreaId>,
    /// The area behind the face; `None` for a solid face.
    pub back: Option<AreaId>,
}

/// An area of the compiled world before it is stored.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledArea {
    /// The open leaves the area is made of, in id order.
    pub leaves: Vec<LeafId>,
    /// The boxes that fit (see the [module docs](self)).
    pub presence: PresenceType,
    /// Contents, with the mover model number in bits 24..=31.
    pub contents: AreaContents,
    /// `GROUNDED`, `LIQUID`.
    pub flags: AreaFlags,
    /// The area's faces in face id order; `back_side` when the area is behind the face.
    pub faces: Vec<FaceRef>,
}

/// Something [`build_areas`] had to adjust.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AreaDiagnostic {
    /// A mover's model number does not fit in the 8 bits of area contents; 255 was stored.
    ModelNumberCapped {
        /// The leaf holding the mover.
        leaf: LeafId,
        /// Its model number.
        model: u32,
    },
    /// A portal was skipped because its winding is degenerate (no plane).
    DegeneratePortal {
        /// Index of the portal in [`Portals::portals`].
        portal: usize,
    },
}

/// The areas and faces of a tree, with the leaf → area mapping.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AreaSet {
    /// Areas.
    pub areas: Vec<CompiledArea>,
    /// Faces.
    pub faces: Vec<AreaFace>,
    /// For each leaf of the tree, its area (`None` for a solid leaf).
    pub leaf_area: Vec<Option<AreaId>>,
    /// Adjustments, in leaf then portal order.
    pub diagnostics: Vec<AreaDiagnostic>,
}

impl AreaSet {
    /// The number of faces with `flag`.
    #[must_use]
    pub fn face_count(&self, flag: FaceFlags) -> usize {
        self.faces.iter().filter(|f| f.flags.contains(flag)).count()
    }
}

/// The simplest leaf → area mapping: every open leaf of `tree` is its own area, numbered in
/// leaf id order; solid leaves (and leaves beyond `u32` ids) have none.
///
/// # Complexity
/// `O(leaves)`.
#[must_use]
pub fn one_area_per_leaf(tree: &BspTree) -> Vec<Option<AreaId>> {
    let mut next = 0_u32;
    tree.leaves
        .iter()
        .map(|leaf| {
            if leaf.is_solid(tree.box_count) {
                return None;
            }
            let id = AreaId(next);
            next = next.checked_add(1)?;
            Some(id)
        })
        .collect()
}

/// The presence of a leaf blocked for the boxes of `blocked`: the union of the presence types
/// of the boxes (by list index) that are not blocked; [`PresenceType::NONE`] when none fits.
#[must_use]
pub fn leaf_presence(blocked: super::PresenceMask, boxes: &[PresenceBox]) -> PresenceType {
    let fits = boxes
        .iter()
        .enumerate()
        .filter(|&(index, _)| index < 8 && !blocked.contains(index))
        .fold(PresenceType::empty(), |acc, (_, b)| {
            acc | PresenceType::from_raw(b.presence_type)
        });
    if fits.is_empty() {
        PresenceType::NONE
    } else {
        fits
    }
}

/// The area contents of leaf contents and a mover model number (see the [module docs](self)),
/// and whether the model number had to be capped at 255.
#[must_use]
pub fn area_contents(contents: Contents, model: u32) -> (AreaContents, bool) {
    const TABLE: [(Contents, AreaContents); 10] = [
        (Contents::WATER, AreaContents::WATER),
        (Contents::LAVA, AreaContents::LAVA),
        (Contents::SLIME, AreaContents::SLIME),
        (Contents::CLUSTERPORTAL, AreaContents::CLUSTERPORTAL),
        (Contents::TELEPORTER, AreaContents::TELEPORTER),
        (Contents::JUMPPAD, AreaContents::JUMPPAD),
        (Contents::DONOTENTER, AreaContents::DONOTENTER),
        (Contents::MOVER, AreaContents::MOVER),
        (Contents::NOTTEAM1, AreaContents::NOTTEAM1),
        (Contents::NOTTEAM2, AreaContents::NOTTEAM2),
    ];
    let mut out = AreaContents::empty();
    for (from, to) in TABLE {
        if contents.contains(from) {
            out |= to;
        }
    }
    let mut capped = false;
    if contents.contains(Contents::MOVER) && model != 0 {
        capped = model > 0xFF;
        let stored = model.min(0xFF);
        out |= AreaContents::from_bits_retain(stored << AREACONTENTS_MODELNUM_SHIFT);
    }
    (out, capped)
}

/// Whether a face whose normal, pointing into its area, has this `z` is ground (`z >=`
/// [`MAX_STEEPNESS`]).
pub(crate) fn is_ground_normal(z: f64) -> bool {
    z >= MAX_STEEPNESS
}

/// Whether a shared face with this normal `z` is horizontal-ish (`|z| >=` [`MAX_STEEPNESS`]):
/// a gap one can fall through.
pub(crate) fn is_gap_normal(z: f64) -> bool {
    z.abs() >= MAX_STEEPNESS
}

fn is_liquid(contents: AreaContents) -> bool {
    contents.intersects(AreaContents::LIQUIDS)
}

/// Builds the areas of `tree` from its `portals` (computed for this tree) and a leaf → area
/// mapping (`leaf_area[leaf]`, e.g. [`one_area_per_leaf`]); `boxes` are the compile settings'
/// presence boxes, in the order the tree's masks use. Area ids in `leaf_area` must be dense
/// (`0..n`); leaves mapped to an id past the number of leaves are treated as having no area.
///
/// # Complexity
/// `O(leaves + Σ portal points)`.
#[must_use]
pub fn build_areas(
    tree: &BspTree,
    portals: &Portals,
    boxes: &[PresenceBox],
    leaf_area: Vec<Option<AreaId>>,
) -> AreaSet {
    let mut leaf_area = leaf_area;
    leaf_area.resize(tree.leaves.len(), None);
    let area_count = leaf_area
        .iter()
        .flatten()
        .map(|a| a.index() + 1)
        .max()
        .unwrap_or(0)
        .min(tree.leaves.len());
    for slot in &mut leaf_area {
        if slot.is_some_and(|a| a.index() >= area_count) {
            *slot = None;
        }
    }
    let mut set = AreaSet {
        areas: vec![
            CompiledArea {
                leaves: Vec::new(),
                presence: PresenceType::empty(),
                contents: AreaContents::empty(),
                flags: AreaFlags::empty(),
                faces: Vec::new(),
            };
            area_count
        ],
        faces: Vec::new(),
        leaf_area,
        diagnostics: Vec::new(),
    };
    for (index, leaf) in tree.leaves.iter().enumerate() {
        let Some(area_id) = set.leaf_area[index] else {
            continue;
        };
        let (contents, capped) = area_contents(leaf.contents, leaf.model);
        let leaf_id = LeafId(u32::try_from(index).unwrap_or(u32::MAX));
        if capped {
            set.diagnostics.push(AreaDiagnostic::ModelNumberCapped {
                leaf: leaf_id,
                model: leaf.model,
            });
        }
        let area = &mut set.areas[area_id.index()];
        area.leaves.push(leaf_id);
        area.presence |= leaf_presence(leaf.blocked, boxes);
        if area.contents.model_num() == 0 {
            area.contents |= contents;
        } else {
            area.contents |=
                contents & AreaContents::from_bits_retain((1 << AREACONTENTS_MODELNUM_SHIFT) - 1);
        }
    }
    for area in &mut set.areas {
        if area.presence.is_empty() {
            area.presence = PresenceType::NONE;
        }
        if is_liquid(area.contents) {
            area.flags |= AreaFlags::LIQUID;
        }
    }
    for (index, portal) in portals.portals.iter().enumerate() {
        let side_area = |side: PortalSide| match side {
            PortalSide::Leaf(leaf) => set.leaf_area.get(leaf.0 as usize).copied().flatten(),
            PortalSide::Outside => None,
        };
        let (front, back) = (side_area(portal.front), side_area(portal.back));
        let Some(normal) = portal.normal() else {
            set.diagnostics
                .push(AreaDiagnostic::DegeneratePortal { portal: index });
            continue;
        };
        let plane_normal = tree.planes.get(portal.plane).normal;
        let winding = if normal.dot(plane_normal) < 0.0 {
            portal.winding.reversed()
        } else {
            portal.winding.clone()
        };
        let face = match (front, back) {
            (Some(a), Some(b)) if a == b => continue,
            (None, None) => continue,
            (Some(a), Some(b)) => shared_face(&set, portal.plane, plane_normal.z, winding, a, b),
            (Some(a), None) => solid_face(portal.plane, plane_normal.z, winding, a),
            (None, Some(b)) => solid_face(
                portal.plane.opposite(),
                -plane_normal.z,
                winding.reversed(),
                b,
            ),
        };
        let Ok(face_id) = u32::try_from(set.faces.len()).map(FaceId) else {
            break;
        };
        for (side, back_side) in [(face.front, false), (face.back, true)] {
            if let Some(area) = side.and_then(|a| set.areas.get_mut(a.index())) {
                area.faces.push(FaceRef {
                    face: face_id,
                    back_side,
                });
                if face.flags.contains(FaceFlags::GROUND) {
                    area.flags |= AreaFlags::GROUNDED;
                }
            }
        }
        set.faces.push(face);
    }
    set
}

fn solid_face(plane: PlaneId, normal_z: f64, winding: Winding, area: AreaId) -> AreaFace {
    let mut flags = FaceFlags::SOLID;
    if is_ground_normal(normal_z) {
        flags |= FaceFlags::GROUND;
    }
    AreaFace {
        plane,
        winding,
        flags,
        front: Some(area),
        back: None,
    }
}

fn shared_face(
    set: &AreaSet,
    plane: PlaneId,
    normal_z: f64,
    winding: Winding,
    front: AreaId,
    back: AreaId,
) -> AreaFace {
    let mut flags = FaceFlags::empty();
    if is_gap_normal(normal_z) {
        flags |= FaceFlags::GAP;
    }
    let liquid = |a: AreaId| {
        set.areas
            .get(a.index())
            .is_some_and(|a| is_liquid(a.contents))
    };
    match (liquid(front), liquid(back)) {
        (true, true) => flags |= FaceFlags::LIQUID,
        (true, false) | (false, true) => flags |= FaceFlags::LIQUIDSURFACE,
        (false, false) => {}
    }
    AreaFace {
        plane,
        winding,
        flags,
        front: Some(front),
        back: Some(back),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::PresenceMask;

    #[test]
    fn presence_follows_the_unblocked_boxes() {
        let boxes = PresenceBox::DEFAULTS;
        assert_eq!(
            leaf_presence(PresenceMask::NONE, &boxes),
            PresenceType::NORMAL | PresenceType::CROUCH
        );
        assert_eq!(
            leaf_presence(PresenceMask::single(0), &boxes),
            PresenceType::CROUCH
        );
        assert_eq!(
            leaf_presence(PresenceMask::single(1), &boxes),
            PresenceType::NORMAL
        );
        assert_eq!(
            leaf_presence(PresenceMask::all(2), &boxes),
            PresenceType::NONE
        );
    }

    #[test]
    fn contents_map_to_area_contents() {
        let (c, capped) = area_contents(Contents::WATER | Contents::JUMPPAD, 0);
        assert_eq!(c, AreaContents::WATER | AreaContents::JUMPPAD);
        assert!(!capped);
        let (c, capped) = area_contents(Contents::MOVER, 3);
        assert_eq!(c.model_num(), 3);
        assert!(c.contains(AreaContents::MOVER));
        assert!(!capped);
        let (c, capped) = area_contents(Contents::MOVER, 300);
        assert_eq!(c.model_num(), 255);
        assert!(capped);
        let (c, _) = area_contents(Contents::LAVA, 7);
        assert_eq!(
            c,
            AreaContents::LAVA,
            "a model number without MOVER is ignored"
        );
        let (c, _) = area_contents(
            Contents::SLIME | Contents::CLUSTERPORTAL | Contents::TELEPORTER | Contents::DONOTENTER,
            0,
        );
        assert_eq!(c.bits(), 4 | 8 | 64 | 256);
    }
}
