//! The weapon config `weapons.c` (botlib's `LoadWeaponConfig` with `ReadStructure`,
//! reference §6.8 and §9): what each weapon is — its number, name, spread, projectile speed,
//! reload times — and the projectile it fires, joined to it by name.
//!
//! Grammar after preprocessing by `bot-script` (includes from the botfiles root, so
//! `weapons.c` gets its `WEAPONINDEX_*` numbers from `inv.h`):
//!
//! ```text
//! weapons.c  = { ( "weaponinfo" | "projectileinfo" ) "{" { FIELD value } "}" } ;
//! value      = STR                                  (name, model, projectile)
//!            | [ "-" ] INT                          (integer fields: −32768..=32767)
//!            | [ "-" ] NUM                          (float fields)
//!            | "{" [ num { "," num } ] "}"          (recoil, offset, angleoffset: ≤ 3)
//! num        = [ "-" ] NUM ;
//! ```
//!
//! As in botlib: an unknown field is an error; an integer field rejects a float token (and a
//! name, such as an undefined macro); a field given twice keeps its last value; a field left
//! out is zero (or empty). A weapon's `number` is its slot (0 to [`MAX_WEAPON_INFO`] − 1):
//! a later `weaponinfo` with the same number replaces the earlier one (tremfusion's
//! "Pulse rifle" takes the Mass Driver's number), and the weapons come out in number order.
//! At most [`MAX_PROJECTILE_INFO`] projectile infos. After the whole file is read every
//! weapon must name a projectile that exists (the first of that name, case-sensitive);
//! otherwise the file is rejected at the weapon's `weaponinfo` keyword. Tokens are read in
//! order and the first problem is reported (botlib reads lazily).

use std::path::PathBuf;

use bot_script::{
    DirSource, FileSource, Preprocessor, ScriptError, SourceDiagnostic, SourcePos, Token, TokenKind,
};
use glam::Vec3;
use thiserror::Error;

use crate::token_cursor::{ReadError, TokenCursor};

/// Weapon numbers run from 0 to this − 1 (botlib's libvar `max_weaponinfo`).
pub const MAX_WEAPON_INFO: usize = 32;

/// At most this many projectile infos in one config (botlib's libvar `max_projectileinfo`).
pub const MAX_PROJECTILE_INFO: usize = 32;

/// `damagetype` bit: the projectile hurts what it hits directly.
pub const DAMAGETYPE_IMPACT: i32 = 1;
/// `damagetype` bit: the projectile hurts everything within its `radius` (splash).
pub const DAMAGETYPE_RADIAL: i32 = 2;
/// `damagetype` bit: the projectile hurts what it can see when it explodes (the BFG's view).
pub const DAMAGETYPE_VISIBLE: i32 = 4;

/// Why a weapon config could not be loaded (the whole file is rejected, as in botlib).
/// Every variant names the file, line and column (and the include stack).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum WeaponConfigError {
    /// Reading, lexing or preprocessing failed (a missing file or include, …) before the
    /// grammar found a problem.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// The tokens are not a weapon config: something other than `weaponinfo { … }` or
    /// `projectileinfo { … }` at the top level, an unknown field, a value of the wrong kind,
    /// an integer outside −32768..=32767, a vector of more than three numbers, a missing
    /// brace, a weapon number outside 0..[`MAX_WEAPON_INFO`], more than
    /// [`MAX_PROJECTILE_INFO`] projectiles, or a weapon whose projectile is missing or
    /// undefined.
    #[error("{0}")]
    Syntax(SourceDiagnostic),
}

impl WeaponConfigError {
    /// Where the error is.
    #[must_use]
    pub fn pos(&self) -> &SourcePos {
        match self {
            Self::Script(error) => error.pos(),
            Self::Syntax(diagnostic) => &diagnostic.pos,
        }
    }
}

impl From<ReadError> for WeaponConfigError {
    fn from(error: ReadError) -> Self {
        match error {
            ReadError::Script(error) => Self::Script(error),
            ReadError::Syntax(diagnostic) => Self::Syntax(diagnostic),
        }
    }
}

/// One `projectileinfo` block: what a weapon fires.
#[derive(Debug, Clone, PartialEq)]
pub struct ProjectileInfo {
    /// Its name, which weapons name in their `projectile` field (case-sensitive).
    pub name: String,
    /// The model path.
    pub model: String,
    /// Projectile flags (`PFL_*`; no stock file sets them).
    pub flags: i32,
    /// Gravity factor.
    pub gravity: f32,
    /// Damage of one hit (direct or at the centre of the splash).
    pub damage: i32,
    /// Splash radius (0: no splash).
    pub radius: f32,
    /// Damage to what it can see when it explodes.
    pub visdamage: i32,
    /// How it hurts: [`DAMAGETYPE_IMPACT`], [`DAMAGETYPE_RADIAL`], [`DAMAGETYPE_VISIBLE`].
    pub damagetype: i32,
    /// Health the hit gives (negative damage).
    pub healthinc: i32,
    /// Knock-back.
    pub push: f32,
    /// Seconds until it explodes by itself.
    pub detonation: f32,
    /// Bounce factor.
    pub bounce: f32,
    /// Bounce friction.
    pub bouncefric: f32,
    /// Speed below which it stops bouncing.
    pub bouncestop: f32,
    /// Where its `projectileinfo` keyword is.
    pub pos: SourcePos,
}

impl ProjectileInfo {
    /// A projectile with every field zero or empty, at `pos`.
    fn blank(pos: SourcePos) -> Self {
        Self {
            name: String::new(),
            model: String::new(),
            flags: 0,
            gravity: 0.0,
            damage: 0,
            radius: 0.0,
            visdamage: 0,
            damagetype: 0,
            healthinc: 0,
            push: 0.0,
            detonation: 0.0,
            bounce: 0.0,
            bouncefric: 0.0,
            bouncestop: 0.0,
            pos,
        }
    }

    /// Whether it hurts by splash ([`DAMAGETYPE_RADIAL`] with a radius above 0).
    #[must_use]
    pub fn splashes(&self) -> bool {
        self.damagetype & DAMAGETYPE_RADIAL != 0 && self.radius > 0.0
    }
}

/// One `weaponinfo` block, with the projectile it fires.
#[derive(Debug, Clone, PartialEq)]
pub struct WeaponInfo {
    /// The weapon number (the game's `WP_*`, from `inv.h`'s `WEAPONINDEX_*`).
    pub number: i32,
    /// Its name (`"Rocket Launcher"`), matched case-sensitively against weight names.
    pub name: String,
    /// Level (unused by botlib).
    pub level: i32,
    /// The model path.
    pub model: String,
    /// The game's weapon index.
    pub weaponindex: i32,
    /// Weapon flags (`WFL_*`: fire and release, …).
    pub flags: i32,
    /// The projectile it fires (joined by the `projectile` field's name).
    pub projectile: ProjectileInfo,
    /// Projectiles per shot (the shotgun's pellets).
    pub numprojectiles: i32,
    /// Horizontal spread, degrees.
    pub hspread: f32,
    /// Vertical spread, degrees.
    pub vspread: f32,
    /// Projectile speed, units per second; 0 for an instant hit (hitscan or melee).
    pub speed: f32,
    /// Projectile acceleration.
    pub acceleration: f32,
    /// Recoil.
    pub recoil: Vec3,
    /// Muzzle offset.
    pub offset: Vec3,
    /// Angle offset.
    pub angleoffset: Vec3,
    /// Extra upward velocity of the projectile.
    pub extrazvelocity: f32,
    /// Ammunition used per shot.
    pub ammoamount: i32,
    /// Inventory slot of its ammunition.
    pub ammoindex: i32,
    /// Seconds to raise it.
    pub activate: f32,
    /// Reload time between shots (milliseconds in the stock files).
    pub reload: f32,
    /// Spin-up time.
    pub spinup: f32,
    /// Spin-down time.
    pub spindown: f32,
    /// Where its `weaponinfo` keyword is.
    pub pos: SourcePos,
}

impl WeaponInfo {
    /// A weapon with every field zero or empty, at `pos` (its projectile too).
    fn blank(pos: SourcePos) -> Self {
        Self {
            number: 0,
            name: String::new(),
            level: 0,
            model: String::new(),
            weaponindex: 0,
            flags: 0,
            projectile: ProjectileInfo::blank(pos.clone()),
            numprojectiles: 0,
            hspread: 0.0,
            vspread: 0.0,
            speed: 0.0,
            acceleration: 0.0,
            recoil: Vec3::ZERO,
            offset: Vec3::ZERO,
            angleoffset: Vec3::ZERO,
            extrazvelocity: 0.0,
            ammoamount: 0,
            ammoindex: 0,
            activate: 0.0,
            reload: 0.0,
            spinup: 0.0,
            spindown: 0.0,
            pos,
        }
    }
}

/// The weapons of one `weapons.c`, in number order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WeaponConfig {
    /// Every weapon, one per number, in number order, each with its projectile.
    pub weapons: Vec<WeaponInfo>,
    /// Weapons a later `weaponinfo` of the same number replaced, in file order (botlib
    /// drops them silently).
    pub replaced: Vec<WeaponInfo>,
    /// Every projectile info, in file order.
    pub projectiles: Vec<ProjectileInfo>,
}

impl WeaponConfig {
    /// The weapon named `name` (case-sensitive).
    #[must_use]
    pub fn find(&self, name: &str) -> Option<&WeaponInfo> {
        self.weapons.iter().find(|weapon| weapon.name == name)
    }

    /// The weapon with number `number`.
    #[must_use]
    pub fn by_number(&self, number: i32) -> Option<&WeaponInfo> {
        self.weapons.iter().find(|weapon| weapon.number == number)
    }
}

/// Loads the weapon config `file` (normally `weapons.c`) of the botfiles folder `root`, with
/// includes resolved from `root` case-insensitively.
///
/// # Errors
/// See [`load_weapon_config`].
pub fn load_weapon_config_dir(
    root: impl Into<PathBuf>,
    file: &str,
) -> Result<WeaponConfig, WeaponConfigError> {
    load_weapon_config(&DirSource::new(root), file)
}

/// Loads the weapon config `file` from `source` with a fresh preprocessor (botlib starts
/// every file with an empty macro table).
///
/// # Errors
/// [`WeaponConfigError`] naming the file, line, column and include stack of the first
/// problem in token order; then the first weapon (by number) whose projectile is missing.
///
/// # Complexity
/// O(tokens + weapons × projectiles).
pub fn load_weapon_config(
    source: &impl FileSource,
    file: &str,
) -> Result<WeaponConfig, WeaponConfigError> {
    let mut preprocessor = Preprocessor::new(source);
    let (stream, error) = preprocessor.preprocess_file_partial(file);
    let (slots, replaced, projectiles) = Reader {
        tokens: TokenCursor::new(&stream, error),
    }
    .config()?;
    let mut weapons = Vec::new();
    for mut weapon in slots.into_iter().flatten() {
        if weapon.projectile.name.is_empty() {
            return Err(at(
                &weapon.pos,
                format!("weapon `{}` has no projectile", weapon.name),
            ));
        }
        let Some(projectile) = projectiles
            .iter()
            .find(|p| p.name == weapon.projectile.name)
        else {
            return Err(at(
                &weapon.pos,
                format!(
                    "weapon `{}` uses the undefined projectile `{}`",
                    weapon.name, weapon.projectile.name
                ),
            ));
        };
        weapon.projectile = projectile.clone();
        weapons.push(weapon);
    }
    Ok(WeaponConfig {
        weapons,
        replaced,
        projectiles,
    })
}

/// A syntax error at `pos` with no include stack.
fn at(pos: &SourcePos, message: String) -> WeaponConfigError {
    WeaponConfigError::Syntax(SourceDiagnostic::error(pos.clone(), message))
}

/// The fields of a `weaponinfo` block.
#[derive(Clone, Copy)]
enum WeaponField {
    Number,
    Name,
    Level,
    Model,
    WeaponIndex,
    Flags,
    Projectile,
    NumProjectiles,
    HSpread,
    VSpread,
    Speed,
    Acceleration,
    Recoil,
    Offset,
    AngleOffset,
    ExtraZVelocity,
    AmmoAmount,
    AmmoIndex,
    Activate,
    Reload,
    SpinUp,
    SpinDown,
}

/// The weapon field names, for the unknown-field message.
const WEAPON_FIELDS: &str = "number, name, level, model, weaponindex, flags, projectile, \
     numprojectiles, hspread, vspread, speed, acceleration, recoil, offset, angleoffset, \
     extrazvelocity, ammoamount, ammoindex, activate, reload, spinup, spindown";

impl WeaponField {
    fn from_name(name: &[u8]) -> Option<Self> {
        Some(match name {
            b"number" => Self::Number,
            b"name" => Self::Name,
            b"level" => Self::Level,
            b"model" => Self::Model,
            b"weaponindex" => Self::WeaponIndex,
            b"flags" => Self::Flags,
            b"projectile" => Self::Projectile,
            b"numprojectiles" => Self::NumProjectiles,
            b"hspread" => Self::HSpread,
            b"vspread" => Self::VSpread,
            b"speed" => Self::Speed,
            b"acceleration" => Self::Acceleration,
            b"recoil" => Self::Recoil,
            b"offset" => Self::Offset,
            b"angleoffset" => Self::AngleOffset,
            b"extrazvelocity" => Self::ExtraZVelocity,
            b"ammoamount" => Self::AmmoAmount,
            b"ammoindex" => Self::AmmoIndex,
            b"activate" => Self::Activate,
            b"reload" => Self::Reload,
            b"spinup" => Self::SpinUp,
            b"spindown" => Self::SpinDown,
            _ => return None,
        })
    }
}

/// The fields of a `projectileinfo` block.
#[derive(Clone, Copy)]
enum ProjectileField {
    Name,
    Model,
    Flags,
    Gravity,
    Damage,
    Radius,
    VisDamage,
    DamageType,
    HealthInc,
    Push,
    Detonation,
    Bounce,
    BounceFric,
    BounceStop,
}

/// The projectile field names, for the unknown-field message.
const PROJECTILE_FIELDS: &str = "name, model, flags, gravity, damage, radius, visdamage, \
     damagetype, healthinc, push, detonation, bounce, bouncefric, bouncestop";

impl ProjectileField {
    fn from_name(name: &[u8]) -> Option<Self> {
        Some(match name {
            b"name" => Self::Name,
            b"model" => Self::Model,
            b"flags" => Self::Flags,
            b"gravity" => Self::Gravity,
            b"damage" => Self::Damage,
            b"radius" => Self::Radius,
            b"visdamage" => Self::VisDamage,
            b"damagetype" => Self::DamageType,
            b"healthinc" => Self::HealthInc,
            b"push" => Self::Push,
            b"detonation" => Self::Detonation,
            b"bounce" => Self::Bounce,
            b"bouncefric" => Self::BounceFric,
            b"bouncestop" => Self::BounceStop,
            _ => return None,
        })
    }
}

/// What the reader gives: weapon slots by number, replaced weapons, projectiles.
type Parts = (
    Vec<Option<WeaponInfo>>,
    Vec<WeaponInfo>,
    Vec<ProjectileInfo>,
);

/// The reader of one weapon config's tokens.
struct Reader<'s> {
    tokens: TokenCursor<'s>,
}

impl<'s> Reader<'s> {
    /// The next token; at the end, the pending preprocessing error if there is one.
    fn next(&mut self) -> Result<Option<&'s Token>, WeaponConfigError> {
        Ok(self.tokens.next()?)
    }

    /// The next token without consuming it (`None` at the end of the tokens).
    fn peek(&self) -> Option<&'s Token> {
        self.tokens.peek()
    }

    /// The next token, or a syntax error `expected WHAT, found end of input`.
    fn expect(&mut self, what: &str) -> Result<&'s Token, WeaponConfigError> {
        Ok(self.tokens.expect(what)?)
    }

    /// A syntax error at the token just read.
    fn error_here(&self, message: String) -> WeaponConfigError {
        WeaponConfigError::Syntax(self.tokens.diagnostic_here(message))
    }

    fn config(mut self) -> Result<Parts, WeaponConfigError> {
        let mut slots: Vec<Option<WeaponInfo>> = vec![None; MAX_WEAPON_INFO];
        let mut replaced = Vec::new();
        let mut projectiles = Vec::new();
        while let Some(token) = self.next()? {
            let pos = token.pos.clone();
            if token.is_name("weaponinfo") {
                let weapon = self.weapon(pos)?;
                let slot = usize::try_from(weapon.number)
                    .ok()
                    .and_then(|number| slots.get_mut(number));
                let Some(slot) = slot else {
                    return Err(at(
                        &weapon.pos,
                        format!(
                            "weapon number {} of `{}` out of range (0 to {}, max_weaponinfo)",
                            weapon.number,
                            weapon.name,
                            MAX_WEAPON_INFO - 1
                        ),
                    ));
                };
                if let Some(old) = slot.replace(weapon) {
                    replaced.push(old);
                }
            } else if token.is_name("projectileinfo") {
                if projectiles.len() == MAX_PROJECTILE_INFO {
                    return Err(self.error_here(format!(
                        "more than {MAX_PROJECTILE_INFO} projectile infos (max_projectileinfo)"
                    )));
                }
                projectiles.push(self.projectile(pos)?);
            } else {
                let found = describe(token);
                return Err(self.error_here(format!(
                    "expected `weaponinfo` or `projectileinfo`, found {found}"
                )));
            }
        }
        Ok((slots, replaced, projectiles))
    }

    /// Reads the `{` opening a block.
    fn open(&mut self) -> Result<(), WeaponConfigError> {
        let token = self.expect("`{`")?;
        if token.is_punct("{") {
            return Ok(());
        }
        let found = describe(token);
        Err(self.error_here(format!("expected `{{`, found {found}")))
    }

    /// The next field name; `None` at the closing `}`.
    fn field<F>(
        &mut self,
        kind: &str,
        known: &str,
        from_name: impl Fn(&[u8]) -> Option<F>,
    ) -> Result<Option<F>, WeaponConfigError> {
        let token = self.expect("a field name or `}`")?;
        if token.is_punct("}") {
            return Ok(None);
        }
        let field = (token.kind == TokenKind::Name)
            .then(|| from_name(&token.text))
            .flatten();
        match field {
            Some(field) => Ok(Some(field)),
            None => {
                let found = describe(token);
                Err(self.error_here(format!("unknown {kind} field {found} (known: {known})")))
            }
        }
    }

    /// Reads `"{" { FIELD value } "}"` of a `weaponinfo`.
    fn weapon(&mut self, pos: SourcePos) -> Result<WeaponInfo, WeaponConfigError> {
        let mut w = WeaponInfo::blank(pos);
        self.open()?;
        while let Some(field) = self.field("weapon", WEAPON_FIELDS, WeaponField::from_name)? {
            match field {
                WeaponField::Number => w.number = self.integer("number")?,
                WeaponField::Name => w.name = self.string("name")?,
                WeaponField::Level => w.level = self.integer("level")?,
                WeaponField::Model => w.model = self.string("model")?,
                WeaponField::WeaponIndex => w.weaponindex = self.integer("weaponindex")?,
                WeaponField::Flags => w.flags = self.integer("flags")?,
                WeaponField::Projectile => w.projectile.name = self.string("projectile")?,
                WeaponField::NumProjectiles => {
                    w.numprojectiles = self.integer("numprojectiles")?;
                }
                WeaponField::HSpread => w.hspread = self.float("hspread")?,
                WeaponField::VSpread => w.vspread = self.float("vspread")?,
                WeaponField::Speed => w.speed = self.float("speed")?,
                WeaponField::Acceleration => w.acceleration = self.float("acceleration")?,
                WeaponField::Recoil => w.recoil = self.vector("recoil")?,
                WeaponField::Offset => w.offset = self.vector("offset")?,
                WeaponField::AngleOffset => w.angleoffset = self.vector("angleoffset")?,
                WeaponField::ExtraZVelocity => {
                    w.extrazvelocity = self.float("extrazvelocity")?;
                }
                WeaponField::AmmoAmount => w.ammoamount = self.integer("ammoamount")?,
                WeaponField::AmmoIndex => w.ammoindex = self.integer("ammoindex")?,
                WeaponField::Activate => w.activate = self.float("activate")?,
                WeaponField::Reload => w.reload = self.float("reload")?,
                WeaponField::SpinUp => w.spinup = self.float("spinup")?,
                WeaponField::SpinDown => w.spindown = self.float("spindown")?,
            }
        }
        Ok(w)
    }

    /// Reads `"{" { FIELD value } "}"` of a `projectileinfo`.
    fn projectile(&mut self, pos: SourcePos) -> Result<ProjectileInfo, WeaponConfigError> {
        let mut p = ProjectileInfo::blank(pos);
        self.open()?;
        while let Some(field) =
            self.field("projectile", PROJECTILE_FIELDS, ProjectileField::from_name)?
        {
            match field {
                ProjectileField::Name => p.name = self.string("name")?,
                ProjectileField::Model => p.model = self.string("model")?,
                ProjectileField::Flags => p.flags = self.integer("flags")?,
                ProjectileField::Gravity => p.gravity = self.float("gravity")?,
                ProjectileField::Damage => p.damage = self.integer("damage")?,
                ProjectileField::Radius => p.radius = self.float("radius")?,
                ProjectileField::VisDamage => p.visdamage = self.integer("visdamage")?,
                ProjectileField::DamageType => p.damagetype = self.integer("damagetype")?,
                ProjectileField::HealthInc => p.healthinc = self.integer("healthinc")?,
                ProjectileField::Push => p.push = self.float("push")?,
                ProjectileField::Detonation => p.detonation = self.float("detonation")?,
                ProjectileField::Bounce => p.bounce = self.float("bounce")?,
                ProjectileField::BounceFric => p.bouncefric = self.float("bouncefric")?,
                ProjectileField::BounceStop => p.bouncestop = self.float("bouncestop")?,
            }
        }
        Ok(p)
    }

    fn string(&mut self, field: &str) -> Result<String, WeaponConfigError> {
        let token = self.expect("a string")?;
        if token.kind == TokenKind::String {
            return Ok(token.text_lossy());
        }
        let found = describe(token);
        Err(self.error_here(format!("expected a string for `{field}`, found {found}")))
    }

    /// An optional `-`, then a number token: (negative, the number).
    fn signed(&mut self, field: &str) -> Result<(bool, bot_script::Number), WeaponConfigError> {
        let mut token = self.expect("a number")?;
        let negative = token.is_punct("-");
        if negative {
            token = self.expect("a number")?;
        }
        match token.number {
            Some(number) if token.kind == TokenKind::Number => Ok((negative, number)),
            _ => {
                let found = describe(token);
                Err(self.error_here(format!("expected a number for `{field}`, found {found}")))
            }
        }
    }

    fn integer(&mut self, field: &str) -> Result<i32, WeaponConfigError> {
        let (negative, number) = self.signed(field)?;
        if number.is_float {
            let found = self.tokens.last().map_or_else(String::new, describe);
            return Err(self.error_here(format!(
                "expected an integer for `{field}`, found the float {found}"
            )));
        }
        let magnitude = i64::try_from(number.int).unwrap_or(i64::MAX);
        let value = if negative { -magnitude } else { magnitude };
        if !(-32768..=32767).contains(&value) {
            return Err(self.error_here(format!(
                "integer {value} of `{field}` out of range (−32768 to 32767)"
            )));
        }
        Ok(i32::try_from(value).unwrap_or_default())
    }

    fn float(&mut self, field: &str) -> Result<f32, WeaponConfigError> {
        let (negative, number) = self.signed(field)?;
        #[expect(
            clippy::cast_possible_truncation,
            reason = "botlib stores weapon fields in single precision"
        )]
        let value = number.float as f32;
        Ok(if negative { -value } else { value })
    }

    /// `"{" [ num { "," num } ] "}"`, at most three numbers.
    fn vector(&mut self, field: &str) -> Result<Vec3, WeaponConfigError> {
        let token = self.expect("`{`")?;
        if !token.is_punct("{") {
            let found = describe(token);
            return Err(self.error_here(format!("expected `{{` for `{field}`, found {found}")));
        }
        let mut values = [0.0_f32; 3];
        if self.peek().is_some_and(|t| t.is_punct("}")) {
            self.next()?;
            return Ok(Vec3::from_array(values));
        }
        let mut count = 0;
        loop {
            if count == values.len() {
                self.expect("a number")?;
                return Err(self.error_here(format!("more than 3 numbers in `{field}`")));
            }
            values[count] = self.float(field)?;
            count += 1;
            let token = self.expect("`,` or `}`")?;
            if token.is_punct("}") {
                return Ok(Vec3::from_array(values));
            }
            if !token.is_punct(",") {
                let found = describe(token);
                return Err(
                    self.error_here(format!("expected `,` or `}}` in `{field}`, found {found}"))
                );
            }
        }
    }
}

/// A token for messages: `` `text` `` (strings with their quotes).
fn describe(token: &Token) -> String {
    match token.kind {
        TokenKind::String => format!("`\"{}\"`", token.text_lossy()),
        TokenKind::Literal => format!("`'{}'`", token.text_lossy()),
        _ => format!("`{}`", token.text_lossy()),
    }
}

#[cfg(test)]
mod tests {
    use bot_script::MemorySource;

    use super::*;

    fn load(text: &str) -> Result<WeaponConfig, WeaponConfigError> {
        let source = MemorySource::new()
            .with("inv.h", "#define WEAPONINDEX_ROCKET_LAUNCHER 5\n")
            .with("weapons.c", text);
        load_weapon_config(&source, "weapons.c")
    }

    fn error(text: &str) -> String {
        load(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_every_field_and_joins_the_projectile() {
        let config = load(
            "#include \"inv.h\"\n\
             projectileinfo {\n name \"rocket\" model \"r.md3\" flags 2 gravity 0.5\n\
             damage 100 radius 120 visdamage 3 damagetype $evalint(1|2) healthinc -4\n\
             push 1.5 detonation 2.5 bounce 0.25 bouncefric 0.75 bouncestop 10 }\n\
             weaponinfo {\n number WEAPONINDEX_ROCKET_LAUNCHER name \"Rocket Launcher\"\n\
             level 2 model \"w.md3\" weaponindex 7 flags 1 projectile \"rocket\"\n\
             numprojectiles 1 hspread 1.5 vspread -2 speed 900 acceleration 3\n\
             recoil {1, 2, 3} offset {-4} angleoffset {} extrazvelocity 5\n\
             ammoamount 1 ammoindex 23 activate 0.5 reload 800 spinup 6 spindown 7 }\n",
        )
        .unwrap();
        assert_eq!(config.weapons.len(), 1);
        let w = config.find("Rocket Launcher").unwrap();
        assert_eq!((w.number, w.level, w.weaponindex, w.flags), (5, 2, 7, 1));
        assert_eq!(w.model, "w.md3");
        assert_eq!((w.numprojectiles, w.ammoamount, w.ammoindex), (1, 1, 23));
        assert_eq!((w.hspread, w.vspread, w.speed), (1.5, -2.0, 900.0));
        assert_eq!((w.acceleration, w.extrazvelocity), (3.0, 5.0));
        assert_eq!(w.recoil, Vec3::new(1.0, 2.0, 3.0));
        assert_eq!(w.offset, Vec3::new(-4.0, 0.0, 0.0));
        assert_eq!(w.angleoffset, Vec3::ZERO);
        assert_eq!(
            (w.activate, w.reload, w.spinup, w.spindown),
            (0.5, 800.0, 6.0, 7.0)
        );
        assert_eq!(w.pos.line, 6);
        let p = &w.projectile;
        assert_eq!((p.name.as_str(), p.model.as_str()), ("rocket", "r.md3"));
        assert_eq!(
            (p.flags, p.damage, p.visdamage, p.damagetype),
            (2, 100, 3, 3)
        );
        assert_eq!(p.healthinc, -4);
        assert_eq!(
            (p.gravity, p.radius, p.push, p.detonation),
            (0.5, 120.0, 1.5, 2.5)
        );
        assert_eq!((p.bounce, p.bouncefric, p.bouncestop), (0.25, 0.75, 10.0));
        assert!(p.splashes());
        assert_eq!(p.pos.line, 2);
        assert_eq!(
            config.by_number(5).map(|w| w.name.as_str()),
            Some("Rocket Launcher")
        );
        assert!(config.find("rocket launcher").is_none(), "case-sensitive");
    }

    #[test]
    fn weapons_come_in_number_order_and_a_later_number_replaces() {
        let config = load(
            "projectileinfo { name \"p\" }\n\
             weaponinfo { number 9 name \"Nine\" projectile \"p\" }\n\
             weaponinfo { number 2 name \"Two\" projectile \"p\" }\n\
             weaponinfo { number 9 name \"Other nine\" projectile \"p\" }\n",
        )
        .unwrap();
        let names: Vec<_> = config.weapons.iter().map(|w| w.name.as_str()).collect();
        assert_eq!(names, ["Two", "Other nine"]);
        assert_eq!(config.replaced.len(), 1);
        assert_eq!(config.replaced[0].name, "Nine");
        assert!(!config.weapons[0].projectile.splashes());
    }

    #[test]
    fn rejects_what_botlib_rejects_with_the_place() {
        assert_eq!(
            error("weaponinfo {\n colour 3 }"),
            format!("weapons.c:2:2: unknown weapon field `colour` (known: {WEAPON_FIELDS})")
        );
        assert_eq!(
            error("projectileinfo { speed 3 }"),
            format!(
                "weapons.c:1:18: unknown projectile field `speed` (known: {PROJECTILE_FIELDS})"
            )
        );
        assert_eq!(
            error("weaponinfo { number 3.5 }"),
            "weapons.c:1:21: expected an integer for `number`, found the float `3.5`"
        );
        assert_eq!(
            error("weaponinfo { number WEAPONINDEX_BFG }"),
            "weapons.c:1:21: expected a number for `number`, found `WEAPONINDEX_BFG`"
        );
        assert_eq!(
            error("projectileinfo { damage 40000 }"),
            "weapons.c:1:25: integer 40000 of `damage` out of range (−32768 to 32767)"
        );
        assert_eq!(
            error("weaponinfo { recoil {1,2,3,4} }"),
            "weapons.c:1:28: more than 3 numbers in `recoil`"
        );
        assert_eq!(
            error("weaponinfo { name 3 }"),
            "weapons.c:1:19: expected a string for `name`, found `3`"
        );
        assert_eq!(
            error("iteminfo \"a\" { }"),
            "weapons.c:1:1: expected `weaponinfo` or `projectileinfo`, found `iteminfo`"
        );
        assert_eq!(
            error("weaponinfo \"a\" { }"),
            "weapons.c:1:12: expected `{`, found `\"a\"`"
        );
        assert_eq!(
            error("weaponinfo { speed 3"),
            "weapons.c:1:20: expected a field name or `}`, found end of input"
        );
    }

    #[test]
    fn rejects_bad_numbers_and_missing_projectiles() {
        assert_eq!(
            error("\nweaponinfo { number 32 name \"X\" }"),
            "weapons.c:2:1: weapon number 32 of `X` out of range (0 to 31, max_weaponinfo)"
        );
        assert_eq!(
            error("weaponinfo { number -1 name \"X\" }"),
            "weapons.c:1:1: weapon number -1 of `X` out of range (0 to 31, max_weaponinfo)"
        );
        assert_eq!(
            error("weaponinfo { number 3 name \"X\" }"),
            "weapons.c:1:1: weapon `X` has no projectile"
        );
        assert_eq!(
            error("projectileinfo { name \"a\" }\nweaponinfo { name \"X\" projectile \"A\" }"),
            "weapons.c:2:1: weapon `X` uses the undefined projectile `A`"
        );
        let text = "projectileinfo { }\n".repeat(MAX_PROJECTILE_INFO + 1);
        assert_eq!(
            error(&text),
            "weapons.c:33:1: more than 32 projectile infos (max_projectileinfo)"
        );
    }

    #[test]
    fn a_grammar_error_before_a_preprocessing_error_wins() {
        let text = "weaponinfo { kind 1 }\n#include \"missing.h\"\n";
        assert!(error(text).starts_with("weapons.c:1:14: unknown weapon field `kind`"));
        let text = "projectileinfo { }\n#include \"missing.h\"\n";
        assert!(matches!(load(text), Err(WeaponConfigError::Script(_))));
    }
}
