// syn.c: words that mean the same. Incoming chat is rewritten to the first
// word of each list before matching; outgoing chat may swap in another word
// of a list by its weight. Part of the q3 bot toolkit's default botfiles;
// MIT OR Apache-2.0.

#include "syn.h"

CONTEXT_NORMAL
{
	[("hello", 1), ("hi", 1), ("hey", 0.5), ("greetings", 0.3)]
	[("goodbye", 1), ("bye", 1), ("see you", 0.5)]
	[("railgun", 1), ("rail", 0.5), ("railer", 0)]
	[("rocket launcher", 1), ("rl", 0), ("launcher", 0.2)]
	[("good game", 1), ("gg", 0.7)]
	[("thanks", 1), ("thank you", 0.7), ("thx", 0.2)]
}

CONTEXT_NEARBYITEM
{
	[("red armor", 1), ("body armor", 1), ("ra", 0)]
	[("yellow armor", 1), ("combat armor", 1), ("ya", 0)]
	[("mega health", 1), ("mega", 0.5), ("mh", 0)]
	[("quad damage", 1), ("quad", 0.5)]
}

CONTEXT_REPLY
{
	[("you are", 0), ("I am", 0)]
	[("your", 0), ("my", 0)]
	[("you", 0), ("me", 0)]
}
