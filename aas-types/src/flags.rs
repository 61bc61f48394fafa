//! Flag sets of areas, faces and reachabilities: presence types, face flags, area contents,
//! area flags, and the team bits of a reachability's travel type — with the values of Quake
//! III's `PRESENCE_*`, `FACE_*`, `AREACONTENTS_*`, `AREA_*` and `TRAVELFLAG_*`.
//!
//! Every set keeps the bits it does not name (`const _ = !0`), so a file's values survive a
//! read and a write unchanged; `from_raw` on each type interprets a stored `i32`.

use bitflags::bitflags;

bitflags! {
    /// Presence types (`PRESENCE_*`): which player bounding boxes fit. Stored in bounding
    /// boxes (one type each) and area settings (the union of the boxes that fit).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(transparent))]
    pub struct PresenceType: u32 {
        /// No box fits (`PRESENCE_NONE`).
        const NONE = 1;
        /// The standing box fits (`PRESENCE_NORMAL`).
        const NORMAL = 2;
        /// The crouching box fits (`PRESENCE_CROUCH`).
        const CROUCH = 4;
        /// Every other bit is kept as read.
        const _ = !0;
    }
}

bitflags! {
    /// Face flags (`FACE_*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(transparent))]
    pub struct FaceFlags: u32 {
        /// The face is solid (`FACE_SOLID`).
        const SOLID = 1;
        /// A ladder surface (`FACE_LADDER`).
        const LADDER = 2;
        /// Standing on it is possible (`FACE_GROUND`).
        const GROUND = 4;
        /// A gap in the ground (`FACE_GAP`).
        const GAP = 8;
        /// Between two liquid areas (`FACE_LIQUID`).
        const LIQUID = 16;
        /// The surface of a liquid (`FACE_LIQUIDSURFACE`).
        const LIQUIDSURFACE = 32;
        /// A bridge face that can be walked over (`FACE_BRIDGE`).
        const BRIDGE = 64;
        /// Every other bit is kept as read.
        const _ = !0;
    }
}

bitflags! {
    /// Area contents (`AREACONTENTS_*`). Bits 24..=31 hold a mover's model number, read with
    /// [`AreaContents::model_num`].
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(transparent))]
    pub struct AreaContents: u32 {
        /// Water.
        const WATER = 1;
        /// Lava.
        const LAVA = 2;
        /// Slime.
        const SLIME = 4;
        /// A cluster portal area.
        const CLUSTERPORTAL = 8;
        /// A teleporter destination portal.
        const TELEPORTAL = 16;
        /// A route portal.
        const ROUTEPORTAL = 32;
        /// Inside a teleporter trigger.
        const TELEPORTER = 64;
        /// Inside a jump pad trigger.
        const JUMPPAD = 128;
        /// Bots must not enter.
        const DONOTENTER = 256;
        /// A view portal.
        const VIEWPORTAL = 512;
        /// Inside a mover (the model number is in bits 24..=31).
        const MOVER = 1024;
        /// Team 1 may not enter.
        const NOTTEAM1 = 2048;
        /// Team 2 may not enter.
        const NOTTEAM2 = 4096;
        /// Every other bit is kept as read.
        const _ = !0;
    }
}

/// Shift of the mover model number inside [`AreaContents`] (`AREACONTENTS_MODELNUMSHIFT`).
pub const AREACONTENTS_MODELNUM_SHIFT: u32 = 24;

bitflags! {
    /// Area flags (`AREA_*`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(transparent))]
    pub struct AreaFlags: u32 {
        /// Bots can stand on the ground of this area.
        const GROUNDED = 1;
        /// The area has a ladder.
        const LADDER = 2;
        /// The area is in a liquid.
        const LIQUID = 4;
        /// The area is disabled for routing.
        const DISABLED = 8;
        /// The area is on top of a bridge.
        const BRIDGE = 16;
        /// Compiler-internal: the area was reached with a weapon jump (`AREA_WEAPONJUMP`).
        const WEAPONJUMP = 8192;
        /// Every other bit is kept as read.
        const _ = !0;
    }
}

/// Mask of the travel type inside a reachability's `traveltype` field (`TRAVELTYPE_MASK`).
pub const TRAVELTYPE_MASK: i32 = 0x00FF_FFFF;

bitflags! {
    /// The team bits above [`TRAVELTYPE_MASK`] in a reachability's `traveltype` field.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(transparent))]
    pub struct TravelTeamFlags: u32 {
        /// Team 1 may not use this reachability (`TRAVELFLAG_NOTTEAM1`).
        const NOTTEAM1 = 1 << 24;
        /// Team 2 may not use this reachability (`TRAVELFLAG_NOTTEAM2`).
        const NOTTEAM2 = 2 << 24;
        /// Every other bit is kept as read.
        const _ = !0;
    }
}

/// Reinterprets a stored `i32` as the `u32` bit pattern of a flag set.
const fn bits(raw: i32) -> u32 {
    u32::from_le_bytes(raw.to_le_bytes())
}

impl PresenceType {
    /// Interprets a stored `presencetype`, keeping unknown bits.
    #[must_use]
    pub const fn from_raw(raw: i32) -> Self {
        Self::from_bits_retain(bits(raw))
    }
}

impl FaceFlags {
    /// Interprets a stored `faceflags`, keeping unknown bits.
    #[must_use]
    pub const fn from_raw(raw: i32) -> Self {
        Self::from_bits_retain(bits(raw))
    }
}

impl AreaContents {
    /// The liquids a player can be in: water, lava and slime.
    pub const LIQUIDS: Self = Self::WATER.union(Self::LAVA).union(Self::SLIME);

    /// Interprets a stored `contents`, keeping unknown bits (and the model number).
    #[must_use]
    pub const fn from_raw(raw: i32) -> Self {
        Self::from_bits_retain(bits(raw))
    }

    /// The mover model number kept in bits 24..=31 (0 when none).
    #[must_use]
    pub const fn model_num(self) -> u8 {
        // The shift leaves at most 8 bits.
        (self.bits() >> AREACONTENTS_MODELNUM_SHIFT) as u8
    }
}

impl AreaFlags {
    /// Interprets a stored `areaflags`, keeping unknown bits.
    #[must_use]
    pub const fn from_raw(raw: i32) -> Self {
        Self::from_bits_retain(bits(raw))
    }
}

impl TravelTeamFlags {
    /// The bits of a stored `traveltype` above [`TRAVELTYPE_MASK`].
    #[must_use]
    pub const fn from_travel_type(raw: i32) -> Self {
        Self::from_bits_retain(bits(raw) & !bits(TRAVELTYPE_MASK))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_values_are_kept() {
        assert_eq!(
            PresenceType::from_raw(6),
            PresenceType::NORMAL | PresenceType::CROUCH
        );
        assert_eq!(FaceFlags::from_raw(5), FaceFlags::SOLID | FaceFlags::GROUND);
        let contents = AreaContents::from_raw((3 << 24) | 1024);
        assert!(contents.contains(AreaContents::MOVER));
        assert_eq!(contents.model_num(), 3);
        assert_eq!(AreaContents::from_raw(-1).model_num(), 0xFF);
        assert_eq!(AreaFlags::from_raw(8192), AreaFlags::WEAPONJUMP);
        assert_eq!(
            TravelTeamFlags::from_travel_type((2 << 24) | 5),
            TravelTeamFlags::NOTTEAM2
        );
        assert!(TravelTeamFlags::from_travel_type(5).is_empty());
    }
}
