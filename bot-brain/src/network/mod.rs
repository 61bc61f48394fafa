//! The AI network's vocabulary (thesis §15, botlib-reference §12): the nodes, the switch
//! log with botlib's cap of 50 switches per think, and the aggression rules that decide
//! between fighting, retreating and chasing. The network itself runs in
//! [`Brain`](crate::Brain).

mod aggression;
mod node;
mod switches;

pub use aggression::{FlagSituation, aggression, battle_wishes, wants_to_chase, wants_to_retreat};
pub use node::AiNode;
pub use switches::{MAX_NODE_SWITCHES, NodeSwitches};
