// match.c: templates that recognise chat and team messages. A template is a
// list of pieces: a string (alternatives separated by |) or a variable slot of
// match.h; it gives the message type and subtype it recognises.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#include "match.h"

// How the game prints a chat line: the sender, the name marker, ": ", the text.
// The plain form without markers comes second, for messages typed by tools.
MTCONTEXT_REPLYCHAT
{
	NETNAME, EC": ", MESSAGE = (MSG_CHATALL, 0);
	NETNAME, ": ", MESSAGE = (MSG_CHATALL, 0);
}

// Who an order is for: everyone, names joined by "and" or commas, or one name
// (a teammate, or a squad).
MTCONTEXT_ADDRESSEE
{
	"everyone" | "everybody" | "all" = (MSG_EVERYONE, 0);
	TEAMMATE, " and " | ", ", MORE = (MSG_MULTIPLENAMES, 0);
	TEAMMATE = (MSG_NAME, 0);
}

// The speaker, named by itself.
MTCONTEXT_TEAMMATE
{
	"me" | "I" = (MSG_ME, 0);
}

// How long an order lasts.
MTCONTEXT_TIME
{
	TIME, " minutes" | " minute" | " min" = (MSG_MINUTES, 0);
	TIME, " seconds" | " second" | " sec" = (MSG_SECONDS, 0);
	"ever" | "good" = (MSG_FOREVER, 0);
	"a long time" = (MSG_FORALONGTIME, 0);
	"a while" = (MSG_FORAWHILE, 0);
}

// The places of a patrol: "the A to the B to the C".
MTCONTEXT_PATROLKEYAREA
{
	KEYAREA, " to ", MORE = (MSG_PATROLKEYAREA, ST_MORE);
	KEYAREA, " and back" | " and loop" = (MSG_PATROLKEYAREA, ST_BACK);
	KEYAREA = (MSG_PATROLKEYAREA, 0);
}

// Team orders, questions and leadership, as a teammate's team chat line shows them:
// (name): text. Orders that name who they are for come before those that do not.
MTCONTEXT_INITIALTEAMCHAT
{
	// Questions.
	EC"(", NETNAME, EC")", PLACE, EC": ", "who is the leader" | "who leads" | "who is our leader", "?" | "" = (MSG_WHOISTEAMLAEDER, 0);
	EC"(", NETNAME, EC")", PLACE, EC": ", "what is my command" | "what should I do" | "what is my job" | "orders", "?" | "" = (MSG_WHATISMYCOMMAND, 0);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " what is my command" | " what should I do", "?" | "" = (MSG_WHATISMYCOMMAND, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " report" | " what are you doing", "?" | "" = (MSG_WHATAREYOUDOING, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", "report" | "what are you all doing", "?" | "" = (MSG_WHATAREYOUDOING, 0);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " where are you", "?" | "" = (MSG_WHEREAREYOU, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " which squad are you in" | " what is your squad", "?" | "" = (MSG_WHICHTEAM, ST_ADDRESSED);

	// Leadership.
	EC"(", NETNAME, EC")", PLACE, EC": ", "I am the leader" | "I am the team leader" | "I lead" = (MSG_STARTTEAMLEADERSHIP, ST_I);
	EC"(", NETNAME, EC")", PLACE, EC": ", "I quit being leader" | "I no longer lead" | "I stop being the leader" = (MSG_STOPTEAMLEADERSHIP, ST_I);
	EC"(", NETNAME, EC")", PLACE, EC": ", TEAMMATE, " is not the leader" | " stops being the leader" = (MSG_STOPTEAMLEADERSHIP, 0);
	EC"(", NETNAME, EC")", PLACE, EC": ", TEAMMATE, " is the leader" | " you are the leader" | " will be the leader" = (MSG_STARTTEAMLEADERSHIP, 0);

	// Task preferences, told to the leader.
	EC"(", NETNAME, EC")", PLACE, EC": ", "I want to be on defense" | "I want to defend" | "I will defend" = (MSG_TASKPREFERENCE, ST_DEFENDER);
	EC"(", NETNAME, EC")", PLACE, EC": ", "I want to be on offense" | "I want to attack" | "I will attack" = (MSG_TASKPREFERENCE, ST_ATTACKER);
	EC"(", NETNAME, EC")", PLACE, EC": ", "I want to roam" = (MSG_TASKPREFERENCE, ST_ROAMER);

	// Capture the flag.
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " capture the flag" | " get the flag" | " capture the enemy flag" | " get the enemy flag" | " get their flag" = (MSG_GETFLAG, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", "capture the flag" | "get the flag" | "get the enemy flag" = (MSG_GETFLAG, 0);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " attack the enemy base" | " attack their base" = (MSG_ATTACKENEMYBASE, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " return the flag" | " return our flag" | " get our flag back" = (MSG_RETURNFLAG, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", "return the flag" | "return our flag" = (MSG_RETURNFLAG, 0);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " rush to base" | " rush to the base" | " go to base" | " come home" = (MSG_RUSHBASE, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", "rush to base" | "rush to the base" = (MSG_RUSHBASE, 0);

	// Key areas and items.
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " defend " | " guard ", KEYAREA, " for ", TIME = (MSG_DEFENDKEYAREA, $evalint(ST_ADDRESSED|ST_TIME));
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " defend " | " guard ", KEYAREA = (MSG_DEFENDKEYAREA, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", "defend " | "guard ", KEYAREA = (MSG_DEFENDKEYAREA, 0);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " camp here" | " camp over here", " for ", TIME = (MSG_CAMP, $evalint(ST_ADDRESSED|ST_HERE|ST_TIME));
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " camp here" | " camp over here" = (MSG_CAMP, $evalint(ST_ADDRESSED|ST_HERE));
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " camp there" | " camp over there", " for ", TIME = (MSG_CAMP, $evalint(ST_ADDRESSED|ST_THERE|ST_TIME));
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " camp there" | " camp over there" = (MSG_CAMP, $evalint(ST_ADDRESSED|ST_THERE));
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " camp near " | " camp at " | " go to ", KEYAREA, " for ", TIME = (MSG_CAMP, $evalint(ST_ADDRESSED|ST_NEARITEM|ST_TIME));
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " camp near " | " camp at " | " go to ", KEYAREA = (MSG_CAMP, $evalint(ST_ADDRESSED|ST_NEARITEM));
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " patrol from ", KEYAREA, " for ", TIME = (MSG_PATROL, $evalint(ST_ADDRESSED|ST_TIME));
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " patrol from ", KEYAREA = (MSG_PATROL, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " get the " | " grab the " | " go get the ", ITEM = (MSG_GETITEM, ST_ADDRESSED);

	// Teammates and enemies.
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " help ", TEAMMATE = (MSG_HELP, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " follow " | " accompany " | " go with " | " cover ", TEAMMATE = (MSG_ACCOMPANY, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " kill " | " hunt down " | " take out ", ENEMY = (MSG_KILL, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " lead the way" = (MSG_LEADTHEWAY, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " lead ", TEAMMATE, " the way" = (MSG_LEADTHEWAY, $evalint(ST_ADDRESSED|ST_SOMEONE));
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " lead ", TEAMMATE = (MSG_LEADTHEWAY, $evalint(ST_ADDRESSED|ST_SOMEONE));

	// Squads.
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " join squad " | " create squad ", TEAMNAME = (MSG_JOINSUBTEAM, ST_ADDRESSED);
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " leave your squad" | " disband" = (MSG_LEAVESUBTEAM, ST_ADDRESSED);

	// The end of an order.
	EC"(", NETNAME, EC")", PLACE, EC": ", ADDRESSEE, " dismissed" | " stop action" | " roam" = (MSG_DISMISS, ST_ADDRESSED);
}

// Plain messages typed without the team chat markers (tools, tests).
MTCONTEXT_MISC
{
	ADDRESSEE, " help me" = (MSG_HELP, ST_ADDRESSED);
	ADDRESSEE, " follow me" | " come with me" = (MSG_ACCOMPANY, ST_ADDRESSED);
	ADDRESSEE, " what are you doing" = (MSG_WHATAREYOUDOING, ST_ADDRESSED);
	ADDRESSEE, " where are you" = (MSG_WHEREAREYOU, ST_ADDRESSED);
	ADDRESSEE, " kill ", ENEMY = (MSG_KILL, ST_ADDRESSED);
}
