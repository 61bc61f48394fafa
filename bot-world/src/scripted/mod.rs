//! Scripted players: [`Roamer`], a baseline opponent that needs no brain (issue 17, item 7).
//!
//! A roamer walks from item to item over the map's AAS routes and shoots at the opponents it
//! sees. It tests the world before the bots exist and stays as the opponent a bot must beat.
//!
//! # Goals and routes
//!
//! At [`Player::begin`](bot_interface::Player::begin) it finds where a player stands at each
//! of the match's item spots: it drops the standing box from the item's origin (or from a
//! little above it, since an item resting on the floor has its origin below a standing
//! player's) down to the floor. Spots inside a jump pad's or teleporter's trigger are left
//! out: nobody can stand there. Then, again and again, it picks one spot at random (seeded),
//! never the one it just reached, and only one it has a route to; a spot found without one
//! is not tried again for 20 s, one given up (see below) not for 60 s, and one search tries
//! at most 12 spots. On a map without items
//! it picks a random standable area instead. No search starts in an area without exits (a
//! sliver, a plat's shaft): its answers would tell nothing about the spots. When it reaches
//! the spot (within 24 units horizontally), it picks the next. With no goal to be had (a
//! dead end), it runs about in random directions and looks again every second.
//!
//! It moves with `bot-brain`'s movement AI, a
//! [`Navigator`](bot_brain::movement::Navigator): routes over the AAS, every travel type,
//! stuck recovery, giving way (see [`bot_brain::movement`]); a goal the navigator gives up
//! (stuck, or no progress for 12 s) is not picked again for 60 s.
//!
//! # Fighting
//!
//! The nearest living opponent in view is the target: in free-for-all anyone, in team games
//! the other team. The roamer aims at its chest, or its feet for rockets and grenades when
//! it does not move up or down, with a random error of up to 1.5° per axis. For projectiles
//! it leads the target by its velocity times the flight time. It fires the weapon in hand
//! when that weapon has ammunition and suits the distance, and asks for the best one: the
//! first weapon owned and loaded of railgun, rocket launcher (from 96 units), BFG (from 96),
//! lightning gun (up to 768), plasma gun, shotgun (up to 384), grenade launcher (96 to 768),
//! machine gun, gauntlet (up to 48). It keeps moving along its route while it fights,
//! except while its navigator carries out a rocket jump (it owns the rocket launcher with
//! rockets and has more than 60 health, so its routes may use them): the jump then holds the
//! weapon, the view and the trigger, and the fight waits.
//! Without a target it looks where it moves and holds its best weapon. Dead, it presses
//! respawn on every other frame once it may.
//!
//! # Randomness and cost
//!
//! Its only randomness is a [`GameRng`](crate::rules::GameRng) seeded from the constructor's
//! seed and [`MatchInfo::seed`](bot_interface::MatchInfo::seed). It is used for goals,
//! sidesteps, wanders and aim error, so a roamer is a pure function of its seeds and the
//! views it gets. A goal search costs at most 12 route queries; the rest of a frame is the
//! navigator's (about 1 to 3 µs in release builds on the shared maps).
//!
//! # Limits
//!
//! - The navigator's (see [`bot_brain::movement`]).
//! - It does not pick items by need: goals are random.

mod fight;
mod goals;
mod rng;
mod roamer;

pub use roamer::{Roamer, RoamerStats, SharedRouter, shared_router};
