// items.c: what each item class is, for the goal code: display name, model,
// model index, kind, inventory slot, respawn time (seconds) and pickup box.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.
// Respawn times are the game's: armor 25, health 35, weapons 5 (free-for-all),
// ammo 40, holdables 60, powerups 120; flags do not respawn.

#include "inv.h"

// Item kinds.
#define NOITEM   0
#define AMMOI    1
#define WEAPONI  2
#define HEALTHI  3
#define ARMORI   4
#define POWERI   5
#define FLAGI    6
#define ROAMI    7
// Holdables are powerups to the goal code.
#define HOLDI    POWERI

iteminfo "item_armor_shard"
{
	name        "Armor Shard"
	model       "models/powerups/armor/shard.md3"
	modelindex  MODELINDEX_ARMORSHARD
	type        ARMORI
	index       INVENTORY_ARMOR
	respawntime 25
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_armor_combat"
{
	name        "Combat Armor"
	model       "models/powerups/armor/armor_yel.md3"
	modelindex  MODELINDEX_ARMORCOMBAT
	type        ARMORI
	index       INVENTORY_ARMOR
	respawntime 25
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_armor_body"
{
	name        "Body Armor"
	model       "models/powerups/armor/armor_red.md3"
	modelindex  MODELINDEX_ARMORBODY
	type        ARMORI
	index       INVENTORY_ARMOR
	respawntime 25
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_health_small"
{
	name        "5 Health"
	model       "models/powerups/health/small_cross.md3"
	modelindex  MODELINDEX_HEALTHSMALL
	type        HEALTHI
	index       INVENTORY_HEALTH
	respawntime 35
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_health"
{
	name        "25 Health"
	model       "models/powerups/health/medium_cross.md3"
	modelindex  MODELINDEX_HEALTH
	type        HEALTHI
	index       INVENTORY_HEALTH
	respawntime 35
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_health_large"
{
	name        "50 Health"
	model       "models/powerups/health/large_cross.md3"
	modelindex  MODELINDEX_HEALTHLARGE
	type        HEALTHI
	index       INVENTORY_HEALTH
	respawntime 35
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_health_mega"
{
	name        "Mega Health"
	model       "models/powerups/health/mega_cross.md3"
	modelindex  MODELINDEX_HEALTHMEGA
	type        HEALTHI
	index       INVENTORY_HEALTH
	respawntime 35
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "weapon_gauntlet"
{
	name        "Gauntlet"
	model       "models/weapons2/gauntlet/gauntlet.md3"
	modelindex  MODELINDEX_GAUNTLET
	type        WEAPONI
	index       INVENTORY_GAUNTLET
	respawntime 5
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "weapon_shotgun"
{
	name        "Shotgun"
	model       "models/weapons2/shotgun/shotgun.md3"
	modelindex  MODELINDEX_SHOTGUN
	type        WEAPONI
	index       INVENTORY_SHOTGUN
	respawntime 5
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "weapon_machinegun"
{
	name        "Machinegun"
	model       "models/weapons2/machinegun/machinegun.md3"
	modelindex  MODELINDEX_MACHINEGUN
	type        WEAPONI
	index       INVENTORY_MACHINEGUN
	respawntime 5
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "weapon_grenadelauncher"
{
	name        "Grenade Launcher"
	model       "models/weapons2/grenadel/grenadel.md3"
	modelindex  MODELINDEX_GRENADELAUNCHER
	type        WEAPONI
	index       INVENTORY_GRENADELAUNCHER
	respawntime 5
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "weapon_rocketlauncher"
{
	name        "Rocket Launcher"
	model       "models/weapons2/rocketl/rocketl.md3"
	modelindex  MODELINDEX_ROCKETLAUNCHER
	type        WEAPONI
	index       INVENTORY_ROCKETLAUNCHER
	respawntime 5
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "weapon_lightning"
{
	name        "Lightning Gun"
	model       "models/weapons2/lightning/lightning.md3"
	modelindex  MODELINDEX_LIGHTNING
	type        WEAPONI
	index       INVENTORY_LIGHTNING
	respawntime 5
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "weapon_railgun"
{
	name        "Railgun"
	model       "models/weapons2/railgun/railgun.md3"
	modelindex  MODELINDEX_RAILGUN
	type        WEAPONI
	index       INVENTORY_RAILGUN
	respawntime 5
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "weapon_plasmagun"
{
	name        "Plasma Gun"
	model       "models/weapons2/plasma/plasma.md3"
	modelindex  MODELINDEX_PLASMAGUN
	type        WEAPONI
	index       INVENTORY_PLASMAGUN
	respawntime 5
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "weapon_bfg"
{
	name        "BFG10K"
	model       "models/weapons2/bfg/bfg.md3"
	modelindex  MODELINDEX_BFG10K
	type        WEAPONI
	index       INVENTORY_BFG10K
	respawntime 5
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "ammo_shells"
{
	name        "Shells"
	model       "models/powerups/ammo/shotgunam.md3"
	modelindex  MODELINDEX_SHELLS
	type        AMMOI
	index       INVENTORY_SHELLS
	respawntime 40
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "ammo_bullets"
{
	name        "Bullets"
	model       "models/powerups/ammo/machinegunam.md3"
	modelindex  MODELINDEX_BULLETS
	type        AMMOI
	index       INVENTORY_BULLETS
	respawntime 40
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "ammo_grenades"
{
	name        "Grenades"
	model       "models/powerups/ammo/grenadeam.md3"
	modelindex  MODELINDEX_GRENADES
	type        AMMOI
	index       INVENTORY_GRENADES
	respawntime 40
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "ammo_cells"
{
	name        "Cells"
	model       "models/powerups/ammo/plasmaam.md3"
	modelindex  MODELINDEX_CELLS
	type        AMMOI
	index       INVENTORY_CELLS
	respawntime 40
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "ammo_lightning"
{
	name        "Lightning"
	model       "models/powerups/ammo/lightningam.md3"
	modelindex  MODELINDEX_LIGHTNINGAMMO
	type        AMMOI
	index       INVENTORY_LIGHTNINGAMMO
	respawntime 40
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "ammo_rockets"
{
	name        "Rockets"
	model       "models/powerups/ammo/rocketam.md3"
	modelindex  MODELINDEX_ROCKETS
	type        AMMOI
	index       INVENTORY_ROCKETS
	respawntime 40
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "ammo_slugs"
{
	name        "Slugs"
	model       "models/powerups/ammo/railgunam.md3"
	modelindex  MODELINDEX_SLUGS
	type        AMMOI
	index       INVENTORY_SLUGS
	respawntime 40
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "ammo_bfg"
{
	name        "BFG Ammo"
	model       "models/powerups/ammo/bfgam.md3"
	modelindex  MODELINDEX_BFGAMMO
	type        AMMOI
	index       INVENTORY_BFGAMMO
	respawntime 40
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "holdable_teleporter"
{
	name        "Personal Teleporter"
	model       "models/powerups/holdable/teleporter.md3"
	modelindex  MODELINDEX_TELEPORTER
	type        HOLDI
	index       INVENTORY_TELEPORTER
	respawntime 60
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "holdable_medkit"
{
	name        "Medkit"
	model       "models/powerups/holdable/medkit.md3"
	modelindex  MODELINDEX_MEDKIT
	type        HOLDI
	index       INVENTORY_MEDKIT
	respawntime 60
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_quad"
{
	name        "Quad Damage"
	model       "models/powerups/instant/quad.md3"
	modelindex  MODELINDEX_QUAD
	type        POWERI
	index       INVENTORY_QUAD
	respawntime 120
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_enviro"
{
	name        "Battle Suit"
	model       "models/powerups/instant/enviro.md3"
	modelindex  MODELINDEX_ENVIRONMENTSUIT
	type        POWERI
	index       INVENTORY_ENVIRONMENTSUIT
	respawntime 120
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_haste"
{
	name        "Speed"
	model       "models/powerups/instant/haste.md3"
	modelindex  MODELINDEX_HASTE
	type        POWERI
	index       INVENTORY_HASTE
	respawntime 120
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_invis"
{
	name        "Invisibility"
	model       "models/powerups/instant/invis.md3"
	modelindex  MODELINDEX_INVISIBILITY
	type        POWERI
	index       INVENTORY_INVISIBILITY
	respawntime 120
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_regen"
{
	name        "Regeneration"
	model       "models/powerups/instant/regen.md3"
	modelindex  MODELINDEX_REGEN
	type        POWERI
	index       INVENTORY_REGEN
	respawntime 120
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "item_flight"
{
	name        "Flight"
	model       "models/powerups/instant/flight.md3"
	modelindex  MODELINDEX_FLIGHT
	type        POWERI
	index       INVENTORY_FLIGHT
	respawntime 120
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "team_CTF_redflag"
{
	name        "Red Flag"
	model       "models/flags/r_flag.md3"
	modelindex  MODELINDEX_REDFLAG
	type        FLAGI
	index       INVENTORY_REDFLAG
	respawntime 0
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

iteminfo "team_CTF_blueflag"
{
	name        "Blue Flag"
	model       "models/flags/b_flag.md3"
	modelindex  MODELINDEX_BLUEFLAG
	type        FLAGI
	index       INVENTORY_BLUEFLAG
	respawntime 0
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}

// Roam spots placed by map makers: no model, nothing to pick up.
iteminfo "item_botroam"
{
	name        "Roam Spot"
	type        ROAMI
	mins        {-15, -15, -15}
	maxs        {15, 15, 15}
}
