// clatter_w.c: Clatter's weapon weights: the shotgun and the gauntlet up close, whatever else at range.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#include "inv.h"
#define WW_SHOTGUN 180
#define WW_GAUNTLET 25
#define WW_RAILGUN 50
#define WW_LIGHTNING 130
#include "bots/fw_weap.c"
