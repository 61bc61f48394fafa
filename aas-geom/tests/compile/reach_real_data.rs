//! Reachabilities on shared maps: deterministic, consistent, and stored so that they survive
//! the `.aas` round trip.

use aas_geom::PatchSettings;
use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::entities::extract_entities;
use aas_geom::format::aas_q3::AasFile;
use aas_geom::format::bsp_q3::read_bsp;
use aas_geom::reach::{ReachSettings, compute_reachabilities};
use aas_geom::world::TravelType;
use aas_geom::world::{AasWorld, AreaId};

use crate::common::{read_shared, shared_maps_dir};

#[test]
fn reachabilities_are_deterministic_consistent_and_exported() {
    let Some(dir) = shared_maps_dir() else { return };
    // Two maps with teleporters, jump pads, water, an elevator and rocket-jump items.
    for map in ["blitzkrieg2", "dm3ish"] {
        let brushes = read_bsp(&read_shared(&dir, map, "bsp"), &PatchSettings::default()).unwrap();
        let world = compile_world(&brushes, &CompileSettings::default())
            .unwrap()
            .world;
        // The parallel computation gives the same lists every time.
        let entities = extract_entities(&brushes, 800.0);
        let again = compute_reachabilities(&world, &entities, &ReachSettings::default());
        for (index, list) in again.iter().enumerate() {
            let area = AreaId(u32::try_from(index).unwrap());
            assert_eq!(
                world.reachabilities_of(area),
                list.as_slice(),
                "{map} area {index}"
            );
        }
        let mut kinds = std::collections::BTreeSet::new();
        for (index, area) in world.areas.iter().enumerate() {
            for reach in world.reachabilities_of(AreaId(u32::try_from(index).unwrap())) {
                let kind = reach.kind().expect("a known travel type");
                kinds.insert(kind);
                assert_ne!(
                    reach.target.index(),
                    index,
                    "{map}: a reachability to its own area"
                );
                assert!(reach.target.index() < world.areas.len());
                assert!(
                    reach.start.is_finite() && reach.end.is_finite(),
                    "{map} {reach:?}"
                );
                assert!(
                    reach.travel_time > 0 || kind == TravelType::Walk,
                    "{map} {reach:?}"
                );
                assert!(
                    !area.contents.intersects(
                        aas_geom::world::AreaContents::TELEPORTER
                            | aas_geom::world::AreaContents::JUMPPAD
                    ) || matches!(kind, TravelType::Teleport | TravelType::JumpPad),
                    "{map}: trigger areas only lead where the trigger sends: {reach:?}"
                );
            }
        }
        for kind in [
            TravelType::Walk,
            TravelType::WalkOffLedge,
            TravelType::Teleport,
        ] {
            assert!(kinds.contains(&kind), "{map}: no {kind:?}");
        }
        // The Quake III export carries them.
        let back =
            AasWorld::from_q3(&AasFile::from_bytes(&world.to_q3().to_bytes()).unwrap()).unwrap();
        assert_eq!(back.reachabilities, world.reachabilities, "{map}");
    }
}
