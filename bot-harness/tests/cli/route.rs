//! `bot-harness aas route` on the shared `.aas` files (answers equal the flat reference
//! router's, as text, as JSON and from standard input) and on bad query lines.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use aas_geom::format::aas_q3::AasFile;
use aas_geom::world::AasWorld;
use aas_route::{AreaId, Clustering, CostModel, RouteGraph, TravelFlags, reference_route};

use crate::common::{SHARED_MAPS, run, run_json, shared_maps};

/// A scratch folder for this test process.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "bot-harness-aas-route-{tag}-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn load(path: &Path) -> AasWorld {
    AasWorld::from_q3(&AasFile::from_bytes(&std::fs::read(path).unwrap()).unwrap()).unwrap()
}

/// The expected output line of a query from `start` (at `origin`) to `goal`.
fn expected(
    world: &AasWorld,
    model: &CostModel,
    start: AreaId,
    origin: glam::Vec3,
    goal: AreaId,
) -> Option<(u16, u32)> {
    reference_route(world, model, start, origin, goal, TravelFlags::DEFAULT)
        .map(|r| (r.time, r.first.map_or(0, |f| f.0 + 1)))
}

#[test]
fn shared_maps_route_like_the_reference() {
    let Some(maps) = shared_maps() else { return };
    let dir = scratch("shared");
    for name in SHARED_MAPS {
        let aas = maps.join(format!("{name}.aas"));
        let world = load(&aas);
        let model = CostModel::new(&world, &Clustering::from_world(&world).portal_areas());
        let n = world.area_count();
        // Most queries between areas with reachabilities (the others mostly have no route).
        let routable: Vec<usize> = (0..n)
            .filter(|&a| !world.reaches(AreaId(u32::try_from(a).unwrap())).is_empty())
            .collect();
        let m = routable.len();
        // Area pairs (1-based in the file), then point pairs at area centres lifted a little.
        let mut lines = Vec::new();
        let mut want = Vec::new();
        for i in 0..40 {
            let s = routable[(i * 37 + 5) % m];
            let g = if i % 4 == 0 {
                (i * 101 + 17) % n
            } else {
                routable[(i * 101 + 17) % m]
            };
            lines.push(format!("{} {}", s + 1, g + 1));
            let (s, g) = (
                AreaId(u32::try_from(s).unwrap()),
                AreaId(u32::try_from(g).unwrap()),
            );
            want.push(expected(&world, &model, s, world.area(s).center, g));
        }
        for i in 0..10 {
            let (s, g) = (routable[(i * 53 + 3) % m], routable[(i * 29 + 11) % m]);
            let (s, g) = (
                AreaId(u32::try_from(s).unwrap()),
                AreaId(u32::try_from(g).unwrap()),
            );
            let (from, to) = (world.area(s).center, world.area(g).center);
            lines.push(format!(
                "{} {} {} {} {} {}",
                from.x, from.y, from.z, to.x, to.y, to.z
            ));
            let located = world.point_area(from).zip(world.point_area(to));
            want.push(located.and_then(|(a, b)| expected(&world, &model, a, from, b)));
        }
        lines.insert(3, String::new()); // blank lines are skipped
        let pairs = dir.join(format!("{name}.pairs"));
        std::fs::write(&pairs, lines.join("\n")).unwrap();
        let (aas, pairs) = (aas.to_str().unwrap(), pairs.to_str().unwrap());

        let output = run(&["aas", "route", aas, "--pairs", pairs]);
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let text = String::from_utf8(output.stdout).unwrap();
        let got: Vec<&str> = text.lines().collect();
        let want_text: Vec<String> = want
            .iter()
            .map(|w| w.map_or_else(|| "null".to_owned(), |(t, r)| format!("{t} {r}")))
            .collect();
        assert_eq!(got.len(), want.len(), "{name}");
        for (line, (got, want)) in got.iter().zip(&want_text).enumerate() {
            // Times must agree; on ties the first reachability may differ from the reference's.
            let time = |s: &str| s.split(' ').next().unwrap().to_owned();
            assert_eq!(time(got), time(want), "{name} query {line}");
        }
        let routed = want.iter().filter(|w| w.is_some()).count();
        assert!(routed > 20, "{name}");

        let json = run_json(&["aas", "route", aas, "--pairs", pairs, "--json"]);
        let results = json["results"].as_array().expect("results is an array");
        assert_eq!(results.len(), want.len(), "{name}");
        for ((result, want), text) in results.iter().zip(&want).zip(&got) {
            match want {
                None => assert!(result.is_null(), "{name}"),
                Some((time, _)) => {
                    assert_eq!(result["time"], u64::from(*time), "{name}");
                    assert_eq!(format!("{} {}", result["time"], result["reach"]), *text);
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn queries_read_from_standard_input() {
    let Some(maps) = shared_maps() else { return };
    let aas = maps.join("q3dm6ish.aas");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bot-harness"))
        .args(["aas", "route", aas.to_str().unwrap(), "--pairs", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1 1\n5 5\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The start is the goal: no time, no reachability.
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "0 0\n0 0\n");
}

#[test]
fn bad_query_lines_name_the_line() {
    let Some(maps) = shared_maps() else { return };
    let dir = scratch("bad");
    let aas = maps.join("q3dm6ish.aas");
    for (content, message) in [
        ("1 2\n1 2 3\n", "line 2"),
        ("0 5\n", "area 0 is not in"),
        ("1 x\n", "`x` is not an area number"),
    ] {
        let pairs = dir.join("bad.pairs");
        std::fs::write(&pairs, content).unwrap();
        let output = run(&[
            "aas",
            "route",
            aas.to_str().unwrap(),
            "--pairs",
            pairs.to_str().unwrap(),
        ]);
        assert!(!output.status.success(), "{content:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{content:?}: {stderr}");
    }
    let output = run(&[
        "aas",
        "route",
        aas.to_str().unwrap(),
        "--pairs",
        "/nonexistent/pairs",
    ]);
    assert!(!output.status.success());
    std::fs::remove_dir_all(&dir).ok();
}
