// rchat.c: reply chats. Each has keys (a word or phrase, a template in ( ), name,
// female/male/it; & means "must also hold", ! "must not hold"), a priority, and
// lines to answer with. In a line, 6 is the bot's own name, 7 the sender's.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.

#include "match.h"

["hello", "hi", "hey"] = 3
{
	"hello, ", 7;
	"hi ", 7, ", ready for a round?";
}

["goodbye", "bye", "gotta go"] = 3
{
	"take care, ", 7;
	goodbye, ", ", 7;
}

["good game", "gg", "well played"] = 4
{
	good_game;
	"thanks, ", 7, ", you too";
}

["nice shot", "great shot"] = 4
{
	"thanks, I have been practising";
	"luck, mostly";
}

["bot", "are you human"] = 5
{
	"beep. I mean: of course I am human";
	"I am whatever keeps winning";
}

[name, "who are you", "your name"] = 5
{
	"the name is ", 6, ", ", 7;
	6, " at your service";
}

[&name, "how are you"] = 6
{
	"doing fine, thanks for asking, ", 7;
	mood;
}

["lag", "ping"] = 2
{
	"blame the network, not me";
	"my packets are fine, thank you";
}

["cheat", "aimbot", "hacker"] = 6
{
	"just practice, ", 7;
	"I wish it were that easy";
}

[("I like ", MESSAGE)] = 2
{
	"you like ", 2, "? interesting taste";
}

["hungry", "food", "lunch"] = 3
{
	"I could go for ", snack, " right now";
}

[&female, "girl"] = 2
{
	"yes, and I still frag you";
}

[&male, "boy", "dude"] = 2
{
	"that is me. what do you want?";
}

["rail", "railgun", !"no rail"] = 3
{
	"the ", weapon, " is my favourite, actually";
}
