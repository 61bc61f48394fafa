// vesper_w.c: Vesper's weapon weights: the railgun at every range, splash weapons last.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#include "inv.h"
#define WW_RAILGUN 220
#define WW_MACHINEGUN 70
#define WW_GRENADELAUNCHER 30
#define WW_ROCKETLAUNCHER 90
#include "bots/fw_weap.c"
