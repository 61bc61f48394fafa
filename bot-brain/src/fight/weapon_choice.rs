//! Weapon choice (botlib's `BotChooseBestFightWeapon`, reference §9): the weapon of
//! `weapons.c` whose weapon weight is highest for the bot's inventory, and the switch delay
//! around it.
//!
//! Rules, as in botlib and the game's `BotChooseWeapon`:
//! - each weapon info is mapped once to the weight of the same name (case-sensitive); a
//!   weapon without a weight is never chosen (listed by [`WeaponChooser::unweighted`]);
//!   weapons whose number is not one of the game's nine are never chosen either (listed by
//!   [`WeaponChooser::not_in_game`]);
//! - weights are evaluated decided (no randomness), candidates in weapon-number order; only
//!   a weight above 0 counts and a tie keeps the lower number;
//! - the inventory carries the enemy's horizontal distance and height in the `inv.h` slots
//!   `ENEMY_HORIZONTAL_DIST` 200 and `ENEMY_HEIGHT` 201 ([`fill_enemy_slots`]), as the game's
//!   battle-inventory update writes them (both truncated to integers);
//! - after the wish changes the bot does not fire for [`WEAPON_CHANGE_DELAY_MS`], and while
//!   the world is still switching (the wished weapon not yet in hand and the weapon busy) the
//!   wish is kept ([`WeaponSwitch`]).

use bot_interface::{SelfView, Weapon};
use fuzzy_weights::{CompiledConfig, Interpolation, Inventory, WeightId, best_weapon};
use glam::Vec3;

use super::weapon_info::WeaponConfig;
use crate::goal::inventory_of;

/// `inv.h`'s `ENEMY_HORIZONTAL_DIST`: the enemy's distance in the horizontal plane.
pub const ENEMY_HORIZONTAL_DIST: u8 = 200;
/// `inv.h`'s `ENEMY_HEIGHT`: how far the enemy's origin is above the bot's (negative below).
pub const ENEMY_HEIGHT: u8 = 201;

/// After asking for another weapon the bot holds its fire this long (botlib's game code
/// skips the attack check for 0.1 s after a weapon change).
pub const WEAPON_CHANGE_DELAY_MS: u32 = 100;

/// Writes the enemy slots of `inventory` for a bot at `me` and an enemy at `enemy` (both
/// origins): [`ENEMY_HORIZONTAL_DIST`] the horizontal distance and [`ENEMY_HEIGHT`] the
/// height difference, each truncated towards zero.
pub fn fill_enemy_slots(inventory: &mut Inventory, me: Vec3, enemy: Vec3) {
    let offset = enemy - me;
    inventory[ENEMY_HORIZONTAL_DIST] = truncate(offset.truncate().length());
    inventory[ENEMY_HEIGHT] = truncate(offset.z);
}

/// The inventory of `me` ([`inventory_of`]) with the enemy slots for an enemy at `enemy`.
#[must_use]
pub fn battle_inventory(me: &SelfView, enemy: Vec3) -> Inventory {
    let mut inventory = inventory_of(me);
    fill_enemy_slots(&mut inventory, me.origin, enemy);
    inventory
}

/// `value` truncated towards zero, saturating at the `i32` range (NaN gives 0).
fn truncate(value: f32) -> i32 {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the game stores these slots as (int) casts; `as` saturates"
    )]
    let truncated = value as i32;
    truncated
}

/// What the chooser knows of one game weapon from `weapons.c`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Known {
    /// Projectile speed (0: instant hit).
    speed: f32,
    /// Splash radius when the projectile splashes, else 0.
    splash: f32,
}

/// Picks the best fight weapon with one bot's weapon weights (botlib's weapon state).
#[derive(Debug, Clone, PartialEq)]
pub struct WeaponChooser {
    /// The weapon weights (the bot's own copy).
    weights: CompiledConfig,
    /// The weight of each candidate, in weapon-number order.
    ids: Vec<WeightId>,
    /// The game weapon of each candidate (same order as `ids`).
    weapons: Vec<Weapon>,
    /// Per game weapon ([`Weapon::index`]): its speed and splash, when `weapons.c` has it.
    known: [Option<Known>; 9],
    /// Weapon infos without a weight, in number order.
    unweighted: Vec<String>,
    /// Weapon infos whose number is not a game weapon, in number order.
    not_in_game: Vec<String>,
    /// How weights are evaluated between cases.
    interpolation: Interpolation,
}

impl WeaponChooser {
    /// A chooser for the weapons of `config` with the weapon weights `weights`, evaluated
    /// with linear interpolation (the default of [`Interpolation`]).
    ///
    /// # Complexity
    /// O(weapons × weights) name look-ups; copies `weights`.
    #[must_use]
    pub fn new(config: &WeaponConfig, weights: &CompiledConfig) -> Self {
        let mut chooser = Self {
            weights: weights.clone(),
            ids: Vec::new(),
            weapons: Vec::new(),
            known: [None; 9],
            unweighted: Vec::new(),
            not_in_game: Vec::new(),
            interpolation: Interpolation::default(),
        };
        for info in &config.weapons {
            let weapon = u8::try_from(info.number).ok().and_then(Weapon::from_number);
            let Some(weapon) = weapon else {
                chooser.not_in_game.push(info.name.clone());
                continue;
            };
            chooser.known[weapon.index()] = Some(Known {
                speed: info.speed,
                splash: if info.projectile.splashes() {
                    info.projectile.radius
                } else {
                    0.0
                },
            });
            match weights.find(&info.name) {
                Some(id) => {
                    chooser.ids.push(id);
                    chooser.weapons.push(weapon);
                }
                None => chooser.unweighted.push(info.name.clone()),
            }
        }
        chooser
    }

    /// The same chooser evaluating with `interpolation` (botlib 1.32's step function is
    /// [`Interpolation::Step`]).
    #[must_use]
    pub fn with_interpolation(mut self, interpolation: Interpolation) -> Self {
        self.interpolation = interpolation;
        self
    }

    /// The best weapon for `inventory` (with the enemy slots filled, see
    /// [`battle_inventory`]); `None` when no candidate weighs more than 0.
    ///
    /// # Complexity
    /// One weight evaluation per candidate; allocates nothing.
    #[must_use]
    pub fn best(&self, inventory: &Inventory) -> Option<Weapon> {
        self.best_with_weight(inventory).map(|(weapon, _)| weapon)
    }

    /// [`best`](Self::best) with the winning weight (for logs).
    #[must_use]
    pub fn best_with_weight(&self, inventory: &Inventory) -> Option<(Weapon, f32)> {
        best_weapon(&self.weights, &self.ids, inventory, self.interpolation)
            .and_then(|(position, weight)| Some((*self.weapons.get(position)?, weight)))
    }

    /// The weight of `weapon` for `inventory`; `None` when it is not a candidate.
    #[must_use]
    pub fn weight(&self, weapon: Weapon, inventory: &Inventory) -> Option<f32> {
        let position = self.weapons.iter().position(|&w| w == weapon)?;
        Some(
            self.weights
                .evaluate(self.ids[position], inventory, self.interpolation),
        )
    }

    /// The candidates, in weapon-number order.
    #[must_use]
    pub fn candidates(&self) -> &[Weapon] {
        &self.weapons
    }

    /// Names of the weapon infos that have no weight (never chosen), in number order.
    #[must_use]
    pub fn unweighted(&self) -> &[String] {
        &self.unweighted
    }

    /// Names of the weapon infos whose number is none of the game's nine weapons (never
    /// chosen), in number order.
    #[must_use]
    pub fn not_in_game(&self) -> &[String] {
        &self.not_in_game
    }

    /// The projectile speed of `weapon` in units per second; `None` for an instant-hit
    /// weapon (speed 0: hitscan or melee) or one `weapons.c` does not describe.
    #[must_use]
    pub fn projectile_speed(&self, weapon: Weapon) -> Option<f32> {
        self.known[weapon.index()]
            .map(|known| known.speed)
            .filter(|&speed| speed > 0.0)
    }

    /// The splash radius of `weapon`'s projectile; `None` when it does not splash (or
    /// `weapons.c` does not describe it).
    #[must_use]
    pub fn splash_radius(&self, weapon: Weapon) -> Option<f32> {
        self.known[weapon.index()]
            .map(|known| known.splash)
            .filter(|&radius| radius > 0.0)
    }
}

/// The weapon the bot asked for and when it last changed its mind: holds the fire for
/// [`WEAPON_CHANGE_DELAY_MS`] after a change and keeps the wish while the world switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WeaponSwitch {
    /// The weapon asked for (`None` before the first choice).
    wanted: Option<Weapon>,
    /// When the wish last changed, match milliseconds.
    changed_at_ms: u32,
}

impl WeaponSwitch {
    /// No weapon asked for yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The weapon asked for.
    #[must_use]
    pub fn wanted(&self) -> Option<Weapon> {
        self.wanted
    }

    /// Takes the chooser's `choice` at `now_ms` and answers the weapon to ask the world
    /// for. While a switch is under way (the wish is not in hand yet and the weapon is busy,
    /// [`SelfView::weapon_time_ms`] above 0) the old wish is kept, as botlib keeps selecting
    /// its weapon while the game raises or drops one. `None` keeps whatever is asked.
    pub fn choose(&mut self, choice: Option<Weapon>, me: &SelfView, now_ms: u32) -> Option<Weapon> {
        let switching = self.wanted.is_some() && me.weapon != self.wanted && me.weapon_time_ms > 0;
        if let Some(choice) = choice
            && !switching
            && self.wanted != Some(choice)
        {
            self.wanted = Some(choice);
            self.changed_at_ms = now_ms;
        }
        self.wanted
    }

    /// Whether the bot may fire at `now_ms`: the weapon asked for is in hand and the wish
    /// has not changed for [`WEAPON_CHANGE_DELAY_MS`]. (Holding the attack button while the
    /// weapon reloads is harmless: the world fires when it is ready.)
    #[must_use]
    pub fn may_fire(&self, me: &SelfView, now_ms: u32) -> bool {
        self.wanted.is_some()
            && me.weapon == self.wanted
            && now_ms.saturating_sub(self.changed_at_ms) >= WEAPON_CHANGE_DELAY_MS
    }
}

#[cfg(test)]
mod tests {
    use bot_script::MemorySource;

    use super::*;
    use crate::fight::weapon_info::load_weapon_config;

    fn config() -> WeaponConfig {
        let source = MemorySource::new().with(
            "weapons.c",
            "projectileinfo { name \"bullet\" damage 7 damagetype 1 }\n\
             projectileinfo { name \"rocket\" damage 100 radius 120 damagetype 3 }\n\
             projectileinfo { name \"nail\" damage 20 damagetype 1 }\n\
             weaponinfo { number 2 name \"Machinegun\" projectile \"bullet\" }\n\
             weaponinfo { number 5 name \"Rocket Launcher\" projectile \"rocket\" speed 900 }\n\
             weaponinfo { number 3 name \"Shotgun\" projectile \"bullet\" }\n\
             weaponinfo { number 11 name \"Nailgun\" projectile \"nail\" }\n",
        );
        load_weapon_config(&source, "weapons.c").unwrap()
    }

    fn weights(text: &str) -> CompiledConfig {
        let source = MemorySource::new().with("w.c", text);
        CompiledConfig::new(&fuzzy_weights::load(source, "w.c").unwrap().config)
    }

    /// Machinegun 50 near, 10 from 800; rockets 80 while owned; nailgun 500.
    const WEIGHTS: &str = "weight \"Machinegun\" { switch(200) { case 800: return 50; \
         default: return 10; } }\n\
         weight \"Rocket Launcher\" { switch(8) { case 1: return 0; default: return 80; } }\n\
         weight \"Nailgun\" { return 500; }\n";

    #[test]
    fn maps_weapons_to_weights_by_name() {
        let chooser = WeaponChooser::new(&config(), &weights(WEIGHTS));
        assert_eq!(
            chooser.candidates(),
            [Weapon::Machinegun, Weapon::RocketLauncher]
        );
        assert_eq!(chooser.unweighted(), ["Shotgun"]);
        assert_eq!(chooser.not_in_game(), ["Nailgun"]);
        assert_eq!(
            chooser.projectile_speed(Weapon::RocketLauncher),
            Some(900.0)
        );
        assert_eq!(chooser.projectile_speed(Weapon::Machinegun), None);
        assert_eq!(chooser.projectile_speed(Weapon::Railgun), None);
        assert_eq!(chooser.splash_radius(Weapon::RocketLauncher), Some(120.0));
        assert_eq!(chooser.splash_radius(Weapon::Shotgun), None);
    }

    #[test]
    fn chooses_by_weight_and_distance() {
        let chooser = WeaponChooser::new(&config(), &weights(WEIGHTS));
        let mut inventory = Inventory::default();
        assert_eq!(chooser.best(&inventory), Some(Weapon::Machinegun));
        inventory[8] = 1;
        assert_eq!(
            chooser.best_with_weight(&inventory),
            Some((Weapon::RocketLauncher, 80.0))
        );
        inventory[8] = 0;
        fill_enemy_slots(&mut inventory, Vec3::ZERO, Vec3::new(600.0, 800.0, -30.5));
        assert_eq!((inventory[200], inventory[201]), (1000, -30));
        assert_eq!(chooser.weight(Weapon::Machinegun, &inventory), Some(10.0));
        assert_eq!(chooser.weight(Weapon::Shotgun, &inventory), None);
        let none = weights("weight \"Machinegun\" { return 0; }\n");
        assert_eq!(WeaponChooser::new(&config(), &none).best(&inventory), None);
    }

    #[test]
    fn a_tie_keeps_the_lower_number() {
        let even = weights(
            "weight \"Rocket Launcher\" { return 5; }\nweight \"Machinegun\" { return 5; }\n",
        );
        let chooser = WeaponChooser::new(&config(), &even);
        assert_eq!(
            chooser.best(&Inventory::default()),
            Some(Weapon::Machinegun)
        );
    }

    #[test]
    fn holds_fire_after_a_change_and_keeps_the_wish_while_switching() {
        let mut switch = WeaponSwitch::new();
        let mut me = SelfView {
            weapon: Some(Weapon::Machinegun),
            ..SelfView::default()
        };
        assert!(!switch.may_fire(&me, 0), "nothing asked yet");
        assert_eq!(
            switch.choose(Some(Weapon::Machinegun), &me, 1000),
            Some(Weapon::Machinegun)
        );
        assert!(!switch.may_fire(&me, 1099));
        assert!(switch.may_fire(&me, 1100));
        // Asking again for the same weapon does not restart the delay.
        switch.choose(Some(Weapon::Machinegun), &me, 1200);
        assert!(switch.may_fire(&me, 1200));
        // A new wish: no fire until it is in hand and 100 ms have passed.
        assert_eq!(
            switch.choose(Some(Weapon::RocketLauncher), &me, 2000),
            Some(Weapon::RocketLauncher)
        );
        me.weapon_time_ms = 400;
        assert!(
            !switch.may_fire(&me, 2200),
            "the machinegun is still in hand"
        );
        // Mid-switch the wish is kept, even when the chooser changes its mind.
        assert_eq!(
            switch.choose(Some(Weapon::Shotgun), &me, 2300),
            Some(Weapon::RocketLauncher)
        );
        me.weapon = Some(Weapon::RocketLauncher);
        assert!(switch.may_fire(&me, 2300));
        assert_eq!(switch.choose(None, &me, 2400), Some(Weapon::RocketLauncher));
        // Once the rocket launcher is in hand the chooser may change its mind again.
        assert_eq!(
            switch.choose(Some(Weapon::Shotgun), &me, 2500),
            Some(Weapon::Shotgun)
        );
        me.weapon = Some(Weapon::Shotgun);
        assert!(!switch.may_fire(&me, 2599));
        assert!(switch.may_fire(&me, 2600));
    }
}
