//! [`AiNode`]: the eleven nodes of the AI network (thesis §15, botlib-reference §12.2).

/// A node of the AI network: what the bot is doing, in botlib's terms. Each think the bot runs
/// its node, which either stays (does its job this think) or switches to another node with a
/// reason; the new node runs at once, at most [`MAX_NODE_SWITCHES`](super::MAX_NODE_SWITCHES)
/// times per think.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AiNode {
    /// Dead: waits to respawn.
    Respawn,
    /// Stands still (typing a chat line).
    Stand,
    /// Goes for its long-term goal.
    SeekLtg,
    /// Goes for a nearby goal on the way.
    SeekNbg,
    /// Goes to activate an entity: presses a button that opens a door in its way.
    SeekActivateEntity,
    /// Fights the enemy in sight.
    BattleFight,
    /// Chases an enemy that went out of sight.
    BattleChase,
    /// Retreats from an enemy (to items), shooting back.
    BattleRetreat,
    /// Picks up a nearby item during a battle.
    BattleNbg,
    /// The match is over.
    Intermission,
    /// Watches without playing (before it entered the match).
    Observer,
}

impl AiNode {
    /// Every node, in this order (the index of [`AiNode::index`]).
    pub const ALL: [Self; 11] = [
        Self::Respawn,
        Self::Stand,
        Self::SeekLtg,
        Self::SeekNbg,
        Self::SeekActivateEntity,
        Self::BattleFight,
        Self::BattleChase,
        Self::BattleRetreat,
        Self::BattleNbg,
        Self::Intermission,
        Self::Observer,
    ];

    /// A stable lower-case name (`"seek_ltg"`), the key of the summary's `ai_nodes`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Respawn => "respawn",
            Self::Stand => "stand",
            Self::SeekLtg => "seek_ltg",
            Self::SeekNbg => "seek_nbg",
            Self::SeekActivateEntity => "seek_activate_entity",
            Self::BattleFight => "battle_fight",
            Self::BattleChase => "battle_chase",
            Self::BattleRetreat => "battle_retreat",
            Self::BattleNbg => "battle_nbg",
            Self::Intermission => "intermission",
            Self::Observer => "observer",
        }
    }

    /// 0-based index, for per-node arrays.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether it is one of the battle nodes (fight, chase, retreat, battle NBG).
    #[must_use]
    pub fn in_battle(self) -> bool {
        matches!(
            self,
            Self::BattleFight | Self::BattleChase | Self::BattleRetreat | Self::BattleNbg
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eleven_nodes_with_distinct_names_in_index_order() {
        for (index, node) in AiNode::ALL.into_iter().enumerate() {
            assert_eq!(node.index(), index);
        }
        let mut names: Vec<&str> = AiNode::ALL.iter().map(|n| n.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 11);
    }
}
