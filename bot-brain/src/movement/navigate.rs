//! The navigator's goal, its routes, and the reachability being carried out.

use aas_geom::world::{AreaId, ReachId, TravelType};
use aas_route::Route;
use bot_interface::SelfView;
use glam::Vec3;

use super::avoiding::route_avoiding;
use super::detour::Detour;
use super::locate::{flat, horizontal};
use super::navigator::{NavGoal, Navigator};
use super::plan::Plan;
use super::platforms::raised_plat_exit;
use super::steer::{Ctx, Progress, Steer, air_to, run_to};
use super::step::{Phase, Step};
use super::travel;

/// An upward kick (units/s in one frame) that is not the navigator's own jump: a jump pad.
pub(super) const LAUNCH_KICK: f32 = 300.0;
/// A goal is reached within this horizontal distance (units) of its standing spot (the item
/// and player boxes, 30 wide each, then overlap) …
const REACH_RADIUS: f32 = 24.0;
/// … and this height.
const REACH_HEIGHT: f32 = 40.0;
/// A goal whose route time has not improved for this long (seconds) is given up.
const GOAL_PATIENCE: f32 = 12.0;
/// How long an area avoided after a failure stays avoided (seconds).
const AVOID_TIME: f32 = 8.0;
/// How long (seconds) a jump or a walk off a ledge may be tried before it is given up: its
/// target and the area it leaves are avoided, so that the route from the areas around does
/// not lead back onto it (a ledge into a sliver of an area a player keeps missing).
const LEDGE_PATIENCE: f32 = 4.0;
/// A reachability about to be carried out for this many times within [`LOOP_WINDOW`] is part
/// of a loop (the player goes round small areas on a bumpy floor, missing the step after it
/// each time)…
const LOOP_REPEATS: usize = 3;
/// … the window (seconds): its target is then shunned by the whole route for
/// [`AVOID_TIME`].
const LOOP_WINDOW: f32 = 10.0;
/// A standing player whose next step starts this far below it (units) may be on a raised
/// plat: it leaves the plat at the top ([`raised_plat_exit`]).
const RAISED: f32 = 64.0;

/// Where the navigator is going.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Goal {
    /// The caller's name for it.
    pub(super) tag: Option<usize>,
    /// Where to stand.
    pub(super) point: Vec3,
    /// The area of that point.
    pub(super) area: AreaId,
    /// The least route time to it seen so far (hundredths of a second).
    pub(super) best_time: u16,
    /// When that time was seen.
    pub(super) best_since: f32,
}

/// The navigation state.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Nav {
    /// The goal.
    pub(super) goal: Option<Goal>,
    /// The reachability being carried out.
    pub(super) step: Option<Step>,
    /// The area the route was last asked from (asked again on leaving it).
    pub(super) queried_area: Option<AreaId>,
    /// Areas not to enter next, until a time.
    pub(super) avoid: Vec<(AreaId, f32)>,
    /// Detours to press buttons, latest last; the caller's goal waits in the first.
    pub(super) detours: Vec<Detour>,
    /// A plat's shaft the player stepped off at the top, and when the plat will be down again
    /// (standing on it held it up): steps into the shaft wait until then.
    pub(super) plat_down_at: Option<(AreaId, f32)>,
    /// The jump or walk off a ledge last begun and since when it has been tried: begun again
    /// and again from the small areas around its start, never carried out.
    pub(super) ledge_since: Option<(ReachId, f32)>,
    /// Areas the whole route keeps out of, until a time: both ends of a ledge given up, the
    /// target of a reachability begun again and again (a loop).
    pub(super) shun: Vec<(AreaId, f32)>,
    /// The reachabilities carried out on the way to the current goal within the last
    /// [`LOOP_WINDOW`], with when.
    pub(super) carried: Vec<(ReachId, f32)>,
    /// Loops found on the way to the current goal.
    pub(super) loops: u8,
}

impl Goal {
    /// The goal as the caller gave it.
    pub(super) fn nav_goal(self) -> NavGoal {
        NavGoal {
            point: self.point,
            area: self.area,
            tag: self.tag,
        }
    }
}

impl Navigator<'_> {
    /// One frame of navigation: keep or pick a goal, carry on with a committed reachability,
    /// head straight for the goal in its area, else ask the route on entering a new area and
    /// carry out its first reachability.
    pub(super) fn navigate(&mut self, me: &SelfView, area: Option<AreaId>, time: f32) -> Steer {
        let Some(goal) = self.nav.goal else {
            return Steer::default();
        };
        let supported = me.on_ground || me.water_level >= 2;
        let overdue = self.nav.step.as_ref().is_some_and(|step| {
            matches!(step.phase, Phase::Approach | Phase::Back)
                && self
                    .nav
                    .ledge_since
                    .is_some_and(|(id, since)| id == step.id && time - since > LEDGE_PATIENCE)
        });
        if overdue && let Some(step) = self.nav.step.as_ref() {
            let ends = [
                (step.source, time + AVOID_TIME),
                (step.target, time + AVOID_TIME),
            ];
            self.nav.shun.extend(ends);
            self.nav.ledge_since = None;
            self.step_failed(area, time);
        }
        let ctx = Ctx {
            me,
            area,
            time,
            frame_time: self.frame_time,
            physics: &self.physics,
            movers: &self.movers,
            jump_held: self.memory.jump_held,
        };
        let mut progress = None;
        if let Some(step) = self.nav.step.as_mut()
            && step.committed(me.origin)
        {
            progress = Some(travel::steer(step, &ctx));
        }
        match progress {
            Some(Progress::Going(steer)) => return steer,
            Some(Progress::Done) => {
                self.close_step(area, false);
                self.nav.queried_area = None;
            }
            Some(Progress::Failed) => self.step_failed(area, time),
            None => {}
        }
        if area == Some(goal.area) {
            self.close_step(area, false);
            return self.approach(me, area, time, goal.point);
        }
        let stale = self.nav.step.is_none() || area != self.nav.queried_area;
        if supported
            && stale
            && let Some(area) = area
        {
            self.query(area, me.origin, time);
            let far_below = self
                .nav
                .step
                .as_ref()
                .is_some_and(|step| step.start.z < me.origin.z - RAISED);
            if me.on_ground
                && far_below
                && let Some((exit, down_in)) = raised_plat_exit(self.world, &self.movers, me.origin)
                && let Some(step) = self.begin_step(exit, (area, me.origin), time)
            {
                // On a raised plat whose shaft's only exit is at the bottom: off at the top,
                // and wait there for the plat to go down before dropping into the shaft.
                step.enter(Phase::Leave, time);
                self.nav.plat_down_at = Some((area, time + down_in));
            }
        }
        let ctx = Ctx {
            me,
            area,
            time,
            frame_time: self.frame_time,
            physics: &self.physics,
            movers: &self.movers,
            jump_held: self.memory.jump_held,
        };
        let Some(step) = self.nav.step.as_mut() else {
            // No route from here (an area without exits, or a flight off a pad with no
            // reachability): head for the goal directly and let the stuck watch deal with
            // the rest.
            return run_to(&ctx, goal.point);
        };
        if let Some((shaft, until)) = self.nav.plat_down_at
            && time < until
            && step.target == shaft
            && area != Some(shaft)
            && me.on_ground
        {
            // The plat just left is still up: stepping back onto it would hold it there.
            return Steer::wait();
        }
        match travel::steer(step, &ctx) {
            Progress::Going(steer) => steer,
            Progress::Done => {
                self.close_step(area, false);
                self.nav.queried_area = None;
                Steer::default()
            }
            Progress::Failed => {
                self.step_failed(area, time);
                Steer::default()
            }
        }
    }

    /// Handles the goal's arrival (returned and cleared) and impatience (given up).
    pub(super) fn check_goal(
        &mut self,
        me: &SelfView,
        area: Option<AreaId>,
        time: f32,
    ) -> Option<NavGoal> {
        let goal = self.nav.goal?;
        let arrived = horizontal(me.origin, goal.point) < REACH_RADIUS
            && (me.origin.z - goal.point.z).abs() < REACH_HEIGHT;
        if arrived {
            if self.arrive_on_detour(time) {
                return None;
            }
            self.stats.goals_reached += 1;
            self.nav.goal = None;
            // The step that brought it (landing a flight on the goal) ends here.
            self.close_step(area, false);
            return Some(goal.nav_goal());
        }
        if time - goal.best_since > GOAL_PATIENCE {
            self.give_up_goal(area);
        }
        None
    }

    /// Heading for the goal's spot inside its area.
    fn approach(&self, me: &SelfView, area: Option<AreaId>, time: f32, point: Vec3) -> Steer {
        let ctx = self.ctx(me, area, time);
        if ctx.airborne() {
            air_to(&ctx, point)
        } else {
            run_to(&ctx, point).carefully()
        }
    }

    /// Makes `goal` the goal, set with the player at `origin`, whose route time from there
    /// is `best` (hundredths of a second, as [`route_to`](Self::route_to) answered) at match
    /// time `time` (seconds), and starts a plan to it; the route is asked on the next frame.
    /// A goal whose route time does not improve on its best for 12 s is given up.
    pub fn set_goal(&mut self, goal: NavGoal, origin: Vec3, best: u16, time: f32) {
        let NavGoal { point, area, tag } = goal;
        self.nav.detours.clear();
        self.nav.loops = 0;
        self.nav.carried.clear();
        self.stats.goals_picked += 1;
        self.plan = Some(Plan::new(origin, None, area, point));
        self.nav.goal = Some(Goal {
            tag,
            point,
            area,
            best_time: best,
            best_since: time,
        });
        self.nav.step = None;
        self.nav.queried_area = None;
    }

    /// Gives the goal up (the player being in `area`): it goes to the list
    /// [`take_given_up`](Self::take_given_up) returns.
    pub(super) fn give_up_goal(&mut self, area: Option<AreaId>) {
        let origin = self.memory.origin.unwrap_or(Vec3::ZERO);
        if self.give_up_detour(area, origin) {
            return;
        }
        if let Some(goal) = self.nav.goal.take() {
            self.stats.goals_given_up += 1;
            self.given_up.push(goal.nav_goal());
        }
        self.close_step(area, true);
        self.nav.queried_area = None;
    }

    /// Clears the goal without counting it given up (the caller changed its mind).
    pub fn clear_goal(&mut self) {
        self.nav.goal = None;
        self.nav.detours.clear();
        self.close_step(None, true);
        self.nav.queried_area = None;
    }

    /// The route from `area` (the player at `origin`) to the area `goal` under its travel
    /// flags: travel time (hundredths of a second) and first reachability; `None` when there
    /// is none. One route query (building the goal's caches the first time).
    pub fn route_to(&mut self, area: AreaId, origin: Vec3, goal: AreaId) -> Option<Route> {
        self.routed(area, origin, goal, false)
    }

    /// The route from `area` (the player at `origin`) to `goal`, avoiding the avoided areas
    /// next when `avoiding` (falling back to the plain route when that leaves none).
    fn routed(
        &mut self,
        area: AreaId,
        origin: Vec3,
        goal: AreaId,
        avoiding: bool,
    ) -> Option<Route> {
        let flags = self.flags;
        let avoid: Vec<AreaId> = if avoiding {
            self.nav
                .avoid
                .iter()
                .map(|&(a, _)| a)
                .filter(|&a| a != goal)
                .collect()
        } else {
            Vec::new()
        };
        if avoiding && !self.nav.shun.is_empty() {
            let time = self.now;
            self.nav.shun.retain(|&(_, until)| until > time);
            let shunned: Vec<AreaId> = self
                .nav
                .shun
                .iter()
                .map(|&(a, _)| a)
                .chain(avoid.iter().copied())
                .filter(|&a| a != goal && a != area)
                .collect();
            self.stats.route_queries += 1;
            if !shunned.is_empty()
                && let Some(route) =
                    route_avoiding(self.world, (area, origin), goal, flags, &shunned)
            {
                return Some(route);
            }
        }
        let mut router = self.router.as_ref()?.borrow_mut();
        self.stats.route_queries += 1;
        if !avoid.is_empty() {
            if let Some(route) = router.next_step(area, origin, goal, flags, &avoid) {
                return Some(route);
            }
            self.stats.route_queries += 1;
        }
        router.route(area, origin, goal, flags)
    }

    /// Asks the route from `area` and takes its first reachability as the step.
    fn query(&mut self, area: AreaId, origin: Vec3, time: f32) {
        let Some(goal) = self.nav.goal else {
            return;
        };
        self.nav.queried_area = Some(area);
        self.nav.avoid.retain(|&(_, until)| until > time);
        let route = self.routed(area, origin, goal.area, true);
        let first = match route {
            Some(route) => {
                if let Some(goal) = self.nav.goal.as_mut()
                    && route.time < goal.best_time
                {
                    goal.best_time = route.time;
                    goal.best_since = time;
                }
                route.first
            }
            None if self.world.reachabilities_of(area).is_empty() => {
                // An area without exits (a sliver between others): carry on as before.
                return;
            }
            None => {
                self.give_up_goal(Some(area));
                return;
            }
        };
        self.close_step(Some(area), false);
        if let Some(id) = first {
            self.begin_step(id, (area, origin), time);
        }
    }

    /// Starts carrying out reachability `id`, which leaves `source` (the navigator at `origin`),
    /// and starts a plan with it unless the current plan takes it.
    fn begin_step(
        &mut self,
        id: ReachId,
        (source, origin): (AreaId, Vec3),
        time: f32,
    ) -> Option<&mut Step> {
        let world = self.world;
        let reach = world.reachabilities.get(id.index())?;
        let step = Step::new(
            world,
            self.physics.settings(),
            &self.movers,
            (id, reach, source),
            time,
        );
        let ledge = step.as_ref().is_some_and(|step| {
            matches!(
                step.kind,
                TravelType::Jump | TravelType::BarrierJump | TravelType::WalkOffLedge
            )
        });
        if ledge && self.nav.ledge_since.is_none_or(|(tried, _)| tried != id) {
            self.nav.ledge_since = Some((id, time));
        }
        if self.note_begun(id, reach.target, time) {
            // Going round and round the goal's own area: it cannot be reached this way.
            self.give_up_goal(Some(source));
            return None;
        }
        if step.is_none() {
            self.nav.avoid.push((reach.target, time + AVOID_TIME));
        } else if let Some(goal) = self.nav.goal
            && !self.plan.as_ref().is_some_and(|plan| plan.takes(id))
        {
            self.plan = Some(Plan::new(origin, Some(id), goal.area, goal.point));
        }
        self.nav.step = step;
        self.look_past_step();
        self.nav.step.as_mut()
    }

    /// Notes that reachability `id` (into `target`) is begun at `time`; carried out
    /// [`LOOP_REPEATS`] − 1 times already within [`LOOP_WINDOW`] (the player went round and
    /// came back to it; a jump missed and tried again is no round), it is part of a loop, and
    /// the whole route keeps out of its target for [`AVOID_TIME`] (when there is another way;
    /// without a route around it the plain route stands). A loop into the goal's own area, or
    /// a second loop on the way to one goal, gives the goal up instead: returns whether it
    /// does.
    fn note_begun(&mut self, id: ReachId, target: AreaId, time: f32) -> bool {
        self.nav.carried.retain(|&(_, at)| time - at < LOOP_WINDOW);
        let rounds = self
            .nav
            .carried
            .iter()
            .filter(|&&(done, _)| done == id)
            .count();
        if rounds + 1 < LOOP_REPEATS {
            return false;
        }
        self.stats.loops_broken += 1;
        self.nav.carried.clear();
        self.nav.loops = self.nav.loops.saturating_add(1);
        if self.nav.loops > 1 || self.nav.goal.is_some_and(|goal| goal.area == target) {
            return true;
        }
        self.nav.shun.push((target, time + AVOID_TIME));
        false
    }

    /// For a walk or crouch step, where the route goes after it: the start of the next
    /// reachability from the step's target (entered at the step's end), so that the navigator
    /// slows down before a sharp turn. One more route query per such step.
    fn look_past_step(&mut self) {
        let Some(goal) = self.nav.goal else {
            return;
        };
        let Some(step) = &self.nav.step else {
            return;
        };
        if !matches!(step.kind, TravelType::Walk | TravelType::Crouch) || step.target == goal.area {
            return;
        }
        let (target, end) = (step.target, step.end);
        let next = self
            .routed(target, end, goal.area, false)
            .and_then(|route| route.first)
            .and_then(|id| self.world.reachabilities.get(id.index()))
            .map(|reach| reach.start);
        if let Some(step) = self.nav.step.as_mut() {
            step.after = next;
        }
    }

    /// Ends the step, counting it done when the player is in its target area, or in an area
    /// a reachability of the target area leads to (it crossed a thin target area within one
    /// frame, as a climber crosses the strip at a ladder's top), and `failed` is not set;
    /// else missed. A step ended in its own source area (replaced by a fresh answer there)
    /// counts as neither.
    pub(super) fn close_step(&mut self, area: Option<AreaId>, failed: bool) {
        let Some(step) = self.nav.step.take() else {
            return;
        };
        let kind = step.kind.position();
        let passed_through = area.is_some_and(|area| {
            self.world
                .reachabilities_of(step.target)
                .iter()
                .any(|reach| reach.target == area)
        });
        if !failed && (area == Some(step.target) || passed_through) {
            self.stats.travel_done[kind] += 1;
            // Carried out: beginning it again is going round, not trying again.
            self.nav.carried.push((step.id, self.now));
            if self.nav.ledge_since.is_some_and(|(id, _)| id == step.id) {
                self.nav.ledge_since = None;
            }
        } else if failed || area != Some(step.source) {
            self.stats.travel_missed[kind] += 1;
        }
    }

    /// The step failed: avoid its target for a while (and the area a missed jump pad's flight
    /// left, whose trigger the route would walk into again) and ask again.
    fn step_failed(&mut self, area: Option<AreaId>, time: f32) {
        if let Some(step) = &self.nav.step {
            self.nav.avoid.push((step.target, time + AVOID_TIME));
            if step.kind == TravelType::JumpPad && step.phase == Phase::Airborne {
                self.nav.avoid.push((step.source, time + AVOID_TIME));
            }
            self.stats.reroutes += 1;
        }
        self.close_step(area, true);
        self.nav.queried_area = None;
    }

    /// Stuck on the way: ask for a route that avoids the next area (or give the goal up
    /// when that area is the goal's, or there is no step).
    pub(super) fn reroute(&mut self, area: Option<AreaId>, time: f32) {
        let goal_area = self.nav.goal.map(|goal| goal.area);
        match &self.nav.step {
            Some(step) if Some(step.target) != goal_area => self.step_failed(area, time),
            _ => self.give_up_goal(area),
        }
    }

    /// Launched by a jump pad: make one of the pad's reachabilities the step, already in the
    /// air. A launch on the way to the jump pad the step leads onto is that step's. Any other
    /// launch (a pad's trigger crossed on a route that did not mean to use it, or a second pad
    /// touched in the flight off the first) is matched to the jump-pad reachabilities leaving
    /// the current area, the area the step led into (or from), the last ground area or the
    /// area the route leaves by a jump pad a few reachabilities on: of
    /// those heading the way the launch throws the player (within [`LAUNCH_AGREES`] of its
    /// horizontal velocity, when it has one), the one with the least time onward to the goal
    /// ([`Router::time_after_reach`](aas_route::Router::time_after_reach)) is steered for.
    /// Steering for the landing of a flight the player is not on would brake the real flight
    /// with air control, short of its landing. Without one (a pad with no reachability this
    /// way), the navigator flies without a step, steering towards the goal, and asks again on
    /// landing. `origin` is where the navigator is (a new plan starts there when the pad's
    /// reachability is not on the current one) and `velocity` its velocity after the kick.
    pub(super) fn adopt_launch(
        &mut self,
        (origin, velocity): (Vec3, Vec3),
        area: Option<AreaId>,
        time: f32,
    ) {
        if let Some(step) = self.nav.step.as_mut()
            && step.kind == TravelType::JumpPad
            && step.phase != Phase::Airborne
            && launch_agrees(step.start, step.end, velocity)
        {
            step.enter(Phase::Airborne, time);
            return;
        }
        let ahead = self
            .nav
            .goal
            .and_then(|goal| self.pad_area_ahead(goal.area));
        let candidates = [
            area,
            self.nav.step.as_ref().map(|step| step.target),
            self.nav.step.as_ref().map(|step| step.source),
            self.memory.ground_area,
            ahead,
        ];
        let best = self
            .nav
            .goal
            .and_then(|goal| self.best_pad_reach(&candidates, goal.area, velocity));
        self.close_step(area, true);
        self.nav.queried_area = area;
        if let Some((id, source)) = best
            && let Some(step) = self.begin_step(id, (source, origin), time)
        {
            step.enter(Phase::Airborne, time);
        }
    }

    /// The area the route leaves by a jump pad within the next [`PAD_LOOKAHEAD`]
    /// reachabilities after the step's (a large trigger launches before the pad's start is
    /// reached), if any. One route query per reachability looked at.
    fn pad_area_ahead(&mut self, goal: AreaId) -> Option<AreaId> {
        let step = self.nav.step.as_ref()?;
        let (mut area, mut point) = (step.target, step.end);
        let world = self.world;
        let flags = self.flags;
        let mut router = self.router.as_ref()?.borrow_mut();
        for _ in 0..PAD_LOOKAHEAD {
            if area == goal {
                return None;
            }
            self.stats.route_queries += 1;
            let id = router.route(area, point, goal, flags)?.first?;
            let reach = world.reachabilities.get(id.index())?;
            if reach.kind() == Some(TravelType::JumpPad) {
                return Some(area);
            }
            (area, point) = (reach.target, reach.end);
        }
        None
    }

    /// Of the jump-pad reachabilities leaving the `candidates` areas that agree with a launch
    /// at `velocity` ([`launch_agrees`]), the one (and its source) with the least time onward
    /// to `goal`; ties go to the first found.
    fn best_pad_reach(
        &mut self,
        candidates: &[Option<AreaId>],
        goal: AreaId,
        velocity: Vec3,
    ) -> Option<(ReachId, AreaId)> {
        let world = self.world;
        let flags = self.flags;
        let mut router = self.router.as_ref()?.borrow_mut();
        let mut best: Option<(u16, ReachId, AreaId)> = None;
        let mut seen: Vec<AreaId> = Vec::new();
        for &candidate in candidates.iter().flatten() {
            if seen.contains(&candidate) {
                continue;
            }
            seen.push(candidate);
            let Some(record) = world.areas.get(candidate.index()) else {
                continue;
            };
            for id in record.reachabilities.clone() {
                let is_pad = world.reachabilities.get(id as usize).is_some_and(|reach| {
                    reach.kind() == Some(TravelType::JumpPad)
                        && launch_agrees(reach.start, reach.end, velocity)
                });
                if !is_pad {
                    continue;
                }
                self.stats.route_queries += 1;
                let Some(onward) = router.time_after_reach(ReachId(id), goal, flags) else {
                    continue;
                };
                if best.is_none_or(|(time, ..)| onward < time) {
                    best = Some((onward, ReachId(id), candidate));
                }
            }
        }
        best.map(|(_, id, source)| (id, source))
    }
}

/// How many reachabilities past the step an unplanned launch looks along the route for a
/// jump pad.
const PAD_LOOKAHEAD: usize = 3;
/// A launch whose horizontal speed is below this (units/s) goes (nearly) straight up: any
/// pad's reachability may be its.
const LAUNCH_UPRIGHT: f32 = 50.0;
/// A jump pad's reachability (horizontally from start to end) agrees with a launch when
/// within this cosine (about 45°) of the launch's horizontal velocity.
const LAUNCH_AGREES: f32 = 0.7;

/// Whether a jump pad's reachability from `start` to `end` may be the flight of a launch at
/// `velocity`: it heads (horizontally) the way the launch throws, or the launch goes straight
/// up, or the reachability does.
fn launch_agrees(start: Vec3, end: Vec3, velocity: Vec3) -> bool {
    let throw = flat(velocity);
    let heading = flat(end - start);
    if throw.length() < LAUNCH_UPRIGHT || heading.length() < 1.0 {
        return true;
    }
    heading.normalize().dot(throw.normalize()) >= LAUNCH_AGREES
}

#[cfg(test)]
mod tests {
    use super::*;
    use aas_geom::world::AasWorld;

    #[test]
    fn a_step_carried_out_again_and_again_is_shunned_and_a_loop_into_the_goal_gives_it_up() {
        let world = AasWorld::default();
        let mut navigator = Navigator::new(&world, None);
        let goal = NavGoal {
            point: Vec3::ZERO,
            area: AreaId(7),
            tag: None,
        };
        navigator.set_goal(goal, Vec3::ONE, 100, 0.0);
        let around = ReachId(3);
        let round = |navigator: &mut Navigator<'_>, id: ReachId, target: AreaId, time: f32| {
            let gives_up = navigator.note_begun(id, target, time);
            navigator.nav.carried.push((id, time + 0.5));
            gives_up
        };
        // Begun again and again without being carried out (a missed jump tried again): no
        // loop.
        for time in [0.1, 0.2, 0.3, 0.4] {
            assert!(!navigator.note_begun(around, AreaId(5), time));
        }
        // Carried out twice, then begun a third time within the window: a loop.
        assert!(!round(&mut navigator, around, AreaId(5), 1.0));
        assert!(!round(&mut navigator, around, AreaId(5), 4.0));
        assert!(navigator.nav.shun.is_empty());
        assert!(!navigator.note_begun(around, AreaId(5), 8.0));
        assert_eq!(navigator.nav.shun, vec![(AreaId(5), 8.0 + AVOID_TIME)]);
        assert_eq!(navigator.stats().loops_broken, 1);
        // Spread over more than the window: no loop.
        for time in [20.0, 26.0, 32.0] {
            assert!(!round(&mut navigator, around, AreaId(5), time));
        }
        assert_eq!(navigator.stats().loops_broken, 1);
        // Rounds on the way to earlier goals do not count: a new goal starts afresh.
        let fresh = ReachId(30);
        assert!(!round(&mut navigator, fresh, AreaId(5), 34.0));
        assert!(!round(&mut navigator, fresh, AreaId(5), 35.0));
        navigator.set_goal(goal, Vec3::ONE, 100, 35.5);
        assert!(!navigator.note_begun(fresh, AreaId(5), 36.0));
        assert_eq!(navigator.stats().loops_broken, 1);
        // A second loop on the way to the same goal gives it up.
        navigator.nav.loops = 1;
        let there = ReachId(20);
        assert!(!round(&mut navigator, there, AreaId(10), 40.0));
        assert!(!round(&mut navigator, there, AreaId(10), 41.0));
        assert!(navigator.note_begun(there, AreaId(10), 42.0));
        // Round and round into the goal's own area: the goal is given up, not shunned.
        navigator.set_goal(goal, Vec3::ONE, 100, 49.0);
        let into_goal = ReachId(4);
        assert!(!round(&mut navigator, into_goal, AreaId(7), 50.0));
        assert!(!round(&mut navigator, into_goal, AreaId(7), 51.0));
        assert!(navigator.note_begun(into_goal, AreaId(7), 52.0));
        assert_eq!(navigator.nav.shun.len(), 1);
    }

    #[test]
    fn a_launch_agrees_with_the_pads_that_throw_its_way() {
        let (start, end) = (Vec3::ZERO, Vec3::new(0.0, 700.0, 200.0));
        assert!(launch_agrees(start, end, Vec3::new(30.0, 400.0, 800.0)));
        assert!(!launch_agrees(start, end, Vec3::new(0.0, -400.0, 800.0)));
        assert!(!launch_agrees(start, end, Vec3::new(400.0, 0.0, 800.0)));
        // Straight up: any pad may be the one.
        assert!(launch_agrees(start, end, Vec3::new(10.0, -20.0, 900.0)));
    }
}
