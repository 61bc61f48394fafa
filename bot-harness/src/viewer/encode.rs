//! The compact text form of a per-frame track: one integer per frame, stored as the
//! difference from the previous frame's value (the first from 0), runs of equal values
//! collapsed, and every number written as base-64 digits with no separators.
//!
//! A token is an unsigned integer: `2·zigzag(delta)` for one frame whose value changed by
//! `delta` (zigzag: 0, −1, 1, −2 … → 0, 1, 2, 3 …), `2·(n − 1) + 1` for `n` frames that
//! repeat the previous value. A token is written low bits first, five bits per character of
//! the URL-safe base-64 alphabet; characters 32..63 mean "more bits follow". The alphabet
//! needs no escaping in JSON or HTML. A player standing still for a minute costs two
//! characters; a moving coordinate in tenths of a unit one to three per frame.

/// The digits: `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Appends the token `value` to `out`.
fn push_token(out: &mut String, mut value: u64) {
    loop {
        let low = (value & 31) as usize;
        value >>= 5;
        if value == 0 {
            out.push(char::from(ALPHABET[low]));
            return;
        }
        out.push(char::from(ALPHABET[low | 32]));
    }
}

/// `values` (one per frame) in the compact form.
pub(crate) fn encode_track(values: &[i64]) -> String {
    let mut out = String::new();
    let mut previous = 0_i64;
    let mut repeats = 0_u64;
    for &value in values {
        if value == previous {
            repeats += 1;
            continue;
        }
        if repeats > 0 {
            push_token(&mut out, 2 * (repeats - 1) + 1);
            repeats = 0;
        }
        let delta = value.wrapping_sub(previous);
        #[expect(
            clippy::cast_sign_loss,
            reason = "zigzag: the sign moves to the lowest bit"
        )]
        let zigzag = ((delta << 1) ^ (delta >> 63)) as u64;
        push_token(&mut out, zigzag << 1);
        previous = value;
    }
    if repeats > 0 {
        push_token(&mut out, 2 * (repeats - 1) + 1);
    }
    out
}

/// The values of a track written by [`encode_track`] (`None` when it is not one). The page
/// decodes with the same steps in JavaScript.
#[cfg(test)]
pub(crate) fn decode_track(text: &str) -> Option<Vec<i64>> {
    let mut values = Vec::new();
    let mut previous = 0_i64;
    let (mut token, mut shift) = (0_u64, 0_u32);
    for byte in text.bytes() {
        let digit = ALPHABET.iter().position(|&c| c == byte)? as u64;
        token |= (digit & 31).checked_shl(shift)?;
        shift += 5;
        if digit >= 32 {
            continue;
        }
        if token & 1 == 1 {
            let count = (token >> 1) + 1;
            values.extend(std::iter::repeat_n(previous, usize::try_from(count).ok()?));
        } else {
            let zigzag = token >> 1;
            #[expect(clippy::cast_possible_wrap, reason = "zigzag back to a signed delta")]
            let delta = ((zigzag >> 1) as i64) ^ -((zigzag & 1) as i64);
            previous = previous.wrapping_add(delta);
            values.push(previous);
        }
        token = 0;
        shift = 0;
    }
    (shift == 0).then_some(values)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{decode_track, encode_track};

    #[test]
    fn small_examples() {
        assert_eq!(encode_track(&[]), "");
        // 0 repeated three times: one run token 2·2+1 = 5.
        assert_eq!(encode_track(&[0, 0, 0]), "F");
        // +1 (zigzag 2, token 4), −1 (delta −2: zigzag 3, token 6).
        assert_eq!(encode_track(&[1, -1]), "EG");
        // 100: zigzag 200, token 400 = 0b01100_10000: low digit 16 + continuation, then 12.
        assert_eq!(encode_track(&[100]), "wM");
        assert_eq!(decode_track("wM"), Some(vec![100]));
        assert_eq!(decode_track("w"), None);
        assert_eq!(decode_track("!"), None);
    }

    proptest! {
        #[test]
        fn tracks_round_trip(values in proptest::collection::vec(
            prop_oneof![Just(0_i64), -3_i64..3, -100_000_i64..100_000], 0..200)) {
            let text = encode_track(&values);
            prop_assert_eq!(decode_track(&text), Some(values));
        }
    }
}
