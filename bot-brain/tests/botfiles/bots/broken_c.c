// Broken: a signed value in the skill 4 block.
#include "traits.h"
skill 1 { T_NAME "Broken" T_REACT 1.0 }
skill 4 {
	T_NAME "Broken"
	T_REACT -1.0
}
skill 5 { T_NAME "Broken" }
