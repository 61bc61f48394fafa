// The default character of the test set: fills what the bots leave out.
#include "traits.h"

skill 1
{
	T_NAME     "Default"
	T_GENDER   "it"
	T_ATTACK   0.2
	T_CPM      300
	T_ITEMS    "bots/default_i.c"
	T_CAMPER   0.6
}

skill 4
{
	T_NAME     "Default"
	T_GENDER   "it"
	T_ATTACK   0.8
	T_CPM      300
	T_ITEMS    "bots/default_i.c"
	T_CAMPER   0.3
}

skill 5
{
	T_NAME     "Default"
	T_GENDER   "it"
	T_ATTACK   1.0
	T_CPM      300
	T_ITEMS    "bots/default_i.c"
	T_CAMPER   0.0
}
