//! The compiled flat form: every switch, case and leaf of a config in three flat arrays,
//! evaluated without allocating, with exactly the results of the tree evaluator.
//!
//! A node is a `u32`: a switch number, or a leaf number with the top bit set. A switch is
//! its inventory slot and a run of cases; a case is its limit and its node. Recursion depth
//! is bounded by the nesting limit of the parser ([`crate::parse::MAX_NESTING`]).

use rand::Rng;

use crate::eval::{EvalSettings, Interpolation, Undecided, mix, random_in};
use crate::inventory::Inventory;
use crate::model::{DEFAULT_LIMIT, Leaf, Node, WeightConfig};

/// Marks a node number as a leaf number.
const LEAF: u32 = 1 << 31;

/// A weight of a [`CompiledConfig`], by position (file order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WeightId(pub u32);

impl WeightId {
    /// The position in the config.
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct FlatLeaf {
    weight: f32,
    min: f32,
    max: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FlatSwitch {
    slot: u8,
    start: u32,
    len: u32,
}

/// One case: its limit, its node, and for a leaf node the leaf's weight inline (decided
/// evaluation of a leaf case then needs no second look-up).
#[derive(Debug, Clone, Copy, PartialEq)]
struct FlatCase {
    limit: i32,
    node: u32,
    weight: f32,
}

/// A weight config flattened for fast evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct CompiledConfig {
    names: Vec<String>,
    roots: Vec<u32>,
    switches: Vec<FlatSwitch>,
    cases: Vec<FlatCase>,
    leaves: Vec<FlatLeaf>,
}

impl CompiledConfig {
    /// Flattens `config`.
    ///
    /// # Complexity
    /// O(nodes of the config).
    #[must_use]
    pub fn new(config: &WeightConfig) -> Self {
        let mut compiled = Self {
            names: Vec::with_capacity(config.weights.len()),
            roots: Vec::with_capacity(config.weights.len()),
            switches: Vec::new(),
            cases: Vec::new(),
            leaves: Vec::new(),
        };
        for weight in &config.weights {
            let root = compiled.add(&weight.body);
            compiled.names.push(weight.name.clone());
            compiled.roots.push(root);
        }
        compiled
    }

    fn add(&mut self, node: &Node) -> u32 {
        match node {
            Node::Leaf(Leaf {
                weight, min, max, ..
            }) => {
                let number = u32::try_from(self.leaves.len()).unwrap_or(LEAF - 1);
                self.leaves.push(FlatLeaf {
                    weight: *weight,
                    min: *min,
                    max: *max,
                });
                number | LEAF
            }
            Node::Switch(switch) => {
                let number = u32::try_from(self.switches.len()).unwrap_or(LEAF - 1);
                let start = self.cases.len();
                // Reserve the run of cases first so that it stays contiguous.
                self.cases.extend(switch.cases.iter().map(|case| FlatCase {
                    limit: case.limit.value(),
                    node: 0,
                    weight: match &case.node {
                        Node::Leaf(leaf) => leaf.weight,
                        Node::Switch(_) => 0.0,
                    },
                }));
                self.switches.push(FlatSwitch {
                    slot: switch.index,
                    start: u32::try_from(start).unwrap_or(u32::MAX),
                    len: u32::try_from(switch.cases.len()).unwrap_or(0),
                });
                for (i, case) in switch.cases.iter().enumerate() {
                    let child = self.add(&case.node);
                    self.cases[start + i].node = child;
                }
                number
            }
        }
    }

    /// Number of weights.
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the config has no weight.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The weight called `name` (case-sensitive; the first of that name).
    #[must_use]
    pub fn find(&self, name: &str) -> Option<WeightId> {
        self.names
            .iter()
            .position(|n| n == name)
            .and_then(|i| u32::try_from(i).ok())
            .map(WeightId)
    }

    /// The name of weight `id` (empty for an id of another config).
    #[must_use]
    pub fn name(&self, id: WeightId) -> &str {
        self.names.get(id.index()).map_or("", String::as_str)
    }

    /// Every weight id, in file order.
    pub fn ids(&self) -> impl Iterator<Item = WeightId> + '_ {
        (0..self.names.len()).filter_map(|i| u32::try_from(i).ok().map(WeightId))
    }

    /// The decided value of weight `id` for `inventory`; 0 for an id not of this config.
    /// Allocates nothing; equal to [`Node::evaluate`] on the source tree.
    #[must_use]
    pub fn evaluate(
        &self,
        id: WeightId,
        inventory: &Inventory,
        interpolation: Interpolation,
    ) -> f32 {
        self.roots
            .get(id.index())
            .map_or(0.0, |&root| self.node(root, inventory, interpolation))
    }

    /// The undecided value of weight `id` (leaves drawn in `[min, max]` from `rng`); 0 for an
    /// id not of this config. Allocates nothing; equal to [`Node::evaluate_undecided`] on the
    /// source tree with an RNG in the same state.
    #[must_use]
    pub fn evaluate_undecided(
        &self,
        id: WeightId,
        inventory: &Inventory,
        settings: EvalSettings,
        rng: &mut (impl Rng + ?Sized),
    ) -> f32 {
        self.roots.get(id.index()).map_or(0.0, |&root| {
            self.node_undecided(root, inventory, settings, rng)
        })
    }

    #[inline]
    fn leaf(&self, node: u32) -> FlatLeaf {
        self.leaves
            .get((node & !LEAF) as usize)
            .copied()
            .unwrap_or(FlatLeaf {
                weight: 0.0,
                min: 0.0,
                max: 0.0,
            })
    }

    /// The switch `node`'s slot value and cases.
    #[inline]
    fn switch(&self, node: u32, inventory: &Inventory) -> (i32, &[FlatCase]) {
        let Some(switch) = self.switches.get(node as usize) else {
            return (0, &[]);
        };
        let start = switch.start as usize;
        let cases = self
            .cases
            .get(start..start + switch.len as usize)
            .unwrap_or(&[]);
        (inventory[switch.slot], cases)
    }

    fn node(&self, node: u32, inventory: &Inventory, interpolation: Interpolation) -> f32 {
        if node & LEAF != 0 {
            return self.leaf(node).weight;
        }
        self.switch_value(node, inventory, interpolation)
    }

    /// The decided value of a case: its inline weight, or its switch's value.
    #[inline]
    fn case_value(
        &self,
        case: FlatCase,
        inventory: &Inventory,
        interpolation: Interpolation,
    ) -> f32 {
        if case.node & LEAF != 0 {
            case.weight
        } else {
            self.switch_value(case.node, inventory, interpolation)
        }
    }

    fn switch_value(&self, node: u32, inventory: &Inventory, interpolation: Interpolation) -> f32 {
        let (v, cases) = self.switch(node, inventory);
        match cases.iter().position(|case| v < case.limit) {
            Some(0) => self.case_value(cases[0], inventory, interpolation),
            Some(i) => {
                let (prev, next) = (cases[i - 1], cases[i]);
                let w2 = self.case_value(next, inventory, interpolation);
                if next.limit == DEFAULT_LIMIT || interpolation == Interpolation::Step {
                    return w2;
                }
                let w1 = self.case_value(prev, inventory, interpolation);
                mix(interpolation, v, prev.limit, next.limit, w1, w2)
            }
            None => cases
                .last()
                .map_or(0.0, |&case| self.case_value(case, inventory, interpolation)),
        }
    }

    fn node_undecided(
        &self,
        node: u32,
        inventory: &Inventory,
        settings: EvalSettings,
        rng: &mut (impl Rng + ?Sized),
    ) -> f32 {
        if node & LEAF != 0 {
            let leaf = self.leaf(node);
            return random_in(rng, leaf.min, leaf.max);
        }
        let (v, cases) = self.switch(node, inventory);
        match cases.iter().position(|case| v < case.limit) {
            Some(0) => self.node_undecided(cases[0].node, inventory, settings, rng),
            Some(i) => {
                let (prev, next) = (cases[i - 1], cases[i]);
                let interpolate =
                    next.limit != DEFAULT_LIMIT && settings.interpolation == Interpolation::Linear;
                let w1 = if interpolate {
                    self.node_undecided(prev.node, inventory, settings, rng)
                } else {
                    0.0
                };
                let w2 = match settings.undecided {
                    Undecided::Throughout => {
                        self.node_undecided(next.node, inventory, settings, rng)
                    }
                    Undecided::BotlibDecidedNext => {
                        self.node(next.node, inventory, settings.interpolation)
                    }
                };
                if interpolate {
                    mix(settings.interpolation, v, prev.limit, next.limit, w1, w2)
                } else {
                    w2
                }
            }
            None => cases.last().map_or(0.0, |case| {
                self.node_undecided(case.node, inventory, settings, rng)
            }),
        }
    }
}

impl From<&WeightConfig> for CompiledConfig {
    fn from(config: &WeightConfig) -> Self {
        Self::new(config)
    }
}
