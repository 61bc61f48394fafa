//! The reachability layer: every reachability leaving a shown area as an arrow from its start
//! point to its end point, coloured by travel type (teleports dashed), with a legend entry and
//! count per type drawn.

use std::fmt::Write as _;

use aas_geom::world::{Reachability, TRAVEL_TYPE_COUNT, TravelType};
use glam::Vec2;

use super::Scene;
use super::canvas::escape;
use super::legend::{Entry, Swatch};

/// Arrow shaft width, pixels.
const SHAFT: f32 = 1.4;
/// Longest arrow head, pixels.
const HEAD: f32 = 8.0;
/// The shortest arrow drawn, pixels: shorter ones (a walk's start and end points lie a few
/// units apart, on either side of the edge crossed) are lengthened backwards from their end
/// point so that their direction shows.
const SHORTEST: f32 = 12.0;
/// How far an arrow is moved to its right, pixels, so that the two arrows of a pair of
/// opposite reachabilities lie side by side.
const KEEP_RIGHT: f32 = 1.5;
/// Colour of a travel type outside the 19 known ones.
pub(crate) const UNKNOWN: &str = "#000000";

/// The colour of a travel type (one per type, told apart on the areas' pale fills).
pub(crate) const fn colour(kind: TravelType) -> &'static str {
    match kind {
        TravelType::Invalid => "#000000",
        TravelType::Walk => "#4d4d4d",
        TravelType::Crouch => "#8c564b",
        TravelType::BarrierJump => "#ff7f0e",
        TravelType::Jump => "#d62728",
        TravelType::Ladder => "#a0a000",
        TravelType::WalkOffLedge => "#9467bd",
        TravelType::Swim => "#1f5fbf",
        TravelType::WaterJump => "#00a0b0",
        TravelType::Teleport => "#e020c0",
        TravelType::Elevator => "#006d5b",
        TravelType::RocketJump => "#b8860b",
        TravelType::BfgJump => "#2ca02c",
        TravelType::GrappleHook => "#5a3d1e",
        TravelType::DoubleJump => "#ff4060",
        TravelType::RampJump => "#4b0082",
        TravelType::StrafeJump => "#0000cd",
        TravelType::JumpPad => "#ff00ff",
        TravelType::FuncBob => "#607080",
    }
}

/// The legend's name of a travel type.
pub(crate) const fn label(kind: TravelType) -> &'static str {
    match kind {
        TravelType::Invalid => "invalid",
        TravelType::Walk => "walk",
        TravelType::Crouch => "crouch",
        TravelType::BarrierJump => "barrier jump",
        TravelType::Jump => "jump",
        TravelType::Ladder => "ladder",
        TravelType::WalkOffLedge => "walk off ledge",
        TravelType::Swim => "swim",
        TravelType::WaterJump => "water jump",
        TravelType::Teleport => "teleport",
        TravelType::Elevator => "elevator",
        TravelType::RocketJump => "rocket jump",
        TravelType::BfgJump => "BFG jump",
        TravelType::GrappleHook => "grapple",
        TravelType::DoubleJump => "double jump",
        TravelType::RampJump => "ramp jump",
        TravelType::StrafeJump => "strafe jump",
        TravelType::JumpPad => "jump pad",
        TravelType::FuncBob => "func_bobbing",
    }
}

/// Draws an arrow (`class="reach"`) for every reachability leaving a focus area whose travel
/// type is among `types` (every type, unknown ones included, when `types` is empty). Returns
/// how many were drawn and the legend entries of the types drawn, in type order.
pub(super) fn draw(
    svg: &mut String,
    scene: &Scene<'_>,
    types: &[TravelType],
) -> (usize, Vec<Entry>) {
    // Counts per known type, and of unknown types at the end.
    let mut counts = [0_usize; TRAVEL_TYPE_COUNT + 1];
    svg.push_str("<g id=\"reachabilities\" fill=\"none\">\n");
    for (index, area) in scene.world.areas.iter().enumerate() {
        if !scene.focus[index] {
            continue;
        }
        let first = area.reachabilities.start as usize;
        let reaches = scene
            .world
            .reachabilities
            .get(first..area.reachabilities.end as usize)
            .unwrap_or(&[]);
        for (offset, reach) in reaches.iter().enumerate() {
            let kind = reach.kind();
            if !types.is_empty() && !kind.is_some_and(|k| types.contains(&k)) {
                continue;
            }
            counts[kind.map_or(TRAVEL_TYPE_COUNT, TravelType::position)] += 1;
            arrow(svg, scene, reach, (index + 1, first + offset + 1));
        }
    }
    svg.push_str("</g>\n");
    let mut legend: Vec<Entry> = TravelType::ALL
        .into_iter()
        .filter(|kind| counts[kind.position()] > 0)
        .map(|kind| {
            Entry::new(
                Swatch::Arrow {
                    colour: colour(kind).to_owned(),
                    dashed: kind == TravelType::Teleport,
                },
                format!("{} ({})", label(kind), counts[kind.position()]),
            )
        })
        .collect();
    if counts[TRAVEL_TYPE_COUNT] > 0 {
        legend.push(Entry::new(
            Swatch::Arrow {
                colour: UNKNOWN.to_owned(),
                dashed: false,
            },
            format!("unknown type ({})", counts[TRAVEL_TYPE_COUNT]),
        ));
    }
    (counts.iter().sum(), legend)
}

/// One reachability's arrow: a shaft and a filled head at its end, moved a little to its
/// right, at least [`SHORTEST`] long, in one `path` (a dot when its start and end points
/// project within half a pixel). `numbers` are the file's
/// numbers of its area and of the reachability, for its title.
fn arrow(svg: &mut String, scene: &Scene<'_>, reach: &Reachability, numbers: (usize, usize)) {
    let kind = reach.kind();
    let colour = kind.map_or(UNKNOWN, colour);
    let name = kind.map_or("unknown", label);
    let title = escape(&format!(
        "reachability {}: {name} from area {} to area {}, {:.2} s",
        numbers.1,
        numbers.0,
        reach.target.index() + 1,
        f32::from(reach.travel_time) / 100.0
    ));
    let (a, b) = (
        scene.canvas.project(reach.start),
        scene.canvas.project(reach.end),
    );
    let along = b - a;
    let length = along.length();
    if length < 0.5 {
        let _ = writeln!(
            svg,
            r#"<circle class="reach" cx="{:.1}" cy="{:.1}" r="{:.1}" fill="{colour}"><title>{title}</title></circle>"#,
            a.x,
            a.y,
            SHAFT * 1.2
        );
        return;
    }
    let dir = along / length;
    let (a, length) = if length < SHORTEST {
        (b - dir * SHORTEST, SHORTEST)
    } else {
        (a, length)
    };
    // Screen y points down: (−dy, dx) is the arrow's right.
    let right = Vec2::new(-dir.y, dir.x);
    let shift = right * KEEP_RIGHT;
    let (a, b) = (a + shift, b + shift);
    let head = HEAD.min(length * 0.5);
    let base = b - dir * head;
    let (l, r) = (base + right * head * 0.4, base - right * head * 0.4);
    let dash = if kind == Some(TravelType::Teleport) {
        r#" stroke-dasharray="6,3""#
    } else {
        ""
    };
    let _ = writeln!(
        svg,
        r#"<path class="reach" d="M{:.1},{:.1} L{:.1},{:.1} M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} Z" stroke="{colour}" stroke-width="{SHAFT}" fill="{colour}" stroke-linejoin="round"{dash}><title>{title}</title></path>"#,
        a.x, a.y, base.x, base.y, b.x, b.y, l.x, l.y, r.x, r.y,
    );
}
