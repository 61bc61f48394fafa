//! Nearby-goal limits (botlib reference §12.3): how far a nearby goal may be (`maxtime`, in
//! hundredths of a second of travel) and how long the bot may spend on one (`nbg_time`).
//!
//! The long-term goal node looks for a nearby goal every 0.5 s ([`NBG_CHECK_INTERVAL_MS`]).

/// How often the long-term goal node looks for a nearby goal (ms).
pub const NBG_CHECK_INTERVAL_MS: u32 = 500;

/// The nearby-goal range while seeking a long-term goal (1.5 s of travel).
pub const NBG_RANGE: u16 = 150;
/// The range while defending a key area.
pub const NBG_RANGE_DEFENDING: u16 = 400;
/// The range while carrying a CTF flag.
pub const NBG_RANGE_CARRYING_FLAG: u16 = 50;
/// The range while carrying harvester cubes.
pub const NBG_RANGE_CARRYING_CUBES: u16 = 80;

/// What the bot is doing when it takes a nearby goal: each sets the time limit differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NbgSituation {
    /// Seeking a long-term goal: `now + 4 + range × 0.01` s.
    Seek,
    /// Retreating from an enemy: `now + range / 100 + 1` s.
    Retreat,
    /// Chasing an enemy: `now + 0.1 × range + 1` s.
    Chase,
}

/// When a nearby goal taken at `now_ms` with range `range` (hundredths) times out, in match
/// milliseconds (botlib's `nbg_time`).
#[must_use]
pub fn nbg_deadline_ms(situation: NbgSituation, now_ms: u32, range: u16) -> u32 {
    let range = u32::from(range);
    // Every formula in whole milliseconds: 0.01 s = 10 ms, 0.1 s = 100 ms.
    let allowed = match situation {
        NbgSituation::Seek => 4000 + range * 10,
        NbgSituation::Retreat => range * 10 + 1000,
        NbgSituation::Chase => range * 100 + 1000,
    };
    now_ms.saturating_add(allowed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_follow_the_reference() {
        // Seek: 4 + 150 × 0.01 = 5.5 s.
        assert_eq!(
            nbg_deadline_ms(NbgSituation::Seek, 10_000, NBG_RANGE),
            15_500
        );
        // Defending: 4 + 4 = 8 s.
        assert_eq!(
            nbg_deadline_ms(NbgSituation::Seek, 0, NBG_RANGE_DEFENDING),
            8000
        );
        // Retreat: 150 / 100 + 1 = 2.5 s.
        assert_eq!(nbg_deadline_ms(NbgSituation::Retreat, 0, NBG_RANGE), 2500);
        // Chase: 0.1 × 150 + 1 = 16 s.
        assert_eq!(nbg_deadline_ms(NbgSituation::Chase, 0, NBG_RANGE), 16_000);
    }
}
