//! `bot-world`'s collision queries on the two largest shared maps by brush count (`oacmpdm1`,
//! 2761 brushes, and `oacmpdm3`, 2014, both of the map pack): point contents, rays of about
//! 1000 units between open points, and player-box traces of about 100 units, each in batches
//! of [`BATCH`] (per-query time = reported time / batch); and the same three kinds by brute
//! force on `oacmpdm1`, for the ratio.
//!
//! Before timing, every answer the bench measures is checked against the brute-force
//! reference (bit for bit), and the brush counts and the numbers of hits against the values
//! recorded when the bench was written.
//!
//! Time is the measuring thread's CPU time (Linux `/proc/thread-self/schedstat`; wall time
//! where that cannot be read), so that other processes on a shared machine do not inflate
//! the figures by descheduling the bench.

use std::hint::black_box;
use std::time::{Duration, Instant};

use aas_geom::brush::{BrushWorld, Contents, ModelNum, PatchSettings};
use aas_geom::format::bsp_q3::read_bsp;
use bot_world::collision::{CollisionWorld, TraceHit, mask};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_main};
use glam::Vec3;

/// Queries per measured batch.
const BATCH: usize = 1024;

/// The player's standing box.
const PLAYER_MINS: Vec3 = Vec3::new(-15.0, -15.0, -24.0);
/// See [`PLAYER_MINS`].
const PLAYER_MAXS: Vec3 = Vec3::new(15.0, 15.0, 32.0);

/// The maps measured, with their brush counts (`BrushWorld::all_brushes`, patch facets
/// included) and, of the [`BATCH`] queries of [`Queries::new`], how many points have contents,
/// how many rays and how many box traces hit something, as this bench's code found them when
/// it was written.
const MAPS: [(&str, Counts); 2] = [
    (
        "oacmpdm1",
        Counts {
            brushes: 2761,
            points: 500,
            rays: 885,
            boxes: 401,
        },
    ),
    (
        "oacmpdm3",
        Counts {
            brushes: 2014,
            points: 329,
            rays: 834,
            boxes: 422,
        },
    ),
];

/// The map measured by brute force too.
const BRUTE_MAP: &str = "oacmpdm1";

/// What a map's queries answer (see [`MAPS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Counts {
    brushes: usize,
    points: usize,
    rays: usize,
    boxes: usize,
}

/// A tiny deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        #[expect(
            clippy::cast_precision_loss,
            reason = "24 random bits are exact in an f32"
        )]
        let unit = (self.next() >> 40) as f32 / (1_u32 << 24) as f32;
        lo + (hi - lo) * unit
    }

    fn offset(&mut self, size: f32) -> Vec3 {
        Vec3::new(
            self.range(-size, size),
            self.range(-size, size),
            self.range(-size, size),
        )
    }

    fn direction(&mut self) -> Vec3 {
        loop {
            let v = self.offset(1.0);
            if v.length_squared() > 0.01 && v.length_squared() <= 1.0 {
                return v.normalize();
            }
        }
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        let index = usize::try_from(self.next() % items.len() as u64).unwrap_or(0);
        items[index]
    }
}

/// The measured queries of one map.
struct Queries {
    /// Points near entities.
    points: Vec<Vec3>,
    /// Rays of ~1000 units between points outside solid.
    rays: Vec<(Vec3, Vec3)>,
    /// Player-box moves of ~100 units from where the box fits.
    boxes: Vec<(Vec3, Vec3)>,
}

impl Queries {
    /// [`BATCH`] queries of each kind around the map's entity origins.
    fn new(world: &BrushWorld, collision: &CollisionWorld) -> Self {
        let anchors: Vec<Vec3> = world
            .entities
            .iter()
            .filter_map(aas_geom::Entity::origin)
            .map(|origin| origin.as_vec3())
            .collect();
        assert!(!anchors.is_empty(), "the map has entities with origins");
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let open = |p: Vec3| collision.contents(p, mask::PLAYER_SOLID).is_empty();
        let points = (0..BATCH)
            .map(|_| rng.pick(&anchors) + rng.offset(256.0))
            .collect();
        let mut rays = Vec::with_capacity(BATCH);
        while rays.len() < BATCH {
            let start = rng.pick(&anchors) + rng.offset(128.0);
            let end = start + rng.direction() * rng.range(900.0, 1100.0);
            if open(start) && open(end) {
                rays.push((start, end));
            }
        }
        let mut boxes = Vec::with_capacity(BATCH);
        while boxes.len() < BATCH {
            let start = rng.pick(&anchors) + rng.offset(96.0);
            let fits = !collision
                .trace(start, start, PLAYER_MINS, PLAYER_MAXS, mask::PLAYER_SOLID)
                .start_solid;
            if fits {
                boxes.push((start, start + rng.direction() * rng.range(90.0, 110.0)));
            }
        }
        Self {
            points,
            rays,
            boxes,
        }
    }

    fn contents(&self, collision: &CollisionWorld, brute: bool) -> usize {
        self.points
            .iter()
            .filter(|&&p| {
                let found = if brute {
                    collision.brute_force_contents(black_box(p), mask::ALL)
                } else {
                    collision.contents(black_box(p), mask::ALL)
                };
                found != Contents::empty()
            })
            .count()
    }

    fn rays(&self, collision: &CollisionWorld, brute: bool) -> usize {
        trace_all(
            collision,
            &self.rays,
            Vec3::ZERO,
            Vec3::ZERO,
            mask::SHOT,
            brute,
        )
    }

    fn boxes(&self, collision: &CollisionWorld, brute: bool) -> usize {
        trace_all(
            collision,
            &self.boxes,
            PLAYER_MINS,
            PLAYER_MAXS,
            mask::PLAYER_SOLID,
            brute,
        )
    }

    /// Every answer equals the brute-force reference's, bit for bit; returns the counts.
    fn check(&self, name: &str, collision: &CollisionWorld) -> Counts {
        for &p in &self.points {
            for mask in [mask::ALL, mask::LIQUID] {
                assert_eq!(
                    collision.contents(p, mask),
                    collision.brute_force_contents(p, mask),
                    "{name}: contents at {p}"
                );
            }
        }
        let same = |tree: TraceHit, brute: TraceHit, what: &str| {
            assert_eq!(tree.fraction.to_bits(), brute.fraction.to_bits(), "{what}");
            assert_eq!(tree, brute, "{what}");
        };
        for &(s, e) in &self.rays {
            same(
                collision.trace(s, e, Vec3::ZERO, Vec3::ZERO, mask::SHOT),
                collision.brute_force_trace(s, e, Vec3::ZERO, Vec3::ZERO, mask::SHOT),
                &format!("{name}: ray {s} -> {e}"),
            );
        }
        for &(s, e) in &self.boxes {
            same(
                collision.trace(s, e, PLAYER_MINS, PLAYER_MAXS, mask::PLAYER_SOLID),
                collision.brute_force_trace(s, e, PLAYER_MINS, PLAYER_MAXS, mask::PLAYER_SOLID),
                &format!("{name}: box {s} -> {e}"),
            );
        }
        let counts = Counts {
            brushes: collision.brush_count(),
            points: self.contents(collision, false),
            rays: self.rays(collision, false),
            boxes: self.boxes(collision, false),
        };
        assert_eq!(counts.points, self.contents(collision, true), "{name}");
        assert_eq!(counts.rays, self.rays(collision, true), "{name}");
        assert_eq!(counts.boxes, self.boxes(collision, true), "{name}");
        counts
    }
}

/// How many of `segments` hit something.
fn trace_all(
    collision: &CollisionWorld,
    segments: &[(Vec3, Vec3)],
    mins: Vec3,
    maxs: Vec3,
    mask: Contents,
    brute: bool,
) -> usize {
    segments
        .iter()
        .filter(|&&(s, e)| {
            let (s, e) = (black_box(s), black_box(e));
            if brute {
                collision.brute_force_trace(s, e, mins, maxs, mask).hit()
            } else {
                collision.trace(s, e, mins, maxs, mask).hit()
            }
        })
        .count()
}

/// The CPU time the current thread has run, when the system tells it.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_ascii_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// The time `iters` calls of `work` take: thread CPU time, else wall time.
fn timed(iters: u64, mut work: impl FnMut() -> usize) -> Duration {
    let (cpu, wall) = (thread_cpu_time(), Instant::now());
    for _ in 0..iters {
        black_box(work());
    }
    match (cpu, thread_cpu_time()) {
        (Some(before), Some(after)) => after.saturating_sub(before),
        _ => wall.elapsed(),
    }
}

fn trace(c: &mut Criterion) {
    let Some(pack) = real_data::find_in(real_data::PACK) else {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("bot_world_trace: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let maps: Vec<(&str, CollisionWorld, Queries)> = MAPS
        .iter()
        .map(|&(name, expected)| {
            let bytes = std::fs::read(pack.join(format!("{name}.bsp"))).expect("shared .bsp");
            let world = read_bsp(&bytes, &PatchSettings::default()).expect("shared .bsp loads");
            let collision = CollisionWorld::new(&world);
            assert!(collision.model_bounds(ModelNum::WORLD).is_some());
            let queries = Queries::new(&world, &collision);
            assert_eq!(queries.check(name, &collision), expected, "{name}: answers");
            (name, collision, queries)
        })
        .collect();
    for brute in [false, true] {
        let prefix = if brute { "brute_" } else { "" };
        let mut group = c.benchmark_group(format!("{prefix}collision"));
        group.throughput(Throughput::Elements(BATCH as u64));
        for (name, collision, queries) in &maps {
            if brute && *name != BRUTE_MAP {
                continue;
            }
            group.bench_function(BenchmarkId::new("contents", name), |b| {
                b.iter_custom(|iters| timed(iters, || queries.contents(collision, brute)));
            });
            group.bench_function(BenchmarkId::new("ray_1000", name), |b| {
                b.iter_custom(|iters| timed(iters, || queries.rays(collision, brute)));
            });
            group.bench_function(BenchmarkId::new("box_100", name), |b| {
                b.iter_custom(|iters| timed(iters, || queries.boxes(collision, brute)));
            });
        }
        group.finish();
    }
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::trace;
    criterion::criterion_group!(benches, trace);
}
use group::benches;
criterion_main!(benches);
