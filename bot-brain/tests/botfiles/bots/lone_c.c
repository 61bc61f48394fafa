// Lone: only a skill 1 block, so skills 4 and 5 fall back to the default character.
#include "traits.h"
skill 1 { T_NAME "Lone" T_ATTACK 0.4 }
