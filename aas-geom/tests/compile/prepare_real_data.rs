//! `prepare_brushes` on the nine shared maps: every expanded brush is bounded with volume, its
//! stored bounds are its true bounds, and it contains its source brush.

use aas_geom::PatchSettings;
use aas_geom::brush::{BrushGeometry, outside_distance};
use aas_geom::compile::{PrepareDiagnostic, PrepareSettings, PresenceBox, prepare_brushes};
use aas_geom::format::bsp_q3::read_bsp;

use crate::common::{SHARED_MAPS, read_shared, shared_maps_dir};

#[test]
fn shared_maps_prepare_into_bounded_brushes_that_contain_their_sources() {
    let Some(maps) = shared_maps_dir() else {
        return;
    };
    for map in SHARED_MAPS {
        let bytes = read_shared(&maps, map, "bsp");
        let world = read_bsp(&bytes, &PatchSettings::default()).expect("shared .bsp loads");
        let sources: Vec<_> = world.all_brushes().collect();
        let prepared = prepare_brushes(&world, &PresenceBox::DEFAULTS, &PrepareSettings::default());
        let stats = &prepared.stats;
        assert_eq!(stats.source_brushes, sources.len(), "{map}");
        assert!(
            stats.compiled > 100,
            "{map}: only {} brushes compiled",
            stats.compiled
        );
        assert!(
            prepared
                .diagnostics
                .iter()
                .all(|d| matches!(d, PrepareDiagnostic::BadBrush { .. })),
            "{map}"
        );
        assert_eq!(stats.bad_geometry, prepared.diagnostics.len(), "{map}");
        for brush in &prepared.brushes {
            let geometry = BrushGeometry::from_planes(&brush.planes)
                .unwrap_or_else(|e| panic!("{map}: brush {} expands badly: {e}", brush.source));
            let (lo, hi) = (geometry.mins(), geometry.maxs());
            assert!(
                (lo - brush.mins).abs().max_element() < 0.05
                    && (hi - brush.maxs).abs().max_element() < 0.05,
                "{map}: brush {} bounds {:?}-{:?}, true {lo:?}-{hi:?}",
                brush.source,
                brush.mins,
                brush.maxs
            );
            let source = sources.get(brush.source).expect("source index is valid");
            let planes: Vec<_> = source.sides.iter().map(|s| s.plane).collect();
            let original = BrushGeometry::from_planes(&planes).expect("compiled source is valid");
            // The box contains the player origin, so the box at any point of the brush
            // overlaps the brush: every original vertex is inside the expanded brush.
            assert!(
                outside_distance(&brush.planes, original.center()) < 0.0,
                "{map}"
            );
            for &vertex in original.vertices() {
                assert!(outside_distance(&brush.planes, vertex) <= 0.02, "{map}");
            }
        }
    }
}
