//! [`ModeRules`] and [`CtfRules`]: scoring, limits and the flag game (q3-game-rules.md §5).

use serde::{Deserialize, Serialize};

/// Capture-the-flag points, radii and timers (§5.3; the non-Team-Arena values of `g_team.h`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CtfRules {
    /// Points for the capturer: 5 (`CTF_CAPTURE_BONUS`).
    pub capture_bonus: i32,
    /// Team score for a capture: 1.
    pub team_capture_points: i32,
    /// Points for taking the enemy flag: 0 (`CTF_FLAG_BONUS`).
    pub flag_pickup_bonus: i32,
    /// Points for returning one's own dropped flag by touch: 1 (`CTF_RECOVERY_BONUS`).
    pub recovery_bonus: i32,
    /// Extra points for fragging the enemy flag carrier: 2 (`CTF_FRAG_CARRIER_BONUS`).
    pub frag_carrier_bonus: i32,
    /// Points for fragging an enemy who hurt one's own carrier recently: 2
    /// (`CTF_CARRIER_DANGER_PROTECT_BONUS`) …
    pub carrier_danger_bonus: i32,
    /// … within this: 8000 ms (`CTF_CARRIER_DANGER_PROTECT_TIMEOUT`).
    pub carrier_danger_timeout_ms: u32,
    /// Points when the killer or the victim is near the killer's flag base: 1
    /// (`CTF_FLAG_DEFENSE_BONUS`).
    pub base_defense_bonus: i32,
    /// Points when the killer or the victim is near the killer's own carrier: 1
    /// (`CTF_CARRIER_PROTECT_BONUS`).
    pub carrier_protect_bonus: i32,
    /// "Near" for the two bonuses above, in units (and in the potentially visible set): 1000.
    pub defense_radius: f32,
    /// Points for a teammate of the capturer who returned the flag shortly before: 1
    /// (`CTF_RETURN_FLAG_ASSIST_BONUS`).
    pub return_assist_bonus: i32,
    /// Points for a teammate of the capturer who fragged the enemy carrier shortly before: 2
    /// (`CTF_FRAG_CARRIER_ASSIST_BONUS`).
    pub frag_carrier_assist_bonus: i32,
    /// "Shortly before" for the two assists: 10000 ms (`*_ASSIST_TIMEOUT`).
    pub assist_timeout_ms: u32,
    /// Whether one teammate can earn both assists for one capture: true (ioquake3; Quake III
    /// 1.32 gives at most one).
    pub assists_stack: bool,
    /// A dropped flag returns to its base after this: 30000 ms (§2.4 "Dropped CTF flag"; the
    /// unused `CTF_FLAG_RETURN_TIME` of 40000 is not the rule).
    pub flag_return_ms: u32,
    /// Captures that end the match: 8 (`capturelimit`). 0 for none.
    pub capture_limit: i32,
}

impl Default for CtfRules {
    fn default() -> Self {
        Self {
            capture_bonus: 5,
            team_capture_points: 1,
            flag_pickup_bonus: 0,
            recovery_bonus: 1,
            frag_carrier_bonus: 2,
            carrier_danger_bonus: 2,
            carrier_danger_timeout_ms: 8000,
            base_defense_bonus: 1,
            carrier_protect_bonus: 1,
            defense_radius: 1000.0,
            return_assist_bonus: 1,
            frag_carrier_assist_bonus: 2,
            assist_timeout_ms: 10_000,
            assists_stack: true,
            flag_return_ms: 30_000,
            capture_limit: 8,
        }
    }
}

/// Scoring, limits and per-mode switches (§5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ModeRules {
    /// Frags that end an FFA match (a player's score) or a TDM match (a team's score): 20
    /// (`fraglimit`). 0 for none.
    pub frag_limit: i32,
    /// Match length in ms, 0 for none (`timelimit` 0; Quake III counts whole minutes).
    pub time_limit_ms: u32,
    /// Whether a tied score blocks every exit rule (sudden death): true (§5.1).
    pub sudden_death: bool,
    /// Whether teammates hurt each other (`g_friendlyFire`): false. Knockback applies anyway.
    pub friendly_fire: bool,
    /// Points for a frag: +1 (§5.1 "Frag").
    pub frag_points: i32,
    /// Points for killing oneself or a teammate: −1 (§5.1 "Suicide / teamkill").
    pub suicide_points: i32,
    /// Points for being killed by the world (falling, lava, drowning, …): −1 (§5.1).
    pub world_death_points: i32,
    /// Whether, in team deathmatch, every player score change also changes the team score:
    /// true (§5.1 "Team score source"; in CTF the team score is captures only).
    pub tdm_team_score_from_frags: bool,
    /// Delay between the exit rule firing and the intermission: 1000 ms (§5.1 "End of
    /// match"). No damage is dealt in between.
    pub intermission_delay_ms: u32,
    /// Capture the flag.
    pub ctf: CtfRules,
}

impl Default for ModeRules {
    fn default() -> Self {
        Self {
            frag_limit: 20,
            time_limit_ms: 0,
            sudden_death: true,
            friendly_fire: false,
            frag_points: 1,
            suicide_points: -1,
            world_death_points: -1,
            tdm_team_score_from_frags: true,
            intermission_delay_ms: 1000,
            ctf: CtfRules::default(),
        }
    }
}
