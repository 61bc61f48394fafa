//! Movement AI: a [`Navigator`] takes a player to the goal it is given, over every kind of
//! terrain the AAS describes (thesis §12 and botlib-reference §11's travel types), from
//! what the player's [`BotView`](bot_interface::BotView) says of it. The brain's goals, the
//! world's scripted roamer and the navigation evaluation all move with it.
//!
//! [`Traveller`] is the simplest player built on it: it goes to one point and stays (for
//! navigation tests and `bot-harness nav-eval`).
//!
//! # Goals and routes
//!
//! The caller sets a [`NavGoal`] (a standing point and its area, found with
//! [`standing_spot`] for an item) with the route time [`Navigator::route_to`] answered. Each
//! frame, [`Navigator::update`] notes where the player is and whether it arrived (within 24
//! units horizontally and 40 vertically of the point), and [`Navigator::steer`] gives the
//! movement. A goal whose route time has not improved for 12 s is given up (this catches
//! loops between two places), as is one without a route from where the player stands;
//! [`Navigator::take_given_up`] lists them, so that the caller does not pick them again at
//! once.
//!
//! Routes come from an `aas-route` [`Router`](aas_route::Router) ([`shared_router`]; one
//! per match may serve every player) under
//! [`TravelFlags::DEFAULT`](aas_geom::world::TravelFlags::DEFAULT): no rocket or BFG jumps,
//! no grappling hook, no slime or lava. Bobbing platforms are allowed only when the
//! navigator knows the map's movers ([`Navigator::with_movers`]). Rocket jumps are allowed
//! while the player can make them ([`can_rocket_jump`]): it owns the rocket launcher with
//! rockets and has more than [`ROCKET_JUMP_HEALTH`] (60) health. Each
//! [`Navigator::update`] sets the flags from the player's view (a few comparisons);
//! [`Navigator::travel_flags`] tells the current ones. When they change, the route is asked
//! again on the next frame the player stands or swims (a flight or a platform ride finishes
//! first), and a rocket jump not yet fired is dropped when the ability is lost. The route
//! is asked only when the player stands (or swims) in an area other than the one it last
//! asked from, or when the previous reachability is finished. The answer's first
//! reachability is carried out until the player enters another area, which asks again.
//! Inside the goal's area it heads straight for the point.
//!
//! For drawing, [`Navigator::route`] tells the whole planned route: where it planned from,
//! each reachability's start and end along the router's chain (the first reachability, then
//! the router's answer from each one's target area), and the goal. A plan starts with each
//! goal and each reachability begun that the plan does not take; its chain is walked once,
//! on the first ask (at most 256 reachabilities), and never when nobody asks. It uses
//! neither randomness nor the navigation state, so asking changes nothing in the play.
//!
//! # Steering on the ground
//!
//! Quake III's ground movement only accelerates along the wished direction, and friction
//! takes 30 % of the speed a frame: aiming straight at a point keeps a sideways drift for
//! several frames, enough to leave a narrow area. So on the ground the player wishes to move
//! along the difference between the velocity it wants and the one friction leaves it this
//! frame, which removes the drift at once. Two more habits keep it on narrow walkways: before
//! a turn of more than 60° at the end of a walk between areas less than 64 units across it
//! slows to a speed the turn allows (120 units/s at a right angle); and it keeps its footing
//! (`footing.rs`). Before each careful frame on the ground (a walk, the approach to a goal)
//! it plays the wish forward with its own physics: one frame of the wish, then braking as
//! hard as the ground allows (against the velocity, at the wished speed whose acceleration
//! cancels what friction leaves: from full speed a player stops within a few units), and
//! following any fall to its landing. The wish keeps the footing when the player comes to
//! stand no more than 24 units below both itself and the point it walks to, or lands lower
//! where its route time to the goal is no longer than from where it stands (the steep
//! stairs of some maps drop a walker most of their height at once, on its way). Otherwise it
//! tries, in order, the way on past the point (the next reachability's start, around a walk
//! whose end lies where no player can stand: bspc lines the inside of a ramp's turn with
//! sliver areas right at the drop), the wish braked to 100 units/s, that way braked to
//! 100 units/s, and else stops; but a wish that a wall stops (the frame ends against it with
//! less than a quarter of the wished speed its way) is kept when nothing else will do, and
//! after 0.5 s of that the step is given up and another way taken (two of bspc's areas may
//! touch only where no player box fits, as in a corner under an overhang). A player with no
//! floor of the AAS under it (on a mover,
//! which its physics does not carry) is not judged. Each check is up to 27 physics frames,
//! and up to two route queries when a fall lands low.
//!
//! # Travel types
//!
//! Each reachability has a start in the area it leaves and an end in the area it reaches.
//!
//! - **Walk, crouch**: run to the start, then to the end; crouch holds crouch. So does any
//!   area only a crouching player fits.
//! - **Barrier jump, jump**: reach the start from behind, along the start-to-end line. A
//!   navigator coming in from the side or past the start first goes back to a run-up point up to
//!   64 units behind it: in the area it leaves, or (as botlib's run start) in another
//!   standable area with ground all the way to the start. Once it has gone back, the run is
//!   finished even through other areas. At the start it presses jump while moving towards
//!   the end. A jump across more than 48 units also wants at least 200 units/s, within 37° of
//!   the line; one across more than 128 units wants 290 units/s within 18°.
//!   Jump is released for at least one frame between jumps. In the air, air control
//!   ([`Physics::air_steer`](aas_geom::physics::Physics::air_steer)) steers it onto the end.
//!   Landing finishes the step.
//! - **Walk off a ledge**: run to the edge, slowing to the speed that, kept while falling,
//!   lands on the end. Air control steers the fall. Landing finishes the step. A ledge that
//!   drops no more than a step (a gap to a floor as high) is taken like a running jump
//!   without the jump: from the run-up point, at speed, straight off the edge.
//! - **Swim**: swim in 3-D to the start, then to the end.
//! - **Water jump**: swim to the start, then towards the end holding jump. The physics' water
//!   jump throws the player out at the wall; air control then steers it onto the end.
//! - **Ladder**: up, walk to the foot and press towards the top, which climbs; keep pressing
//!   over the top. Down, walk over the top's edge holding crouch, which climbs down while the
//!   ladder is touched.
//! - **Teleporter**: walk into the trigger (its centre is the start), jumping if the trigger
//!   hangs high. The jump in position shows that it was moved; it then asks again.
//! - **Jump pad**: walk onto the pad; once launched, steer onto the end (the landing the
//!   reachability aims at). A launch the player did not plan (an upward kick that was not its
//!   own jump: it walked into the pad's trigger, perhaps on a route that only crossed it, or
//!   a second pad's trigger caught it in the flight off the first) makes the step the pad
//!   reachability, leaving the area it is in, the area its step led into or from, the last
//!   ground area or the area the route leaves by a jump pad within three more
//!   reachabilities (a large trigger launches before the pad's start), that heads the way the launch throws it (within 45° horizontally, unless
//!   either goes straight up) with the least time onward to the goal. Air control that aims
//!   for the landing of another flight would brake the real one short of its landing. A pad
//!   with no such reachability is flown off by steering towards the goal. A flight that lands
//!   outside the target area more than 64 units below the end (launched from where the
//!   flight cannot make it, such as the edge of a large trigger under a ceiling) fails.
//! - **Elevator** (`func_plat`): walk to the middle of the plat at the bottom (known from the
//!   map's movers, [`Navigator::with_movers`]; without them, the start, which this workspace's
//!   compiler puts on the plat, while bspc puts it beside the plat) and stop. Then wait
//!   without input while it rises, and walk off to the end at the top. A player's view holds
//!   no movers, so a plat that is up is noticed only by not rising. After a whole cycle of the
//!   plat (up, wait, down) and a second, or 5 s for an unknown plat, the player backs off for
//!   1.5 s and tries again. After two such waits the reachability fails.
//! - **Bobbing platform** (`func_bobbing`, only with known movers): wait at a point behind
//!   the start until the platform holds the start now and 0.4 s later. Then walk onto it,
//!   ride it (keeping to its middle), and walk off once it comes within 40 units of the end.
//! - **Doors and buttons that open when shot** (`health` set; known from the map,
//!   [`Navigator::with_shootables`]): the AAS leaves doors open, so the route runs through
//!   them. Held up by one (moving slower than a quarter of the wished speed with the door's
//!   closed box within 48 units ahead), it fires at the middle of the box
//!   ([`Movement::shoot_at`]) and waits, which the stuck watch does not count as being
//!   stuck. It shoots with a hitscan weapon it has (machine gun, shotgun, lightning gun,
//!   railgun: a rocket at a door a step away hurts the shooter), switching to it first
//!   ([`Movement::weapon`]), else with the weapon in hand. Doors that open on approach
//!   are the world's.
//! - **Doors that a button elsewhere opens** (a `func_door` a `func_button` targets; known
//!   from the map, [`Navigator::with_door_openers`]): held up by one the same way for
//!   0.3 s (slowing to turn through an open doorway looks held up for a frame), the
//!   navigator leaves its goal waiting ([`Navigator::goal`] still answers it), goes to the
//!   spot in front of the button ([`DoorOpener::press_spot`]), walks into the button for
//!   0.75 s (or fires at it, when it opens when shot), and takes the goal up again. A button
//!   just pressed is not gone back to for 3 s, one whose spot could not be reached for 30 s;
//!   the goal's patience does not count the detour. Detours stack, up to 8 (the thesis'
//!   puzzles, §14): held up on the way to a button by another button's door, it presses that
//!   one first. A door that closes again before the player is back holds it up again.
//! - **Rocket jump** (routed only while the player can make one, see above): walk to the
//!   start (the centre of the area it leaves) wishing for the rocket launcher
//!   ([`Movement::weapon`]), and stop on it. There, look straight down, turned towards the
//!   end ([`Movement::look`]), and wait (not counted as stuck) until nearly still (slower
//!   than 40 units/s) with the launcher in hand and ready. Then press jump and attack
//!   ([`Movement::attack`]) in the same frame, wishing to move towards the end. The world
//!   moves the player before it fires, so the jump has lifted it about 12 units when the
//!   rocket leaves; the rocket explodes on the floor the next frame, and its knockback
//!   (about 80 points of the 100: the box's bottom is some 22 units above the explosion by
//!   then) adds some 400 units/s to the jump's: about 600 units/s up, 40 health lost. (A
//!   rocket fired from the ground without a jump throws at most 500 units/s, 156 units
//!   high.) The upward kick just after
//!   the take-off is known as its own, not a jump pad's. In the air, air control steers
//!   onto the end. Landing on the end's level or in the target area finishes the step;
//!   landing lower (the rocket did not lift it high enough) fails it. Standing on the start
//!   for 3 s without being able to fire fails it too.
//! - **BFG jump, grappling hook** (and the jumps bspc never generates) are excluded by the
//!   travel flags; met anyway, they fail.
//!
//! A failed reachability makes its target area one to avoid for 8 s (a missed jump pad's
//! flight also the area it left, whose trigger the route would walk into again). Routes then go through
//! [`Router::next_step`](aas_route::Router::next_step) with those areas avoided next.
//!
//! # Stuck recovery
//!
//! A watch notes where the player last moved more than 48 units from, and for how long it has
//! barely moved since: slower than 80 units/s, not waiting on a platform on purpose. After
//! 1 s of that the player jumps ahead, along the way it wants to go (over a lip). At 2 s it
//! jumps aside and back. At 3 s it asks for a route that avoids the next area, and at 5 s it
//! gives the goal up. These short moves do not override air control: once in the air, the
//! reachability steers again. At 7 s in one place, moving or waiting or not, it gives the
//! goal up and runs and jumps in a random direction for a second, again every second until
//! it has moved. A goal whose route time has not improved for 12 s is given up too: this
//! catches loops between two places. Sooner, a reachability begun three times within 10 s
//! is taken for a loop (a player going round small areas of a bumpy floor, missing the step
//! after it each time): the whole route keeps out of its target for 8 s, and when that target
//! is the goal's own area, or on a second loop on the way to one goal, the goal is given up.
//!
//! Without a goal (none set, or none reachable) it runs about in random directions, a
//! second at a time.
//!
//! # Giving way
//!
//! Barely moving with a live player close ahead (within 56 units, along the way it wants
//! to go), it steps to its own right and a little back for 0.4 s: two players meeting
//! head-on in a corridor both keep right and pass each other. Of the two, the one with the
//! higher player id then stands aside for 0.8 s (waiting, not stuck): where only one fits
//! through (a doorway, a narrow corridor), both stepping back onto the way after each
//! sidestep met again and again (two bots on dm3ish did for 7 s).
//!
//! # Randomness and cost
//!
//! Its only randomness is the [`GameRng`](bot_interface::GameRng) passed to
//! [`Navigator::steer`], used for sidesteps and wanders, so a navigator is a pure function
//! of the views it gets and those numbers. A frame costs one to three point-to-area
//! look-ups and a few vector operations. Route queries are made on area changes only (two
//! for a walk: its own and the next step's, for the corner), and each is a cache look-up
//! once the goal's caches are built.
//!
//! # Limits
//!
//! - Elevators are used half blind. Coming to a plat that is up, the player stands where the
//!   plat rests (in the shaft, under the plat or against it) until it comes down, or its
//!   wait runs out. The world must start a plat when a player stands on it.
//! - It never BFG jumps, strafe jumps or uses the hook. It rocket jumps whenever it can
//!   (botlib also weighs a character's wish to); its health threshold ignores armour, and it
//!   trusts the reachability: this workspace's compiler checks rocket jumps with 700 units/s
//!   up ([`ReachSettings`](aas_geom::reach::ReachSettings)), this world gives about 600. A
//!   rocket jump at the edge of the compiler's reach falls short, fails, and its target is
//!   avoided for 8 s.
//! - While a rocket jump is being prepared or fired, or a door shot open, [`Movement`]
//!   holds the weapon (and for a rocket jump the view): a caller that fights should leave
//!   them alone ([`Movement::uses_weapon`]).
//! - With a rocket launcher, most of bspc's rocket jumps on the shared maps fall short in
//!   this world (`nav-eval --rocket-launcher`: all failed on oacmpdm5, oacmpdm7 and
//!   q3dm6ish; 45 of 48 carried out on oacmpdm6, 14 of 17 on dm4ish).
//! - Reachabilities from a `.aas` built by another compiler were checked with that
//!   compiler's physics. Jumps at the edge of what this physics can do may fail. The stuck
//!   recovery then takes another way.
//! - A route that crosses a jump pad's trigger without using the pad gets the player
//!   launched (the footing check's physics has no triggers).
//! - Spawning or being pushed into the AAS's solid (closer to a wall than the box's half
//!   width) leaves it unable to move: no point-to-area look-up answers there.

mod avoiding;
mod detour;
mod footing;
mod locate;
mod navigate;
mod navigator;
mod open_floor;
mod opener;
mod plan;
mod platforms;
mod rocket_jump;
mod router;
mod shootable;
mod steer;
mod step;
mod stuck;
mod travel;
mod traveller;

pub use locate::{crouch_only, in_trigger, routing_area, standable, standing_spot};
pub use navigator::{
    FrameStart, Movement, NavGoal, NavStats, Navigator, look_along, respawn_input,
};
pub use opener::DoorOpener;
pub use rocket_jump::{ROCKET_JUMP_HEALTH, can_rocket_jump};
pub use router::{SharedRouter, shared_router};
pub use shootable::Shootable;
pub use traveller::{TravelRecord, Traveller, goal_at};
