// bastion_i.c: Bastion's item weights: armor, health and holdables first; the grenade launcher for covering doors.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#include "inv.h"
#define IW_ARMOR 70
#define IW_HEALTH 60
#define IW_MEGA 130
#define IW_HOLDABLE 80
#define IW_GRENADELAUNCHER 60
#define IW_QUAD 70
#include "bots/fw_items.c"
