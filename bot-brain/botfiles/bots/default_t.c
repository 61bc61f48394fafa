// default_t.c: initial chats of the default character.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.
// Numbers in a line are the game's variables: game_enter/game_exit 0 = own name,
// 1 = an opponent, 4 = the map; level_end* 2 = the leader, 4 = the map;
// hit_* and death_* 0 = the attacker or killer; kill_* and enemy_suicide
// 0 = the victim; random_* 0 = an opponent, 4 = the map. Lower-case names
// are random lists of rnd.c.

chat "default"
{
	type "game_enter"
	{
		hello;
		"hello, ", 1, ", shall we?";
	}

	type "game_exit"
	{
		goodbye;
		good_game, ", bye";
	}

	type "level_start"
	{
		"let's go";
		"ready when you are";
	}

	type "level_end"
	{
		good_game;
		"that was ", 4, ", then";
	}

	type "level_end_victory"
	{
		"I will take that win";
		good_game, ", all";
	}

	type "level_end_lose"
	{
		"next time, ", 2;
		"well, ", 2, " earned it";
	}

	type "hit_talking"
	{
		"hey, I was typing";
		"not while I chat, ", 0;
	}

	type "hit_nodeath"
	{
		"still standing";
		oops;
	}

	type "hit_nokill"
	{
		"stand still, ", 0;
		"almost had you";
	}

	type "death_telefrag"
	{
		"who put you there, ", 0, "?";
	}

	type "death_cratered"
	{
		"that floor was further down than I thought";
	}

	type "death_lava"
	{
		"the lava was hotter than it looked";
	}

	type "death_slime"
	{
		"slime. lovely";
	}

	type "death_drown"
	{
		"I forgot how to swim";
	}

	type "death_suicide"
	{
		oops;
		"I meant to do that";
	}

	type "death_gauntlet"
	{
		"a slap? really, ", 0, "?";
	}

	type "death_rail"
	{
		nice_shot, ", ", 0;
	}

	type "death_bfg"
	{
		"the big gun. of course";
	}

	type "death_insult"
	{
		"lucky shot, ", 0;
	}

	type "death_praise"
	{
		nice_shot, ", ", 0;
	}

	type "kill_rail"
	{
		"one slug, one frag";
	}

	type "kill_gauntlet"
	{
		"up close and personal, ", 0;
	}

	type "kill_telefrag"
	{
		"sorry, ", 0, ", I needed that spot";
	}

	type "kill_insult"
	{
		taunt, ", ", 0;
	}

	type "kill_praise"
	{
		"you fought well, ", 0;
	}

	type "enemy_suicide"
	{
		"the arena wins that one, ", 0;
	}

	type "random_insult"
	{
		0, ", are you even trying?";
	}

	type "random_misc"
	{
		mood;
		"anyone else like ", 4, "?";
	}
}
