//! The data model of a weight config: named weights, each a tree of switches on inventory
//! slots whose cases end in leaves (a plain value or a `balance(weight, min, max)`).

use serde::{Deserialize, Serialize};

/// The limit botlib gives `default`: a case that applies below 999999 (`MAX_INVENTORYVALUE`).
///
/// A `case 999999` behaves exactly like `default` during evaluation, as in botlib, which
/// recognises the default by this value.
pub const DEFAULT_LIMIT: i32 = 999_999;

/// At most this many weights per config (botlib's `MAX_WEIGHTS`); further ones are ignored
/// with a warning.
pub const MAX_WEIGHTS: usize = 128;

/// Number of inventory slots (botlib's `MAX_ITEMS`); every switch index is below it.
pub const INVENTORY_SIZE: usize = 256;

/// A whole weight config (one `*_i.c` or `*_w.c` with its includes): weights in file order,
/// names unique (the first definition of a name wins at load).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct WeightConfig {
    /// The weights, in file order.
    pub weights: Vec<Weight>,
}

/// One named weight: `weight "name" { … }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Weight {
    /// The name, matched case-sensitively against item classnames or weapon names.
    pub name: String,
    /// The body: a `switch` or, for a top-level `return`, a leaf.
    pub body: Node,
}

/// A node of a weight tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Node {
    /// `return value;`
    Leaf(Leaf),
    /// `switch (index) { cases }`
    Switch(Switch),
}

/// A returned value: `w` (plain) or `balance(w, min, max)`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Leaf {
    /// The weight returned by decided evaluation.
    pub weight: f32,
    /// Lower bound of undecided evaluation (equal to `weight` for a plain value).
    pub min: f32,
    /// Upper bound of undecided evaluation (equal to `weight` for a plain value).
    pub max: f32,
    /// Written as `balance(…)`. Only balance leaves are changed by evolution, interbreeding
    /// and scaling, as in botlib.
    pub balance: bool,
}

impl Leaf {
    /// A plain `return weight;`.
    #[must_use]
    pub fn plain(weight: f32) -> Self {
        Self {
            weight,
            min: weight,
            max: weight,
            balance: false,
        }
    }

    /// `balance(weight, min, max)`.
    #[must_use]
    pub fn balance(weight: f32, min: f32, max: f32) -> Self {
        Self {
            weight,
            min,
            max,
            balance: true,
        }
    }
}

/// `switch (index) { case …: …  default: … }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Switch {
    /// The inventory slot switched on (always below [`INVENTORY_SIZE`], by type).
    pub index: u8,
    /// The cases in file order (never sorted, as in botlib); never empty.
    pub cases: Vec<Case>,
}

/// One `case N:` or `default:` of a switch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Case {
    /// What the case was written as.
    pub limit: Limit,
    /// What it returns.
    pub node: Node,
}

/// The bound of a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Limit {
    /// `case N`: applies while the inventory value is below N (an exclusive upper bound).
    Below(i32),
    /// `default`: applies below [`DEFAULT_LIMIT`].
    Default,
}

impl Limit {
    /// The exclusive upper bound this case stands for.
    #[must_use]
    pub fn value(self) -> i32 {
        match self {
            Self::Below(value) => value,
            Self::Default => DEFAULT_LIMIT,
        }
    }

    /// Whether evaluation treats this case as the default (botlib compares the value).
    #[must_use]
    pub fn is_default(self) -> bool {
        self.value() == DEFAULT_LIMIT
    }
}

impl WeightConfig {
    /// The position of the weight called `name` (case-sensitive), if any.
    ///
    /// # Complexity
    /// O(number of weights).
    #[must_use]
    pub fn find(&self, name: &str) -> Option<usize> {
        self.weights.iter().position(|w| w.name == name)
    }

    /// The weight called `name`, if any.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Weight> {
        self.weights.iter().find(|w| w.name == name)
    }

    /// Visits every leaf of every weight, in file order.
    pub fn for_each_leaf_mut(&mut self, mut visit: impl FnMut(&mut Leaf)) {
        for weight in &mut self.weights {
            weight.body.for_each_leaf_mut(&mut visit);
        }
    }
}

impl Node {
    /// Visits every leaf under this node, in file order.
    pub fn for_each_leaf_mut(&mut self, visit: &mut impl FnMut(&mut Leaf)) {
        match self {
            Self::Leaf(leaf) => visit(leaf),
            Self::Switch(switch) => {
                for case in &mut switch.cases {
                    case.node.for_each_leaf_mut(visit);
                }
            }
        }
    }

    /// Visits every leaf under this node, in file order.
    pub fn for_each_leaf(&self, visit: &mut impl FnMut(&Leaf)) {
        match self {
            Self::Leaf(leaf) => visit(leaf),
            Self::Switch(switch) => {
                for case in &switch.cases {
                    case.node.for_each_leaf(visit);
                }
            }
        }
    }

    /// How many switches deep this node goes (a leaf is 0).
    #[must_use]
    pub fn depth(&self) -> usize {
        match self {
            Self::Leaf(_) => 0,
            Self::Switch(switch) => {
                1 + switch
                    .cases
                    .iter()
                    .map(|case| case.node.depth())
                    .max()
                    .unwrap_or(0)
            }
        }
    }
}
