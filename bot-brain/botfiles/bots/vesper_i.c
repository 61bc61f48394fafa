// vesper_i.c: Vesper's item weights: the railgun and its slugs above all, little interest in armor.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#include "inv.h"
#define IW_RAILGUN 140
#define IW_AMMO 30
#define IW_ARMOR 25
#define IW_SHOTGUN 20
#include "bots/fw_items.c"
