//! [`select_spawn_point`], [`select_team_spawn_point`] and [`select_ctf_spawn_point`]: where a
//! player (re)appears (q3-game-rules.md §4.1).

use glam::Vec3;

use bot_interface::GameRng;

/// The FFA and TDM spawn rule (`SelectRandomFurthestSpawnPoint`, §4.1): among `spots` (the
/// deathmatch spawn spots, in map order) that would not telefrag anyone (`occupied(i)` is
/// true when a player stands in spot `i`'s box), sorted by distance from `avoid` (the death
/// point) from the farthest, pick one at random **in the far half**: index
/// ⌊`random()` × ⌊n / 2⌋⌋, or the only one when n = 1. When every spot is occupied, the first
/// spot of `spots` (and its occupant is telefragged). `None` only for no spots.
///
/// Ties in distance keep map order. One `random()` draw when a free spot exists, none
/// otherwise.
///
/// **Fixed behaviour**: Quake III's `random()` can return exactly 1.0 (probability 1/32768),
/// which makes the index ⌊n / 2⌋, the first spot of the *near* half. Here
/// [`GameRng::random`] is always below 1, so the pick is always in the far half (indices
/// 0 ..= ⌊n / 2⌋ − 1), as the rule intends. Quake III also caps the list at 64 spots
/// (ioquake3 at 128); here every spot counts.
pub fn select_spawn_point(
    spots: &[Vec3],
    avoid: Vec3,
    occupied: impl Fn(usize) -> bool,
    rng: &mut GameRng,
) -> Option<usize> {
    if spots.is_empty() {
        return None;
    }
    let mut free: Vec<(usize, f32)> = spots
        .iter()
        .enumerate()
        .filter(|(index, _)| !occupied(*index))
        .map(|(index, spot)| (index, spot.distance(avoid)))
        .collect();
    if free.is_empty() {
        return Some(0);
    }
    // Stable: equal distances keep map order.
    free.sort_by(|a, b| b.1.total_cmp(&a.1));
    let half = free.len() / 2;
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "random() < 1 and half is a spot count: the product is a small non-negative index"
    )]
    let pick = (f64::from(rng.random()) * half as f64) as usize;
    free.get(pick.min(half.saturating_sub(1)))
        .map(|(index, _)| *index)
}

/// The CTF team spawn rule (`SelectRandomTeamSpawnPoint`, §4.1): a uniformly random spot of
/// `spots` (one team's `team_CTF_*player` or `team_CTF_*spawn` spots, in map order) that would
/// not telefrag anyone; when all would, the first one. `None` when there are no such spots
/// (then the FFA rule applies, see [`select_ctf_spawn_point`]).
///
/// One [`GameRng::below`] draw when a free spot exists. Quake III caps the list at 32 spots;
/// here every spot counts.
pub fn select_team_spawn_point(
    spots: &[Vec3],
    occupied: impl Fn(usize) -> bool,
    rng: &mut GameRng,
) -> Option<usize> {
    if spots.is_empty() {
        return None;
    }
    let free: Vec<usize> = (0..spots.len()).filter(|index| !occupied(*index)).collect();
    if free.is_empty() {
        return Some(0);
    }
    free.get(rng.below(free.len())).copied()
}

/// Which list a CTF spawn spot was taken from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpawnChoice {
    /// An index into the team's spots.
    Team(usize),
    /// An index into the deathmatch spots (the team had none).
    Deathmatch(usize),
}

/// The CTF spawn rule (`SelectCTFSpawnPoint`, §4.1): the team rule on `team_spots`, which
/// the caller takes from the team's `team_CTF_*player` spots for the first spawn after
/// joining and from its `team_CTF_*spawn` spots afterwards; when the team has no such spots,
/// the FFA rule on `deathmatch_spots` away from `avoid`. `None` when both lists are empty.
pub fn select_ctf_spawn_point(
    team_spots: &[Vec3],
    team_occupied: impl Fn(usize) -> bool,
    deathmatch_spots: &[Vec3],
    deathmatch_occupied: impl Fn(usize) -> bool,
    avoid: Vec3,
    rng: &mut GameRng,
) -> Option<SpawnChoice> {
    if let Some(index) = select_team_spawn_point(team_spots, team_occupied, rng) {
        return Some(SpawnChoice::Team(index));
    }
    select_spawn_point(deathmatch_spots, avoid, deathmatch_occupied, rng)
        .map(SpawnChoice::Deathmatch)
}
