//! [`CacheStore`]: the stored area and portal caches under a byte budget that is never
//! exceeded, evicting the least recently used cache first.
//!
//! A cache counts [`HEADER_BYTES`] plus 2 bytes per `u16` time plus 4 bytes per cluster it
//! records as used. Before a cache is stored, least recently used caches are evicted until it
//! fits; a cache larger than the whole budget is not stored at all (the query that built it
//! still uses it). Caches a running query already holds stay alive until it ends, outside the
//! count: the budget bounds what is kept between queries.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::Arc;

use crate::TravelFlags;
use crate::{AreaId, ClusterId};

/// The bytes counted per stored cache besides its times: the key, the recency stamp, the
/// map slots and the shared-pointer header, estimated.
pub(super) const HEADER_BYTES: usize = 64;

/// A fast hasher for the small integer keys of the store (a multiply-and-rotate mix per
/// word, as `FxHash` does): the keys are not attacker-controlled, and the default `SipHash`
/// would be most of a warm query's time.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // The product's low bits depend only on the word's low bits: rotate its well-mixed
        // middle bits down, where the table takes its bucket index from.
        self.0.rotate_left(26)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.write_u64(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.write_u64(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(SEED);
    }

    fn write_usize(&mut self, value: usize) {
        self.write_u64(value as u64);
    }
}

/// Which cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum CacheKey {
    /// The area cache of a cluster, a goal area routed in it, and the query's travel flags.
    Area(ClusterId, AreaId, TravelFlags),
    /// The portal cache of a goal area and the query's travel flags.
    Portal(AreaId, TravelFlags),
    /// The goal cache of a cluster with portals, a goal area routed in it, and the query's
    /// travel flags (the area cache lowered with the routes through the portals).
    Goal(ClusterId, AreaId, TravelFlags),
}

impl Hash for CacheKey {
    /// One word per key (one multiply of [`KeyHasher`] on the warm path): the goal area in
    /// the low half, the cluster and the kind above it, the flags folded in by rotation.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let (kind, cluster, goal, flags) = match *self {
            Self::Area(cluster, goal, flags) => (0_u64, cluster.0, goal, flags),
            Self::Portal(goal, flags) => (1, 0, goal, flags),
            Self::Goal(cluster, goal, flags) => (2, cluster.0, goal, flags),
        };
        let place = u64::from(goal.0) | (u64::from(cluster) << 32) | (kind << 62);
        let word = place ^ u64::from(flags.bits()).rotate_left(40);
        state.write_u64(word);
    }
}

/// One stored cache.
#[derive(Debug, Clone)]
pub(super) struct Cached {
    /// Its times, in hundredths of a second (`u16::MAX`: unreachable).
    pub(super) times: Arc<[u16]>,
    /// For a portal or goal cache: the clusters whose area caches it was built from
    /// (sorted); empty for an area cache.
    pub(super) clusters: Arc<[ClusterId]>,
}

impl Cached {
    /// The bytes this cache counts against the budget.
    fn bytes(&self) -> usize {
        HEADER_BYTES + 2 * self.times.len() + 4 * self.clusters.len()
    }
}

/// A stored cache and when it was last used.
#[derive(Debug, Clone)]
struct Entry {
    cached: Cached,
    stamp: u64,
}

/// The stored caches, least recently used evicted first.
#[derive(Debug, Clone)]
pub(super) struct CacheStore {
    /// The budget, in bytes.
    budget: usize,
    /// The bytes stored caches count.
    used: usize,
    /// The next recency stamp.
    clock: u64,
    /// The stored caches, each with the stamp of its last use (stamps are unique, so the
    /// least recently used is the smallest, whatever the map's order).
    entries: HashMap<CacheKey, Entry, BuildHasherDefault<KeyHasher>>,
}

impl CacheStore {
    /// An empty store with a budget of `budget` bytes.
    pub(super) fn new(budget: usize) -> Self {
        Self {
            budget,
            used: 0,
            clock: 0,
            entries: HashMap::default(),
        }
    }

    /// The bytes the stored caches count (never above the budget).
    pub(super) fn used(&self) -> usize {
        self.used
    }

    /// The budget, in bytes.
    pub(super) fn budget(&self) -> usize {
        self.budget
    }

    /// How many caches are stored.
    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The times of the cache of `key`, marked as just used.
    pub(super) fn get(&mut self, key: CacheKey) -> Option<Arc<[u16]>> {
        let entry = self.entries.get_mut(&key)?;
        entry.stamp = self.clock;
        self.clock += 1;
        Some(Arc::clone(&entry.cached.times))
    }

    /// The cache of `key` (shared times and clusters), marked as just used.
    pub(super) fn get_cached(&mut self, key: CacheKey) -> Option<Cached> {
        let entry = self.entries.get_mut(&key)?;
        entry.stamp = self.clock;
        self.clock += 1;
        Some(entry.cached.clone())
    }

    /// Calls `read` with the times of the cache of `key`, marked as just used, without
    /// touching their reference count (the warm query path); `None` when not stored.
    pub(super) fn read<R>(&mut self, key: CacheKey, read: impl FnOnce(&[u16]) -> R) -> Option<R> {
        let entry = self.entries.get_mut(&key)?;
        entry.stamp = self.clock;
        self.clock += 1;
        Some(read(&entry.cached.times))
    }

    /// Stores `cached` under `key` (replacing any cache there), evicting least recently used
    /// caches until it fits; does nothing when it alone exceeds the budget.
    pub(super) fn insert(&mut self, key: CacheKey, cached: Cached) {
        self.remove(key);
        let bytes = cached.bytes();
        if bytes > self.budget {
            return;
        }
        // Evict least recently used first: a scan per eviction, which only a cold insert
        // under a full budget pays; warm look-ups only write a stamp.
        while self.used + bytes > self.budget {
            let Some(oldest) = self
                .entries
                .iter()
                .min_by_key(|(_, entry)| entry.stamp)
                .map(|(key, _)| *key)
            else {
                break;
            };
            self.remove(oldest);
        }
        let stamp = self.clock;
        self.clock += 1;
        self.used += bytes;
        self.entries.insert(key, Entry { cached, stamp });
    }

    /// Removes the cache of `key`, if stored.
    pub(super) fn remove(&mut self, key: CacheKey) {
        if let Some(entry) = self.entries.remove(&key) {
            self.used -= entry.cached.bytes();
        }
    }

    /// Removes every cache for which `drop` says so.
    pub(super) fn remove_where(&mut self, mut drop: impl FnMut(&CacheKey, &Cached) -> bool) {
        let before = self.entries.len();
        self.entries.retain(|key, entry| !drop(key, &entry.cached));
        if self.entries.len() != before {
            self.used = self.entries.values().map(|e| e.cached.bytes()).sum();
        }
    }

    /// Removes every cache.
    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.used = 0;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::{CacheKey, CacheStore, Cached, HEADER_BYTES};
    use crate::{AreaId, ClusterId, TravelFlags};

    fn cache(len: usize) -> Cached {
        Cached {
            times: vec![0; len].into(),
            clusters: Arc::new([]),
        }
    }

    fn key(goal: u32) -> CacheKey {
        CacheKey::Area(ClusterId(0), AreaId(goal), TravelFlags::DEFAULT)
    }

    #[test]
    fn evicts_the_least_recently_used_and_never_exceeds_the_budget() {
        let one = HEADER_BYTES + 20;
        let mut store = CacheStore::new(2 * one + 5);
        store.insert(key(0), cache(10));
        store.insert(key(1), cache(10));
        assert_eq!(store.used(), 2 * one);
        // Using 0 makes 1 the oldest.
        assert!(store.get(key(0)).is_some());
        store.insert(key(2), cache(10));
        assert!(store.get(key(1)).is_none());
        assert!(store.get(key(0)).is_some());
        assert!(store.get(key(2)).is_some());
        assert!(store.used() <= store.budget());
        // Too large for the budget: not stored, nothing evicted.
        store.insert(key(3), cache(1000));
        assert!(store.get(key(3)).is_none());
        assert_eq!(store.len(), 2);
        store.remove_where(|k, _| *k == key(0));
        assert_eq!(store.len(), 1);
        assert_eq!(store.used(), one);
    }

    proptest! {
        /// Random gets, inserts and removals keep exactly the caches a plain LRU list keeps,
        /// within the budget.
        #[test]
        fn matches_a_plain_lru_list(
            budget in 0_usize..1000,
            ops in prop::collection::vec((0_u8..3, 0_u32..12, 0_usize..200), 0..300),
        ) {
            let mut store = CacheStore::new(budget);
            // Oldest first: (goal, bytes).
            let mut model: Vec<(u32, usize)> = Vec::new();
            for (op, goal, len) in ops {
                match op {
                    0 => {
                        let hit = store.get(key(goal)).is_some();
                        let position = model.iter().position(|&(g, _)| g == goal);
                        prop_assert_eq!(hit, position.is_some());
                        if let Some(i) = position {
                            let entry = model.remove(i);
                            model.push(entry);
                        }
                    }
                    1 => {
                        store.insert(key(goal), cache(len));
                        model.retain(|&(g, _)| g != goal);
                        let bytes = HEADER_BYTES + 2 * len;
                        if bytes <= budget {
                            while model.iter().map(|e| e.1).sum::<usize>() + bytes > budget {
                                model.remove(0);
                            }
                            model.push((goal, bytes));
                        }
                    }
                    _ => {
                        store.remove_where(|k, _| *k == key(goal));
                        model.retain(|&(g, _)| g != goal);
                    }
                }
                prop_assert!(store.used() <= budget);
                prop_assert_eq!(store.used(), model.iter().map(|e| e.1).sum::<usize>());
                prop_assert_eq!(store.len(), model.len());
            }
        }
    }
}
