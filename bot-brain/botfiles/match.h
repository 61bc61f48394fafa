// match.h: match contexts, message types, subtypes and variable slots of
// match.c and rchat.c templates.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

// The marker the game puts around player names and places in chat text.
#define EC "\x19"

// Match contexts (bit masks).
#define MTCONTEXT_MISC               2
#define MTCONTEXT_INITIALTEAMCHAT    4
#define MTCONTEXT_TIME               8
#define MTCONTEXT_TEAMMATE           16
#define MTCONTEXT_ADDRESSEE          32
#define MTCONTEXT_PATROLKEYAREA      64
#define MTCONTEXT_REPLYCHAT          128
#define MTCONTEXT_CTF                256

// Message types.
#define MSG_NEWLEADER              1
#define MSG_ENTERGAME              2
#define MSG_HELP                   3
#define MSG_ACCOMPANY              4
#define MSG_DEFENDKEYAREA          5
#define MSG_RUSHBASE               6
#define MSG_GETFLAG                7
#define MSG_STARTTEAMLEADERSHIP    8
#define MSG_STOPTEAMLEADERSHIP     9
#define MSG_WHOISTEAMLAEDER        10
#define MSG_WAIT                   11
#define MSG_WHATAREYOUDOING        12
#define MSG_JOINSUBTEAM            13
#define MSG_LEAVESUBTEAM           14
#define MSG_CREATENEWFORMATION     15
#define MSG_FORMATIONPOSITION      16
#define MSG_FORMATIONSPACE         17
#define MSG_DOFORMATION            18
#define MSG_DISMISS                19
#define MSG_CAMP                   20
#define MSG_CHECKPOINT             21
#define MSG_PATROL                 22
#define MSG_LEADTHEWAY             23
#define MSG_GETITEM                24
#define MSG_KILL                   25
#define MSG_WHEREAREYOU            26
#define MSG_RETURNFLAG             27
#define MSG_WHATISMYCOMMAND        28
#define MSG_WHICHTEAM              29
#define MSG_TASKPREFERENCE         30
#define MSG_ATTACKENEMYBASE        31
#define MSG_HARVEST                32
#define MSG_SUICIDE                33
#define MSG_ME                     100
#define MSG_EVERYONE               101
#define MSG_MULTIPLENAMES          102
#define MSG_NAME                   103
#define MSG_PATROLKEYAREA          104
#define MSG_MINUTES                105
#define MSG_SECONDS                106
#define MSG_FOREVER                107
#define MSG_FORALONGTIME           108
#define MSG_FORAWHILE              109
#define MSG_CHATALL                200
#define MSG_CHATTEAM               201
#define MSG_CHATTELL               202
#define MSG_CTF                    300

// Subtype flags.
#define ST_SOMEWHERE          0
#define ST_NEARITEM           1
#define ST_ADDRESSED          2
#define ST_METER              4
#define ST_FEET               8
#define ST_TIME               16
#define ST_HERE               32
#define ST_THERE              64
#define ST_I                  128
#define ST_MORE               256
#define ST_BACK               512
#define ST_REVERSE            1024
#define ST_SOMEONE            2048
#define ST_GOTFLAG            4096
#define ST_CAPTUREDFLAG       8192
#define ST_RETURNEDFLAG       16384
#define ST_TEAM               32768
#define ST_1FCTFGOTFLAG       65535
#define ST_DEFENDER           1
#define ST_ATTACKER           2
#define ST_ROAMER             4

// Variable slots (0..7) that templates capture into.
#define NETNAME            0
#define PLACE              1
#define FLAG               1
#define MESSAGE            2
#define ADDRESSEE          2
#define ITEM               3
#define TEAMMATE           4
#define TEAMNAME           4
#define ENEMY              4
#define KEYAREA            5
#define FORMATION          5
#define POSITION           5
#define NUMBER             5
#define TIME               6
#define NAME               6
#define MORE               6
#define THE_ENEMY          7
#define THE_TEAM           7
