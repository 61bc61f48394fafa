// chars.h: the characteristic numbers of a bot character file (*_c.c).
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.
// Each characteristic is a slot 0..79; floats interpolate between skills,
// integers and strings do not.

// the bot's name (string)
#define CHARACTERISTIC_NAME                           0
// "male", "female" or "it" (string)
#define CHARACTERISTIC_GENDER                         1
// how well the bot moves in a fight, 0..1
#define CHARACTERISTIC_ATTACK_SKILL                   2
// weapon weight file (string)
#define CHARACTERISTIC_WEAPONWEIGHTS                  3
// how fast the view turns toward its aim, 0..1
#define CHARACTERISTIC_VIEW_FACTOR                    4
// largest view turn in degrees per second, 1..360
#define CHARACTERISTIC_VIEW_MAXCHANGE                 5
// seconds before reacting to an enemy, 0..5
#define CHARACTERISTIC_REACTIONTIME                   6
// overall aim accuracy, 0..1
#define CHARACTERISTIC_AIM_ACCURACY                   7
// machinegun aim accuracy, 0..1
#define CHARACTERISTIC_AIM_ACCURACY_MACHINEGUN        8
// shotgun aim accuracy, 0..1
#define CHARACTERISTIC_AIM_ACCURACY_SHOTGUN           9
// rocket launcher aim accuracy, 0..1
#define CHARACTERISTIC_AIM_ACCURACY_ROCKETLAUNCHER    10
// grenade launcher aim accuracy, 0..1
#define CHARACTERISTIC_AIM_ACCURACY_GRENADELAUNCHER   11
// lightning gun aim accuracy, 0..1
#define CHARACTERISTIC_AIM_ACCURACY_LIGHTNING         12
// plasma gun aim accuracy, 0..1
#define CHARACTERISTIC_AIM_ACCURACY_PLASMAGUN         13
// railgun aim accuracy, 0..1
#define CHARACTERISTIC_AIM_ACCURACY_RAILGUN           14
// BFG10K aim accuracy, 0..1
#define CHARACTERISTIC_AIM_ACCURACY_BFG10K            15
// overall aim skill (leading, splash shots), 0..1
#define CHARACTERISTIC_AIM_SKILL                      16
// rocket launcher aim skill, 0..1
#define CHARACTERISTIC_AIM_SKILL_ROCKETLAUNCHER       17
// grenade launcher aim skill, 0..1
#define CHARACTERISTIC_AIM_SKILL_GRENADELAUNCHER      18
// plasma gun aim skill, 0..1
#define CHARACTERISTIC_AIM_SKILL_PLASMAGUN            19
// BFG10K aim skill, 0..1
#define CHARACTERISTIC_AIM_SKILL_BFG10K               20
// initial chat file (string)
#define CHARACTERISTIC_CHAT_FILE                      21
// name of the chat block in that file (string)
#define CHARACTERISTIC_CHAT_NAME                      22
// typing speed in characters per minute, 1..4000 (integer)
#define CHARACTERISTIC_CHAT_CPM                       23
// chance of an insult, 0..1
#define CHARACTERISTIC_CHAT_INSULT                    24
// chance of a miscellaneous chat, 0..1
#define CHARACTERISTIC_CHAT_MISC                      25
// chance of a chat at level start and end, 0..1
#define CHARACTERISTIC_CHAT_STARTENDLEVEL             26
// chance of a chat on entering or leaving the game, 0..1
#define CHARACTERISTIC_CHAT_ENTEREXITGAME             27
// chance of a chat after a kill, 0..1
#define CHARACTERISTIC_CHAT_KILL                      28
// chance of a chat after dying, 0..1
#define CHARACTERISTIC_CHAT_DEATH                     29
// chance of a chat when an enemy kills itself, 0..1
#define CHARACTERISTIC_CHAT_ENEMYSUICIDE              30
// chance of a chat when hit while typing, 0..1
#define CHARACTERISTIC_CHAT_HITTALKING                31
// chance of a chat when hit and surviving, 0..1
#define CHARACTERISTIC_CHAT_HITNODEATH                32
// chance of a chat when a hit did not kill, 0..1
#define CHARACTERISTIC_CHAT_HITNOKILL                 33
// chance of a random chat, 0..1
#define CHARACTERISTIC_CHAT_RANDOM                    34
// chance of a reply, 0..1
#define CHARACTERISTIC_CHAT_REPLY                     35
// how often the bot crouches, 0..1
#define CHARACTERISTIC_CROUCHER                       36
// how often the bot jumps, 0..1
#define CHARACTERISTIC_JUMPER                         37
// how often the bot rocket or plasma jumps, 0..1
#define CHARACTERISTIC_WEAPONJUMPING                  38
// how often the bot uses the grapple, 0..1
#define CHARACTERISTIC_GRAPPLE_USER                   39
// item weight file (string)
#define CHARACTERISTIC_ITEMWEIGHTS                    40
// eagerness to fight, 0..1
#define CHARACTERISTIC_AGGRESSION                     41
// eagerness to stay alive, 0..1
#define CHARACTERISTIC_SELFPRESERVATION               42
// how much the bot hunts its last killer, 0..1
#define CHARACTERISTIC_VENGEFULNESS                   43
// how much the bot waits at a good spot, 0..1
#define CHARACTERISTIC_CAMPER                         44
// preference for weak enemies, 0..1
#define CHARACTERISTIC_EASY_FRAGGER                   45
// how well the bot notices enemies, 0..1
#define CHARACTERISTIC_ALERTNESS                      46
// how much of the time the bot holds fire, 0..1
#define CHARACTERISTIC_FIRETHROTTLE                   47
// how often the bot walks instead of running, 0..1
#define CHARACTERISTIC_WALKER                         48
