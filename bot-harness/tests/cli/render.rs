//! `bot-harness aas render` and its layers on the built-in arena (compiled once per test
//! process by `aas compile`) and on a shared reference file: each layer draws what it should
//! (arrows per reachability, tints per cluster, a route between the points asked, a
//! neighbourhood, a height slice), the SVG is valid and the same every time, the PNG has the
//! width asked and ink on it, and bad arguments are refused with a message.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use aas_geom::world::{AasWorld, AreaId, ClusterMembership};
use glam::{Vec2, Vec3};
use resvg::tiny_skia::Pixmap;
use resvg::usvg;

use crate::common::{harness_file, pack_maps, run, run_json};

/// A scratch folder for this test process, in the target folder's scratch space.
fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("render-layers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The built-in arena's `.aas`, compiled once.
fn arena() -> &'static Path {
    static ARENA: OnceLock<PathBuf> = OnceLock::new();
    ARENA.get_or_init(|| {
        let out = scratch().join("arena.aas");
        run_json(&[
            "aas",
            "compile",
            &harness_file("maps/arena.map"),
            "-o",
            out.to_str().unwrap(),
            "--json",
        ]);
        out
    })
}

/// Runs `aas render FILE ARGS… --svg OUT` and returns the SVG text.
fn render(file: &Path, name: &str, args: &[&str]) -> String {
    let svg = scratch().join(format!("{name}.svg"));
    let mut all = vec!["aas", "render", file.to_str().unwrap()];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--svg", svg.to_str().unwrap()]);
    let output = run(&all);
    assert!(
        output.status.success(),
        "{all:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg "), "an SVG document");
    assert!(text.trim_end().ends_with("</svg>"));
    usvg::Tree::from_str(&text, &usvg::Options::default()).expect("a valid SVG document");
    text
}

/// Runs `aas render ARGS…` expecting a refusal; returns its standard error.
fn refused(args: &[&str]) -> String {
    let output = run(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!output.status.success(), "{args:?} was accepted");
    assert!(stderr.contains("error"), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    stderr
}

/// The value of `attribute` in the first element of `svg` that contains `marker`.
fn attribute<'a>(svg: &'a str, marker: &str, attribute: &str) -> &'a str {
    let at = svg.find(marker).unwrap_or_else(|| panic!("no {marker}"));
    let element = &svg[svg[..=at].rfind('<').unwrap()..];
    let element = &element[..element.find('>').unwrap()];
    let key = format!(" {attribute}=\"");
    let start = element
        .find(&key)
        .unwrap_or_else(|| panic!("no {attribute}"))
        + key.len();
    &element[start..start + element[start..].find('"').unwrap()]
}

/// The picture's projection: world (x, y) → pixel.
fn projection(svg: &str) -> impl Fn(Vec3) -> Vec2 {
    let numbers: Vec<f32> = attribute(svg, "id=\"map\"", "data-projection")
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    let (ox, oy, s) = (numbers[0], numbers[1], numbers[2]);
    move |p: Vec3| Vec2::new(ox + p.x * s, oy - p.y * s)
}

/// The `x,y` pairs of a `points` attribute.
fn points(text: &str) -> Vec<Vec2> {
    text.split(' ')
        .map(|pair| {
            let (x, y) = pair.split_once(',').unwrap();
            Vec2::new(x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// Area number (1-based) → the fills of its polygons, from `<polygon … fill="F"><title>area N`.
fn area_fills(svg: &str) -> BTreeMap<usize, BTreeSet<String>> {
    let mut fills: BTreeMap<usize, BTreeSet<String>> = BTreeMap::new();
    for element in svg.split("<polygon ").skip(1) {
        let Some(title) = element.split("<title>area ").nth(1) else {
            continue;
        };
        let number: usize = title[..title.find('<').unwrap()].parse().unwrap();
        let fill = element.split(" fill=\"").nth(1).unwrap();
        fills
            .entry(number)
            .or_default()
            .insert(fill[..fill.find('"').unwrap()].to_owned());
    }
    fills
}

/// The sum of `aas info`'s reachability counts of `types` (all when empty).
fn reach_count(file: &Path, types: &[&str]) -> u64 {
    let info = run_json(&["aas", "info", file.to_str().unwrap(), "--json"]);
    info["reach_by_type"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(name, _)| types.is_empty() || types.contains(&name.as_str()))
        .map(|(_, n)| n.as_u64().unwrap())
        .sum()
}

#[test]
fn reach_layer_draws_an_arrow_per_reachability() {
    let file = arena();
    let all = render(file, "reach-all", &["--reach"]);
    let total = reach_count(file, &[]);
    assert!(total > 100);
    assert_eq!(all.matches("class=\"reach\"").count() as u64, total);
    // A legend entry per type drawn, with its count; the areas layer under it.
    assert!(all.contains(">walk ("), "legend names walking");
    assert!(all.contains(">jump pad ("), "legend names jump pads");
    assert!(all.contains(">grounded</text>"), "the areas legend stays");
    // The filter: only the types asked (names as `aas info` prints them, or spelled out).
    let some = render(
        file,
        "reach-some",
        &["--reach-types", "walk,jump_pad,teleport"],
    );
    let wanted = reach_count(file, &["walk", "jumppad", "teleport"]);
    assert_eq!(some.matches("class=\"reach\"").count() as u64, wanted);
    assert!(some.contains(">teleport ("));
    assert!(!some.contains(">swim ("));
    // Same input, same bytes.
    assert_eq!(render(file, "reach-again", &["--reach"]), all);
}

#[test]
fn clusters_layer_tints_by_cluster_and_marks_portals() {
    let file = arena();
    let world = AasWorld::load(file).unwrap();
    let svg = render(file, "clusters", &["--clusters"]);
    let portals = world
        .areas
        .iter()
        .filter(|a| matches!(a.cluster, ClusterMembership::Portal(_)))
        .count();
    assert!(portals > 0);
    assert_eq!(svg.matches("class=\"portal\"").count(), portals);
    assert!(svg.contains("cluster portal area ("), "legend entry");
    // One tint per cluster, shared by its areas, different between clusters.
    let mut tints: BTreeMap<usize, BTreeSet<String>> = BTreeMap::new();
    for (number, fills) in area_fills(&svg) {
        assert_eq!(fills.len(), 1, "area {number}: {fills:?}");
        if let ClusterMembership::Cluster(c) = world.areas[number - 1].cluster {
            tints.entry(c.index()).or_default().extend(fills);
        }
    }
    assert!(tints.len() >= 2, "{tints:?}");
    let mut seen = BTreeSet::new();
    for (cluster, fills) in &tints {
        assert_eq!(fills.len(), 1, "cluster {cluster}: {fills:?}");
        assert!(
            seen.insert(fills.first().unwrap().clone()),
            "distinct tints"
        );
    }
}

#[test]
fn route_layer_joins_the_two_points() {
    let file = arena();
    let (from, to) = (
        Vec3::new(-900.0, 0.0, 30.0),
        Vec3::new(-300.0, 800.0, 160.0),
    );
    let svg = render(
        file,
        "route",
        &["--route", "-900,0,30", "-300,800,160", "--reach"],
    );
    let project = projection(&svg);
    let line = points(attribute(&svg, "id=\"route\"", "points"));
    assert!(line.len() >= 4, "through reachabilities: {line:?}");
    let near = |a: Vec2, b: Vec2| (a - b).length() < 1.0;
    assert!(
        near(line[0], project(from)),
        "{:?} {:?}",
        line[0],
        project(from)
    );
    assert!(near(*line.last().unwrap(), project(to)));
    let start = Vec2::new(
        attribute(&svg, "class=\"route-start\"", "cx")
            .parse()
            .unwrap(),
        attribute(&svg, "class=\"route-start\"", "cy")
            .parse()
            .unwrap(),
    );
    let goal = Vec2::new(
        attribute(&svg, "class=\"route-goal\"", "cx")
            .parse()
            .unwrap(),
        attribute(&svg, "class=\"route-goal\"", "cy")
            .parse()
            .unwrap(),
    );
    assert!(near(start, line[0]) && near(goal, *line.last().unwrap()));
    // The legend's travel time is `aas route`'s for the same points.
    let pairs = scratch().join("route.pairs");
    std::fs::write(&pairs, "-900 0 30 -300 800 160\n").unwrap();
    let routed = run_json(&[
        "aas",
        "route",
        file.to_str().unwrap(),
        "--pairs",
        pairs.to_str().unwrap(),
        "--json",
    ]);
    let time = routed["results"][0]["time"].as_u64().unwrap();
    #[expect(clippy::cast_precision_loss, reason = "a small travel time")]
    let seconds = format!(">{:.2} s (", time as f64 / 100.0);
    assert!(svg.contains(&seconds), "legend holds {seconds}");
}

#[test]
fn route_errors_are_clear() {
    let file = arena();
    let world = AasWorld::load(file).unwrap();
    let (aas, svg) = (
        file.to_str().unwrap(),
        scratch()
            .join("bad-route.svg")
            .to_string_lossy()
            .into_owned(),
    );
    let outside = refused(&[
        "aas", "render", aas, "--svg", &svg, "--route", "0,0,-500", "0,0,30",
    ]);
    assert!(
        outside.contains("route start 0,0,-500 is in no area"),
        "{outside}"
    );
    let outside = refused(&[
        "aas",
        "render",
        aas,
        "--svg",
        &svg,
        "--route",
        "0,0,30",
        "5000,0,30",
    ]);
    assert!(
        outside.contains("route goal 5000,0,30 is in no area"),
        "{outside}"
    );
    // An area nothing leads into (in the air), as goal: no route.
    let reached: BTreeSet<usize> = world
        .reachabilities
        .iter()
        .map(|r| r.target.index())
        .collect();
    let goal = (0..world.areas.len())
        .find(|&a| {
            let center = world.areas[a].center;
            !reached.contains(&a) && world.point_area(center) == Some(AreaId::from_index(a))
        })
        .expect("an area without a way in");
    let c = world.areas[goal].center;
    let to = format!("{},{},{}", c.x, c.y, c.z);
    let none = refused(&[
        "aas",
        "render",
        aas,
        "--svg",
        &svg,
        "--route",
        "-900,0,30",
        &to,
    ]);
    assert!(none.contains("no route from -900,0,30"), "{none}");
}

#[test]
fn neighbourhood_view_numbers_the_areas_around() {
    let file = arena();
    let world = AasWorld::load(file).unwrap();
    let center = world.point_area(Vec3::new(0.0, 0.0, 30.0)).unwrap().index();
    let number = (center + 1).to_string();
    let svg = render(file, "area", &["--area", &number, "--reach"]);
    // The neighbours one hop away, either way.
    let mut expected = BTreeSet::from([center + 1]);
    for (index, area) in world.areas.iter().enumerate() {
        let out = &world.reachabilities
            [area.reachabilities.start as usize..area.reachabilities.end as usize];
        for reach in out {
            if index == center {
                expected.insert(reach.target.index() + 1);
            }
            if reach.target.index() == center {
                expected.insert(index + 1);
            }
        }
    }
    assert!(expected.len() > 2, "{expected:?}");
    let labels: BTreeSet<usize> = svg
        .split("class=\"label\"")
        .skip(1)
        .map(|rest| {
            let text = &rest[rest.find('>').unwrap() + 1..];
            text[..text.find('<').unwrap()].parse().unwrap()
        })
        .collect();
    assert_eq!(labels, expected);
    assert!(svg.contains("id=\"focus\""), "the area is highlighted");
    // Zoomed: fewer areas shown than the whole map, arrows only from the neighbourhood.
    let whole = render(file, "whole", &[]);
    assert!(svg.matches("<title>area ").count() < whole.matches("<title>area ").count());
    let from_neighbours: usize = expected
        .iter()
        .map(|&n| world.reachabilities_of(AreaId::from_index(n - 1)).len())
        .sum();
    assert_eq!(svg.matches("class=\"reach\"").count(), from_neighbours);
    // Radius 0: the area alone.
    let alone = render(file, "alone", &["--area", &number, "--radius", "0"]);
    assert_eq!(alone.matches("class=\"label\"").count(), 1);
}

#[test]
fn height_slice_keeps_only_the_floors_asked() {
    let file = arena();
    let world = AasWorld::load(file).unwrap();
    // The mezzanine (floor z 128, the player's origin at 152) and not the ground floor.
    let svg = render(file, "upper", &["--height", "100:200", "--reach"]);
    let drawn: BTreeSet<usize> = area_fills(&svg).into_keys().collect();
    let upper = world
        .point_area(Vec3::new(-300.0, 800.0, 160.0))
        .unwrap()
        .index()
        + 1;
    let lower = world.point_area(Vec3::new(0.0, 0.0, 30.0)).unwrap().index() + 1;
    assert!(drawn.contains(&upper), "{drawn:?}");
    assert!(!drawn.contains(&lower), "{drawn:?}");
    for number in &drawn {
        let area = &world.areas[number - 1];
        assert!(
            area.maxs.z >= 100.0 && area.mins.z <= 200.0,
            "area {number}"
        );
    }
    let whole = area_fills(&render(file, "all-floors", &[]));
    assert!(drawn.len() < whole.len());
    // Negative heights parse, and an empty slice is an error that says where grounds are.
    render(file, "pool", &["--height", "-200:-50"]);
    let aas = file.to_str().unwrap();
    let svg_out = scratch().join("empty.svg");
    let empty = refused(&[
        "aas",
        "render",
        aas,
        "--svg",
        svg_out.to_str().unwrap(),
        "--height",
        "5000:6000",
    ]);
    assert!(
        empty.contains("no area has its ground between heights 5000 and 6000"),
        "{empty}"
    );
}

#[test]
fn png_has_the_width_asked_and_ink() {
    let file = arena();
    let png = scratch().join("arena.png");
    let svg = scratch().join("arena-with-png.svg");
    let output = run(&[
        "aas",
        "render",
        file.to_str().unwrap(),
        "--reach",
        "--clusters",
        "--png",
        png.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--width",
        "800",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG file");
    let pixmap = Pixmap::decode_png(&bytes).unwrap();
    assert_eq!(pixmap.width(), 800);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(attribute(&text, "<svg ", "width"), "800");
    assert_eq!(
        attribute(&text, "<svg ", "height"),
        pixmap.height().to_string()
    );
    let inked = pixmap
        .pixels()
        .iter()
        .filter(|p| (p.red(), p.green(), p.blue()) != (255, 255, 255))
        .count();
    let all = pixmap.pixels().len();
    assert!(inked > all / 4, "{inked} of {all} pixels inked");
    // PNG alone is enough.
    let only = scratch().join("only.png");
    let output = run(&[
        "aas",
        "render",
        file.to_str().unwrap(),
        "--png",
        only.to_str().unwrap(),
    ]);
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("wrote "));
}

#[test]
fn bad_arguments_are_refused_with_a_message() {
    let aas = arena().to_str().unwrap();
    let svg = scratch().join("bad.svg");
    let svg = svg.to_str().unwrap();
    let cases: [(&[&str], &str); 9] = [
        (
            &["aas", "render", aas],
            "give --svg OUT.svg, --png OUT.png or both",
        ),
        (
            &["aas", "render", aas, "--svg", svg, "--area", "0"],
            "area 0 is not in the file",
        ),
        (
            &["aas", "render", aas, "--svg", svg, "--area", "100000"],
            "area 100000 is not in the file",
        ),
        (
            &[
                "aas",
                "render",
                aas,
                "--svg",
                svg,
                "--reach-types",
                "walk,flying",
            ],
            "unknown travel type `flying`",
        ),
        (
            &["aas", "render", aas, "--svg", svg, "--height", "5"],
            "is not a height range MIN:MAX",
        ),
        (
            &["aas", "render", aas, "--svg", svg, "--height", "9:1"],
            "the lower height comes first",
        ),
        (
            &[
                "aas", "render", aas, "--svg", svg, "--route", "1,2", "3,4,5",
            ],
            "is not a point X,Y,Z",
        ),
        (
            &["aas", "render", aas, "--svg", svg, "--width", "10"],
            "--width 10 is not in",
        ),
        (
            &["aas", "render", aas, "--svg", svg, "--radius", "2"],
            "--area",
        ),
    ];
    for (args, message) in cases {
        let stderr = refused(args);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    let missing = refused(&["aas", "render", "/no/such/file.aas", "--svg", svg]);
    assert!(missing.contains("/no/such/file.aas"), "{missing}");
}

#[test]
fn reference_file_with_every_layer() {
    let Some(maps) = pack_maps() else { return };
    let file = maps.join("oacmpdm1.aas");
    let png = scratch().join("oacmpdm1.png");
    let svg = render(
        &file,
        "oacmpdm1",
        &["--reach", "--clusters", "--png", png.to_str().unwrap()],
    );
    // bspc -optimize keeps no faces: areas are drawn as their bounds, once each.
    let world = AasWorld::load(&file).unwrap();
    assert_eq!(svg.matches("<title>area ").count(), world.areas.len());
    assert_eq!(
        svg.matches("class=\"reach\"").count() as u64,
        reach_count(&file, &[])
    );
    assert_eq!(svg.matches("class=\"portal\"").count(), world.portals.len());
    assert_eq!(
        Pixmap::decode_png(&std::fs::read(&png).unwrap())
            .unwrap()
            .width(),
        1600
    );
}
