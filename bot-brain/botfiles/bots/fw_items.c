// fw_items.c: the shared body of the item weights (how much a bot wants each item
// class, by what it already holds). Part of the q3 bot toolkit's default
// botfiles; MIT OR Apache-2.0.
//
// A bot's *_i.c file may #define any IW_* value below before including this file;
// the rest keep these defaults. Only relative values matter: the goal code
// divides a weight by the travel time to the item. A weight of 0 means "never go
// for it". Health and armor matter more the less the bot has; a weapon the bot
// already owns is worth little (only its ammunition); ammunition matters only
// for a weapon the bot owns and runs low on.

#ifndef IW_ARMOR
#define IW_ARMOR 40
#endif
#ifndef IW_HEALTH
#define IW_HEALTH 40
#endif
#ifndef IW_MEGA
#define IW_MEGA 90
#endif
#ifndef IW_SHOTGUN
#define IW_SHOTGUN 40
#endif
#ifndef IW_MACHINEGUN
#define IW_MACHINEGUN 15
#endif
#ifndef IW_GRENADELAUNCHER
#define IW_GRENADELAUNCHER 35
#endif
#ifndef IW_ROCKETLAUNCHER
#define IW_ROCKETLAUNCHER 70
#endif
#ifndef IW_LIGHTNING
#define IW_LIGHTNING 60
#endif
#ifndef IW_RAILGUN
#define IW_RAILGUN 60
#endif
#ifndef IW_PLASMAGUN
#define IW_PLASMAGUN 55
#endif
#ifndef IW_BFG
#define IW_BFG 80
#endif
#ifndef IW_AMMO
#define IW_AMMO 20
#endif
#ifndef IW_HOLDABLE
#define IW_HOLDABLE 45
#endif
#ifndef IW_QUAD
#define IW_QUAD 100
#endif
#ifndef IW_POWERUP
#define IW_POWERUP 70
#endif
#ifndef IW_FLAG
#define IW_FLAG 300
#endif
#ifndef IW_ROAM
#define IW_ROAM 1
#endif

// A weight the bot may be undecided about: between half and twice its value.
#define LOOSE(w) balance(w, $evalint(w/2), $evalint(w*2))

// Armor: wanted most when the bot has little.
weight "item_armor_shard"
{
	switch(INVENTORY_ARMOR)
	{
		case 50: return LOOSE($evalint(IW_ARMOR/2));
		case 150: return $evalint(IW_ARMOR/4);
		case 200: return $evalint(IW_ARMOR/8);
		default: return 0;
	}
}

weight "item_armor_combat"
{
	switch(INVENTORY_ARMOR)
	{
		case 50: return LOOSE(IW_ARMOR);
		case 100: return $evalint(IW_ARMOR*3/4);
		case 150: return $evalint(IW_ARMOR/3);
		default: return 0;
	}
}

weight "item_armor_body"
{
	switch(INVENTORY_ARMOR)
	{
		case 50: return LOOSE($evalint(IW_ARMOR*3/2));
		case 100: return $evalint(IW_ARMOR*5/4);
		case 150: return $evalint(IW_ARMOR*3/4);
		case 200: return $evalint(IW_ARMOR/4);
		default: return 0;
	}
}

// Health: the small and mega kinds go above 100, the others stop there.
weight "item_health_small"
{
	switch(INVENTORY_HEALTH)
	{
		case 50: return LOOSE($evalint(IW_HEALTH/2));
		case 100: return $evalint(IW_HEALTH/4);
		case 200: return $evalint(IW_HEALTH/8);
		default: return 0;
	}
}

weight "item_health"
{
	switch(INVENTORY_HEALTH)
	{
		case 30: return LOOSE($evalint(IW_HEALTH*3/2));
		case 60: return IW_HEALTH;
		case 100: return $evalint(IW_HEALTH/3);
		default: return 0;
	}
}

weight "item_health_large"
{
	switch(INVENTORY_HEALTH)
	{
		case 30: return LOOSE($evalint(IW_HEALTH*2));
		case 60: return $evalint(IW_HEALTH*3/2);
		case 100: return $evalint(IW_HEALTH/2);
		default: return 0;
	}
}

weight "item_health_mega"
{
	switch(INVENTORY_HEALTH)
	{
		case 100: return LOOSE(IW_MEGA);
		case 150: return $evalint(IW_MEGA/2);
		case 200: return $evalint(IW_MEGA/5);
		default: return 0;
	}
}

// Weapons: worth their value when not owned, a little (for the ammunition) when
// owned.
#define WEAPON_ITEM(slot, w) switch(slot) { case 1: return LOOSE(w); default: return $evalint(w/10); }

weight "weapon_gauntlet" { WEAPON_ITEM(INVENTORY_GAUNTLET, 1) }
weight "weapon_shotgun" { WEAPON_ITEM(INVENTORY_SHOTGUN, IW_SHOTGUN) }
weight "weapon_machinegun" { WEAPON_ITEM(INVENTORY_MACHINEGUN, IW_MACHINEGUN) }
weight "weapon_grenadelauncher" { WEAPON_ITEM(INVENTORY_GRENADELAUNCHER, IW_GRENADELAUNCHER) }
weight "weapon_rocketlauncher" { WEAPON_ITEM(INVENTORY_ROCKETLAUNCHER, IW_ROCKETLAUNCHER) }
weight "weapon_lightning" { WEAPON_ITEM(INVENTORY_LIGHTNING, IW_LIGHTNING) }
weight "weapon_railgun" { WEAPON_ITEM(INVENTORY_RAILGUN, IW_RAILGUN) }
weight "weapon_plasmagun" { WEAPON_ITEM(INVENTORY_PLASMAGUN, IW_PLASMAGUN) }
weight "weapon_bfg" { WEAPON_ITEM(INVENTORY_BFG10K, IW_BFG) }

// Ammunition: nothing without the weapon; more the less the bot has, nothing
// once it has plenty (`low` and `full` are counts).
#define AMMO_ITEM(weapon, ammo, low, full) switch(weapon) { case 1: return 0; default: { switch(ammo) { case low: return LOOSE(IW_AMMO); case full: return $evalint(IW_AMMO/3); default: return 0; } } }

weight "ammo_shells" { AMMO_ITEM(INVENTORY_SHOTGUN, INVENTORY_SHELLS, 10, 40) }
weight "ammo_bullets" { AMMO_ITEM(INVENTORY_MACHINEGUN, INVENTORY_BULLETS, 50, 150) }
weight "ammo_grenades" { AMMO_ITEM(INVENTORY_GRENADELAUNCHER, INVENTORY_GRENADES, 5, 20) }
weight "ammo_cells" { AMMO_ITEM(INVENTORY_PLASMAGUN, INVENTORY_CELLS, 30, 120) }
weight "ammo_lightning" { AMMO_ITEM(INVENTORY_LIGHTNING, INVENTORY_LIGHTNINGAMMO, 60, 150) }
weight "ammo_rockets" { AMMO_ITEM(INVENTORY_ROCKETLAUNCHER, INVENTORY_ROCKETS, 5, 20) }
weight "ammo_slugs" { AMMO_ITEM(INVENTORY_RAILGUN, INVENTORY_SLUGS, 5, 20) }
weight "ammo_bfg" { AMMO_ITEM(INVENTORY_BFG10K, INVENTORY_BFGAMMO, 10, 30) }

// Holdables: one at a time, so only when the bot holds neither.
weight "holdable_teleporter"
{
	switch(INVENTORY_TELEPORTER)
	{
		case 1:
		{
			switch(INVENTORY_MEDKIT)
			{
				case 1: return LOOSE(IW_HOLDABLE);
				default: return 0;
			}
		}
		default: return 0;
	}
}

weight "holdable_medkit"
{
	switch(INVENTORY_MEDKIT)
	{
		case 1:
		{
			switch(INVENTORY_TELEPORTER)
			{
				case 1: return LOOSE($evalint(IW_HOLDABLE*6/5));
				default: return 0;
			}
		}
		default: return 0;
	}
}

// Powerups: always worth a detour.
weight "item_quad" { return LOOSE(IW_QUAD); }
weight "item_enviro" { return LOOSE($evalint(IW_POWERUP*2/3)); }
weight "item_haste" { return LOOSE(IW_POWERUP); }
weight "item_invis" { return LOOSE(IW_POWERUP); }
weight "item_regen" { return LOOSE(IW_POWERUP); }
weight "item_flight" { return LOOSE($evalint(IW_POWERUP/2)); }

// Flags: the team code decides which flag matters; here both are worth a lot.
weight "team_CTF_redflag" { return IW_FLAG; }
weight "team_CTF_blueflag" { return IW_FLAG; }

// Roam spots: only when nothing else is worth it.
weight "item_botroam" { return IW_ROAM; }
