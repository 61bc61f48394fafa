// bastion_t.c: initial chats of Bastion, terse and wary.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.
// Numbers in a line are the game's variables: game_enter/game_exit 0 = own name,
// 1 = an opponent, 4 = the map; level_end* 2 = the leader, 4 = the map;
// hit_* and death_* 0 = the attacker or killer; kill_* and enemy_suicide
// 0 = the victim; random_* 0 = an opponent, 4 = the map. Lower-case names
// are random lists of rnd.c.

chat "bastion"
{
	type "game_enter"
	{
		"Bastion reporting";
		hello;
	}

	type "game_exit"
	{
		"holding position elsewhere. ", goodbye;
	}

	type "level_start"
	{
		"I know where I will be";
	}

	type "level_end"
	{
		good_game;
	}

	type "level_end_victory"
	{
		"patience wins";
	}

	type "level_end_lose"
	{
		"well held, ", 2;
	}

	type "hit_talking"
	{
		"I was giving a report, ", 0;
	}

	type "hit_nodeath"
	{
		"armor held";
		"is that all, ", 0, "?";
	}

	type "hit_nokill"
	{
		"come closer, ", 0;
	}

	type "death_telefrag"
	{
		"you came out of nowhere, ", 0;
	}

	type "death_cratered"
	{
		"I should have taken the stairs";
	}

	type "death_lava"
	{
		"bad footing";
	}

	type "death_slime"
	{
		"that corner was a trap";
	}

	type "death_drown"
	{
		"I stayed down there too long";
	}

	type "death_suicide"
	{
		"my own grenade. again";
	}

	type "death_gauntlet"
	{
		"you got past my guard, ", 0;
	}

	type "death_rail"
	{
		"from across the map, ", 0, "? fine";
	}

	type "death_bfg"
	{
		"no cover against that";
	}

	type "death_insult"
	{
		"you got lucky, ", 0;
	}

	type "death_praise"
	{
		"well flanked, ", 0;
	}

	type "kill_rail"
	{
		"saw you coming, ", 0;
	}

	type "kill_gauntlet"
	{
		"you walked right into me, ", 0;
	}

	type "kill_telefrag"
	{
		"this spot is taken, ", 0;
	}

	type "kill_insult"
	{
		"never rush a defended door, ", 0;
	}

	type "kill_praise"
	{
		"good try, ", 0;
	}

	type "enemy_suicide"
	{
		"one less to watch";
	}

	type "random_insult"
	{
		0, ", you run too much";
	}

	type "random_misc"
	{
		"quiet in ", 4, ". too quiet";
	}
}
