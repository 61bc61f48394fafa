//! Detours to press a button: a player held up by a door that a button elsewhere opens
//! ([`DoorOpener`]) leaves its goal waiting, goes to stand in front of the button, presses it
//! (walking into it, or shooting it when it opens when shot), and takes its goal up again.
//! Detours stack (the thesis' puzzles, §14): held up on the way to a button by another
//! button's door, the player presses that one first, then goes on to the first button.

use aas_geom::world::AreaId;
use bot_interface::SelfView;
use glam::Vec3;

use super::locate::flat;
use super::navigate::Goal;
use super::navigator::{NavGoal, Navigator};
use super::opener::DoorOpener;
use super::plan::Plan;
use super::shootable::{door_weapon, shootable_in_the_way};
use super::steer::Steer;

/// How long (seconds) the player presses a button: walks into it, or fires at it.
const PRESS_TIME: f32 = 0.75;
/// After a press, the same button is not gone back to for this long (seconds): the door
/// may take a moment to open.
const PRESSED_PAUSE: f32 = 3.0;
/// A button whose spot could not be reached is not tried again for this long (seconds).
const FAILED_PAUSE: f32 = 30.0;
/// How long (seconds) a door must hold the player up before it goes to the door's button:
/// slowing down to turn through an open doorway looks like being held up for a frame or two.
const HELD_TIME: f32 = 0.3;
/// The most detours under way at once (botlib's goal stack holds 8 goals).
const MAX_DETOURS: usize = 8;

/// A detour under way.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Detour {
    /// The opener's index (in the navigator's list).
    opener: usize,
    /// The goal waiting for it: the caller's, or the spot of the detour below.
    suspended: Goal,
    /// When the detour began (match seconds).
    began: f32,
    /// When the player began pressing the button (at its spot), if it has.
    pressing_since: Option<f32>,
}

/// What a press wants this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Press {
    /// The movement.
    pub(super) steer: Steer,
    /// Where to fire (a button that opens when shot).
    pub(super) shoot_at: Option<Vec3>,
}

impl Navigator<'_> {
    /// Whether it is on a detour to press a button (that opens a door in its way): the
    /// AI network's Seek Activate Entity.
    #[must_use]
    pub fn on_detour(&self) -> bool {
        !self.nav.detours.is_empty()
    }

    /// The caller's goal while a detour is under way (the navigator's own goal is then the
    /// button's spot).
    pub(super) fn suspended_goal(&self) -> Option<Goal> {
        self.nav.detours.first().map(|detour| detour.suspended)
    }

    /// Held up (as by a door that opens when shot) for [`HELD_TIME`] by the door of an opener whose
    /// button has a spot, was not just pressed or given up and is not already on the way:
    /// leaves the goal (the caller's, or a button's spot) waiting and heads for the button's
    /// spot. Returns whether a detour began.
    pub(super) fn detour_if_held_up(&mut self, me: &SelfView, steer: &Steer, time: f32) -> bool {
        let pressing = self
            .nav
            .detours
            .last()
            .is_some_and(|detour| detour.pressing_since.is_some());
        if pressing || self.nav.detours.len() >= MAX_DETOURS || self.openers.is_empty() {
            return false;
        }
        let Some(goal) = self.nav.goal else {
            return false;
        };
        self.opener_pauses.retain(|&(_, until)| until > time);
        let speed = steer.speed.min(self.physics.settings().max_walk_velocity);
        let found = self
            .openers
            .iter()
            .enumerate()
            .find_map(|(index, (opener, spot))| {
                let paused = self.opener_pauses.iter().any(|&(i, _)| i == index)
                    || self.nav.detours.iter().any(|detour| detour.opener == index);
                let door = std::slice::from_ref(&opener.door);
                let held = shootable_in_the_way(door, me, steer.direction, speed).is_some();
                spot.filter(|_| held && !paused).map(|spot| (index, spot))
            });
        let Some((index, spot)) = found else {
            self.opener_held = None;
            return false;
        };
        let since = match self.opener_held {
            Some((held, since)) if held == index => since,
            _ => time,
        };
        self.opener_held = Some((index, since));
        if time - since < HELD_TIME {
            return false;
        }
        self.opener_held = None;
        self.stats.detours += 1;
        self.nav.detours.push(Detour {
            opener: index,
            suspended: goal,
            began: time,
            pressing_since: None,
        });
        self.head_for(spot, me.origin, time);
        true
    }

    /// Arrived at the button's spot: starts pressing. `false` when no detour is under way.
    pub(super) fn arrive_on_detour(&mut self, time: f32) -> bool {
        match self.nav.detours.last_mut() {
            Some(detour) => {
                detour.pressing_since.get_or_insert(time);
                true
            }
            None => false,
        }
    }

    /// While pressing a button: walk into it (and fire at it when it opens when shot) for
    /// [`PRESS_TIME`], then take the waiting goal up again. `None` when not pressing.
    pub(super) fn press(&mut self, me: &SelfView, time: f32) -> Option<Press> {
        let detour = *self.nav.detours.last()?;
        let since = detour.pressing_since?;
        let (opener, _) = self.openers.get(detour.opener)?;
        let opener: DoorOpener = *opener;
        if time - since >= PRESS_TIME {
            self.end_detour(me.origin, time, PRESSED_PAUSE);
            return None;
        }
        let aim = opener.button.aim_point();
        // Standing at the button on purpose: not stuck.
        let steer = if opener.shot {
            Steer {
                weapon: door_weapon(me),
                ..Steer::wait()
            }
        } else {
            Steer {
                waiting: true,
                ..Steer::run(flat(aim - me.origin))
            }
        };
        Some(Press {
            steer,
            shoot_at: opener.shot.then_some(aim),
        })
    }

    /// Gives the latest detour up (its spot out of reach): the goal waiting for it is taken
    /// up again and the button left alone for a while. `false` when no detour is under way.
    pub(super) fn give_up_detour(&mut self, area: Option<AreaId>, origin: Vec3) -> bool {
        if self.nav.detours.is_empty() {
            return false;
        }
        self.close_step(area, true);
        self.end_detour(origin, self.now, FAILED_PAUSE);
        true
    }

    /// Ends the latest detour: the button is paused for `pause` seconds and the goal waiting
    /// for it is the goal again, its patience not counting the detour (a door that a press
    /// does not open still uses the patience up, in front of it).
    fn end_detour(&mut self, origin: Vec3, time: f32, pause: f32) {
        let Some(detour) = self.nav.detours.pop() else {
            return;
        };
        self.opener_pauses.push((detour.opener, time + pause));
        let goal = Goal {
            best_since: detour.suspended.best_since + (time - detour.began),
            ..detour.suspended
        };
        self.plan = Some(Plan::new(origin, None, goal.area, goal.point));
        self.nav.goal = Some(goal);
        self.nav.step = None;
        self.nav.queried_area = None;
    }

    /// Makes `spot` the navigator's own goal (the caller's waits in the detour).
    fn head_for(&mut self, spot: NavGoal, origin: Vec3, time: f32) {
        self.plan = Some(Plan::new(origin, None, spot.area, spot.point));
        self.nav.goal = Some(Goal {
            tag: None,
            point: spot.point,
            area: spot.area,
            best_time: u16::MAX,
            best_since: time,
        });
        // The step under way is dropped, neither done nor missed.
        self.nav.step = None;
        self.nav.queried_area = None;
    }
}
