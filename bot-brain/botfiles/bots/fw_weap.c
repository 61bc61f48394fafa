// fw_weap.c: the shared body of the weapon weights (which weapon to fight with,
// by what the bot holds and how far away its enemy is). Part of the q3 bot
// toolkit's default botfiles; MIT OR Apache-2.0.
//
// A bot's *_w.c file may #define any WW_* value below before including this
// file. A weapon the bot lacks, or has no ammunition for, weighs 0; otherwise
// its weight depends on ENEMY_HORIZONTAL_DIST (units): splash weapons are poor
// up close (the bot would hurt itself), the shotgun and the gauntlet only work
// near, the lightning gun reaches 768 units, the railgun is best far away.

#ifndef WW_GAUNTLET
#define WW_GAUNTLET 10
#endif
#ifndef WW_MACHINEGUN
#define WW_MACHINEGUN 40
#endif
#ifndef WW_SHOTGUN
#define WW_SHOTGUN 90
#endif
#ifndef WW_GRENADELAUNCHER
#define WW_GRENADELAUNCHER 60
#endif
#ifndef WW_ROCKETLAUNCHER
#define WW_ROCKETLAUNCHER 120
#endif
#ifndef WW_LIGHTNING
#define WW_LIGHTNING 110
#endif
#ifndef WW_RAILGUN
#define WW_RAILGUN 110
#endif
#ifndef WW_PLASMAGUN
#define WW_PLASMAGUN 100
#endif
#ifndef WW_BFG
#define WW_BFG 150
#endif

// Nothing without the weapon or without ammunition, else `body`.
#define ARMED(weapon, ammo, body) switch(weapon) { case 1: return 0; default: { switch(ammo) { case 1: return 0; default: { body } } } }

weight "Gauntlet"
{
	switch(INVENTORY_GAUNTLET)
	{
		case 1: return 0;
		default:
		{
			switch(ENEMY_HORIZONTAL_DIST)
			{
				case 64: return $evalint(WW_GAUNTLET*10);
				default: return WW_GAUNTLET;
			}
		}
	}
}

weight "Machinegun"
{
	ARMED(INVENTORY_MACHINEGUN, INVENTORY_BULLETS,
		switch(ENEMY_HORIZONTAL_DIST)
		{
			case 1500: return WW_MACHINEGUN;
			default: return $evalint(WW_MACHINEGUN/2);
		})
}

weight "Shotgun"
{
	ARMED(INVENTORY_SHOTGUN, INVENTORY_SHELLS,
		switch(ENEMY_HORIZONTAL_DIST)
		{
			case 300: return WW_SHOTGUN;
			case 700: return $evalint(WW_SHOTGUN/2);
			default: return $evalint(WW_SHOTGUN/10);
		})
}

weight "Grenade Launcher"
{
	ARMED(INVENTORY_GRENADELAUNCHER, INVENTORY_GRENADES,
		switch(ENEMY_HORIZONTAL_DIST)
		{
			case 150: return $evalint(WW_GRENADELAUNCHER/4);
			case 600: return WW_GRENADELAUNCHER;
			default: return $evalint(WW_GRENADELAUNCHER/4);
		})
}

weight "Rocket Launcher"
{
	ARMED(INVENTORY_ROCKETLAUNCHER, INVENTORY_ROCKETS,
		switch(ENEMY_HORIZONTAL_DIST)
		{
			case 120: return $evalint(WW_ROCKETLAUNCHER/4);
			case 1000: return WW_ROCKETLAUNCHER;
			default: return $evalint(WW_ROCKETLAUNCHER/2);
		})
}

weight "Lightning Gun"
{
	ARMED(INVENTORY_LIGHTNING, INVENTORY_LIGHTNINGAMMO,
		switch(ENEMY_HORIZONTAL_DIST)
		{
			case 768: return WW_LIGHTNING;
			default: return 0;
		})
}

weight "Railgun"
{
	ARMED(INVENTORY_RAILGUN, INVENTORY_SLUGS,
		switch(ENEMY_HORIZONTAL_DIST)
		{
			case 200: return $evalint(WW_RAILGUN/2);
			case 800: return $evalint(WW_RAILGUN*4/5);
			default: return WW_RAILGUN;
		})
}

weight "Plasma Gun"
{
	ARMED(INVENTORY_PLASMAGUN, INVENTORY_CELLS,
		switch(ENEMY_HORIZONTAL_DIST)
		{
			case 60: return $evalint(WW_PLASMAGUN/3);
			case 900: return WW_PLASMAGUN;
			default: return $evalint(WW_PLASMAGUN/3);
		})
}

weight "BFG10K"
{
	ARMED(INVENTORY_BFG10K, INVENTORY_BFGAMMO,
		switch(ENEMY_HORIZONTAL_DIST)
		{
			case 150: return $evalint(WW_BFG/4);
			default: return WW_BFG;
		})
}
