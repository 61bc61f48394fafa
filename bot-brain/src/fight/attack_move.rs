//! Movement while fighting (thesis §8.2 skill bands and §13.3; botlib's game-side attack
//! move): how the bot dodges, keeps its weapon's range, jumps and crouches.
//!
//! Rules (ours, after the thesis's description):
//! - the band comes from the attack skill ([`MoveBand`]): below 0.2 the bot does not move
//!   at all (no range keeping, no jumps); from 0.2 it sways forward and back towards the
//!   enemy; from 0.4 it circle strafes (moves sideways, round the enemy as it keeps facing
//!   it); above 0.7 it also changes the strafe side at random moments;
//! - every band that moves keeps the held weapon's preferred range ([`preferred_range`]):
//!   nearer than the range's near end it backs off, farther than the far end it approaches;
//!   inside the range only the sway or strafe moves it; a strafe and an approach combine;
//! - a direction for which the caller's footing check says no is not taken: the bot tries
//!   the mirrored sway (other strafe side, or the other way along the line to the enemy) and
//!   keeps that side, and stands still if that fails too;
//! - jumper: every [`JUMP_CHECK_MS`] on the ground, a jump with chance `jumper`; croucher:
//!   every [`CROUCH_CHECK_MS`] when not crouching, a crouch with chance `croucher` held for
//!   `croucher` × [`MAX_CROUCH_MS`] (no jump while crouching); walker: at each jump check,
//!   walking (half speed) until the next one with chance `walker`;
//! - deterministic: random draws only from the RNG passed in, in a fixed order — strafe or
//!   sway timer (one draw when it runs out), then jump (one draw per check), walk (one), crouch
//!   (one per check) — and only for a band that moves.

use bot_interface::{Buttons, SelfView, Weapon};
use glam::Vec3;
use rand::Rng;

use crate::character::{Character, Characteristic};

/// How often a bot may decide to jump (and re-decides walking), milliseconds.
pub const JUMP_CHECK_MS: u32 = 1000;
/// How often a bot that is not crouching may decide to crouch, milliseconds.
pub const CROUCH_CHECK_MS: u32 = 1000;
/// The longest crouch (croucher 1), milliseconds.
pub const MAX_CROUCH_MS: u32 = 5000;
/// Shortest and longest sway (forward/back band) or random strafe leg, milliseconds.
pub const LEG_MS: (u32, u32) = (400, 1200);

/// What a bot's attack skill lets it do while fighting (thesis §8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveBand {
    /// Attack skill below 0.2: does not move.
    StandStill,
    /// [0.2, 0.4): only forward and back.
    ForwardBack,
    /// [0.4, 0.7]: circle strafes, changing side only when blocked.
    CircleStrafe,
    /// Above 0.7: circle strafes and changes side at random.
    RandomStrafe,
}

/// The fighting-movement characteristics of one bot, each clamped to [0, 1] (an unset one
/// counts as 0).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AttackStyle {
    /// `CHARACTERISTIC_ATTACK_SKILL`: picks the [`MoveBand`].
    pub attack_skill: f32,
    /// `CHARACTERISTIC_JUMPER`: chance of a jump at each check.
    pub jumper: f32,
    /// `CHARACTERISTIC_CROUCHER`: chance of a crouch at each check, and its length.
    pub croucher: f32,
    /// `CHARACTERISTIC_WALKER`: chance of walking instead of running at each check.
    pub walker: f32,
}

impl AttackStyle {
    /// The style of `character`.
    #[must_use]
    pub fn from_character(character: &Character) -> Self {
        let read = |c| character.float_clamped(c, 0.0, 1.0).unwrap_or(0.0);
        Self {
            attack_skill: read(Characteristic::AttackSkill),
            jumper: read(Characteristic::Jumper),
            croucher: read(Characteristic::Croucher),
            walker: read(Characteristic::Walker),
        }
    }

    /// The band of its attack skill.
    #[must_use]
    pub fn band(&self) -> MoveBand {
        match self.attack_skill {
            s if s < 0.2 => MoveBand::StandStill,
            s if s < 0.4 => MoveBand::ForwardBack,
            s if s <= 0.7 => MoveBand::CircleStrafe,
            _ => MoveBand::RandomStrafe,
        }
    }
}

/// The distances (horizontal, units) at which `weapon` works best: nearer than the first the
/// bot backs off, farther than the second it approaches. Our table, after the thesis's
/// "each weapon has its range" and the game's weapons (q3-game-rules):
///
/// | weapon | range | why |
/// |---|---|---|
/// | gauntlet | 0–40 | contact (its reach is 32) |
/// | shotgun | 0–300 | pellets spread: close |
/// | machinegun, plasma gun | 150–700 | steady fire, mid-close |
/// | lightning gun | 100–600 | the beam reaches 768 |
/// | grenade launcher | 250–600 | lobbed, 160 splash |
/// | rocket launcher | 300–800 | 120 splash: not too close, mid range |
/// | BFG10K | 350–1000 | large splash |
/// | railgun | 700–3000 | far: no falloff, slow refire |
#[must_use]
pub fn preferred_range(weapon: Weapon) -> (f32, f32) {
    match weapon {
        Weapon::Gauntlet => (0.0, 40.0),
        Weapon::Shotgun => (0.0, 300.0),
        Weapon::Machinegun | Weapon::PlasmaGun => (150.0, 700.0),
        Weapon::LightningGun => (100.0, 600.0),
        Weapon::GrenadeLauncher => (250.0, 600.0),
        Weapon::RocketLauncher => (300.0, 800.0),
        Weapon::Bfg => (350.0, 1000.0),
        Weapon::Railgun => (700.0, 3000.0),
    }
}

/// What one bot's attack movement remembers between frames. Start with `default()`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AttackMoveState {
    /// The side of the sway or strafe: `false` right (or forward), `true` left (or back).
    other_side: bool,
    /// When the current sway or random strafe leg ends, match milliseconds.
    leg_ends_ms: u32,
    /// When the bot may next decide to jump.
    next_jump_check_ms: u32,
    /// Whether it walks until the next jump check.
    walking: bool,
    /// When the bot may next decide to crouch.
    next_crouch_check_ms: u32,
    /// It crouches until then.
    crouch_until_ms: u32,
}

/// How the move relates to the weapon's preferred range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RangeKeeping {
    /// Within the range (or not keeping it: standing still).
    InRange,
    /// Too near: backing off.
    BackOff,
    /// Too far: approaching.
    Approach,
}

/// The sideways or to-and-fro part of the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sway {
    /// None.
    None,
    /// Towards the enemy (forward/back band).
    Forward,
    /// Away from the enemy (forward/back band).
    Back,
    /// Strafing to the bot's right (facing the enemy).
    Right,
    /// Strafing to the bot's left.
    Left,
}

/// Whether the first direction was refused by the footing check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fallback {
    /// The first direction was taken (or none was needed).
    None,
    /// The first was refused; the mirrored sway was taken.
    OtherSide,
    /// Both were refused: standing.
    Stood,
}

/// The move for one frame, with what was chosen (for logs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AttackMove {
    /// Horizontal world-space direction, unit length, or zero to stand.
    pub direction: Vec3,
    /// [`Buttons::JUMP`], [`Buttons::CROUCH`] and [`Buttons::WALK`] as decided.
    pub buttons: Buttons,
    /// The skill band.
    pub band: MoveBand,
    /// The range keeping.
    pub range: RangeKeeping,
    /// The sway or strafe part, as taken (after any fallback).
    pub sway: Sway,
    /// Whether the footing check changed the move.
    pub fallback: Fallback,
}

/// The attack move of a bot with `style` and `state` at `me`, fighting an enemy at
/// `enemy_origin` with `weapon`, at match time `now_ms`. `keeps_footing(direction)` says
/// whether moving along a horizontal unit `direction` keeps the bot safe (no ledge, no
/// lava); it is asked at most twice, never for a zero direction.
#[expect(
    clippy::too_many_arguments,
    reason = "the fight layer's agreed signature: each input is a separate concern"
)]
pub fn attack_move(
    style: &AttackStyle,
    state: &mut AttackMoveState,
    me: &SelfView,
    enemy_origin: Vec3,
    weapon: Weapon,
    now_ms: u32,
    rng: &mut impl Rng,
    mut keeps_footing: impl FnMut(Vec3) -> bool,
) -> AttackMove {
    let band = style.band();
    let mut result = AttackMove {
        direction: Vec3::ZERO,
        buttons: Buttons::empty(),
        band,
        range: RangeKeeping::InRange,
        sway: Sway::None,
        fallback: Fallback::None,
    };
    if band == MoveBand::StandStill {
        return result;
    }
    let to_enemy = (enemy_origin - me.origin).truncate();
    let distance = to_enemy.length();
    let forward = if distance > f32::EPSILON {
        (to_enemy / distance).extend(0.0)
    } else {
        Vec3::X
    };
    let right = Vec3::new(forward.y, -forward.x, 0.0);
    let (near, far) = preferred_range(weapon);
    let along = if distance < near {
        result.range = RangeKeeping::BackOff;
        -forward
    } else if distance > far {
        result.range = RangeKeeping::Approach;
        forward
    } else {
        Vec3::ZERO
    };

    // The sway: to and fro inside the range (forward/back band), sideways always
    // (strafing bands); legs of random length for the forward/back and random bands.
    if band != MoveBand::CircleStrafe && now_ms >= state.leg_ends_ms {
        if state.leg_ends_ms != 0 {
            state.other_side = !state.other_side;
        }
        state.leg_ends_ms = now_ms.saturating_add(leg_ms(rng));
    }
    let sway = |other_side: bool| -> (Vec3, Sway) {
        match band {
            MoveBand::ForwardBack if result.range == RangeKeeping::InRange => {
                if other_side {
                    (-forward, Sway::Back)
                } else {
                    (forward, Sway::Forward)
                }
            }
            MoveBand::ForwardBack | MoveBand::StandStill => (Vec3::ZERO, Sway::None),
            MoveBand::CircleStrafe | MoveBand::RandomStrafe => {
                if other_side {
                    (-right, Sway::Left)
                } else {
                    (right, Sway::Right)
                }
            }
        }
    };

    let (first, first_sway) = sway(state.other_side);
    let direction = (first + along).normalize_or_zero();
    if direction == Vec3::ZERO || keeps_footing(direction) {
        result.direction = direction;
        result.sway = first_sway;
    } else {
        let (second, second_sway) = sway(!state.other_side);
        let mirrored = (second + along).normalize_or_zero();
        if second_sway != Sway::None && mirrored != Vec3::ZERO && keeps_footing(mirrored) {
            state.other_side = !state.other_side;
            result.direction = mirrored;
            result.sway = second_sway;
            result.fallback = Fallback::OtherSide;
        } else {
            result.fallback = Fallback::Stood;
        }
    }

    // Jumps, walking and crouches.
    let crouching = now_ms < state.crouch_until_ms;
    if now_ms >= state.next_jump_check_ms {
        state.next_jump_check_ms = now_ms.saturating_add(JUMP_CHECK_MS);
        let jump = unit(rng) < style.jumper;
        if jump && me.on_ground && !crouching {
            result.buttons |= Buttons::JUMP;
        }
        state.walking = unit(rng) < style.walker;
    }
    if state.walking {
        result.buttons |= Buttons::WALK;
    }
    if !crouching && now_ms >= state.next_crouch_check_ms {
        state.next_crouch_check_ms = now_ms.saturating_add(CROUCH_CHECK_MS);
        if unit(rng) < style.croucher {
            state.crouch_until_ms = now_ms.saturating_add(crouch_ms(style.croucher));
        }
    }
    if now_ms < state.crouch_until_ms && !result.buttons.contains(Buttons::JUMP) {
        result.buttons |= Buttons::CROUCH;
    }
    result
}

/// One draw: uniform in `[0, 1)`, in steps of 2⁻²⁴ (the top 24 bits of one `u32`).
fn unit(rng: &mut impl Rng) -> f32 {
    const INV_2_POW_24: f32 = 1.0 / 16_777_216.0;
    let bits = rng.next_u32();
    let high = u16::try_from(bits >> 16).unwrap_or(0);
    let middle = u8::try_from((bits >> 8) & 0xff).unwrap_or(0);
    (f32::from(high) * 256.0 + f32::from(middle)) * INV_2_POW_24
}

/// One draw: a leg length in `LEG_MS.0..=LEG_MS.1` milliseconds.
fn leg_ms(rng: &mut impl Rng) -> u32 {
    LEG_MS.0 + rng.next_u32() % (LEG_MS.1 - LEG_MS.0 + 1)
}

/// How long a bot with tendency `croucher` crouches: `croucher` × [`MAX_CROUCH_MS`].
fn crouch_ms(croucher: f32) -> u32 {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "croucher is clamped to [0, 1], so the product is in 0..=5000"
    )]
    let ms = (croucher.clamp(0.0, 1.0) * MAX_CROUCH_MS as f32) as u32;
    ms
}

#[cfg(test)]
mod tests {
    use bot_interface::GameRng;

    use super::*;

    fn style(attack_skill: f32) -> AttackStyle {
        AttackStyle {
            attack_skill,
            jumper: 0.0,
            croucher: 0.0,
            walker: 0.0,
        }
    }

    fn me() -> SelfView {
        SelfView {
            alive: true,
            on_ground: true,
            ..SelfView::default()
        }
    }

    /// Runs `frames` frames 50 ms apart against an enemy at `enemy` with `weapon`, all
    /// footing allowed.
    fn run(style: &AttackStyle, enemy: Vec3, weapon: Weapon, frames: u32) -> Vec<AttackMove> {
        let mut state = AttackMoveState::default();
        let mut rng = GameRng::new(7);
        (0..frames)
            .map(|i| {
                attack_move(
                    style,
                    &mut state,
                    &me(),
                    enemy,
                    weapon,
                    i * 50,
                    &mut rng,
                    |_| true,
                )
            })
            .collect()
    }

    const ROCKET_RANGE: Vec3 = Vec3::new(500.0, 0.0, 0.0);

    #[test]
    fn bands_follow_the_thesis() {
        let bands: Vec<_> = [0.0, 0.19, 0.2, 0.39, 0.4, 0.7, 0.71, 1.0]
            .map(|s| style(s).band())
            .into();
        use MoveBand::*;
        assert_eq!(
            bands,
            [
                StandStill,
                StandStill,
                ForwardBack,
                ForwardBack,
                CircleStrafe,
                CircleStrafe,
                RandomStrafe,
                RandomStrafe
            ]
        );
    }

    #[test]
    fn an_unskilled_bot_stands_still_even_out_of_range() {
        let s = AttackStyle {
            jumper: 1.0,
            croucher: 1.0,
            ..style(0.1)
        };
        for m in run(&s, Vec3::new(3000.0, 0.0, 0.0), Weapon::Shotgun, 40) {
            assert_eq!(m.direction, Vec3::ZERO);
            assert_eq!(m.buttons, Buttons::empty());
            assert_eq!(m.range, RangeKeeping::InRange);
        }
    }

    #[test]
    fn forward_back_band_sways_along_the_line_to_the_enemy() {
        let moves = run(&style(0.3), ROCKET_RANGE, Weapon::RocketLauncher, 200);
        let mut seen = (false, false);
        for m in &moves {
            assert_eq!(m.direction.y, 0.0, "only along the line to the enemy");
            assert_eq!(m.direction.z, 0.0);
            match m.sway {
                Sway::Forward => seen.0 = true,
                Sway::Back => seen.1 = true,
                other => panic!("unexpected {other:?}"),
            }
            assert!((m.direction.length() - 1.0).abs() < 1e-6);
        }
        assert!(seen.0 && seen.1, "both ways over ten seconds");
        // Legs last at least LEG_MS.0: no flip within 400 ms.
        let flips: Vec<usize> = moves
            .windows(2)
            .enumerate()
            .filter(|(_, w)| w[0].sway != w[1].sway)
            .map(|(i, _)| i)
            .collect();
        assert!(
            flips.windows(2).all(|f| (f[1] - f[0]) * 50 >= 400),
            "{flips:?}"
        );
    }

    #[test]
    fn every_moving_band_keeps_the_weapon_range() {
        for skill in [0.3, 0.5, 0.9] {
            // Rockets 100 units away: too near, back off (away from the enemy at +X).
            let near = run(
                &style(skill),
                Vec3::new(100.0, 0.0, 0.0),
                Weapon::RocketLauncher,
                5,
            );
            for m in near {
                assert_eq!(m.range, RangeKeeping::BackOff);
                assert!(m.direction.x < 0.0, "{skill}: {m:?}");
            }
            // A shotgun 1000 units away is too far: approach (the enemy at +Y).
            let far = run(
                &style(skill),
                Vec3::new(0.0, 1000.0, 0.0),
                Weapon::Shotgun,
                5,
            );
            for m in far {
                assert_eq!(m.range, RangeKeeping::Approach);
                assert!(m.direction.y > 0.0, "{skill}: {m:?}");
            }
        }
        assert_eq!(preferred_range(Weapon::Gauntlet).1, 40.0);
        assert!(preferred_range(Weapon::Railgun).0 > preferred_range(Weapon::RocketLauncher).0);
    }

    #[test]
    fn circle_strafe_keeps_its_side_and_moves_sideways() {
        let moves = run(&style(0.5), ROCKET_RANGE, Weapon::RocketLauncher, 200);
        for m in &moves {
            assert_eq!(m.sway, Sway::Right);
            // Facing +X, the right is −Y.
            assert!((m.direction - Vec3::NEG_Y).length() < 1e-6, "{m:?}");
        }
    }

    #[test]
    fn random_strafe_changes_side() {
        let moves = run(&style(0.9), ROCKET_RANGE, Weapon::RocketLauncher, 200);
        let lefts = moves.iter().filter(|m| m.sway == Sway::Left).count();
        let rights = moves.iter().filter(|m| m.sway == Sway::Right).count();
        assert_eq!(lefts + rights, 200);
        assert!(lefts > 20 && rights > 20, "{lefts} {rights}");
        // Deterministic given the RNG.
        assert_eq!(
            moves,
            run(&style(0.9), ROCKET_RANGE, Weapon::RocketLauncher, 200)
        );
    }

    #[test]
    fn a_refused_direction_tries_the_other_side_then_stands() {
        let s = style(0.5);
        let mut state = AttackMoveState::default();
        let mut rng = GameRng::new(1);
        // No footing to the right (−Y): strafe left, and keep that side.
        let no_right = |d: Vec3| d.y > -0.5;
        let m = attack_move(
            &s,
            &mut state,
            &me(),
            ROCKET_RANGE,
            Weapon::RocketLauncher,
            0,
            &mut rng,
            no_right,
        );
        assert_eq!((m.sway, m.fallback), (Sway::Left, Fallback::OtherSide));
        assert!((m.direction - Vec3::Y).length() < 1e-6);
        let m = attack_move(
            &s,
            &mut state,
            &me(),
            ROCKET_RANGE,
            Weapon::RocketLauncher,
            50,
            &mut rng,
            |_| true,
        );
        assert_eq!((m.sway, m.fallback), (Sway::Left, Fallback::None));
        // Nowhere to go: stand.
        let mut asked = 0;
        let m = attack_move(
            &s,
            &mut state,
            &me(),
            ROCKET_RANGE,
            Weapon::RocketLauncher,
            100,
            &mut rng,
            |_| {
                asked += 1;
                false
            },
        );
        assert_eq!(
            (m.direction, m.fallback, m.sway),
            (Vec3::ZERO, Fallback::Stood, Sway::None)
        );
        assert_eq!(asked, 2);
    }

    #[test]
    fn jumper_and_croucher_tendencies() {
        let jumpy = AttackStyle {
            jumper: 1.0,
            ..style(0.5)
        };
        let moves = run(&jumpy, ROCKET_RANGE, Weapon::RocketLauncher, 100);
        let jumps = moves
            .iter()
            .filter(|m| m.buttons.contains(Buttons::JUMP))
            .count();
        assert_eq!(jumps, 5, "one per second over five seconds");
        assert!(moves.iter().all(|m| !m.buttons.contains(Buttons::CROUCH)));
        let calm = run(&style(0.5), ROCKET_RANGE, Weapon::RocketLauncher, 100);
        assert!(calm.iter().all(|m| m.buttons.is_empty()));
        let crouchy = AttackStyle {
            croucher: 1.0,
            ..style(0.5)
        };
        let moves = run(&crouchy, ROCKET_RANGE, Weapon::RocketLauncher, 100);
        // Crouches 5 s from the first frame, then decides again.
        assert!(moves.iter().all(|m| m.buttons == Buttons::CROUCH));
        let half = AttackStyle {
            croucher: 0.5,
            jumper: 0.5,
            walker: 0.5,
            ..style(0.5)
        };
        let moves = run(&half, ROCKET_RANGE, Weapon::RocketLauncher, 400);
        let count = |b| moves.iter().filter(|m| m.buttons.contains(b)).count();
        let (jumps, crouches, walks) = (
            count(Buttons::JUMP),
            count(Buttons::CROUCH),
            count(Buttons::WALK),
        );
        assert!(jumps > 0 && jumps < 20, "{jumps}");
        assert!(crouches > 40 && crouches < 360, "{crouches}");
        assert!(walks > 40 && walks < 360, "{walks}");
        assert!(
            moves
                .iter()
                .all(|m| !m.buttons.contains(Buttons::JUMP | Buttons::CROUCH))
        );
    }

    #[test]
    fn no_jump_in_the_air() {
        let jumpy = AttackStyle {
            jumper: 1.0,
            ..style(0.5)
        };
        let mut state = AttackMoveState::default();
        let airborne = SelfView {
            on_ground: false,
            ..me()
        };
        let m = attack_move(
            &jumpy,
            &mut state,
            &airborne,
            ROCKET_RANGE,
            Weapon::Railgun,
            0,
            &mut GameRng::new(3),
            |_| true,
        );
        assert!(!m.buttons.contains(Buttons::JUMP));
    }
}
