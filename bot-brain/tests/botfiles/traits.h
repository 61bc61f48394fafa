// Slot numbers for the test characters (written for this project).
#define T_NAME      0
#define T_GENDER    1
#define T_ATTACK    2
#define T_VIEWMAX   5
#define T_REACT     6
#define T_CPM       23
#define T_JUMPER    37
#define T_ITEMS     40
#define T_CAMPER    44
