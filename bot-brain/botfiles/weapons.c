// weapons.c: the nine weapons and what they fire, for weapon choice and aim.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.
// Damage, splash radius, projectile speed (units per second; 0 = instant) and
// fire interval (reload, seconds) are the game's values. The weapon names are
// the names the weapon weights (bots/*_w.c) use.

#include "inv.h"

// Damage kinds (bits).
#define DAMAGE_IMPACT  1
#define DAMAGE_SPLASH  2
#define DAMAGE_BOTH    $evalint(DAMAGE_IMPACT|DAMAGE_SPLASH)

projectileinfo
{
	name        "fist"
	damage      50
	damagetype  DAMAGE_IMPACT
}

weaponinfo
{
	name        "Gauntlet"
	number      WEAPONINDEX_GAUNTLET
	projectile  "fist"
	numprojectiles 1
	speed       0
	reload      0.4
}

projectileinfo
{
	name        "bullet"
	damage      7
	damagetype  DAMAGE_IMPACT
}

weaponinfo
{
	name        "Machinegun"
	number      WEAPONINDEX_MACHINEGUN
	projectile  "bullet"
	numprojectiles 1
	speed       0
	hspread     200
	vspread     200
	reload      0.1
	ammoindex   INVENTORY_BULLETS
	ammoamount  1
}

projectileinfo
{
	name        "pellet"
	damage      10
	damagetype  DAMAGE_IMPACT
}

weaponinfo
{
	name        "Shotgun"
	number      WEAPONINDEX_SHOTGUN
	projectile  "pellet"
	numprojectiles 11
	speed       0
	hspread     700
	vspread     700
	reload      1.0
	ammoindex   INVENTORY_SHELLS
	ammoamount  1
}

projectileinfo
{
	name        "grenade"
	damage      100
	radius      150
	damagetype  DAMAGE_BOTH
	gravity     1.0
	bounce      0.65
}

weaponinfo
{
	name        "Grenade Launcher"
	number      WEAPONINDEX_GRENADE_LAUNCHER
	projectile  "grenade"
	numprojectiles 1
	speed       700
	reload      0.8
	ammoindex   INVENTORY_GRENADES
	ammoamount  1
}

projectileinfo
{
	name        "rocket"
	damage      100
	radius      120
	damagetype  DAMAGE_BOTH
}

weaponinfo
{
	name        "Rocket Launcher"
	number      WEAPONINDEX_ROCKET_LAUNCHER
	projectile  "rocket"
	numprojectiles 1
	speed       900
	reload      0.8
	ammoindex   INVENTORY_ROCKETS
	ammoamount  1
}

projectileinfo
{
	name        "beam"
	damage      8
	damagetype  DAMAGE_IMPACT
}

weaponinfo
{
	name        "Lightning Gun"
	number      WEAPONINDEX_LIGHTNING
	projectile  "beam"
	numprojectiles 1
	speed       0
	reload      0.05
	ammoindex   INVENTORY_LIGHTNINGAMMO
	ammoamount  1
}

projectileinfo
{
	name        "slug"
	damage      100
	damagetype  DAMAGE_IMPACT
}

weaponinfo
{
	name        "Railgun"
	number      WEAPONINDEX_RAILGUN
	projectile  "slug"
	numprojectiles 1
	speed       0
	reload      1.5
	ammoindex   INVENTORY_SLUGS
	ammoamount  1
}

projectileinfo
{
	name        "plasmaball"
	damage      20
	radius      20
	damagetype  DAMAGE_BOTH
}

weaponinfo
{
	name        "Plasma Gun"
	number      WEAPONINDEX_PLASMAGUN
	projectile  "plasmaball"
	numprojectiles 1
	speed       2000
	reload      0.1
	ammoindex   INVENTORY_CELLS
	ammoamount  1
}

projectileinfo
{
	name        "bfgball"
	damage      100
	radius      120
	damagetype  DAMAGE_BOTH
}

weaponinfo
{
	name        "BFG10K"
	number      WEAPONINDEX_BFG
	projectile  "bfgball"
	numprojectiles 1
	speed       2000
	reload      0.2
	ammoindex   INVENTORY_BFGAMMO
	ammoamount  1
}
