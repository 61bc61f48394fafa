//! [`push_set_bits`]: the members of a bit set kept as `u64` words, in increasing order.

/// Appends to `out`, in increasing order, the index of every bit set in `words` (bit `i` of
/// word `w` is index `64 w + i`).
///
/// # Complexity
/// `O(words + members)`.
pub(crate) fn push_set_bits(words: &[u64], out: &mut Vec<usize>) {
    for (word_index, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            out.push(word_index * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::push_set_bits;

    #[test]
    fn members_come_in_increasing_order() {
        let mut out = vec![7];
        push_set_bits(&[0b1010, 0, 1 << 63 | 1], &mut out);
        assert_eq!(out, [7, 1, 3, 128, 191]);
    }
}
