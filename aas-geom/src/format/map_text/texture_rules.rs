//! Contents and surface flags of `.map` textures, from an ordered, overridable table of
//! texture-name rules.
//!
//! A `.map` file names textures but does not say what they are made of: in Quake III that
//! comes from shader scripts, in Quake 1/2 from naming conventions. [`TextureRules`] replaces
//! both with an ordered list of [`TextureRule`]s: the **first** rule whose [`TexturePattern`]
//! matches a texture name gives its [`Contents`] and [`SurfaceFlags`]; a name no rule matches
//! gets the fallback (by default `SOLID`, no surface flags).
//!
//! Matching is ASCII case-insensitive and ignores a leading `textures/` (some editors write
//! `textures/common/caulk` where others write `common/caulk`).
//!
//! Callers can build their own table ([`TextureRules::new`]), or start from the defaults and
//! [`prepend`](TextureRules::prepend) rules that must win over them or
//! [`append`](TextureRules::append) rules that only apply when no default matches.
//!
//! # Default rules
//!
//! In order (first match wins). `NODRAW`, `NONSOLID` ... are [`SurfaceFlags`]; contents are
//! [`Contents`] flags.
//!
//! | Pattern | Contents | Surface flags | Why |
//! |---|---|---|---|
//! | exact `common/caulk` | `SOLID` | `NODRAW` | invisible structural wall |
//! | exact `common/nodraw` | `SOLID` | `NODRAW` | invisible solid |
//! | exact `common/nodrawnonsolid` | — | `NODRAW NONSOLID` | invisible, not solid |
//! | exact `common/clip` | `PLAYERCLIP` | `NODRAW NONSOLID` | blocks players, not shots |
//! | exact `common/playerclip` | `PLAYERCLIP` | `NODRAW NONSOLID` | same as `common/clip` |
//! | exact `common/weapclip` | `SOLID` | `NODRAW` | invisible wall that also stops shots |
//! | exact `common/botclip` | `BOTCLIP` | `NODRAW NONSOLID` | blocks bots only |
//! | exact `common/trigger` | `TRIGGER` | `NODRAW` | trigger volumes |
//! | exact `common/clusterportal` | `CLUSTERPORTAL` | `NODRAW NONSOLID` | separates AAS clusters |
//! | exact `common/donotenter` | `DONOTENTER` | `NODRAW NONSOLID` | bots must not enter |
//! | exact `common/areaportal` | `AREAPORTAL` | `NODRAW NONSOLID` | renderer area separation |
//! | exact `common/hint` | — | `NODRAW NONSOLID HINT` | only guides BSP splitting |
//! | exact `common/skip` | — | `NODRAW NONSOLID SKIP` | ignored side of a hint brush |
//! | exact `common/origin` | `ORIGIN` | `NODRAW NONSOLID` | rotation origin of a brush entity |
//! | exact `common/nodrop` | `NODROP` | `NODRAW NONSOLID` | dropped items vanish |
//! | exact `common/ladderclip` | `PLAYERCLIP` | `NODRAW NONSOLID LADDER` | invisible climbable ladder in front of a ladder texture |
//! | contains `ladder` | `SOLID` | `LADDER` | a visible ladder texture (`base_trim/ladder`, ...) |
//! | contains `fog` | `FOG` | `NONSOLID` | fog volumes (`common/fog_red`, `sfx/xlightgreyfog`: map packs keep their fog shaders in their own folders) |
//! | prefix `*water` | `WATER` | `NONSOLID` | Quake 1 water (`*water1`, ...) |
//! | prefix `*lava` | `LAVA` | `NONSOLID` | Quake 1 lava |
//! | prefix `*slime` | `SLIME` | `NONSOLID` | Quake 1 slime |
//! | contains `water` | `WATER` | `NONSOLID` | `liquids/vorwater`, `common/watercaulk`, Quake 1 `*04water1` |
//! | contains `lava` | `LAVA` | `NONSOLID` | `liquids/lavahell`, `common/lavacaulk` |
//! | contains `slime` | `SLIME` | `NONSOLID` | slime |
//! | prefix `liquids/` | `WATER` | `NONSOLID` | any other Quake III liquid texture (`liquids/calm_poollight`, `liquids/clear_ripple1`): the stock shaders of that folder are water |
//! | prefix `*` | `WATER` | `NONSOLID` | any other Quake 1 liquid (`*teleport`, ...) |
//! | prefix `skies` | `SOLID` | `SKY NOIMPACT NOLIGHTMAP` | Quake III `skies/…` shaders |
//! | prefix `sky` | `SOLID` | `SKY NOIMPACT NOLIGHTMAP` | Quake 1 `sky1`, ... |
//! | contains `/sky` | `SOLID` | `SKY NOIMPACT NOLIGHTMAP` | Quake 2 `e1u1/sky1`, ... |
//! | exact `clip` | `PLAYERCLIP` | `NODRAW NONSOLID` | Quake 1/2 clip brushes |
//! | suffix `/clip` | `PLAYERCLIP` | `NODRAW NONSOLID` | Quake 2 `e1u1/clip` |
//! | exact `trigger` | `TRIGGER` | `NODRAW` | Quake 1/2 triggers |
//! | suffix `/trigger` | `TRIGGER` | `NODRAW` | Quake 2 `e1u1/trigger` |
//! | exact `origin` | `ORIGIN` | `NODRAW NONSOLID` | Quake 2 origin brushes |
//! | *(fallback)* | `SOLID` | — | everything else is a wall |
//!
//! The `contains` liquid rules are broad on purpose (mappers name liquids freely); a solid
//! texture whose name contains `water` needs an exact rule prepended.
//!
//! # Complexity
//! [`TextureRules::classify`] is `O(rules × name length)`; the `.map` reader calls it once per
//! distinct texture name.

use crate::brush::{Contents, SurfaceFlags};

/// How a [`TextureRule`] matches a texture name (ASCII case-insensitive, after removing a
/// leading `textures/`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TexturePattern {
    /// The whole name equals the pattern.
    Exact(String),
    /// The name starts with the pattern.
    Prefix(String),
    /// The name ends with the pattern.
    Suffix(String),
    /// The name contains the pattern anywhere.
    Contains(String),
}

impl TexturePattern {
    /// Whether `name` matches (ASCII case-insensitive; a leading `textures/` of `name` is
    /// ignored).
    #[must_use]
    pub fn matches(&self, name: &str) -> bool {
        let name = strip_textures_prefix(name.as_bytes());
        match self {
            Self::Exact(pattern) => name.eq_ignore_ascii_case(pattern.as_bytes()),
            Self::Prefix(pattern) => name
                .get(..pattern.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(pattern.as_bytes())),
            Self::Suffix(pattern) => name
                .len()
                .checked_sub(pattern.len())
                .and_then(|start| name.get(start..))
                .is_some_and(|tail| tail.eq_ignore_ascii_case(pattern.as_bytes())),
            Self::Contains(pattern) => {
                let pattern = pattern.as_bytes();
                pattern.is_empty()
                    || name
                        .windows(pattern.len())
                        .any(|window| window.eq_ignore_ascii_case(pattern))
            }
        }
    }
}

/// The name without a leading `textures/` (any case).
fn strip_textures_prefix(name: &[u8]) -> &[u8] {
    const PREFIX: &[u8] = b"textures/";
    match name.get(..PREFIX.len()) {
        Some(head) if head.eq_ignore_ascii_case(PREFIX) => name.get(PREFIX.len()..).unwrap_or(name),
        _ => name,
    }
}

/// One row of a [`TextureRules`] table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextureRule {
    /// Which names the rule applies to.
    pub pattern: TexturePattern,
    /// Contents of a brush side with a matching texture.
    pub contents: Contents,
    /// Surface flags of a matching texture.
    pub surface_flags: SurfaceFlags,
}

impl TextureRule {
    /// A rule giving `contents` and `surface_flags` to names matching `pattern`.
    #[must_use]
    pub const fn new(
        pattern: TexturePattern,
        contents: Contents,
        surface_flags: SurfaceFlags,
    ) -> Self {
        Self {
            pattern,
            contents,
            surface_flags,
        }
    }
}

/// An ordered table of texture-name rules; the first matching rule wins. See the
/// [module documentation](self) for the default table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextureRules {
    /// The rules, tried in order.
    pub rules: Vec<TextureRule>,
    /// Contents of a texture no rule matches.
    pub fallback_contents: Contents,
    /// Surface flags of a texture no rule matches.
    pub fallback_surface_flags: SurfaceFlags,
}

impl Default for TextureRules {
    /// The default table of the [module documentation](self).
    fn default() -> Self {
        Self::new(default_rules())
    }
}

impl TextureRules {
    /// A table of `rules` with the default fallback (`SOLID`, no surface flags).
    #[must_use]
    pub fn new(rules: Vec<TextureRule>) -> Self {
        Self {
            rules,
            fallback_contents: Contents::SOLID,
            fallback_surface_flags: SurfaceFlags::empty(),
        }
    }

    /// The same table with `rule` tried before every existing rule.
    #[must_use]
    pub fn prepend(mut self, rule: TextureRule) -> Self {
        self.rules.insert(0, rule);
        self
    }

    /// The same table with `rule` tried after every existing rule (before the fallback).
    #[must_use]
    pub fn append(mut self, rule: TextureRule) -> Self {
        self.rules.push(rule);
        self
    }

    /// The same table with another fallback.
    #[must_use]
    pub const fn with_fallback(mut self, contents: Contents, surface_flags: SurfaceFlags) -> Self {
        self.fallback_contents = contents;
        self.fallback_surface_flags = surface_flags;
        self
    }

    /// The first rule matching `name`, if any.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<&TextureRule> {
        self.rules.iter().find(|rule| rule.pattern.matches(name))
    }

    /// Contents and surface flags of the texture `name`: from the first matching rule, else the
    /// fallback.
    #[must_use]
    pub fn classify(&self, name: &str) -> (Contents, SurfaceFlags) {
        self.find(name).map_or(
            (self.fallback_contents, self.fallback_surface_flags),
            |rule| (rule.contents, rule.surface_flags),
        )
    }
}

/// The default rules, in the order of the module documentation's table.
fn default_rules() -> Vec<TextureRule> {
    use TexturePattern::{Contains, Exact, Prefix, Suffix};
    let hidden = SurfaceFlags::NODRAW.union(SurfaceFlags::NONSOLID);
    let sky = SurfaceFlags::SKY
        .union(SurfaceFlags::NOIMPACT)
        .union(SurfaceFlags::NOLIGHTMAP);
    let liquid = SurfaceFlags::NONSOLID;
    let table: [(TexturePattern, Contents, SurfaceFlags); 34] = [
        (
            Exact("common/caulk".into()),
            Contents::SOLID,
            SurfaceFlags::NODRAW,
        ),
        (
            Exact("common/nodraw".into()),
            Contents::SOLID,
            SurfaceFlags::NODRAW,
        ),
        (
            Exact("common/nodrawnonsolid".into()),
            Contents::empty(),
            hidden,
        ),
        (Exact("common/clip".into()), Contents::PLAYERCLIP, hidden),
        (
            Exact("common/playerclip".into()),
            Contents::PLAYERCLIP,
            hidden,
        ),
        (
            Exact("common/weapclip".into()),
            Contents::SOLID,
            SurfaceFlags::NODRAW,
        ),
        (Exact("common/botclip".into()), Contents::BOTCLIP, hidden),
        (
            Exact("common/trigger".into()),
            Contents::TRIGGER,
            SurfaceFlags::NODRAW,
        ),
        (
            Exact("common/clusterportal".into()),
            Contents::CLUSTERPORTAL,
            hidden,
        ),
        (
            Exact("common/donotenter".into()),
            Contents::DONOTENTER,
            hidden,
        ),
        (
            Exact("common/areaportal".into()),
            Contents::AREAPORTAL,
            hidden,
        ),
        (
            Exact("common/hint".into()),
            Contents::empty(),
            hidden.union(SurfaceFlags::HINT),
        ),
        (
            Exact("common/skip".into()),
            Contents::empty(),
            hidden.union(SurfaceFlags::SKIP),
        ),
        (Exact("common/origin".into()), Contents::ORIGIN, hidden),
        (Exact("common/nodrop".into()), Contents::NODROP, hidden),
        (
            Exact("common/ladderclip".into()),
            Contents::PLAYERCLIP,
            hidden.union(SurfaceFlags::LADDER),
        ),
        (
            Contains("ladder".into()),
            Contents::SOLID,
            SurfaceFlags::LADDER,
        ),
        (
            Contains("fog".into()),
            Contents::FOG,
            SurfaceFlags::NONSOLID,
        ),
        (Prefix("*water".into()), Contents::WATER, liquid),
        (Prefix("*lava".into()), Contents::LAVA, liquid),
        (Prefix("*slime".into()), Contents::SLIME, liquid),
        (Contains("water".into()), Contents::WATER, liquid),
        (Contains("lava".into()), Contents::LAVA, liquid),
        (Contains("slime".into()), Contents::SLIME, liquid),
        (Prefix("liquids/".into()), Contents::WATER, liquid),
        (Prefix("*".into()), Contents::WATER, liquid),
        (Prefix("skies".into()), Contents::SOLID, sky),
        (Prefix("sky".into()), Contents::SOLID, sky),
        (Contains("/sky".into()), Contents::SOLID, sky),
        (Exact("clip".into()), Contents::PLAYERCLIP, hidden),
        (Suffix("/clip".into()), Contents::PLAYERCLIP, hidden),
        (
            Exact("trigger".into()),
            Contents::TRIGGER,
            SurfaceFlags::NODRAW,
        ),
        (
            Suffix("/trigger".into()),
            Contents::TRIGGER,
            SurfaceFlags::NODRAW,
        ),
        (Exact("origin".into()), Contents::ORIGIN, hidden),
    ];
    table
        .into_iter()
        .map(|(pattern, contents, surface_flags)| {
            TextureRule::new(pattern, contents, surface_flags)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_case_insensitively_and_ignore_textures_prefix() {
        assert!(TexturePattern::Exact("common/caulk".into()).matches("Common/CAULK"));
        assert!(TexturePattern::Exact("common/caulk".into()).matches("textures/common/caulk"));
        assert!(!TexturePattern::Exact("common/caulk".into()).matches("common/caulk2"));
        assert!(TexturePattern::Prefix("*water".into()).matches("*WATER1"));
        assert!(!TexturePattern::Prefix("*water".into()).matches("*wat"));
        assert!(TexturePattern::Suffix("/clip".into()).matches("e1u1/CLIP"));
        assert!(!TexturePattern::Suffix("/clip".into()).matches("clip"));
        assert!(TexturePattern::Contains("lava".into()).matches("liquids/LavaHell"));
        assert!(TexturePattern::Contains(String::new()).matches(""));
        assert!(!TexturePattern::Contains("lava".into()).matches("lav"));
    }

    #[test]
    fn non_ascii_names_do_not_panic() {
        let rules = TextureRules::default();
        for name in ["é", "common/é", "ééééééééééééé", "textures/", "*", ""] {
            let _ = rules.classify(name);
        }
        assert!(TexturePattern::Prefix("é".into()).matches("éa"));
    }
}
