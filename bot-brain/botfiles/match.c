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

// Who an order is for.
MTCONTEXT_ADDRESSEE
{
	"everyone" | "everybody" | "all" = (MSG_EVERYONE, 0);
	NAME, " and ", MORE = (MSG_MULTIPLENAMES, 0);
	NAME = (MSG_NAME, 0);
}

// How long an order lasts.
MTCONTEXT_TIME
{
	TIME, " minute" = (MSG_MINUTES, 0);
	TIME, " second" = (MSG_SECONDS, 0);
	"forever" | "until I say so" = (MSG_FOREVER, 0);
	"a long time" = (MSG_FORALONGTIME, 0);
	"a while" = (MSG_FORAWHILE, 0);
}

// A few plain orders and questions.
MTCONTEXT_MISC
{
	ADDRESSEE, " help me" = (MSG_HELP, ST_ADDRESSED);
	ADDRESSEE, " follow me" | " come with me" = (MSG_ACCOMPANY, ST_ADDRESSED);
	ADDRESSEE, " what are you doing" = (MSG_WHATAREYOUDOING, ST_ADDRESSED);
	ADDRESSEE, " where are you" = (MSG_WHEREAREYOU, ST_ADDRESSED);
	ADDRESSEE, " kill ", ENEMY = (MSG_KILL, ST_ADDRESSED);
}
