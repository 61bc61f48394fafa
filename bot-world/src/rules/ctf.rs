//! The flag game: [`flag_touch`], flag returns and the CTF bonuses (q3-game-rules.md §5.3).

use bot_interface::Team;
use serde::{Deserialize, Serialize};

use super::apply_damage::DamageCause;
use super::table::Rules;

/// Where a flag is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagState {
    /// Home, at its base.
    AtBase,
    /// Lying where its carrier died (returns by touch or after 30 s).
    Dropped,
    /// Carried by an enemy.
    Carried,
}

/// What touching a flag does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagTouch {
    /// Nothing.
    Ignore,
    /// The player takes the enemy flag (from its base or from the ground).
    Take,
    /// The player returns its own dropped flag to base ([`ctf_recovery_bonus`]).
    Return,
    /// The player, carrying the enemy flag, touches its own flag at base: a capture
    /// ([`ctf_capture_award`]); both flags go home.
    Capture,
}

/// What a living player of `team`, carrying `carried`, does by touching the flag of
/// `flag_team` in `state` (§5.3 "Who may touch what", "Capture condition"):
///
/// - the enemy flag, at base or dropped: take it;
/// - one's own flag, dropped: return it;
/// - one's own flag at base: a capture if carrying the enemy flag, otherwise nothing. So a
///   capture needs one's own flag **at home**: while it is taken or dropped its base is empty;
/// - a carried flag, or any flag for a player without a team: nothing.
#[must_use]
pub fn flag_touch(
    team: Team,
    carried: Option<Team>,
    flag_team: Team,
    state: FlagState,
) -> FlagTouch {
    if team == Team::Free || flag_team == Team::Free {
        return FlagTouch::Ignore;
    }
    match (flag_team == team, state) {
        (_, FlagState::Carried) => FlagTouch::Ignore,
        (false, FlagState::AtBase | FlagState::Dropped) => FlagTouch::Take,
        (true, FlagState::Dropped) => FlagTouch::Return,
        (true, FlagState::AtBase) if carried == Some(team.opponent()) => FlagTouch::Capture,
        (true, FlagState::AtBase) => FlagTouch::Ignore,
    }
}

/// Whether a flag dropped at `dropped_ms` returns to base by itself at `now_ms`: after
/// `flag_return_ms` (30 s; §2.4 "Dropped CTF flag").
#[must_use]
pub fn flag_return_due(dropped_ms: u32, now_ms: u32, rules: &Rules) -> bool {
    now_ms >= dropped_ms.saturating_add(rules.modes.ctf.flag_return_ms)
}

/// What happens to the flag of a carrier who dies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagFate {
    /// Tossed like a dropped item, where it lies until touched or [`flag_return_due`].
    Drop,
    /// Straight back to its base.
    ReturnToBase,
}

/// The fate of a dying carrier's flag (§5.3 "Carrier dies"): a `/kill` sends it home, any
/// other death drops it. (A flag that lands in a no-drop volume also goes home at once; that
/// is the world's test.)
#[must_use]
pub fn flag_on_death(cause: DamageCause) -> FlagFate {
    if cause == DamageCause::Suicide {
        FlagFate::ReturnToBase
    } else {
        FlagFate::Drop
    }
}

/// Points of a capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CaptureAward {
    /// For the capturer: 5.
    pub capturer: i32,
    /// For the capturer's team score: 1.
    pub team: i32,
}

/// The points of a capture (§5.3 "Capture reward"). The capturer's teammates (never the
/// capturer) each add their [`ctf_capture_assist`]; the other team's "hurt the carrier" times
/// are spent (Quake III sets them to −5 ms: long past for any capture after the first 8 s).
#[must_use]
pub fn ctf_capture_award(rules: &Rules) -> CaptureAward {
    CaptureAward {
        capturer: rules.modes.ctf.capture_bonus,
        team: rules.modes.ctf.team_capture_points,
    }
}

/// Assist points for one teammate of a capturer (never the capturer) at `now_ms` (§5.3
/// "Capture assists"): +1 if the teammate returned its flag within the last 10 s
/// (`returned_flag_ms`: when it last returned it by touch, [`FlagTouch::Return`]), +2 if it
/// fragged the enemy carrier within the last 10 s (`fragged_carrier_ms`: when it last earned
/// [`CtfBonus::CarrierFrag`]). Both add up when `assists_stack` (ioquake3); otherwise only the
/// first that applies counts (Quake III 1.32). Dead teammates get theirs too.
#[must_use]
pub fn ctf_capture_assist(
    returned_flag_ms: Option<u32>,
    fragged_carrier_ms: Option<u32>,
    now_ms: u32,
    rules: &Rules,
) -> i32 {
    let ctf = &rules.modes.ctf;
    let recent = |time: Option<u32>| {
        time.is_some_and(|time| now_ms.saturating_sub(time) < ctf.assist_timeout_ms)
    };
    let returned = recent(returned_flag_ms).then_some(ctf.return_assist_bonus);
    let fragged = recent(fragged_carrier_ms).then_some(ctf.frag_carrier_assist_bonus);
    if ctf.assists_stack {
        returned.unwrap_or(0).saturating_add(fragged.unwrap_or(0))
    } else {
        returned.or(fragged).unwrap_or(0)
    }
}

/// Points for returning one's own dropped flag by touch: 1 (§5.3 "Return own dropped flag").
#[must_use]
pub fn ctf_recovery_bonus(rules: &Rules) -> i32 {
    rules.modes.ctf.recovery_bonus
}

/// What the world knows about an enemy kill in CTF, for [`ctf_frag_bonus`]. Distances are
/// `None` when the thing is absent or not in the potentially visible set of the other.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct CtfContext {
    /// Match time of the kill, in ms.
    pub now_ms: u32,
    /// Whether the victim carried the killer's team's flag.
    pub victim_carried_flag: bool,
    /// When the victim last hurt the killer's team's flag carrier.
    pub victim_hurt_our_carrier_ms: Option<u32>,
    /// Whether the killer carries the enemy flag.
    pub killer_carries_flag: bool,
    /// Distance of the killer to its own team's flag base (visible).
    pub killer_to_base: Option<f32>,
    /// Distance of the victim to the killer's team's flag base (visible).
    pub victim_to_base: Option<f32>,
    /// Distance of the killer to its team's carrier, another player (visible).
    pub killer_to_carrier: Option<f32>,
    /// Distance of the victim to the killer's team's carrier, not the killer (visible).
    pub victim_to_carrier: Option<f32>,
}

/// The CTF bonuses of an enemy kill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CtfBonus {
    /// The victim carried the flag: +2.
    CarrierFrag,
    /// The victim had hurt the killer's carrier within 8 s: +2.
    CarrierDanger,
    /// Killer or victim near the killer's flag base: +1.
    BaseDefense,
    /// Killer or victim near the killer's carrier: +1.
    CarrierProtect,
}

/// Whose "hurt the carrier" times ([`CtfContext::victim_hurt_our_carrier_ms`]) a kill spends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HurtCarrierReset {
    /// Those of every player of the killer's team: the carrier they hurt is dead.
    KillerTeam,
    /// The victim's own: the danger it put the carrier in is paid for.
    Victim,
}

impl CtfBonus {
    /// Whose "hurt the carrier" times the world clears after a kill with this bonus (§5.3
    /// "Frag enemy carrier": the other team's, i.e. the killer's; and, as `Team_FragBonuses`
    /// does, the victim's after [`CarrierDanger`](Self::CarrierDanger)). Kills with the other
    /// bonuses, or none, clear nothing.
    #[must_use]
    pub fn hurt_carrier_reset(self) -> Option<HurtCarrierReset> {
        match self {
            Self::CarrierFrag => Some(HurtCarrierReset::KillerTeam),
            Self::CarrierDanger => Some(HurtCarrierReset::Victim),
            Self::BaseDefense | Self::CarrierProtect => None,
        }
    }
}

/// The bonus of an enemy kill in CTF, on top of the frag (§5.3): only the first that applies,
/// in this order:
///
/// 1. the victim carried the killer's flag: +2 (the killer's fragged-carrier time for
///    [`ctf_capture_assist`]; see [`CtfBonus::hurt_carrier_reset`] for the times it spends);
/// 2. the victim hurt the killer's carrier within the last 8 s, and the killer is not itself
///    the carrier (ioquake3's condition): +2;
/// 3. killer or victim within 1000 units of the killer's flag base, in sight: +1;
/// 4. killer or victim within 1000 units of the killer's carrier, in sight: +1.
///
/// "Within" is strictly closer (less than 8000 ms, less than 1000 units), as in the game; "in
/// sight" is the potentially visible set of the map, which the caller applies by passing
/// `None` for a distance it does not see.
///
/// Suicides and teamkills earn nothing; the caller only asks for enemy kills.
#[must_use]
pub fn ctf_frag_bonus(context: &CtfContext, rules: &Rules) -> Option<(CtfBonus, i32)> {
    let ctf = &rules.modes.ctf;
    let near = |distance: Option<f32>| distance.is_some_and(|d| d < ctf.defense_radius);
    if context.victim_carried_flag {
        return Some((CtfBonus::CarrierFrag, ctf.frag_carrier_bonus));
    }
    let danger = context
        .victim_hurt_our_carrier_ms
        .is_some_and(|time| context.now_ms.saturating_sub(time) < ctf.carrier_danger_timeout_ms);
    if danger && !context.killer_carries_flag {
        return Some((CtfBonus::CarrierDanger, ctf.carrier_danger_bonus));
    }
    if near(context.killer_to_base) || near(context.victim_to_base) {
        return Some((CtfBonus::BaseDefense, ctf.base_defense_bonus));
    }
    if near(context.killer_to_carrier) || near(context.victim_to_carrier) {
        return Some((CtfBonus::CarrierProtect, ctf.carrier_protect_bonus));
    }
    None
}
