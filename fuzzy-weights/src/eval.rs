//! Evaluation of the tree form: decided ([`Node::evaluate`]) and undecided
//! ([`Node::evaluate_undecided`]), with the interpolation of ioquake3 or the step of id 1.32.
//!
//! The walk (botlib's `FuzzyWeight`), for the value v of the switch's inventory slot: find
//! the first case, in file order, whose limit is above v. If it is the first case, its value
//! is the result. Otherwise v lies between the previous case's limit and this one's, and the
//! result mixes the two cases' values ([`Interpolation`]); a `default` case is never mixed
//! into: between the last case and `default` the result is the default's value. If no limit
//! is above v (only possible at v ≥ 999999, or with cases after `default`), the last case's
//! value is the result.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::inventory::Inventory;
use crate::model::{Case, Leaf, Node, Switch};

/// How a value between two case limits is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Interpolation {
    /// ioquake3 (since 2006) and the thesis: linear between the two cases' values,
    /// `(1 − t)·w(prev) + t·w(next)` with `t = (v − prev) / (next − prev)`, except that
    /// `default` is never mixed into (its value is returned).
    #[default]
    Linear,
    /// id 1.32 (the 2005 GPL release): `t` was an integer division (always 0), so the
    /// result is the next case's value: a step function.
    Step,
}

/// Which values undecided evaluation draws at random (quirk W3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Undecided {
    /// Every leaf reached draws a value in `[min, max]` (the corrected behaviour).
    #[default]
    Throughout,
    /// Botlib (both id and ioquake3): when interpolating, the next case is evaluated
    /// decided (its leaves give their weights, not random values).
    BotlibDecidedNext,
}

/// Settings of evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EvalSettings {
    /// Between case limits: linear (default) or step.
    pub interpolation: Interpolation,
    /// Undecided evaluation: random throughout (default) or botlib's quirk.
    pub undecided: Undecided,
}

/// Botlib's `random()`: 15 random bits scaled to `[0, 1]`, both ends included.
pub(crate) fn random_unit(rng: &mut (impl Rng + ?Sized)) -> f32 {
    const SCALE: f32 = 32767.0;
    let bits = u16::try_from(rng.next_u32() & 0x7fff).unwrap_or(0);
    f32::from(bits) / SCALE
}

/// A uniform value in `[min, max]` (both included; `min > max` gives a value between them).
pub(crate) fn random_in(rng: &mut (impl Rng + ?Sized), min: f32, max: f32) -> f32 {
    min + random_unit(rng) * (max - min)
}

/// Mixes the values of two consecutive cases for the inventory value `v` that lies in
/// `[prev_limit, next_limit)`.
#[inline]
pub(crate) fn mix(
    interpolation: Interpolation,
    v: i32,
    prev_limit: i32,
    next_limit: i32,
    prev: f32,
    next: f32,
) -> f32 {
    match interpolation {
        Interpolation::Step => next,
        Interpolation::Linear => {
            // Differences in i64: limits and values are full i32s.
            let t = (i64::from(v) - i64::from(prev_limit)) as f32
                / (i64::from(next_limit) - i64::from(prev_limit)) as f32;
            (1.0 - t) * prev + t * next
        }
    }
}

/// Where `v` falls among `cases`: the first case whose limit is above `v`.
#[inline]
fn band(cases: &[Case], v: i32) -> Option<usize> {
    cases.iter().position(|case| v < case.limit.value())
}

impl Node {
    /// The decided value of this node for `inventory` (botlib's `FuzzyWeight`).
    ///
    /// # Complexity
    /// O(cases) per switch level with [`Interpolation::Step`]; with
    /// [`Interpolation::Linear`] both neighbouring cases are evaluated, so a nested level
    /// can cost twice its children (botlib's behaviour, quirk W4).
    #[must_use]
    pub fn evaluate(&self, inventory: &Inventory, interpolation: Interpolation) -> f32 {
        match self {
            Self::Leaf(leaf) => leaf.weight,
            Self::Switch(switch) => switch.evaluate(inventory, interpolation),
        }
    }

    /// The undecided value of this node: like [`evaluate`](Self::evaluate) but each leaf
    /// reached gives a uniform random value in `[min, max]` drawn from `rng` (botlib's
    /// `FuzzyWeightUndecided`, used to score items).
    #[must_use]
    pub fn evaluate_undecided(
        &self,
        inventory: &Inventory,
        settings: EvalSettings,
        rng: &mut (impl Rng + ?Sized),
    ) -> f32 {
        match self {
            Self::Leaf(leaf) => random_in(rng, leaf.min, leaf.max),
            Self::Switch(switch) => switch.evaluate_undecided(inventory, settings, rng),
        }
    }
}

impl Switch {
    fn evaluate(&self, inventory: &Inventory, interpolation: Interpolation) -> f32 {
        let v = inventory[self.index];
        match band(&self.cases, v) {
            Some(0) => self.cases[0].node.evaluate(inventory, interpolation),
            Some(i) => {
                let (prev, next) = (&self.cases[i - 1], &self.cases[i]);
                let w2 = next.node.evaluate(inventory, interpolation);
                if next.limit.is_default() {
                    return w2;
                }
                if interpolation == Interpolation::Step {
                    return w2;
                }
                let w1 = prev.node.evaluate(inventory, interpolation);
                mix(
                    interpolation,
                    v,
                    prev.limit.value(),
                    next.limit.value(),
                    w1,
                    w2,
                )
            }
            None => last_value(&self.cases, |node| node.evaluate(inventory, interpolation)),
        }
    }

    fn evaluate_undecided(
        &self,
        inventory: &Inventory,
        settings: EvalSettings,
        rng: &mut (impl Rng + ?Sized),
    ) -> f32 {
        let v = inventory[self.index];
        match band(&self.cases, v) {
            Some(0) => self.cases[0]
                .node
                .evaluate_undecided(inventory, settings, rng),
            Some(i) => {
                let (prev, next) = (&self.cases[i - 1], &self.cases[i]);
                let interpolate =
                    !next.limit.is_default() && settings.interpolation == Interpolation::Linear;
                // Draw order: the previous case, then the next one (botlib's order).
                let w1 = if interpolate {
                    prev.node.evaluate_undecided(inventory, settings, rng)
                } else {
                    0.0
                };
                let w2 = match settings.undecided {
                    Undecided::Throughout => next.node.evaluate_undecided(inventory, settings, rng),
                    Undecided::BotlibDecidedNext => {
                        next.node.evaluate(inventory, settings.interpolation)
                    }
                };
                if interpolate {
                    mix(
                        settings.interpolation,
                        v,
                        prev.limit.value(),
                        next.limit.value(),
                        w1,
                        w2,
                    )
                } else {
                    w2
                }
            }
            None => last_value(&self.cases, |node| {
                node.evaluate_undecided(inventory, settings, rng)
            }),
        }
    }
}

/// The value of the last case (no limit is above the inventory value).
fn last_value(cases: &[Case], mut value: impl FnMut(&Node) -> f32) -> f32 {
    cases.last().map_or(0.0, |case| value(&case.node))
}

impl Leaf {
    /// Whether `weight` lies in `[min, max]`.
    #[must_use]
    pub fn is_within_bounds(&self) -> bool {
        self.min <= self.weight && self.weight <= self.max
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::parse::parse_canonical;

    fn body(text: &str) -> Node {
        parse_canonical(text).unwrap().config.weights.remove(0).body
    }

    fn at(slot: u8, value: i32) -> Inventory {
        let mut inventory = Inventory::default();
        inventory[slot] = value;
        inventory
    }

    #[test]
    fn undecided_quirk_evaluates_the_next_case_decided() {
        // Between the limits 10 and 20 both leaves are mixed half and half.
        let node = body(
            "weight \"w\" switch ( 3 ) { case 10 : return balance ( 0 , 0 , 0 ) ; \
             case 20 : return balance ( 50 , 0 , 100 ) ; default : return 0 ; }",
        );
        let inventory = at(3, 15);
        let quirk = EvalSettings {
            undecided: Undecided::BotlibDecidedNext,
            ..EvalSettings::default()
        };
        let mut rng = SmallRng::seed_from_u64(5);
        for _ in 0..20 {
            assert_eq!(node.evaluate_undecided(&inventory, quirk, &mut rng), 25.0);
        }
        let mut values = std::collections::BTreeSet::new();
        for _ in 0..20 {
            let v = node.evaluate_undecided(&inventory, EvalSettings::default(), &mut rng);
            assert!((0.0..=50.0).contains(&v));
            values.insert(v.to_bits());
        }
        assert!(values.len() > 5, "throughout: the next case is drawn too");
    }

    #[test]
    fn default_is_never_mixed_into_but_case_999999_counts_as_default() {
        let a = body("weight \"w\" switch ( 3 ) { case 10 : return 40 ; default : return 2 ; }");
        let b =
            body("weight \"w\" switch ( 3 ) { case 10 : return 40 ; case 999999 : return 2 ; }");
        for v in [10, 500, 999_998] {
            assert_eq!(a.evaluate(&at(3, v), Interpolation::Linear), 2.0);
            assert_eq!(b.evaluate(&at(3, v), Interpolation::Linear), 2.0);
        }
    }

    #[test]
    fn beyond_every_limit_the_last_case_counts_and_order_is_file_order() {
        let node = body(
            "weight \"w\" switch ( 3 ) { case 50 : return 1 ; case 10 : return 2 ; default : return 3 ; }",
        );
        // 5 < 50: the first case; 60 is past 50 and 10, below default: default's value.
        assert_eq!(node.evaluate(&at(3, 5), Interpolation::Linear), 1.0);
        assert_eq!(node.evaluate(&at(3, 60), Interpolation::Linear), 3.0);
        assert_eq!(node.evaluate(&at(3, i32::MAX), Interpolation::Linear), 3.0);
        // Negative inventory values are below every case.
        assert_eq!(node.evaluate(&at(3, -4), Interpolation::Step), 1.0);
    }

    #[test]
    fn random_unit_covers_both_ends() {
        struct Fixed(u32);
        impl rand::TryRng for Fixed {
            type Error = core::convert::Infallible;
            fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
                Ok(self.0)
            }
            fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
                Ok(u64::from(self.0))
            }
            fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
                dst.fill(0);
                Ok(())
            }
        }
        assert_eq!(random_unit(&mut Fixed(0)), 0.0);
        assert_eq!(random_unit(&mut Fixed(0x7fff)), 1.0);
        assert_eq!(random_in(&mut Fixed(0xffff_ffff), 10.0, 30.0), 30.0);
    }
}
