//! Frags, exit rules and the flag game (q3-game-rules.md §5).

use bot_interface::{GameMode, PlayerId, Team};
use bot_world::rules::{
    CaptureAward, CtfBonus, CtfContext, DamageCause, DeathKind, ExitReason, FlagFate, FlagState,
    FlagTouch, HurtCarrierReset, MatchScores, Rules, ScoreChange, ctf_capture_assist,
    ctf_capture_award, ctf_frag_bonus, ctf_recovery_bonus, death_kind, exit_reason, flag_on_death,
    flag_return_due, flag_touch, frag_score_change,
};

const A: PlayerId = PlayerId(0);
const B: PlayerId = PlayerId(1);

fn change(player: PlayerId, points: i32, team_points: i32) -> ScoreChange {
    ScoreChange {
        player,
        points,
        team_points,
    }
}

#[test]
fn frags_suicides_and_world_deaths() {
    let rules = Rules::default();
    let score = |killer, victim, same_team, mode| {
        frag_score_change(killer, victim, same_team, mode, &rules)
    };
    assert_eq!(score(Some(A), B, false, GameMode::Ffa), change(A, 1, 0));
    assert_eq!(score(Some(A), A, false, GameMode::Ffa), change(A, -1, 0));
    assert_eq!(score(None, B, false, GameMode::Ffa), change(B, -1, 0));
    // "Same team" means nothing in FFA.
    assert_eq!(score(Some(A), B, true, GameMode::Ffa), change(A, 1, 0));
    // Team deathmatch: the team score follows.
    assert_eq!(score(Some(A), B, false, GameMode::Tdm), change(A, 1, 1));
    assert_eq!(score(Some(A), B, true, GameMode::Tdm), change(A, -1, -1));
    assert_eq!(score(None, B, false, GameMode::Tdm), change(B, -1, -1));
    // CTF: the team score is captures only.
    assert_eq!(score(Some(A), B, false, GameMode::Ctf), change(A, 1, 0));
    assert_eq!(score(Some(A), B, true, GameMode::Ctf), change(A, -1, 0));
}

#[test]
fn kinds_of_death() {
    use DeathKind::{Frag, Suicide, Teamkill, World};
    assert_eq!(death_kind(Some(A), B, false, GameMode::Ffa), Frag);
    assert_eq!(death_kind(Some(A), B, true, GameMode::Ffa), Frag);
    assert_eq!(death_kind(Some(A), A, false, GameMode::Ffa), Suicide);
    assert_eq!(death_kind(None, B, false, GameMode::Ffa), World);
    assert_eq!(death_kind(Some(A), B, true, GameMode::Tdm), Teamkill);
    assert_eq!(death_kind(Some(A), B, true, GameMode::Ctf), Teamkill);
    assert_eq!(death_kind(Some(A), A, true, GameMode::Ctf), Suicide);
    assert_eq!(death_kind(None, B, true, GameMode::Tdm), World);
}

#[test]
fn exit_rules() {
    let rules = Rules::default();
    let ffa = |best, second| MatchScores {
        best_player: best,
        second_player: second,
        ..MatchScores::default()
    };
    assert_eq!(exit_reason(GameMode::Ffa, &ffa(19, Some(3)), &rules), None);
    assert_eq!(
        exit_reason(GameMode::Ffa, &ffa(20, Some(3)), &rules),
        Some(ExitReason::FragLimit)
    );
    assert_eq!(
        exit_reason(GameMode::Ffa, &ffa(20, None), &rules),
        Some(ExitReason::FragLimit)
    );
    // Sudden death: a tie blocks every exit rule.
    assert_eq!(exit_reason(GameMode::Ffa, &ffa(20, Some(20)), &rules), None);
    let mut timed = rules.clone();
    timed.modes.time_limit_ms = 600_000;
    let late = MatchScores {
        elapsed_ms: 600_000,
        ..ffa(5, Some(4))
    };
    assert_eq!(
        exit_reason(GameMode::Ffa, &late, &timed),
        Some(ExitReason::TimeLimit)
    );
    let tied = MatchScores {
        elapsed_ms: 900_000,
        ..ffa(5, Some(5))
    };
    assert_eq!(exit_reason(GameMode::Ffa, &tied, &timed), None);
    // Teams.
    let teams = |red, blue| MatchScores {
        red,
        blue,
        ..MatchScores::default()
    };
    assert_eq!(
        exit_reason(GameMode::Tdm, &teams(20, 12), &rules),
        Some(ExitReason::FragLimit)
    );
    assert_eq!(exit_reason(GameMode::Ctf, &teams(7, 2), &rules), None);
    assert_eq!(
        exit_reason(GameMode::Ctf, &teams(20, 12), &rules),
        Some(ExitReason::CaptureLimit)
    );
    assert_eq!(
        exit_reason(GameMode::Ctf, &teams(8, 2), &rules),
        Some(ExitReason::CaptureLimit)
    );
    assert_eq!(exit_reason(GameMode::Ctf, &teams(8, 8), &rules), None);
}

#[test]
fn who_may_touch_which_flag() {
    use FlagState::{AtBase, Carried, Dropped};
    use Team::{Blue, Free, Red};
    assert_eq!(flag_touch(Red, None, Blue, AtBase), FlagTouch::Take);
    assert_eq!(flag_touch(Red, None, Blue, Dropped), FlagTouch::Take);
    assert_eq!(flag_touch(Red, None, Blue, Carried), FlagTouch::Ignore);
    assert_eq!(flag_touch(Red, None, Red, Dropped), FlagTouch::Return);
    assert_eq!(flag_touch(Red, Some(Blue), Red, Dropped), FlagTouch::Return);
    assert_eq!(flag_touch(Red, None, Red, AtBase), FlagTouch::Ignore);
    // A capture needs one's own flag at home.
    assert_eq!(flag_touch(Red, Some(Blue), Red, AtBase), FlagTouch::Capture);
    assert_eq!(
        flag_touch(Blue, Some(Red), Blue, AtBase),
        FlagTouch::Capture
    );
    assert_eq!(flag_touch(Red, Some(Blue), Red, Carried), FlagTouch::Ignore);
    assert_eq!(flag_touch(Free, None, Red, AtBase), FlagTouch::Ignore);
}

#[test]
fn flag_return_after_30_seconds_from_the_table() {
    let rules = Rules::default();
    assert_eq!(rules.modes.ctf.flag_return_ms, 30_000);
    assert!(!flag_return_due(1_000, 30_950, &rules));
    assert!(flag_return_due(1_000, 31_000, &rules));
    let mut slow = rules.clone();
    slow.modes.ctf.flag_return_ms = 40_000;
    assert!(!flag_return_due(1_000, 31_000, &slow));
    assert_eq!(flag_on_death(DamageCause::Suicide), FlagFate::ReturnToBase);
    assert_eq!(flag_on_death(DamageCause::Lava), FlagFate::Drop);
}

#[test]
fn capture_and_assists() {
    let rules = Rules::default();
    assert_eq!(
        ctf_capture_award(&rules),
        CaptureAward {
            capturer: 5,
            team: 1
        }
    );
    assert_eq!(ctf_recovery_bonus(&rules), 1);
    let now = 50_000;
    assert_eq!(ctf_capture_assist(Some(45_000), None, now, &rules), 1);
    assert_eq!(ctf_capture_assist(None, Some(41_000), now, &rules), 2);
    assert_eq!(
        ctf_capture_assist(Some(45_000), Some(41_000), now, &rules),
        3
    );
    assert_eq!(
        ctf_capture_assist(Some(40_000), Some(39_000), now, &rules),
        0
    );
    let mut q3 = rules.clone();
    q3.modes.ctf.assists_stack = false;
    assert_eq!(ctf_capture_assist(Some(45_000), Some(41_000), now, &q3), 1);
}

#[test]
fn frag_bonus_precedence() {
    let rules = Rules::default();
    let base = CtfContext {
        now_ms: 100_000,
        ..CtfContext::default()
    };
    assert_eq!(ctf_frag_bonus(&base, &rules), None);
    let everything = CtfContext {
        victim_carried_flag: true,
        victim_hurt_our_carrier_ms: Some(95_000),
        killer_to_base: Some(10.0),
        victim_to_carrier: Some(10.0),
        ..base
    };
    assert_eq!(
        ctf_frag_bonus(&everything, &rules),
        Some((CtfBonus::CarrierFrag, 2))
    );
    let danger = CtfContext {
        victim_carried_flag: false,
        ..everything
    };
    assert_eq!(
        ctf_frag_bonus(&danger, &rules),
        Some((CtfBonus::CarrierDanger, 2))
    );
    // Too long ago (8 s), or the killer is the carrier himself: the next bonus.
    let stale = CtfContext {
        victim_hurt_our_carrier_ms: Some(92_000),
        ..danger
    };
    assert_eq!(
        ctf_frag_bonus(&stale, &rules),
        Some((CtfBonus::BaseDefense, 1))
    );
    let carrier = CtfContext {
        killer_carries_flag: true,
        ..danger
    };
    assert_eq!(
        ctf_frag_bonus(&carrier, &rules),
        Some((CtfBonus::BaseDefense, 1))
    );
    let far = CtfContext {
        killer_to_base: Some(1000.0),
        victim_to_base: None,
        ..stale
    };
    assert_eq!(
        ctf_frag_bonus(&far, &rules),
        Some((CtfBonus::CarrierProtect, 1))
    );
    let none = CtfContext {
        victim_to_carrier: Some(1500.0),
        ..far
    };
    assert_eq!(ctf_frag_bonus(&none, &rules), None);
    // "Within" is strictly closer: 8 s and 1000 units are out.
    let edge = CtfContext {
        victim_hurt_our_carrier_ms: Some(92_000),
        killer_to_base: Some(1000.0),
        victim_to_carrier: Some(1000.0),
        ..base
    };
    assert_eq!(ctf_frag_bonus(&edge, &rules), None);
}

#[test]
fn which_kills_spend_the_hurt_carrier_times() {
    // Fragging the carrier forgives the killer's team for hurting it; avenging the danger
    // spends the victim's time; the area bonuses spend nothing.
    assert_eq!(
        CtfBonus::CarrierFrag.hurt_carrier_reset(),
        Some(HurtCarrierReset::KillerTeam)
    );
    assert_eq!(
        CtfBonus::CarrierDanger.hurt_carrier_reset(),
        Some(HurtCarrierReset::Victim)
    );
    assert_eq!(CtfBonus::BaseDefense.hurt_carrier_reset(), None);
    assert_eq!(CtfBonus::CarrierProtect.hurt_carrier_reset(), None);
}
