//! [`TravelFlags`]: which travel types and which area contents a route may use (botlib's
//! `TFL_*` routing flags, with their values).

use bitflags::bitflags;

use crate::flags::{AreaContents, TravelTeamFlags};
use crate::travel_type::{Travel, TravelType};

bitflags! {
    /// Routing flags: one bit per travel type, and bits for the contents of the areas a route
    /// enters. A reachability or an area is allowed when every flag it requires is set.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(transparent))]
    pub struct TravelFlags: u32 {
        /// Travel type 1, invalid.
        const INVALID = 0x1;
        /// Walking.
        const WALK = 0x2;
        /// Crouching.
        const CROUCH = 0x4;
        /// A barrier jump.
        const BARRIERJUMP = 0x8;
        /// A jump.
        const JUMP = 0x10;
        /// A ladder.
        const LADDER = 0x20;
        /// Walking off a ledge.
        const WALKOFFLEDGE = 0x80;
        /// Swimming.
        const SWIM = 0x100;
        /// A water jump.
        const WATERJUMP = 0x200;
        /// A teleporter.
        const TELEPORT = 0x400;
        /// An elevator.
        const ELEVATOR = 0x800;
        /// A rocket jump.
        const ROCKETJUMP = 0x1000;
        /// A BFG jump.
        const BFGJUMP = 0x2000;
        /// The grappling hook.
        const GRAPPLEHOOK = 0x4000;
        /// A double jump.
        const DOUBLEJUMP = 0x8000;
        /// A ramp jump.
        const RAMPJUMP = 0x10000;
        /// A strafe jump.
        const STRAFEJUMP = 0x20000;
        /// A jump pad.
        const JUMPPAD = 0x40000;
        /// Areas in the air (neither water, slime nor lava).
        const AIR = 0x80000;
        /// Water areas.
        const WATER = 0x10_0000;
        /// Slime areas.
        const SLIME = 0x20_0000;
        /// Lava areas.
        const LAVA = 0x40_0000;
        /// Areas marked "do not enter".
        const DONOTENTER = 0x80_0000;
        /// A bobbing platform.
        const FUNCBOB = 0x100_0000;
        /// Flight.
        const FLIGHT = 0x200_0000;
        /// A bridge.
        const BRIDGE = 0x400_0000;
        /// Areas and reachabilities team 1 may not use.
        const NOTTEAM1 = 0x800_0000;
        /// Areas and reachabilities team 2 may not use.
        const NOTTEAM2 = 0x1000_0000;

        /// botlib's `TFL_DEFAULT`: every movement but rocket, BFG and grapple-hook jumps (and
        /// the never-generated double, ramp and strafe jumps), through air and water.
        const DEFAULT = Self::WALK.bits() | Self::CROUCH.bits() | Self::BARRIERJUMP.bits()
            | Self::JUMP.bits() | Self::LADDER.bits() | Self::WALKOFFLEDGE.bits()
            | Self::SWIM.bits() | Self::WATERJUMP.bits() | Self::TELEPORT.bits()
            | Self::ELEVATOR.bits() | Self::AIR.bits() | Self::WATER.bits()
            | Self::JUMPPAD.bits() | Self::FUNCBOB.bits();
    }
}

impl TravelFlags {
    /// The flag that allows travel type `kind`.
    #[must_use]
    pub const fn for_type(kind: TravelType) -> Self {
        match kind {
            TravelType::Invalid => Self::INVALID,
            TravelType::Walk => Self::WALK,
            TravelType::Crouch => Self::CROUCH,
            TravelType::BarrierJump => Self::BARRIERJUMP,
            TravelType::Jump => Self::JUMP,
            TravelType::Ladder => Self::LADDER,
            TravelType::WalkOffLedge => Self::WALKOFFLEDGE,
            TravelType::Swim => Self::SWIM,
            TravelType::WaterJump => Self::WATERJUMP,
            TravelType::Teleport => Self::TELEPORT,
            TravelType::Elevator => Self::ELEVATOR,
            TravelType::RocketJump => Self::ROCKETJUMP,
            TravelType::BfgJump => Self::BFGJUMP,
            TravelType::GrappleHook => Self::GRAPPLEHOOK,
            TravelType::DoubleJump => Self::DOUBLEJUMP,
            TravelType::RampJump => Self::RAMPJUMP,
            TravelType::StrafeJump => Self::STRAFEJUMP,
            TravelType::JumpPad => Self::JUMPPAD,
            TravelType::FuncBob => Self::FUNCBOB,
        }
    }

    /// The flags a reachability with this travel requires: its type's flag and its team
    /// flags. An unknown type requires [`INVALID`](Self::INVALID).
    #[must_use]
    pub fn for_travel(travel: Travel) -> Self {
        let mut flags = travel.kind().map_or(Self::INVALID, Self::for_type);
        let team = travel.team();
        if team.contains(TravelTeamFlags::NOTTEAM1) {
            flags |= Self::NOTTEAM1;
        }
        if team.contains(TravelTeamFlags::NOTTEAM2) {
            flags |= Self::NOTTEAM2;
        }
        flags
    }

    /// The flags entering an area with these contents requires: water, slime, lava or else
    /// air, plus "do not enter" and the team flags of the contents (botlib's area contents
    /// travel flags).
    #[must_use]
    pub fn for_contents(contents: AreaContents) -> Self {
        let mut flags = if contents.contains(AreaContents::WATER) {
            Self::WATER
        } else if contents.contains(AreaContents::SLIME) {
            Self::SLIME
        } else if contents.contains(AreaContents::LAVA) {
            Self::LAVA
        } else {
            Self::AIR
        };
        if contents.contains(AreaContents::DONOTENTER) {
            flags |= Self::DONOTENTER;
        }
        if contents.contains(AreaContents::NOTTEAM1) {
            flags |= Self::NOTTEAM1;
        }
        if contents.contains(AreaContents::NOTTEAM2) {
            flags |= Self::NOTTEAM2;
        }
        flags
    }

    /// Whether these flags allow something that requires `required`.
    #[must_use]
    pub const fn allow(self, required: Self) -> bool {
        required.bits() & !self.bits() == 0
    }
}

impl Default for TravelFlags {
    fn default() -> Self {
        Self::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::TravelFlags;
    use crate::flags::TravelTeamFlags;
    use crate::travel_type::{Travel, TravelType};

    #[test]
    fn each_type_has_its_botlib_flag() {
        let expected: [u32; 19] = [
            0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x80, 0x100, 0x200, 0x400, 0x800, 0x1000, 0x2000,
            0x4000, 0x8000, 0x1_0000, 0x2_0000, 0x4_0000, 0x100_0000,
        ];
        for (kind, bits) in TravelType::ALL.into_iter().zip(expected) {
            assert_eq!(TravelFlags::for_type(kind).bits(), bits, "{kind}");
        }
    }

    #[test]
    fn default_flags_allow_walking_but_not_rocket_jumps() {
        let walk = TravelFlags::for_travel(Travel::new(TravelType::Walk));
        let rocket = TravelFlags::for_travel(Travel::new(TravelType::RocketJump));
        assert!(TravelFlags::DEFAULT.allow(walk));
        assert!(!TravelFlags::DEFAULT.allow(rocket));
        assert!(TravelFlags::DEFAULT.allow(TravelFlags::AIR | TravelFlags::WATER));
        assert!(!TravelFlags::DEFAULT.allow(TravelFlags::LAVA));
        // A walk team 1 may not use needs the team-1 flag.
        let team_walk = TravelFlags::for_travel(
            Travel::new(TravelType::Walk).with_team(TravelTeamFlags::NOTTEAM1),
        );
        assert!(!TravelFlags::DEFAULT.allow(team_walk));
        assert!((TravelFlags::DEFAULT | TravelFlags::NOTTEAM1).allow(team_walk));
        assert_eq!(
            TravelFlags::for_travel(Travel::from_raw(99)),
            TravelFlags::INVALID
        );
    }
}
