//! [`aas_render()`] (`aas render FILE [--svg OUT.svg] [--png OUT.png] [LAYERS]`): a top-down
//! picture of the areas of a `.aas` (Quake III or native), with optional layers —
//! reachabilities by travel type, clusters and portals, a route between two points, an area's
//! neighbourhood, a height slice — as SVG, PNG or both.

use std::io::Write;
use std::path::{Path, PathBuf};

use aas_geom::AasWorld;
use aas_geom::world::{AreaId, TravelType};
use aas_route::{PredictStop, PredictStops, TravelFlags};
use glam::Vec3;
use serde::Serialize;

use crate::commands::aas_route::{Unroutable, open_router, route_points};
use crate::error::Error;
use crate::output::{Report, write_json_direct};
use crate::render::png::{rasterise, system_fonts};
use crate::render::{RenderSettings, RoutePath, render_svg};

/// The default picture width, pixels.
pub const DEFAULT_WIDTH: u32 = 1600;
/// The narrowest picture, pixels (room for one legend column).
pub const MIN_WIDTH: u32 = 320;
/// The widest picture, pixels.
pub const MAX_WIDTH: u32 = 16_384;

/// The arguments of `aas render`: the file, where to write, and the layers to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderArgs {
    /// The `.aas` to draw (Quake III or native).
    pub file: PathBuf,
    /// Write the SVG picture here.
    pub svg: Option<PathBuf>,
    /// Write the PNG picture here.
    pub png: Option<PathBuf>,
    /// Picture width, pixels ([`MIN_WIDTH`]..=[`MAX_WIDTH`]; the height follows the map).
    pub width: u32,
    /// Draw the reachabilities as arrows coloured by travel type.
    pub reach: bool,
    /// Draw only reachabilities of these types (all when empty; not empty implies `reach`).
    pub reach_types: Vec<TravelType>,
    /// Tint areas by cluster and mark the cluster portal areas.
    pub clusters: bool,
    /// Draw the route from the first point to the second.
    pub route: Option<(Vec3, Vec3)>,
    /// Show only this area (the file's 1-based number) and its neighbours, numbered.
    pub area: Option<u32>,
    /// The neighbours of `area`: areas within this many reachability hops (either way).
    pub radius: u32,
    /// Draw only areas whose ground lies between these heights (inclusive).
    pub height: Option<(f32, f32)>,
}

impl RenderArgs {
    /// Drawing the areas of `file` and nothing else, at the default width, to no output yet.
    #[must_use]
    pub fn new(file: impl Into<PathBuf>) -> Self {
        Self {
            file: file.into(),
            svg: None,
            png: None,
            width: DEFAULT_WIDTH,
            reach: false,
            reach_types: Vec::new(),
            clusters: false,
            route: None,
            area: None,
            radius: 1,
            height: None,
        }
    }
}

/// The route `aas render --route` drew.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RenderedRoute {
    /// Travel time, hundredths of a second.
    pub time: u16,
    /// The reachabilities taken.
    pub reachabilities: usize,
    /// The start point's area (the file's 1-based number).
    pub start_area: usize,
    /// The goal point's area (the file's 1-based number).
    pub goal_area: usize,
}

/// The report of `aas render`: what was written and drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AasRenderReport {
    /// The SVG picture written, if asked.
    pub svg: Option<PathBuf>,
    /// The PNG picture written, if asked.
    pub png: Option<PathBuf>,
    /// Picture width, pixels.
    pub width: u32,
    /// Picture height, pixels.
    pub height: u32,
    /// The areas of the file.
    pub areas: usize,
    /// The areas shown (in the height slice and, with `--area`, in view).
    pub areas_shown: usize,
    /// Reachability arrows drawn.
    pub reachabilities: usize,
    /// Cluster portal areas marked (with `--clusters`).
    pub portals: usize,
    /// The route drawn (with `--route`).
    pub route: Option<RenderedRoute>,
    /// Whether the PNG's text could be set (false: no system font was found and the PNG has
    /// no text; the SVG always has it).
    pub png_text: bool,
}

/// Draws the `.aas` `args.file` from above, with the layers `args` asks for, into the SVG
/// and/or PNG pictures it names.
///
/// # Errors
/// When neither output is named, the width is out of range, the file cannot be loaded, the
/// area is not in it, the height slice holds no area, a route point is in no area or no route
/// joins them, or a picture cannot be made or written.
pub fn aas_render(args: &RenderArgs) -> Result<AasRenderReport, Error> {
    if args.svg.is_none() && args.png.is_none() {
        return Err(Error::Argument(
            "aas render: nothing to write; give --svg OUT.svg, --png OUT.png or both".to_owned(),
        ));
    }
    if !(MIN_WIDTH..=MAX_WIDTH).contains(&args.width) {
        return Err(Error::Argument(format!(
            "aas render: --width {} is not in {MIN_WIDTH}..={MAX_WIDTH} pixels",
            args.width
        )));
    }
    if let Some((lo, hi)) = args.height
        && lo.partial_cmp(&hi).is_none_or(std::cmp::Ordering::is_gt)
    {
        return Err(Error::Argument(format!(
            "aas render: --height {lo}:{hi}: the lower height comes first"
        )));
    }
    let file = &args.file;
    let world = AasWorld::load(file)?;
    let drawing = |message: String| Error::Render {
        path: file.clone(),
        message,
    };
    let focus = match args.area {
        None => None,
        Some(number) => {
            let index = (number as usize)
                .checked_sub(1)
                .filter(|&i| i < world.areas.len())
                .ok_or_else(|| {
                    drawing(format!(
                        "area {number} is not in the file (areas 1..={})",
                        world.areas.len()
                    ))
                })?;
            Some((AreaId::from_index(index), args.radius))
        }
    };
    let route = match args.route {
        Some((from, to)) => Some(find_route(file, &world, from, to).map_err(drawing)?),
        None => None,
    };
    let settings = RenderSettings {
        width: args.width,
        caption: file.file_name().map_or_else(
            || file.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        ),
        reach: (args.reach || !args.reach_types.is_empty()).then(|| args.reach_types.clone()),
        clusters: args.clusters,
        route,
        focus,
        height: args.height,
    };
    let picture = render_svg(&world, &settings).map_err(drawing)?;
    let write = |path: &Path, bytes: &[u8]| {
        std::fs::write(path, bytes).map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })
    };
    if let Some(svg) = &args.svg {
        write(svg, picture.svg.as_bytes())?;
    }
    let mut png_text = true;
    if let Some(png) = &args.png {
        let raster = rasterise(&picture.svg, system_fonts()).map_err(|message| Error::Render {
            path: png.clone(),
            message,
        })?;
        png_text = raster.fonts;
        write(png, &raster.png)?;
    }
    Ok(AasRenderReport {
        svg: args.svg.clone(),
        png: args.png.clone(),
        width: picture.width,
        height: picture.height,
        areas: world.areas.len(),
        areas_shown: picture.areas,
        reachabilities: picture.reachabilities,
        portals: picture.portals,
        route: settings.route.as_ref().map(|r| RenderedRoute {
            time: r.time,
            reachabilities: r.reaches.len(),
            start_area: r.start_area + 1,
            goal_area: r.goal_area + 1,
        }),
        png_text,
    })
}

/// The route from `from` to `to` in `world` (loaded from `file`), as `aas route` answers it,
/// followed reachability by reachability.
fn find_route(file: &Path, world: &AasWorld, from: Vec3, to: Vec3) -> Result<RoutePath, String> {
    let mut router = open_router(file, world).map_err(|e| e.to_string())?;
    let found = route_points(&mut router, world, from, to).map_err(|why| {
        let point = |p: Vec3| format!("{},{},{}", p.x, p.y, p.z);
        match why {
            Unroutable::StartOutside => format!(
                "route start {} is in no area (in solid or outside the map; AAS heights are the \
                 player's origin, 24 above the floor)",
                point(from)
            ),
            Unroutable::GoalOutside => format!(
                "route goal {} is in no area (in solid or outside the map; AAS heights are the \
                 player's origin, 24 above the floor)",
                point(to)
            ),
            Unroutable::NoRoute => format!(
                "no route from {} to {} with the default travel flags",
                point(from),
                point(to)
            ),
        }
    })?;
    let predicted = router.predict_route(
        found.start,
        from,
        found.goal,
        TravelFlags::DEFAULT,
        &PredictStops::default(),
    );
    if predicted.stop != PredictStop::Goal {
        return Err(format!(
            "the route from {} to {} could not be followed to the goal ({:?})",
            found.start.index() + 1,
            found.goal.index() + 1,
            predicted.stop
        ));
    }
    Ok(RoutePath {
        from,
        to,
        start_area: found.start.index(),
        goal_area: found.goal.index(),
        reaches: predicted.steps.iter().map(|s| s.reach.index()).collect(),
        time: found.route.time,
    })
}

impl Report for AasRenderReport {
    /// The fields (the command line has no `--json` for `aas render`).
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    /// `wrote OUT.svg and OUT.png (W×H pixels, N areas, M shown, …)`.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        let files: Vec<String> = [&self.svg, &self.png]
            .into_iter()
            .flatten()
            .map(|p| p.display().to_string())
            .collect();
        write!(
            out,
            "wrote {} ({}x{} pixels, {} areas, {} shown",
            files.join(" and "),
            self.width,
            self.height,
            self.areas,
            self.areas_shown
        )?;
        if self.reachabilities > 0 {
            write!(out, ", {} reachabilities", self.reachabilities)?;
        }
        if self.portals > 0 {
            write!(out, ", {} portal areas", self.portals)?;
        }
        if let Some(route) = &self.route {
            write!(
                out,
                ", route {:.2} s over {} reachabilities",
                f32::from(route.time) / 100.0,
                route.reachabilities
            )?;
        }
        writeln!(out, ")")?;
        Ok(())
    }

    /// A note when the PNG has no text for want of fonts.
    fn warnings(&self) -> Vec<String> {
        if self.png.is_some() && !self.png_text {
            vec!["warning: no system font found: the PNG has no text (the SVG has it)".to_owned()]
        } else {
            Vec::new()
        }
    }
}
