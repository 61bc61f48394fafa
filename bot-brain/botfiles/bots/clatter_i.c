// clatter_i.c: Clatter's item weights: the shotgun and powerups, anything that gets him into a brawl faster.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#include "inv.h"
#define IW_SHOTGUN 90
#define IW_QUAD 160
#define IW_POWERUP 110
#define IW_HEALTH 30
#define IW_RAILGUN 25
#include "bots/fw_items.c"
