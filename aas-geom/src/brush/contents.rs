//! Quake III content and surface flags, as stored in `.bsp` shaders and implied by `.map` textures.

use bitflags::bitflags;
use serde::{Deserialize, Serialize};

bitflags! {
    /// What a brush is made of (Quake III `CONTENTS_*` values, as stored in the shader lump of
    /// an IBSP file).
    ///
    /// Unknown bits read from a file are kept, so that a world read from a `.bsp` reports exactly
    /// what the file says.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
    #[serde(transparent)]
    pub struct Contents: u32 {
        /// Blocks players and shots.
        const SOLID = 0x1;
        /// Lava: hurts.
        const LAVA = 0x8;
        /// Slime: hurts.
        const SLIME = 0x10;
        /// Water: swimmable.
        const WATER = 0x20;
        /// Fog volume.
        const FOG = 0x40;
        /// Players of team 1 may not enter (team-restricted areas).
        const NOTTEAM1 = 0x80;
        /// Players of team 2 may not enter.
        const NOTTEAM2 = 0x100;
        /// Bots may not be clipped by this brush.
        const NOBOTCLIP = 0x200;
        /// Area portal (door separation for the renderer's area visibility).
        const AREAPORTAL = 0x8000;
        /// Blocks players but not shots.
        const PLAYERCLIP = 0x1_0000;
        /// Blocks monsters.
        const MONSTERCLIP = 0x2_0000;
        /// Teleporter trigger volume (bot-specific content).
        const TELEPORTER = 0x4_0000;
        /// Jump pad trigger volume (bot-specific content).
        const JUMPPAD = 0x8_0000;
        /// Cluster portal: separates AAS clusters.
        const CLUSTERPORTAL = 0x10_0000;
        /// Bots must not enter.
        const DONOTENTER = 0x20_0000;
        /// Blocks bots only.
        const BOTCLIP = 0x40_0000;
        /// Part of a mover (door, platform).
        const MOVER = 0x80_0000;
        /// Origin brush of a rotating entity; removed by the map compiler.
        const ORIGIN = 0x100_0000;
        /// A player body.
        const BODY = 0x200_0000;
        /// A corpse.
        const CORPSE = 0x400_0000;
        /// Detail brush: does not split the visibility tree.
        const DETAIL = 0x800_0000;
        /// Structural brush.
        const STRUCTURAL = 0x1000_0000;
        /// Translucent surface (does not block vision).
        const TRANSLUCENT = 0x2000_0000;
        /// Trigger volume.
        const TRIGGER = 0x4000_0000;
        /// Items dropped here are removed.
        const NODROP = 0x8000_0000;
        /// Every other bit is kept as read.
        const _ = !0;
    }
}

impl Contents {
    /// The liquids a player can swim in.
    pub const LIQUID: Self = Self::WATER.union(Self::LAVA).union(Self::SLIME);

    /// Whether the contents block a walking player (solid or player clip).
    #[must_use]
    pub const fn blocks_player(self) -> bool {
        self.intersects(Self::SOLID.union(Self::PLAYERCLIP))
    }
}

bitflags! {
    /// Surface properties of a brush side or draw surface (Quake III `SURF_*` values).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
    #[serde(transparent)]
    pub struct SurfaceFlags: u32 {
        /// No falling damage when landing on it.
        const NODAMAGE = 0x1;
        /// Slippery: no friction.
        const SLICK = 0x2;
        /// Sky.
        const SKY = 0x4;
        /// Climbable ladder.
        const LADDER = 0x8;
        /// Shots do not impact.
        const NOIMPACT = 0x10;
        /// No decal marks.
        const NOMARKS = 0x20;
        /// Flesh sounds and effects.
        const FLESH = 0x40;
        /// Not drawn.
        const NODRAW = 0x80;
        /// BSP hint: split here.
        const HINT = 0x100;
        /// Ignored by the BSP compiler.
        const SKIP = 0x200;
        /// No lightmap.
        const NOLIGHTMAP = 0x400;
        /// Point light.
        const POINTLIGHT = 0x800;
        /// Metal footsteps.
        const METALSTEPS = 0x1000;
        /// No footsteps.
        const NOSTEPS = 0x2000;
        /// Does not clip.
        const NONSOLID = 0x4000;
        /// Light filter.
        const LIGHTFILTER = 0x8000;
        /// Alpha shadow.
        const ALPHASHADOW = 0x1_0000;
        /// No dynamic light.
        const NODLIGHT = 0x2_0000;
        /// Dust when landing.
        const DUST = 0x4_0000;
        /// Every other bit is kept as read.
        const _ = !0;
    }
}
