// clatter_t.c: initial chats of Clatter, loud and friendly.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.
// Numbers in a line are the game's variables: game_enter/game_exit 0 = own name,
// 1 = an opponent, 4 = the map; level_end* 2 = the leader, 4 = the map;
// hit_* and death_* 0 = the attacker or killer; kill_* and enemy_suicide
// 0 = the victim; random_* 0 = an opponent, 4 = the map. Lower-case names
// are random lists of rnd.c.

chat "clatter"
{
	type "game_enter"
	{
		"Clatter is in the building!";
		hello, "! who wants a brawl?";
		1, "! been looking for you";
	}

	type "game_exit"
	{
		"I'm off, keep it loud without me";
		goodbye, "! ", good_game;
	}

	type "level_start"
	{
		"ding ding ding, round one!";
		"everybody to the middle!";
	}

	type "level_end"
	{
		"what a scrap! ", 4, " never disappoints";
		good_game, "! again?";
	}

	type "level_end_victory"
	{
		"and THAT is how you brawl";
		"undefeated! well, today";
	}

	type "level_end_lose"
	{
		"rematch, ", 2, "! right now!";
		"fine, fine, you win this one";
	}

	type "hit_talking"
	{
		"hey! I was mid-sentence, ", 0, "!";
		"can't a guy talk?";
	}

	type "hit_nodeath"
	{
		"ha! tickles!";
		oops, "! that'll bruise";
	}

	type "hit_nokill"
	{
		"come back here, ", 0, "!";
		"stop dodging, ", 0, "!";
	}

	type "death_telefrag"
	{
		"you squashed me, ", 0, "! how rude";
	}

	type "death_cratered"
	{
		"gravity: one, Clatter: zero";
	}

	type "death_lava"
	{
		"hot hot hot!";
	}

	type "death_slime"
	{
		"ew, ew, ew";
	}

	type "death_drown"
	{
		"glub";
	}

	type "death_suicide"
	{
		"that's on me. totally on me";
		oops, "!";
	}

	type "death_gauntlet"
	{
		"ha, a fist fight! respect, ", 0;
	}

	type "death_rail"
	{
		"no fair sniping, ", 0, "! come fight up close";
	}

	type "death_bfg"
	{
		"big gun, small heart, ", 0;
	}

	type "death_insult"
	{
		"I'll be right back, ", 0, ", save me a spot";
		"lucky, lucky, lucky";
	}

	type "death_praise"
	{
		nice_shot, ", ", 0, "!";
		"okay that was great, ", 0;
	}

	type "kill_rail"
	{
		"even I can rail sometimes!";
	}

	type "kill_gauntlet"
	{
		"knuckle sandwich for ", 0, "!";
		"pow!";
	}

	type "kill_telefrag"
	{
		"surprise, ", 0, "!";
	}

	type "kill_insult"
	{
		taunt, ", ", 0, "!";
		"who's next?";
	}

	type "kill_praise"
	{
		"good fight, ", 0, "! again!";
	}

	type "enemy_suicide"
	{
		"ha! ", 0, " did my job for me";
		"careful there, ", 0;
	}

	type "random_insult"
	{
		0, ", you fight like a vending machine";
		"hey ", 0, ", my grandma strafes better";
	}

	type "random_misc"
	{
		"anyone else hungry? I could go for ", snack;
		mood;
		"I love ", 4, ", so many corners to shout from";
	}
}
