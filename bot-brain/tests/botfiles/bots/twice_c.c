// Twice: one slot set twice in skill 5 (an error met only when skill 5 is read).
#include "traits.h"
skill 1 { T_NAME "Twice" }
skill 4 { T_NAME "Twice" }
skill 5 { T_NAME "Twice" T_REACT 1.0 T_REACT 2.0 }
