// bastion_w.c: Bastion's weapon weights: grenades and the lightning gun from cover.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#include "inv.h"
#define WW_GRENADELAUNCHER 120
#define WW_LIGHTNING 130
#define WW_PLASMAGUN 110
#define WW_SHOTGUN 60
#include "bots/fw_weap.c"
