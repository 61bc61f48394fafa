// default_i.c: the item weights of the default character, with every shared
// default of fw_items.c. Part of the q3 bot toolkit's default botfiles;
// MIT OR Apache-2.0.

#include "inv.h"
#include "bots/fw_items.c"
