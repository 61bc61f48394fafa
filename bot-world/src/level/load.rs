//! [`Level::load`] and [`Level::from_brush_world`].

use std::path::Path;

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::entities::{extract_doors, extract_entities, world_gravity};
use aas_geom::format::bsp_q3::{BspVisibility, bsp_checksum};
use aas_geom::{AasWorld, BrushWorld, ReadSettings, read_brush_world};
use aas_route::{ClusterSettings, Clustering};

use super::{Level, LevelDiagnostic, LevelError, items, spawns};

/// How a level is read.
#[derive(Debug, Clone, Default)]
pub struct LevelSettings {
    /// How the map file is read (texture rules of `.map` files, patch tessellation).
    pub read: ReadSettings,
}

/// Entity classes the world reads, or that have no effect on play (beside items and spawn
/// points, recognised by name).
const MODELLED: [&str; 24] = [
    "func_illusionary",
    "target_location",
    "worldspawn",
    "trigger_push",
    "trigger_teleport",
    "trigger_multiple",
    "trigger_hurt",
    "target_teleporter",
    "target_position",
    "misc_teleporter_dest",
    "info_notnull",
    "info_null",
    "func_plat",
    "func_bobbing",
    "func_door",
    "func_button",
    "func_static",
    "func_group",
    "misc_model",
    "target_speaker",
    "light",
    "target_relay",
    "target_delay",
    "target_push",
];

/// Entity classes with no effect on play (decoration, lighting, editor helpers).
const DECORATION_PREFIXES: [&str; 4] = ["light", "misc_", "info_", "team_ctf_neutralflag"];

impl Level {
    /// Loads the map at `map` (`.bsp` or `.map`) and its navigation world: the `.aas` at
    /// `aas` when given (refused when it was compiled for another `.bsp`), else compiled in
    /// memory.
    ///
    /// # Errors
    /// [`LevelError`] naming the file that could not be read, the checksum mismatch, a
    /// compile failure, or a map without spawn points.
    pub fn load(
        map: &Path,
        aas: Option<&Path>,
        settings: &LevelSettings,
    ) -> Result<Self, LevelError> {
        let bytes = std::fs::read(map).map_err(|source| {
            LevelError::Map(aas_geom::LoadError::Io {
                path: map.to_owned(),
                source,
            })
        })?;
        let brushes = read_brush_world(&bytes, map, &settings.read)?;
        let checksum = if bytes.starts_with(b"IBSP") {
            bsp_checksum(&bytes)
        } else {
            0
        };
        let navigation = match aas {
            Some(path) => {
                let world = AasWorld::load(path)?;
                if checksum != 0 && world.bsp_checksum != checksum {
                    return Err(LevelError::ChecksumMismatch {
                        aas_path: path.to_owned(),
                        map_path: map.to_owned(),
                        aas: world.bsp_checksum,
                        bsp: checksum,
                    });
                }
                Some(world)
            }
            None => None,
        };
        let name = map.file_stem().map_or_else(
            || "map".to_owned(),
            |stem| stem.to_string_lossy().into_owned(),
        );
        let mut hasher = crate::sim::StateHasher::default();
        hasher.bytes(&bytes);
        let level =
            Self::from_brush_world(&name, brushes, checksum, navigation).map_err(|error| {
                match error {
                    BuildError::Compile(source) => LevelError::Compile {
                        path: map.to_owned(),
                        source,
                    },
                    BuildError::NoSpawnPoints => LevelError::NoSpawnPoints {
                        path: map.to_owned(),
                    },
                }
            })?;
        let mut level = level;
        if checksum != 0 {
            match BspVisibility::from_bsp(&bytes) {
                Ok(visibility) => level.visibility = visibility.has_data().then_some(visibility),
                Err(error) => level.diagnostics.push(LevelDiagnostic {
                    entity: None,
                    classname: String::new(),
                    message: format!("the map's visibility data is unusable ({error}); sight is traced without it"),
                }),
            }
        }
        Ok(Self {
            file_hash: hasher.finish(),
            ..level
        })
    }

    /// A level from brushes already read, with `aas` as its navigation world (compiled from
    /// the brushes when `None`). `checksum` is the `.bsp`'s (0 for none).
    ///
    /// # Errors
    /// [`BuildError`] when compiling fails or there is no spawn point.
    pub fn from_brush_world(
        name: &str,
        brushes: BrushWorld,
        checksum: i32,
        aas: Option<AasWorld>,
    ) -> Result<Self, BuildError> {
        let mut diagnostics = Vec::new();
        let (mut aas, aas_compiled) = match aas {
            Some(world) => (world, false),
            None => {
                let settings = CompileSettings {
                    bsp_checksum: checksum,
                    ..CompileSettings::default()
                };
                let output = compile_world(&brushes, &settings).map_err(BuildError::Compile)?;
                (output.world, true)
            }
        };
        let stored = Clustering::from_world(&aas);
        if aas_compiled || stored.validate(&aas).is_err() {
            if !aas_compiled {
                diagnostics.push(LevelDiagnostic {
                    entity: None,
                    classname: String::new(),
                    message: "the navigation file's clusters do not fit its areas; reclustered"
                        .to_owned(),
                });
            }
            Clustering::compute(&aas, &ClusterSettings::default()).store_into(&mut aas);
        }
        let gravity = world_gravity(&brushes);
        let movement = extract_entities(&brushes, gravity);
        let doors = extract_doors(&brushes);
        let mut spawn_points = Vec::new();
        let mut level_items = Vec::new();
        for (index, entity) in brushes.entities.iter().enumerate() {
            if let Some(spawn) = spawns::extract(index, entity) {
                spawn_points.push(spawn);
            } else if let Some(item) = items::extract(index, entity, &mut diagnostics) {
                level_items.push(item);
            } else {
                note_unmodelled(index, entity.classname(), &mut diagnostics);
            }
        }
        for note in movement.diagnostics.iter().chain(&doors.diagnostics) {
            diagnostics.push(LevelDiagnostic {
                entity: Some(note.entity),
                classname: note.classname.clone(),
                message: format!(
                    "{}{}",
                    note.problem,
                    if note.skipped { "; left out" } else { "" }
                ),
            });
        }
        diagnostics.sort_by_key(|d| d.entity);
        if spawn_points.is_empty() {
            return Err(BuildError::NoSpawnPoints);
        }
        Ok(Self {
            name: name.to_owned(),
            bsp_checksum: checksum,
            file_hash: 0,
            collision: crate::collision::CollisionWorld::new(&brushes),
            visibility: None,
            brushes,
            aas,
            aas_compiled,
            gravity,
            movement,
            doors,
            spawns: spawn_points,
            items: level_items,
            diagnostics,
        })
    }
}

/// Why [`Level::from_brush_world`] failed.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// Compiling the navigation world failed.
    #[error("compiling the navigation world failed: {0}")]
    Compile(aas_geom::CompileError),
    /// No spawn point.
    #[error("no spawn point")]
    NoSpawnPoints,
}

/// Notes an entity whose class the world does not model (decoration is not noted).
fn note_unmodelled(index: usize, class: &str, diagnostics: &mut Vec<LevelDiagnostic>) {
    let lower = class.to_ascii_lowercase();
    if MODELLED.contains(&lower.as_str())
        || DECORATION_PREFIXES
            .iter()
            .any(|prefix| lower.starts_with(prefix))
    {
        return;
    }
    diagnostics.push(LevelDiagnostic {
        entity: Some(index),
        classname: class.to_owned(),
        message: "not modelled by the world; ignored".to_owned(),
    });
}
