//! [`player_respawn_due`]: when a dead player comes back (q3-game-rules.md §4 "Respawn
//! delay", "Forced respawn").

use super::table::Rules;

/// Whether a player who died at `died_ms` respawns at `now_ms`, `pressing` the attack or
/// use-holdable button in that frame (§4): only once `now_ms` is strictly past
/// `died_ms + respawn_delay_ms` (1700 ms); then at the first press, or without one once more
/// than `forced_respawn_ms` (20 s) have passed since that earliest time (0 never forces).
#[must_use]
pub fn player_respawn_due(died_ms: u32, now_ms: u32, pressing: bool, rules: &Rules) -> bool {
    let player = &rules.player;
    let earliest = died_ms.saturating_add(player.respawn_delay_ms);
    if now_ms <= earliest {
        return false;
    }
    pressing || (player.forced_respawn_ms > 0 && now_ms - earliest > player.forced_respawn_ms)
}
