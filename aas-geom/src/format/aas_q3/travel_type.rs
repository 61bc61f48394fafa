//! The 19 reachability travel types (`TRAVEL_*`) and counts of reachabilities by type.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::flags::TRAVELTYPE_MASK;

/// How a reachability is travelled (`TRAVEL_*`, the low 24 bits of `traveltype`).
///
/// The discriminant is the stored value. Names are stable lower-case strings (see
/// [`TravelType::name`]); they are part of the command-line JSON contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
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
    const fn position(self) -> usize {
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

    /// The routing flag (`TFL_*`) that allows this travel type.
    #[must_use]
    pub const fn travel_flag(self) -> u32 {
        match self {
            TravelType::FuncBob => 0x0100_0000,
            TravelType::Invalid
            | TravelType::Walk
            | TravelType::Crouch
            | TravelType::BarrierJump
            | TravelType::Jump
            | TravelType::Ladder => 1 << (self as u32 - 1),
            // From WALKOFFLEDGE on, the flags skip bit 0x40, which no TFL_ constant uses.
            _ => 1 << self as u32,
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

/// Reachability counts by travel type (see [`super::AasFile::reachability_counts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TravelTypeCounts {
    /// Count per type, indexed by `value - 1` (in [`TravelType::ALL`] order).
    pub by_type: [usize; TRAVEL_TYPE_COUNT],
    /// Reachabilities whose type is none of the 19 known values.
    pub unknown: usize,
}

impl TravelTypeCounts {
    /// The count of one type.
    #[must_use]
    pub fn get(&self, travel_type: TravelType) -> usize {
        self.by_type
            .get(travel_type.position())
            .copied()
            .unwrap_or(0)
    }

    /// Adds one reachability whose stored `traveltype` is `raw`.
    pub fn add_raw(&mut self, raw: i32) {
        let slot = TravelType::from_raw(raw).and_then(|t| self.by_type.get_mut(t.position()));
        match slot {
            Some(count) => *count += 1,
            None => self.unknown += 1,
        }
    }

    /// `(type, count)` for every type, in value order (zero counts included).
    pub fn iter(&self) -> impl Iterator<Item = (TravelType, usize)> + '_ {
        TravelType::ALL
            .into_iter()
            .zip(self.by_type.iter().copied())
    }

    /// Sum of all counts, unknown types included.
    #[must_use]
    pub fn total(&self) -> usize {
        self.by_type.iter().sum::<usize>() + self.unknown
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
        assert_eq!(TravelType::Invalid.travel_flag(), 0x1);
        assert_eq!(TravelType::Ladder.travel_flag(), 0x20);
        assert_eq!(TravelType::WalkOffLedge.travel_flag(), 0x80);
        assert_eq!(TravelType::Elevator.travel_flag(), 0x800);
        assert_eq!(TravelType::StrafeJump.travel_flag(), 0x20000);
        assert_eq!(TravelType::JumpPad.travel_flag(), 0x40000);
        assert_eq!(TravelType::FuncBob.travel_flag(), 0x0100_0000);
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
    fn counts() {
        let mut counts = TravelTypeCounts::default();
        for raw in [2, 2, (2 << 24) | 5, 0, 99, -1] {
            counts.add_raw(raw);
        }
        assert_eq!(counts.get(TravelType::Walk), 2);
        assert_eq!(counts.get(TravelType::Jump), 1);
        assert_eq!(counts.unknown, 3);
        assert_eq!(counts.total(), 6);
        assert_eq!(counts.iter().count(), TRAVEL_TYPE_COUNT);
    }
}
