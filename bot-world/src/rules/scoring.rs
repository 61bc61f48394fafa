//! [`death_kind`], [`frag_score_change`] and [`exit_reason`]: frags, suicides and the end of
//! a match (q3-game-rules.md §5.1).

use bot_interface::{GameMode, PlayerId};
use serde::{Deserialize, Serialize};

use super::table::Rules;

/// A score change caused by a death.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ScoreChange {
    /// The player whose score changes.
    pub player: PlayerId,
    /// The change of that player's score.
    pub points: i32,
    /// The change of that player's team score (team deathmatch only; 0 otherwise).
    pub team_points: i32,
}

/// Whose death a death is, for the score (§5.1 "Frag", "Suicide / teamkill", "Killed by
/// world").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeathKind {
    /// Killed by another player who is not a teammate: a frag for the killer (and, in CTF,
    /// the chance of a [`ctf_frag_bonus`](super::ctf_frag_bonus)).
    Frag,
    /// Killed by oneself: one's own splash, `/kill`.
    Suicide,
    /// Killed by a teammate, in a team mode.
    Teamkill,
    /// Killed by the world: falling, lava, slime, drowning, hurt brushes, crushers, lasers.
    World,
}

/// What kind of death `victim`'s is at the hands of `killer` (`None`: the world) in `mode`:
/// `same_team` counts in team modes only (in free-for-all nobody is a teammate).
#[must_use]
pub fn death_kind(
    killer: Option<PlayerId>,
    victim: PlayerId,
    same_team: bool,
    mode: GameMode,
) -> DeathKind {
    match killer {
        None => DeathKind::World,
        Some(killer) if killer == victim => DeathKind::Suicide,
        Some(_) if same_team && mode.is_team() => DeathKind::Teamkill,
        Some(_) => DeathKind::Frag,
    }
}

/// The score change of `victim`'s death at the hands of `killer` (`None`: the world) in
/// `mode` (§5.1), by its [`death_kind`]:
///
/// - killed by another player who is not a teammate: the killer +1;
/// - killed by oneself (including one's own splash, `/kill`) or, in a team mode, by a
///   teammate: the killer −1;
/// - killed by the world (falling, lava, slime, drowning, hurt brushes, crushers, lasers):
///   the victim −1.
///
/// In team deathmatch the team score follows the player score; in CTF the team score is
/// captures only ([`ctf_capture_award`](super::ctf_capture_award)). Bonuses of CTF come from
/// [`ctf_frag_bonus`](super::ctf_frag_bonus).
#[must_use]
pub fn frag_score_change(
    killer: Option<PlayerId>,
    victim: PlayerId,
    same_team: bool,
    mode: GameMode,
    rules: &Rules,
) -> ScoreChange {
    let modes = &rules.modes;
    let (player, points) = match (killer, death_kind(killer, victim, same_team, mode)) {
        (Some(killer), DeathKind::Frag) => (killer, modes.frag_points),
        (Some(killer), DeathKind::Suicide | DeathKind::Teamkill) => (killer, modes.suicide_points),
        (_, _) => (victim, modes.world_death_points),
    };
    let team_points = if rules.team_score_from_frags(mode) {
        points
    } else {
        0
    };
    ScoreChange {
        player,
        points,
        team_points,
    }
}

/// The scores the exit rules look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchScores {
    /// Milliseconds since the match started.
    pub elapsed_ms: u32,
    /// The highest player score (FFA).
    pub best_player: i32,
    /// The second highest player score (FFA; equal to `best_player` is a tie).
    pub second_player: Option<i32>,
    /// The red team's score (team modes).
    pub red: i32,
    /// The blue team's score (team modes).
    pub blue: i32,
}

/// Why a match ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExitReason {
    /// The time limit passed.
    TimeLimit,
    /// A player (FFA) or a team (TDM) reached the frag limit.
    FragLimit,
    /// A team reached the capture limit (CTF).
    CaptureLimit,
}

/// Whether the match ends now, and why (§5.1 "Timelimit", "Sudden death", "Fraglimit",
/// "Capturelimit"):
///
/// - while the score is tied (FFA: the two best players, when there are two; team modes: red
///   = blue) nothing ends the match (sudden death);
/// - time limit (if not 0) reached;
/// - FFA and TDM: a player's or a team's score at the frag limit (if not 0);
/// - CTF: a team's score at the capture limit (if not 0).
///
/// The intermission follows after `intermission_delay_ms`.
#[must_use]
pub fn exit_reason(mode: GameMode, scores: &MatchScores, rules: &Rules) -> Option<ExitReason> {
    let modes = &rules.modes;
    let tied = match mode {
        GameMode::Ffa => scores.second_player == Some(scores.best_player),
        GameMode::Tdm | GameMode::Ctf => scores.red == scores.blue,
    };
    if modes.sudden_death && tied {
        return None;
    }
    if modes.time_limit_ms > 0 && scores.elapsed_ms >= modes.time_limit_ms {
        return Some(ExitReason::TimeLimit);
    }
    let best = match mode {
        GameMode::Ffa => scores.best_player,
        GameMode::Tdm | GameMode::Ctf => scores.red.max(scores.blue),
    };
    match mode {
        GameMode::Ffa | GameMode::Tdm if modes.frag_limit > 0 && best >= modes.frag_limit => {
            Some(ExitReason::FragLimit)
        }
        GameMode::Ctf if modes.ctf.capture_limit > 0 && best >= modes.ctf.capture_limit => {
            Some(ExitReason::CaptureLimit)
        }
        _ => None,
    }
}
