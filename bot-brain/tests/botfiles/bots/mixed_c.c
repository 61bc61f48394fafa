// Mixed: a float at skill 1 and an integer at skill 4 (botlib leaves the slot unset between).
#include "traits.h"
skill 1 { T_NAME "Mixed" T_REACT 1.5 }
skill 4 { T_NAME "Mixed" T_REACT 1 }
skill 5 { T_NAME "Mixed" T_REACT 0 }
