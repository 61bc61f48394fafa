// kestrel_t.c: initial chats of Kestrel, breezy and airborne.
// Part of the q3 bot toolkit's default botfiles; MIT OR Apache-2.0.
// Numbers in a line are the game's variables: game_enter/game_exit 0 = own name,
// 1 = an opponent, 4 = the map; level_end* 2 = the leader, 4 = the map;
// hit_* and death_* 0 = the attacker or killer; kill_* and enemy_suicide
// 0 = the victim; random_* 0 = an opponent, 4 = the map. Lower-case names
// are random lists of rnd.c.

chat "kestrel"
{
	type "game_enter"
	{
		"Kestrel, landing";
		hello, ". look up";
	}

	type "game_exit"
	{
		"flying off. ", goodbye;
	}

	type "level_start"
	{
		"let's see how high this map goes";
	}

	type "level_end"
	{
		good_game;
		4, " has great ledges";
	}

	type "level_end_victory"
	{
		"the high ground wins again";
	}

	type "level_end_lose"
	{
		"you were faster, ", 2, ". for now";
	}

	type "hit_talking"
	{
		"I was typing mid-air, ", 0, "!";
	}

	type "hit_nodeath"
	{
		"missed the landing, not the fight";
	}

	type "hit_nokill"
	{
		"stop moving, ", 0;
		"you dodge like I jump";
	}

	type "death_telefrag"
	{
		"I was right there first, ", 0;
	}

	type "death_cratered"
	{
		"forgot the rocket on that one";
	}

	type "death_lava"
	{
		"overshot the ledge";
	}

	type "death_slime"
	{
		"landed in the wrong pool";
	}

	type "death_drown"
	{
		"I prefer air";
	}

	type "death_suicide"
	{
		"rocket jump, minus the jump";
		oops;
	}

	type "death_gauntlet"
	{
		"caught me on the ground, ", 0;
	}

	type "death_rail"
	{
		"hit me in flight? nice one, ", 0;
	}

	type "death_bfg"
	{
		"could not jump high enough";
	}

	type "death_insult"
	{
		"cheap, ", 0;
	}

	type "death_praise"
	{
		"good read, ", 0, ", you saw where I would land";
	}

	type "kill_rail"
	{
		"even birds can rail";
	}

	type "kill_gauntlet"
	{
		"dropped right on you, ", 0;
	}

	type "kill_telefrag"
	{
		"mind the landing zone, ", 0;
	}

	type "kill_insult"
	{
		"look up next time, ", 0;
	}

	type "kill_praise"
	{
		"nice dodge before that, ", 0;
	}

	type "enemy_suicide"
	{
		"that is not how rocket jumps work, ", 0;
	}

	type "random_insult"
	{
		0, ", have you tried jumping?";
	}

	type "random_misc"
	{
		"rocket jumps are just stairs with style";
		mood;
	}
}
