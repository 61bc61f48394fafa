//! Spawn point choice (q3-game-rules.md §4.1).

use bot_world::rules::{
    GameRng, SpawnChoice, select_ctf_spawn_point, select_spawn_point, select_team_spawn_point,
};
use glam::Vec3;
use proptest::prelude::*;

fn line(n: usize) -> Vec<Vec3> {
    (0..n)
        .map(|i| Vec3::new(100.0 * i as f32, 0.0, 0.0))
        .collect()
}

#[test]
fn small_and_degenerate_lists() {
    let mut rng = GameRng::new(0);
    assert_eq!(
        select_spawn_point(&[], Vec3::ZERO, |_| false, &mut rng),
        None
    );
    let one = line(1);
    assert_eq!(
        select_spawn_point(&one, Vec3::ZERO, |_| false, &mut rng),
        Some(0)
    );
    // Everything occupied: the first spot, no draw.
    let spots = line(5);
    let before = rng.clone();
    assert_eq!(
        select_spawn_point(&spots, Vec3::ZERO, |_| true, &mut rng),
        Some(0)
    );
    assert_eq!(rng, before);
    // Two spots: always the farther one.
    let two = line(2);
    for _ in 0..100 {
        assert_eq!(
            select_spawn_point(&two, Vec3::ZERO, |_| false, &mut rng),
            Some(1)
        );
    }
}

#[test]
fn picks_cover_the_far_half_only() {
    // Ten spots on a line, avoiding x = 0: sorted far to near they are 9, 8, …, 0; the far
    // half is 9, 8, 7, 6, 5.
    let spots = line(10);
    let mut rng = GameRng::new(11);
    let mut seen = [0_u32; 10];
    for _ in 0..5000 {
        let pick = select_spawn_point(&spots, Vec3::ZERO, |_| false, &mut rng).unwrap();
        seen[pick] += 1;
    }
    assert!(seen[..5].iter().all(|&count| count == 0), "{seen:?}");
    assert!(seen[5..].iter().all(|&count| count > 800), "{seen:?}");
    // Occupied spots are skipped: with 9 and 8 taken the far half of the eight left is 7..4.
    let mut seen = [0_u32; 10];
    for _ in 0..2000 {
        let pick = select_spawn_point(&spots, Vec3::ZERO, |i| i >= 8, &mut rng).unwrap();
        seen[pick] += 1;
    }
    assert_eq!(&seen[8..], &[0, 0]);
    assert!(seen[..4].iter().all(|&count| count == 0), "{seen:?}");
    assert!(seen[4..8].iter().all(|&count| count > 300), "{seen:?}");
}

#[test]
fn deterministic_for_a_seed() {
    let spots: Vec<Vec3> = (0..16)
        .map(|i| Vec3::new((i * 37 % 11) as f32 * 90.0, (i * 13 % 7) as f32 * 70.0, 0.0))
        .collect();
    let run = |seed| {
        let mut rng = GameRng::new(seed);
        (0..50)
            .map(|k| {
                let avoid = spots[k % spots.len()];
                select_spawn_point(&spots, avoid, |i| i % 5 == 0, &mut rng).unwrap()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(42), run(42));
    assert_ne!(run(42), run(43));
}

#[test]
fn team_spawns_and_the_ctf_fallback() {
    let mut rng = GameRng::new(3);
    let team = line(4);
    let mut seen = [0_u32; 4];
    for _ in 0..4000 {
        let pick = select_team_spawn_point(&team, |i| i == 2, &mut rng).unwrap();
        seen[pick] += 1;
    }
    assert_eq!(seen[2], 0);
    assert!(
        seen.iter().enumerate().all(|(i, &c)| i == 2 || c > 1100),
        "{seen:?}"
    );
    assert_eq!(select_team_spawn_point(&team, |_| true, &mut rng), Some(0));
    assert_eq!(select_team_spawn_point(&[], |_| false, &mut rng), None);

    let deathmatch = line(2);
    let choice = select_ctf_spawn_point(
        &team,
        |_| false,
        &deathmatch,
        |_| false,
        Vec3::ZERO,
        &mut rng,
    );
    assert!(matches!(choice, Some(SpawnChoice::Team(_))));
    let choice =
        select_ctf_spawn_point(&[], |_| false, &deathmatch, |_| false, Vec3::ZERO, &mut rng);
    assert_eq!(choice, Some(SpawnChoice::Deathmatch(1)));
    assert_eq!(
        select_ctf_spawn_point(&[], |_| false, &[], |_| false, Vec3::ZERO, &mut rng),
        None
    );
}

proptest! {
    #[test]
    fn never_a_telefrag_and_always_in_the_far_half(
        coords in prop::collection::vec((-2000.0_f32..2000.0, -2000.0_f32..2000.0), 1..40),
        occupied_mask in any::<u64>(),
        avoid in (-2000.0_f32..2000.0, -2000.0_f32..2000.0),
        seed in any::<u64>(),
    ) {
        let spots: Vec<Vec3> = coords.iter().map(|&(x, y)| Vec3::new(x, y, 0.0)).collect();
        let avoid = Vec3::new(avoid.0, avoid.1, 0.0);
        let occupied = |i: usize| occupied_mask >> (i % 64) & 1 == 1;
        let mut rng = GameRng::new(seed);
        let pick = select_spawn_point(&spots, avoid, occupied, &mut rng).unwrap();
        let free: Vec<usize> = (0..spots.len()).filter(|&i| !occupied(i)).collect();
        if free.is_empty() {
            prop_assert_eq!(pick, 0);
        } else {
            prop_assert!(!occupied(pick));
            // Strictly fewer than ⌈n/2⌉ free spots are farther than the pick (it is among
            // the ⌊n/2⌋ farthest, or the only one).
            let distance = spots[pick].distance(avoid);
            let farther = free.iter().filter(|&&i| spots[i].distance(avoid) > distance).count();
            prop_assert!(farther < (free.len() / 2).max(1), "{} farther of {}", farther, free.len());
        }
    }
}
