// kestrel_i.c: Kestrel's item weights: the rocket launcher and rockets (her way up), and haste.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#include "inv.h"
#define IW_ROCKETLAUNCHER 150
#define IW_AMMO 35
#define IW_POWERUP 90
#define IW_PLASMAGUN 70
#include "bots/fw_items.c"
