// vesper_t.c: initial chats of Vesper, cool and clipped.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.
// Numbers in a line are the game's variables: game_enter/game_exit 0 = own name,
// 1 = an opponent, 4 = the map; level_end* 2 = the leader, 4 = the map;
// hit_* and death_* 0 = the attacker or killer; kill_* and enemy_suicide
// 0 = the victim; random_* 0 = an opponent, 4 = the map. Lower-case names
// are random lists of rnd.c.

chat "vesper"
{
	type "game_enter"
	{
		"Vesper here. find cover";
		hello, ". ", 1, ", you are first";
	}

	type "game_exit"
	{
		"I have seen enough";
		goodbye;
	}

	type "level_start"
	{
		"scope's clean. begin";
		"pick your spot, I already have mine";
	}

	type "level_end"
	{
		"that was ", 4, ". too many corners";
		good_game;
	}

	type "level_end_victory"
	{
		"precision pays";
		"top of the board, as planned";
	}

	type "level_end_lose"
	{
		2, " was quicker today. only today";
	}

	type "hit_talking"
	{
		"rude, ", 0, ". I was talking";
	}

	type "hit_nodeath"
	{
		"a graze. you will need better than that";
	}

	type "hit_nokill"
	{
		"hold still, ", 0, ", this will be quick";
	}

	type "death_telefrag"
	{
		"you landed on me, ", 0, ". charming";
	}

	type "death_cratered"
	{
		"misjudged the drop";
	}

	type "death_lava"
	{
		"note to self: lava is not a floor";
	}

	type "death_slime"
	{
		"slime got me. embarrassing";
	}

	type "death_drown"
	{
		"snipers do not swim";
	}

	type "death_suicide"
	{
		oops, ". I blame the recoil";
	}

	type "death_gauntlet"
	{
		"you had to walk all the way up to me for that, ", 0;
	}

	type "death_rail"
	{
		"respect, ", 0, ". that was my trick";
	}

	type "death_bfg"
	{
		"the BFG. no skill required";
	}

	type "death_insult"
	{
		"enjoy it, ", 0, ". it will not happen again";
	}

	type "death_praise"
	{
		"clean shot, ", 0, ". I am taking notes";
	}

	type "kill_rail"
	{
		"one line, one frag";
		"did you see the trail, ", 0, "?";
	}

	type "kill_gauntlet"
	{
		"I do not even need the scope for you, ", 0;
	}

	type "kill_telefrag"
	{
		"wrong place, ", 0;
	}

	type "kill_insult"
	{
		taunt, ", ", 0;
		"you stood in my sight line, ", 0;
	}

	type "kill_praise"
	{
		"you nearly had me, ", 0;
	}

	type "enemy_suicide"
	{
		"saved me a slug, ", 0;
	}

	type "random_insult"
	{
		0, ", I can see you from here";
	}

	type "random_misc"
	{
		"every map has one perfect spot. ", 4, " has two";
		mood;
	}
}
