// kestrel_w.c: Kestrel's weapon weights: rockets at mid range, plasma close.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#include "inv.h"
#define WW_ROCKETLAUNCHER 200
#define WW_PLASMAGUN 130
#define WW_RAILGUN 70
#include "bots/fw_weap.c"
