//! [`TravelType`]: the 19 ways to travel a reachability (`TRAVEL_*`), and [`Travel`]: a
//! reachability's travel type together with the teams that may not use it.

use std::fmt;
use std::str::FromStr;

use crate::flags::{TRAVELTYPE_MASK, TravelTeamFlags};

/// How a reachability is travelled (`TRAVEL_*`, the low 24 bits of `traveltype`).
///
/// The discriminant is the stored value. Names are stable lower-case strings (see
/// [`TravelType::name`]); they are part of the command-line JSON contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum TravelType {
    /// 1: temporarily not possible.
    Invalid = 1,
    /// 2: walk.
    Walk = 2,
    /// 3: crouch.
    Crouch = 3,
    /// 4: jump onto a barrier.
    BarrierJump = 4,
    /// 5: jump.
    Jump = 5,
    /// 6: climb a ladder.
    Ladder = 6,
    /// 7: walk off a ledge.
    WalkOffLedge = 7,
    /// 8: swim.
    Swim = 8,
    /// 9: jump out of water.
    WaterJump = 9,
    /// 10: teleporter.
    Teleport = 10,
    /// 11: elevator (`func_plat`); the reachability's `facenum` holds the model number.
    Elevator = 11,
    /// 12: rocket jump.
    RocketJump = 12,
    /// 13: BFG jump.
    BfgJump = 13,
    /// 14: grappling hook.
    GrappleHook = 14,
    /// 15: double jump.
    DoubleJump = 15,
    /// 16: ramp jump.
    RampJump = 16,
    /// 17: strafe jump.
    StrafeJump = 17,
    /// 18: jump pad; `facenum` and `edgenum` hold launch velocities, not indices.
    JumpPad = 18,
    /// 19: `func_bobbing`; `facenum` and `edgenum` hold packed values (model number in the
    /// low 16 bits of `facenum`).
    FuncBob = 19,
}

/// Number of travel types.
pub const TRAVEL_TYPE_COUNT: usize = 19;

impl TravelType {
    /// All travel types in value order.
    pub const ALL: [TravelType; TRAVEL_TYPE_COUNT] = [
        TravelType::Invalid,
        TravelType::Walk,
        TravelType::Crouch,
        TravelType::BarrierJump,
        TravelType::Jump,
        TravelType::Ladder,
        TravelType::WalkOffLedge,
        TravelType::Swim,
        TravelType::WaterJump,
        TravelType::Teleport,
        TravelType::Elevator,
        TravelType::RocketJump,
        TravelType::BfgJump,
        TravelType::GrappleHook,
        TravelType::DoubleJump,
        TravelType::RampJump,
        TravelType::StrafeJump,
        TravelType::JumpPad,
        TravelType::FuncBob,
    ];

    /// The type with this value (1..=19), or `None`.
    #[must_use]
    pub fn from_value(value: i32) -> Option<Self> {
        let index = usize::try_from(value).ok()?.checked_sub(1)?;
        Self::ALL.get(index).copied()
    }

    /// The type of a stored `traveltype` field: its low 24 bits ([`TRAVELTYPE_MASK`]); `None`
    /// when they hold no known type.
    #[must_use]
    pub fn from_raw(traveltype: i32) -> Option<Self> {
        Self::from_value(traveltype & TRAVELTYPE_MASK)
    }

    /// The stored value (1..=19).
    #[must_use]
    pub const fn value(self) -> i32 {
        self as i32
    }

    /// Position in [`TravelType::ALL`] (`value - 1`).
    #[must_use]
    pub const fn position(self) -> usize {
        self as usize - 1
    }

    /// The stable lower-case name: `invalid walk crouch barrierjump jump ladder walkoffledge
    /// swim waterjump teleport elevator rocketjump bfgjump grapplehook doublejump rampjump
    /// strafejump jumppad funcbob`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TravelType::Invalid => "invalid",
            TravelType::Walk => "walk",
            TravelType::Crouch => "crouch",
            TravelType::BarrierJump => "barrierjump",
            TravelType::Jump => "jump",
            TravelType::Ladder => "ladder",
            TravelType::WalkOffLedge => "walkoffledge",
            TravelType::Swim => "swim",
            TravelType::WaterJump => "waterjump",
            TravelType::Teleport => "teleport",
            TravelType::Elevator => "elevator",
            TravelType::RocketJump => "rocketjump",
            TravelType::BfgJump => "bfgjump",
            TravelType::GrappleHook => "grapplehook",
            TravelType::DoubleJump => "doublejump",
            TravelType::RampJump => "rampjump",
            TravelType::StrafeJump => "strafejump",
            TravelType::JumpPad => "jumppad",
            TravelType::FuncBob => "funcbob",
        }
    }

    /// Whether a reachability of this type stores face and edge indices in `facenum` and
    /// `edgenum` (every type except elevator, jump pad and `func_bobbing`, which reuse them).
    #[must_use]
    pub const fn has_face_and_edge(self) -> bool {
        !matches!(
            self,
            TravelType::Elevator | TravelType::JumpPad | TravelType::FuncBob
        )
    }
}

impl fmt::Display for TravelType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error of parsing a [`TravelType`] name: the name is not one of the 19 names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown travel type name {0:?}")]
pub struct UnknownTravelType(pub String);

impl FromStr for TravelType {
    type Err = UnknownTravelType;

    /// Parses a name as returned by [`TravelType::name`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownTravelType(s.to_owned()))
    }
}

/// A reachability's travel: its [`TravelType`] (the low 24 bits of the stored `traveltype`)
/// and the teams that may not use it ([`TravelTeamFlags`], the bits above).
///
/// It keeps every stored value, a type outside the 19 known ones included (then
/// [`Travel::kind`] is `None` and routing treats it as [`TravelType::Invalid`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Travel(u32);

impl Travel {
    /// A travel of type `kind` that every team may use.
    #[must_use]
    pub const fn new(kind: TravelType) -> Self {
        Self(kind as u32)
    }

    /// The same travel, forbidden to the teams in `team` as well.
    #[must_use]
    pub const fn with_team(self, team: TravelTeamFlags) -> Self {
        Self(self.0 | team.bits())
    }

    /// The travel stored as `traveltype` in a Quake III `.aas` file (every bit kept).
    #[must_use]
    pub const fn from_raw(raw: i32) -> Self {
        Self(raw.cast_unsigned())
    }

    /// The value to store as `traveltype` in a Quake III `.aas` file.
    #[must_use]
    pub const fn to_raw(self) -> i32 {
        self.0.cast_signed()
    }

    /// The travel type, when the low 24 bits hold one of the 19 known values.
    #[must_use]
    pub fn kind(self) -> Option<TravelType> {
        TravelType::from_raw(self.to_raw())
    }

    /// The teams that may not use this travel.
    #[must_use]
    pub const fn team(self) -> TravelTeamFlags {
        TravelTeamFlags::from_travel_type(self.to_raw())
    }

    /// The low 24 bits: the travel type's value, known or not.
    #[must_use]
    pub const fn type_value(self) -> u32 {
        self.0 & TRAVELTYPE_MASK.cast_unsigned()
    }
}

impl From<TravelType> for Travel {
    fn from(kind: TravelType) -> Self {
        Self::new(kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_names_and_flags() {
        for (value, t) in (1i32..).zip(TravelType::ALL) {
            assert_eq!(t.value(), value);
            assert_eq!(TravelType::from_value(value), Some(t));
            assert_eq!(t.name().parse::<TravelType>(), Ok(t));
            assert_eq!(t.to_string(), t.name());
        }
        assert_eq!(TravelType::from_value(0), None);
        assert_eq!(TravelType::from_value(20), None);
        assert_eq!(TravelType::from_value(-1), None);
        assert_eq!(
            TravelType::from_raw((1 << 24) | 10),
            Some(TravelType::Teleport)
        );
        assert!("flying".parse::<TravelType>().is_err());
        assert!(!TravelType::JumpPad.has_face_and_edge());
        assert!(TravelType::Walk.has_face_and_edge());
    }

    #[test]
    fn names_are_the_stable_list() {
        let names: Vec<&str> = TravelType::ALL.iter().map(|t| t.name()).collect();
        assert_eq!(
            names.join(" "),
            "invalid walk crouch barrierjump jump ladder walkoffledge swim waterjump teleport \
             elevator rocketjump bfgjump grapplehook doublejump rampjump strafejump jumppad funcbob"
        );
    }

    #[test]
    fn travel_keeps_type_and_team_bits() {
        let travel = Travel::new(TravelType::JumpPad).with_team(TravelTeamFlags::NOTTEAM1);
        assert_eq!(travel.to_raw(), (1 << 24) | 18);
        assert_eq!(Travel::from_raw(travel.to_raw()), travel);
        assert_eq!(travel.kind(), Some(TravelType::JumpPad));
        assert_eq!(travel.team(), TravelTeamFlags::NOTTEAM1);
        assert_eq!(travel.type_value(), 18);
        let unknown = Travel::from_raw(77);
        assert_eq!(unknown.kind(), None);
        assert_eq!(unknown.type_value(), 77);
        assert!(unknown.team().is_empty());
        assert_eq!(Travel::from_raw(-1).to_raw(), -1);
    }
}
