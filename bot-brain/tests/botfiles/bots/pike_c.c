// Pike: a complete three-anchor character (written for this project).
#include "TRAITS.H"
#define FAST 0.5

skill 1
{
	T_NAME     "Pike"
	T_GENDER   "Female"
	T_VIEWMAX  100
	T_REACT    2.0
	T_JUMPER   0.25
	T_CPM      200
}

skill 4
{
	T_NAME     "Pike"
	T_GENDER   "Female"
	T_VIEWMAX  250
	T_REACT    FAST
	T_JUMPER   0.75
	T_CPM      200
}

skill 5
{
	T_NAME     "Pike"
	T_GENDER   "Female"
	T_VIEWMAX  300
	T_REACT    0.25
	T_JUMPER   1.0
	T_CPM      260
}
