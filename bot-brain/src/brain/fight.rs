//! [`Fighter`]: the fighting parts of a [`Brain`](super::Brain) put together for one frame:
//! the weapon its fuzzy weapon weights choose (and the switch delay), the aim of its aim
//! skill, the view turned at its view speed, the fire check, and the attack movement of its
//! attack skill.

use aas_geom::physics::Physics;
use bot_interface::{BotView, SelfView, Weapon};
use glam::Vec3;
use rand::Rng;

use crate::fight::aim::{AimSkill, AimTarget, aim};
use crate::fight::attack_move::{AttackMoveState, AttackStyle, attack_move};
use crate::fight::fire::{Burst, FireContext, should_fire};
use crate::fight::view_turn::turn_view;
use crate::fight::weapon_choice::{WeaponChooser, WeaponSwitch, battle_inventory};
use crate::fight::weapon_info::WeaponConfig;
use crate::perception::Enemy;
use crate::setup::BotProfile;

/// The distance assumed for the weapon held out of battle (units).
const IDLE_DISTANCE: f32 = 400.0;

/// One frame of fighting: the weapon wanted, where to look, whether to fire.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct FightFrame {
    /// Switch to this weapon.
    pub(super) weapon: Option<Weapon>,
    /// Look here (the aim), if the bot aims.
    pub(super) ideal_view: Option<Vec3>,
    /// Press attack.
    pub(super) attack: bool,
}

/// One attack movement.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct AttackStep {
    /// Horizontal direction (zero: stand).
    pub(super) direction: Vec3,
    /// Jump.
    pub(super) jump: bool,
    /// Crouch.
    pub(super) crouch: bool,
    /// Walk (the character's `WALKER` tendency: at walking speed).
    pub(super) walk: bool,
}

/// See the [module docs](self).
#[derive(Debug, Clone)]
pub(super) struct Fighter {
    chooser: WeaponChooser,
    switch: WeaponSwitch,
    aim_skill: AimSkill,
    style: AttackStyle,
    attack: AttackMoveState,
    burst: Burst,
    teammates: Vec<Vec3>,
}

impl Fighter {
    /// The fighter of `profile` with the weapons of `weapons`.
    pub(super) fn new(profile: &BotProfile, weapons: &WeaponConfig) -> Self {
        Self {
            chooser: WeaponChooser::new(weapons, &profile.weapon_weights),
            switch: WeaponSwitch::new(),
            aim_skill: AimSkill {
                // The reaction time is the senses' business: an enemy is noticed only after it
                // (`EnemySight`), and fired at as soon as noticed.
                reaction_time: 0.0,
                ..AimSkill::from_character(&profile.character)
            },
            style: AttackStyle::from_character(&profile.character),
            attack: AttackMoveState::default(),
            burst: Burst::default(),
            teammates: Vec::new(),
        }
    }

    /// The character's attack skill.
    pub(super) fn attack_skill(&self) -> f32 {
        self.style.attack_skill
    }

    /// The weapon to hold out of battle: the best by the weights at a middle distance.
    pub(super) fn idle_weapon(&mut self, me: &SelfView) -> Option<Weapon> {
        let ahead = me.origin + Vec3::X * IDLE_DISTANCE;
        let choice = self.chooser.best(&battle_inventory(me, ahead));
        choice.filter(|&weapon| me.weapon != Some(weapon))
    }

    /// The view `current` turned towards `ideal` for a frame of `seconds`.
    pub(super) fn turn(&self, current: Vec3, ideal: Vec3, seconds: f32) -> Vec3 {
        turn_view(current, ideal, &self.aim_skill, seconds)
    }

    /// Weapon, aim and fire against `enemy` this frame (the fire check looks at where the
    /// bot's view is: `view.me.view_angles`).
    pub(super) fn fight_frame(
        &mut self,
        view: &BotView,
        enemy: &Enemy,
        physics: &Physics<'_>,
        rng: &mut impl Rng,
    ) -> FightFrame {
        let me = &view.me;
        let now = view.time_ms;
        let best = self.chooser.best(&battle_inventory(me, enemy.origin));
        let weapon = self.switch.choose(best, me, now);
        let held = me.weapon.unwrap_or(Weapon::Machinegun);
        #[expect(clippy::cast_precision_loss, reason = "match times of hours at most")]
        let target = if enemy.visible {
            AimTarget::seen(
                enemy.origin,
                enemy.velocity,
                enemy.crouched,
                now.saturating_sub(enemy.noticed_ms) as f32 / 1000.0,
            )
        } else {
            AimTarget::lost(
                enemy.origin,
                enemy.velocity,
                enemy.crouched,
                now.saturating_sub(enemy.seen_ms) as f32 / 1000.0,
            )
        };
        let splash = self.chooser.splash_radius(held).is_some_and(|r| r > 0.0);
        let aimed = aim(
            me,
            &target,
            held,
            self.chooser.projectile_speed(held),
            splash,
            &self.aim_skill,
            physics,
            rng,
        );
        self.teammates.clear();
        if me.team != bot_interface::Team::Free {
            self.teammates.extend(
                view.players
                    .iter()
                    .filter(|p| p.alive && p.team == me.team)
                    .map(|p| p.origin),
            );
        }
        let context = FireContext {
            me,
            target: &target,
            aim: &aimed,
            weapon: held,
            splash,
            teammates: &self.teammates,
            now_ms: now,
        };
        let attack = self.switch.may_fire(me, now)
            && should_fire(
                &context,
                &self.aim_skill,
                physics.world(),
                &mut self.burst,
                rng,
            );
        FightFrame {
            weapon,
            ideal_view: Some(aimed.ideal_view),
            attack,
        }
    }

    /// The attack movement against an enemy at `enemy`, each direction checked by
    /// `keeps_footing(direction, crouch)`.
    pub(super) fn attack_move(
        &mut self,
        me: &SelfView,
        enemy: Vec3,
        now_ms: u32,
        rng: &mut impl Rng,
        mut keeps_footing: impl FnMut(Vec3, bool) -> bool,
    ) -> AttackStep {
        let weapon = me.weapon.unwrap_or(Weapon::Machinegun);
        let crouching = me.crouched;
        let step = attack_move(
            &self.style,
            &mut self.attack,
            me,
            enemy,
            weapon,
            now_ms,
            rng,
            |direction| keeps_footing(direction, crouching),
        );
        AttackStep {
            direction: step.direction,
            jump: step.buttons.contains(bot_interface::Buttons::JUMP),
            crouch: step.buttons.contains(bot_interface::Buttons::CROUCH),
            walk: step.buttons.contains(bot_interface::Buttons::WALK),
        }
    }
}
