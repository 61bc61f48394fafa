//! [`RadixQueue`]: a monotone radix heap for the `u32` costs of the cache searches.
//!
//! Dijkstra's searches only ever pop keys that never decrease, so a radix heap fits: a key
//! goes to the bucket of the highest bit in which it differs from the last popped key, and an
//! emptied bucket 0 is refilled by redistributing the lowest non-empty bucket around its
//! minimum. Each item moves down at most 32 times; pushes are `O(1)`.

/// Buckets: 0 holds keys equal to the last popped key, `i ≥ 1` keys whose highest bit that
/// differs from it is bit `i − 1`.
const BUCKETS: usize = 33;

/// A min-queue of `(key, item)` pairs whose pushed keys are never below the last popped key.
/// Equal keys pop in a deterministic order (fixed by the order of the pushes).
#[derive(Debug)]
pub(super) struct RadixQueue {
    /// The last popped key (0 before the first pop).
    last: u32,
    /// The buckets.
    buckets: [Vec<(u32, u32)>; BUCKETS],
    /// How many pairs are queued.
    len: usize,
}

impl RadixQueue {
    /// An empty queue.
    pub(super) fn new() -> Self {
        Self {
            last: 0,
            buckets: std::array::from_fn(|_| Vec::new()),
            len: 0,
        }
    }

    /// The bucket of `key` relative to the last popped key.
    fn bucket(&self, key: u32) -> usize {
        let differ = key ^ self.last;
        if differ == 0 {
            0
        } else {
            32 - differ.leading_zeros() as usize
        }
    }

    /// Queues `item` with `key`.
    ///
    /// # Panics
    /// In debug builds, when `key` is below the last popped key (the queue is monotone).
    pub(super) fn push(&mut self, key: u32, item: u32) {
        debug_assert!(key >= self.last, "radix queue keys must not decrease");
        let bucket = self.bucket(key);
        self.buckets[bucket].push((key, item));
        self.len += 1;
    }

    /// Removes a pair with the least key, or `None` when the queue is empty.
    pub(super) fn pop(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        if self.buckets[0].is_empty() {
            let index = self.buckets.iter().position(|b| !b.is_empty())?;
            let moved = std::mem::take(&mut self.buckets[index]);
            self.last = moved.iter().map(|&(key, _)| key).min()?;
            for &(key, item) in &moved {
                let bucket = self.bucket(key);
                self.buckets[bucket].push((key, item));
            }
            // Give the emptied bucket its allocation back for later pushes.
            let mut moved = moved;
            moved.clear();
            if self.buckets[index].is_empty() {
                self.buckets[index] = moved;
            }
        }
        self.len -= 1;
        self.buckets[0].pop()
    }
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    use proptest::prelude::*;

    use super::RadixQueue;

    #[test]
    fn pops_in_key_order() {
        let mut queue = RadixQueue::new();
        for (key, item) in [(5, 0), (3, 1), (9, 2), (3, 3), (u32::MAX, 4)] {
            queue.push(key, item);
        }
        let keys: Vec<u32> = std::iter::from_fn(|| queue.pop()).map(|(k, _)| k).collect();
        assert_eq!(keys, [3, 3, 5, 9, u32::MAX]);
        assert!(queue.pop().is_none());
    }

    proptest! {
        /// Interleaved monotone pushes and pops give the keys a binary heap gives.
        #[test]
        fn agrees_with_a_binary_heap(ops in prop::collection::vec((0_u32..1000, any::<bool>()), 0..200)) {
            let mut queue = RadixQueue::new();
            let mut heap = BinaryHeap::new();
            let mut last = 0;
            for (index, (delta, pop)) in ops.into_iter().enumerate() {
                if pop {
                    let got = queue.pop().map(|(k, _)| k);
                    let want = heap.pop().map(|Reverse(k)| k);
                    prop_assert_eq!(got, want);
                    if let Some(k) = got {
                        last = k;
                    }
                } else {
                    queue.push(last + delta, u32::try_from(index).unwrap_or(0));
                    heap.push(Reverse(last + delta));
                }
            }
            let rest: Vec<u32> = std::iter::from_fn(|| queue.pop()).map(|(k, _)| k).collect();
            let want: Vec<u32> = std::iter::from_fn(|| heap.pop()).map(|Reverse(k)| k).collect();
            prop_assert_eq!(rest, want);
        }
    }
}
