//! Teleporter reachabilities (thesis §6.4): from every area of a teleporting trigger to the
//! area where the teleported player comes down.
//!
//! A player touching the trigger (a `trigger_teleport`, or a `trigger_multiple` that uses a
//! `target_teleporter`: see [`crate::entities`]) is moved to the destination, lifted by
//! [`teleport_lift`](crate::physics::PhysicsSettings::teleport_lift), leaves it with the
//! destination's exit velocity (400 units/s along its facing) without ground control for a
//! moment, and falls. The reachability follows exactly that with the physics
//! ([`Physics::teleport`](crate::physics::Physics::teleport), then
//! [`Physics::predict`](crate::physics::Physics::predict) without input) until the player
//! lands on ground or enters a liquid:
//!
//! - **Sources**: the areas with teleporter contents a standing box overlapping the trigger
//!   can be in (none of them is the target).
//! - **Target**: the area of the landing point. **Start**: the trigger's centre. **End**: the
//!   landing point. Time: [`TravelTimes::teleport`](super::TravelTimes::teleport).
//! - A destination floating above the floor is fallen from, carried forward by the exit
//!   velocity: the player lands ahead of it, not under it. A destination above a liquid ends
//!   where the player enters the liquid; one under its surface (the arriving player is waist
//!   deep or deeper: swimming) ends at the destination itself, in the liquid area there. A destination inside another trigger (a
//!   teleporter, a jump pad) is followed through that trigger, as the physics applies
//!   triggers, to where the player finally comes down.
//! - Several triggers leading to one destination each get their reachabilities.
//! - A destination where the standing box does not fit (a `target_teleporter` placed on the
//!   floor by its own 16-unit box, 8 units up, puts the player's feet 15 units into the floor)
//!   gives no reachability and an [`EntityProblem::DestinationBlocked`] diagnostic; one from
//!   which the player never comes down within [`MAX_ARRIVAL_FALL`] seconds (a fall into the
//!   void, a loop of teleporters) gives an [`EntityProblem::NoLanding`] diagnostic.

use glam::Vec3;

use super::{ReachContext, Reachability};
use crate::entities::{EntityDiagnostic, EntityProblem, MapEntities, Teleporter};
use crate::physics::{MoveInput, PlayerState, StopConditions, StopEvents};
use crate::world::AreaId;
use crate::world::{AreaContents, PresenceType, TravelType};

/// How long the fall of a teleported player is followed (seconds): a fall of 4096 units takes
/// 3.2 s at the default gravity.
pub(crate) const MAX_ARRIVAL_FALL: f32 = 6.0;

/// The teleport reachabilities of a map, with their source areas, in entity order, and the
/// teleporters that got none and why.
pub(crate) struct TeleportReaches {
    /// `(source area, reachability)`.
    pub(crate) reaches: Vec<(AreaId, Reachability)>,
    /// One diagnostic per teleporter left without reachabilities by its destination.
    pub(crate) diagnostics: Vec<EntityDiagnostic>,
}

impl ReachContext<'_> {
    /// Teleporter reachabilities (see the [module docs](self)).
    pub(crate) fn teleport_reachabilities(&self, entities: &MapEntities) -> TeleportReaches {
        let mut out = TeleportReaches {
            reaches: Vec::new(),
            diagnostics: Vec::new(),
        };
        for teleporter in &entities.teleporters {
            let (end, target) = match self.teleport_landing(teleporter) {
                Ok(landing) => landing,
                Err(problem) => {
                    out.diagnostics.push(EntityDiagnostic {
                        entity: teleporter.entity,
                        classname: teleporter.kind.classname().to_owned(),
                        problem,
                        skipped: true,
                    });
                    continue;
                }
            };
            let start = teleporter.centre();
            for area in
                self.trigger_areas(teleporter.mins, teleporter.maxs, AreaContents::TELEPORTER)
            {
                if area == target {
                    continue;
                }
                let reach = self.reach(
                    target,
                    TravelType::Teleport,
                    start,
                    end,
                    self.settings.times.teleport,
                );
                out.reaches.push((area, reach));
            }
        }
        out
    }

    /// Where a player teleported by `teleporter` comes down, and the area there.
    fn teleport_landing(&self, teleporter: &Teleporter) -> Result<(Vec3, AreaId), EntityProblem> {
        let destination = teleporter.destination.to_array();
        let mut state = PlayerState::at(teleporter.destination);
        self.physics
            .teleport(&mut state, teleporter.destination, teleporter.exit_velocity);
        let fits = !self
            .world
            .trace(state.origin, state.origin - Vec3::Z, PresenceType::NORMAL)
            .start_solid;
        if !fits {
            return Err(EntityProblem::DestinationBlocked { destination });
        }
        if state.water_level >= 2 {
            // Arriving under the surface, the player swims there.
            let target = self
                .world
                .point_area(state.origin)
                .ok_or(EntityProblem::NoLanding { destination })?;
            return Ok((state.origin, target));
        }
        let prediction = self.physics.predict(
            &state,
            |_, _| MoveInput::idle(),
            &StopConditions::time_limit(MAX_ARRIVAL_FALL).or(StopEvents::LANDING),
        );
        let landed = prediction.stop.is_landing();
        let end = prediction
            .end()
            .filter(|_| landed)
            .map(|state| state.origin)
            .ok_or(EntityProblem::NoLanding { destination })?;
        let target = self
            .floor_area(end)
            .ok_or(EntityProblem::NoLanding { destination })?;
        Ok((end, target))
    }
}
