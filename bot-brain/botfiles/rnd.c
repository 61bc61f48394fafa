// rnd.c: lists of interchangeable phrases; a chat line names a list and gets one
// of its strings at random. Part of the q3 bot toolkit's default botfiles;
// MIT OR Apache-2.0.

hello = {
	"hi all";
	"hello everyone";
	"evening, arena";
	"greetings";
}

goodbye = {
	"see you around";
	"gotta go";
	"later, everyone";
	"that's it for me";
}

good_game = {
	"good game";
	"well played, all";
	"gg";
	"fun match";
}

nice_shot = {
	"nice shot";
	"clean hit";
	"well aimed";
	"I did not see that coming";
}

oops = {
	"oops";
	"whoops";
	"that was not the plan";
	"ouch";
}

taunt = {
	"too slow";
	"try again";
	"is that all you have";
	"better luck next round";
}

mood = {
	"I feel lucky today";
	"my aim is warming up";
	"this arena smells of ozone";
	"somebody left the lava on";
}

weapon = {
	"railgun";
	"rocket launcher";
	"plasma gun";
	"shotgun";
	"lightning gun";
}

snack = {
	"a sandwich";
	"cold pizza";
	"a bowl of noodles";
	"some crackers";
}
