// syn.h: synonym contexts of syn.c (bit masks; nested contexts OR their bits).
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#define CONTEXT_NORMAL             1
#define CONTEXT_NEARBYITEM         2
#define CONTEXT_CTFREDTEAM         4
#define CONTEXT_CTFBLUETEAM        8
#define CONTEXT_REPLY              16
#define CONTEXT_OBELISKREDTEAM     32
#define CONTEXT_OBELISKBLUETEAM    64
#define CONTEXT_HARVESTERREDTEAM   128
#define CONTEXT_HARVESTERBLUETEAM  256
#define CONTEXT_NAMES              1024
#define CONTEXT_ALL                0xFFFFFFFF
