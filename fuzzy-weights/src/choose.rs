//! What the weights are for: picking the best weapon (decided weights, botlib's
//! `BotChooseBestFightWeapon`) and scoring items (undecided weights, the first step of
//! botlib's long- and nearby-goal choice).

use rand::Rng;

use crate::compiled::{CompiledConfig, WeightId};
use crate::eval::{EvalSettings, Interpolation};
use crate::inventory::Inventory;

/// The candidate with the highest decided weight for `inventory`, with that weight: the
/// position in `candidates` (for example the weapons of `weapons.c` in order, each mapped to
/// its weight with [`CompiledConfig::find`]).
///
/// As in botlib only weights above 0 count and ties keep the first candidate; `None` when no
/// candidate weighs more than 0 (botlib then answers weapon 0, "none").
///
/// # Complexity
/// One evaluation per candidate; allocates nothing.
#[must_use]
pub fn best_weapon(
    config: &CompiledConfig,
    candidates: &[WeightId],
    inventory: &Inventory,
    interpolation: Interpolation,
) -> Option<(usize, f32)> {
    let mut best: Option<(usize, f32)> = None;
    for (position, &id) in candidates.iter().enumerate() {
        let weight = config.evaluate(id, inventory, interpolation);
        if weight > best.map_or(0.0, |(_, w)| w) {
            best = Some((position, weight));
        }
    }
    best
}

/// Scores every item of `items` with its undecided weight for `inventory`, writing
/// `scores[i]` for `items[i]` (the shorter of the two slices decides how many). Random
/// values come from `rng`, items in order.
///
/// # Complexity
/// One evaluation per item; allocates nothing.
pub fn score_items(
    config: &CompiledConfig,
    items: &[WeightId],
    inventory: &Inventory,
    settings: EvalSettings,
    rng: &mut (impl Rng + ?Sized),
    scores: &mut [f32],
) {
    for (&id, score) in items.iter().zip(scores.iter_mut()) {
        *score = config.evaluate_undecided(id, inventory, settings, rng);
    }
}
