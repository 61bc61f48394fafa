//! Rocket-jump reachabilities: onto the ledge holding the armour, checked by predicting the
//! jump with the rocket's upward speed.

use aas_geom::physics::{MoveInput, PlayerState, StopConditions, StopEvents, StopReason};
use aas_geom::reach::ReachSettings;
use aas_geom::world::TravelType;
use glam::Vec3;

use crate::executor::{standing, towards};
use crate::maps::TestMap;

/// The only rocket jump leads from the floor to the ledge holding the armour; launched with the
/// rocket's upward speed and the least horizontal speed for the end point, the player lands
/// in the ledge's area (a plain jump comes back down on the floor).
#[test]
fn rocket_jump_lands_on_the_item_ledge() {
    let map = TestMap::load("rocketjump_room");
    let physics = map.physics();
    let settings = ReachSettings::default();
    let floor = map.floor_area(Vec3::new(-192.0, 0.0, 24.0));
    let ledge = map.floor_area(Vec3::new(192.0, 0.0, 168.0));
    let [item] = map.entities.items.as_slice() else {
        panic!("one item")
    };
    assert_eq!(
        map.floor_area(item.origin),
        ledge,
        "the armour is on the ledge"
    );
    let rockets = map.reaches_of_kind(TravelType::RocketJump);
    assert_eq!(
        rockets
            .iter()
            .map(|(from, r)| (*from, r.target))
            .collect::<Vec<_>>(),
        vec![(floor, ledge)]
    );
    let reach = map.reach(floor, ledge, TravelType::RocketJump);
    // From the floor to the ledge's top, 144 units up.
    assert!(
        (reach.end.z - reach.start.z - 144.0).abs() < 0.5,
        "{reach:?}"
    );
    // The least horizontal speed that comes down on the end point with the rocket's upward
    // speed: the time to rise and fall back to the end's height, over the distance.
    let (vz, gravity) = (settings.rocket_jump_velocity, settings.physics.gravity);
    let rise = reach.end.z - reach.start.z;
    let time = (vz + (vz * vz - 2.0 * gravity * rise).sqrt()) / gravity;
    let direction = towards(reach.start, reach.end);
    let speed = (reach.end - reach.start).truncate().length() / time;
    assert!(speed < settings.physics.max_walk_velocity);
    let fly = |velocity: Vec3| {
        let mut start: PlayerState = standing(reach.start);
        start.velocity = velocity;
        let input = MoveInput {
            speed,
            ..MoveInput::run(direction)
        };
        physics.predict(
            &start,
            |_, _| input,
            &StopConditions::time_limit(4.0).or(StopEvents::HIT_GROUND),
        )
    };
    let flight = fly(direction * speed + Vec3::Z * vz);
    assert_eq!(flight.stop, StopReason::HitGround);
    assert_eq!(flight.area, Some(ledge));
    let landing = flight.end().expect("frames").origin;
    assert!(
        (landing.z - reach.end.z).abs() < 0.5 && landing.x > 113.0,
        "lands on the ledge at {landing}"
    );
    // A plain jump from there comes down on the floor.
    let jump = fly(direction * speed + Vec3::Z * settings.physics.jump_velocity);
    assert_eq!(jump.area, Some(floor));
}
