//! [`NodeSwitches`]: the node switches of each think, with their reasons, capped as botlib
//! caps them, and the time spent in each node.

use bot_interface::Decision;

use super::AiNode;

/// botlib's `MAX_NODESWITCHES`: at most this many node switches in one think.
pub const MAX_NODE_SWITCHES: u32 = 50;

/// The switches of the current think and all decisions not yet handed over, and the seconds
/// spent in each node.
#[derive(Debug, Clone, Default)]
pub struct NodeSwitches {
    this_think: u32,
    most_in_a_think: u32,
    pending: Vec<Decision>,
    seconds: [f32; AiNode::ALL.len()],
    total: u64,
}

impl NodeSwitches {
    /// A new think begins.
    pub fn begin_think(&mut self) {
        self.this_think = 0;
    }

    /// Whether another switch is allowed in this think.
    #[must_use]
    pub fn may_switch(&self) -> bool {
        self.this_think < MAX_NODE_SWITCHES
    }

    /// Records a switch `from` → `to` because of `reason`. Returns false (and records nothing)
    /// when the think already switched [`MAX_NODE_SWITCHES`] times.
    pub fn record(&mut self, from: AiNode, to: AiNode, reason: &str) -> bool {
        if !self.may_switch() {
            return false;
        }
        self.this_think += 1;
        self.most_in_a_think = self.most_in_a_think.max(self.this_think);
        self.total += 1;
        self.pending.push(Decision {
            from: from.name().to_owned(),
            to: to.name().to_owned(),
            reason: reason.to_owned(),
        });
        true
    }

    /// Counts `seconds` spent in `node`.
    pub fn spend(&mut self, node: AiNode, seconds: f32) {
        self.seconds[node.index()] += seconds;
    }

    /// Moves the decisions recorded since the last call into `out`.
    pub fn take(&mut self, out: &mut Vec<Decision>) {
        out.append(&mut self.pending);
    }

    /// Seconds spent in `node`.
    #[must_use]
    pub fn seconds(&self, node: AiNode) -> f32 {
        self.seconds[node.index()]
    }

    /// The most switches any think took.
    #[must_use]
    pub fn most_in_a_think(&self) -> u32 {
        self.most_in_a_think
    }

    /// Switches in all.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_think_takes_at_most_fifty_switches_and_each_is_handed_over_once() {
        let mut switches = NodeSwitches::default();
        switches.begin_think();
        let mut taken = 0;
        for _ in 0..80 {
            if switches.record(AiNode::SeekLtg, AiNode::SeekNbg, "nbg") {
                taken += 1;
            }
        }
        assert_eq!(taken, MAX_NODE_SWITCHES);
        assert_eq!(switches.most_in_a_think(), MAX_NODE_SWITCHES);
        let mut out = Vec::new();
        switches.take(&mut out);
        assert_eq!(out.len(), 50);
        assert_eq!(out[0].from, "seek_ltg");
        assert_eq!(out[0].reason, "nbg");
        switches.take(&mut out);
        assert_eq!(out.len(), 50);
        switches.begin_think();
        assert!(switches.record(AiNode::SeekNbg, AiNode::SeekLtg, "time out"));
    }
}
