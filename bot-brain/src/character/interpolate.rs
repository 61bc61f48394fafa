//! Skill interpolation between two anchors (botlib's `BotInterpolateCharacters`), and the
//! [`Compat`] switch for its integer rule.

use super::value::Value;

/// How values written as integers interpolate between anchor skills.
///
/// The default is [`Compat::Fixed`]: `chars.h` declares nearly every characteristic a float,
/// character authors write some of them as integers (`VIEW_MAXCHANGE 90 / 240 / 360` in the
/// `OpenArena` sets) and mean a value that grows with skill, and the thesis (§8) describes
/// interpolated characters; the project's rule for botlib bugs (reference §15) is to default
/// to the corrected behaviour and keep the original behind an explicit switch.
/// [`Compat::Botlib`] reproduces botlib exactly (reference §11.2, C2, C3), for parity tests
/// and for players who want Quake III's bots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Compat {
    /// Every pair of numbers interpolates, whatever their tokens: a float results (two equal
    /// integers stay that integer). Any other pair copies the lower anchor's value.
    #[default]
    Fixed,
    /// botlib's rule: only two floats interpolate; an integer or a string at the lower anchor
    /// is copied (so `90` at skill 1 and `240` at skill 4 give 90 at skill 3.9); a float at
    /// the lower anchor and anything else at the upper one leaves the slot unset.
    Botlib,
}

/// The value of one slot at fraction `t` (0 at `low`, 1 at `high`); `None`: unset.
#[must_use]
pub fn interpolate(
    low: Option<&Value>,
    high: Option<&Value>,
    t: f32,
    compat: Compat,
) -> Option<Value> {
    let lerp = |a: f32, b: f32| a + (b - a) * t;
    match (compat, low?, high) {
        (_, Value::Float(a), Some(Value::Float(b))) => Some(Value::Float(lerp(*a, *b))),
        (Compat::Botlib, Value::Float(_), _) => None,
        (Compat::Fixed, Value::Integer(a), Some(Value::Integer(b))) if a == b => {
            Some(Value::Integer(*a))
        }
        (Compat::Fixed, a @ (Value::Float(_) | Value::Integer(_)), Some(b)) => {
            match (a.as_float(), b.as_float()) {
                (Some(a), Some(b)) => Some(Value::Float(lerp(a, b))),
                _ => Some(a.clone()),
            }
        }
        (_, a, _) => Some(a.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[expect(clippy::needless_pass_by_value, reason = "called with fresh results")]
    fn close(value: Option<Value>, expected: f32) {
        let Some(Value::Float(v)) = value.as_ref() else {
            panic!("{value:?} is not a float")
        };
        assert!((*v - expected).abs() < 1e-5, "{v} != {expected}");
    }

    #[test]
    fn floats_interpolate_in_both_modes() {
        // Reference §11.2: 0.5 / 0.75 / 0.95 at skills 1 / 4 / 5.
        for compat in [Compat::Fixed, Compat::Botlib] {
            let (a, b, c) = (Value::Float(0.5), Value::Float(0.75), Value::Float(0.95));
            close(
                interpolate(Some(&a), Some(&b), 1.0 / 3.0, compat),
                0.583_333,
            );
            close(
                interpolate(Some(&a), Some(&b), 2.0 / 3.0, compat),
                0.666_667,
            );
            close(interpolate(Some(&b), Some(&c), 0.5, compat), 0.85);
        }
    }

    #[test]
    fn integers_copy_the_lower_anchor_only_in_botlib_mode() {
        let (a, b) = (Value::Integer(90), Value::Integer(240));
        assert_eq!(
            interpolate(Some(&a), Some(&b), 2.0 / 3.0, Compat::Botlib),
            Some(Value::Integer(90))
        );
        close(
            interpolate(Some(&a), Some(&b), 2.0 / 3.0, Compat::Fixed),
            190.0,
        );
        let same = Value::Integer(400);
        assert_eq!(
            interpolate(Some(&same), Some(&same), 0.5, Compat::Fixed),
            Some(Value::Integer(400))
        );
    }

    #[test]
    fn mixed_pairs_follow_botlib_or_the_fixed_rule() {
        let (f, i, s) = (
            Value::Float(1.0),
            Value::Integer(3),
            Value::String("x".into()),
        );
        assert_eq!(interpolate(Some(&f), Some(&i), 0.5, Compat::Botlib), None);
        assert_eq!(interpolate(Some(&f), Some(&s), 0.5, Compat::Botlib), None);
        assert_eq!(
            interpolate(Some(&i), Some(&f), 0.5, Compat::Botlib),
            Some(i.clone())
        );
        assert_eq!(
            interpolate(Some(&s), Some(&f), 0.5, Compat::Botlib),
            Some(s.clone())
        );
        close(interpolate(Some(&f), Some(&i), 0.5, Compat::Fixed), 2.0);
        assert_eq!(
            interpolate(Some(&f), Some(&s), 0.5, Compat::Fixed),
            Some(f.clone())
        );
        assert_eq!(
            interpolate(Some(&f), None, 0.5, Compat::Fixed),
            Some(f.clone())
        );
        assert_eq!(interpolate(None, Some(&f), 0.5, Compat::Fixed), None);
    }
}
