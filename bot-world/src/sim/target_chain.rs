//! Target chains: `target_relay` and `target_delay` between what fires (a button reaching its
//! pressed position, a `trigger_multiple`, an item picked up) and what the world models
//! (doors, hurt volumes, hidden items, `target_push`es, further links).
//!
//! - **`target_push`** replaces the velocity of the player who set the chain off (none for a
//!   button's chain, which this world does not trace back to its presser); a player with the
//!   flight powerup is not pushed.
//!
//! - **`target_relay`** uses its targets at once. Spawnflags: 1 red only, 2 blue only (the
//!   activator's team must match; a chain without an activator, such as a button's, passes),
//!   4 random (one of the entities named by its target, picked with the match's random
//!   stream, instead of all).
//! - **`target_delay`** uses its targets `wait` (or `delay`; default 1) ± `random` seconds
//!   later: `wait + random · crandom()`, as Quake III computes it. Pending uses are part of the
//!   state (and of its hash).
//!
//! A chain that uses itself (a relay naming itself, directly or through others) stops after
//! [`MAX_CHAIN_DEPTH`] links instead of recursing forever.

use aas_geom::Entity;
use bot_interface::{Powerup, Team};

use super::World;

/// The longest chain of relays followed from one use.
pub(super) const MAX_CHAIN_DEPTH: usize = 16;

/// One `target_relay` or `target_delay` of the map.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ChainLink {
    /// What uses it.
    targetname: String,
    /// What it uses.
    target: String,
    kind: LinkKind,
}

/// What a link does when used.
#[derive(Debug, Clone, Copy, PartialEq)]
enum LinkKind {
    Relay {
        red_only: bool,
        blue_only: bool,
        random: bool,
    },
    Delay {
        wait: f32,
        random: f32,
    },
}

/// The links of the map's entities, in entity order (a link without `targetname` or
/// `target` does nothing and is left out).
pub(super) fn chain_links(entities: &[Entity]) -> Vec<ChainLink> {
    let text = |entity: &Entity, key: &str| {
        entity
            .get(key)
            .map(str::trim)
            .filter(|value| !value.is_empty())
            .map(str::to_owned)
    };
    let number = |entity: &Entity, key: &str| {
        entity
            .get(key)
            .and_then(|value| value.trim().parse::<f32>().ok())
            .filter(|value| value.is_finite())
    };
    entities
        .iter()
        .filter_map(|entity| {
            let kind = match entity.classname() {
                "target_relay" => {
                    let flags = number(entity, "spawnflags").unwrap_or(0.0);
                    #[expect(
                        clippy::cast_possible_truncation,
                        clippy::cast_sign_loss,
                        reason = "spawnflags are small whole numbers; a negative one means none"
                    )]
                    let flags = flags.max(0.0) as u32;
                    LinkKind::Relay {
                        red_only: flags & 1 != 0,
                        blue_only: flags & 2 != 0,
                        random: flags & 4 != 0,
                    }
                }
                "target_delay" => LinkKind::Delay {
                    wait: number(entity, "wait")
                        .or_else(|| number(entity, "delay"))
                        .unwrap_or(1.0),
                    random: number(entity, "random").unwrap_or(0.0),
                },
                _ => return None,
            };
            Some(ChainLink {
                targetname: text(entity, "targetname")?,
                target: text(entity, "target")?,
                kind,
            })
        })
        .collect()
}

/// Something a name can use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Usable {
    /// A hidden item (index into the world's items): it appears.
    Item(usize),
    /// A door (its team moves).
    Door(usize),
    /// A hurt volume: it toggles.
    Hurt(usize),
    /// A `target_push`: the activator is pushed.
    Push(usize),
    /// A relay or delay.
    Link(usize),
}

impl World<'_> {
    /// Uses every entity named `target` that the world models, for player `activator`
    /// (`None`: no player, such as a button's chain).
    pub(super) fn use_targets(&mut self, target: &str, activator: Option<usize>) {
        self.use_targets_at_depth(target, activator, 0);
    }

    fn use_targets_at_depth(&mut self, target: &str, activator: Option<usize>, depth: usize) {
        for usable in self.named(target) {
            self.use_one(usable, activator, depth);
        }
    }

    /// Everything named `target` (case-insensitively, as the game compares names), in a
    /// fixed order: items, doors, hurt volumes, pushes, links.
    fn named(&self, target: &str) -> Vec<Usable> {
        let named = |name: Option<&str>| name.is_some_and(|n| n.eq_ignore_ascii_case(target));
        let items = (0..self.items.len()).filter(|&i| {
            let item = &self.items[i];
            !item.present
                && !item.removed
                && item
                    .level_item
                    .is_some_and(|l| named(self.level.items[l].targetname.as_deref()))
        });
        let doors = &self.level.doors;
        let door_list =
            (0..doors.doors.len()).filter(|&i| named(doors.doors[i].targetname.as_deref()));
        let hurts = (0..doors.hurts.len()).filter(|&i| named(doors.hurts[i].targetname.as_deref()));
        let pushes =
            (0..doors.pushes.len()).filter(|&i| named(doors.pushes[i].targetname.as_deref()));
        let links = (0..self.chain_links.len())
            .filter(|&i| named(Some(self.chain_links[i].targetname.as_str())));
        items
            .map(Usable::Item)
            .chain(door_list.map(Usable::Door))
            .chain(hurts.map(Usable::Hurt))
            .chain(pushes.map(Usable::Push))
            .chain(links.map(Usable::Link))
            .collect()
    }

    fn use_one(&mut self, usable: Usable, activator: Option<usize>, depth: usize) {
        let now = self.time_ms;
        match usable {
            Usable::Item(item) => self.items[item].respawn_ms = Some(now),
            Usable::Door(door) => self.use_door_team(door, now),
            Usable::Hurt(hurt) => self.hurts[hurt].0 = !self.hurts[hurt].0,
            Usable::Push(push) => {
                let velocity = self.level.doors.pushes[push].velocity;
                if let Some(player) = activator.and_then(|index| self.players.get_mut(index))
                    && player.alive
                    && !player.inventory.has_powerup(Powerup::Flight, now)
                {
                    player.body.velocity = velocity;
                }
            }
            Usable::Link(link) => self.use_link(link, activator, depth),
        }
    }

    /// Link `link` is used.
    fn use_link(&mut self, link: usize, activator: Option<usize>, depth: usize) {
        if depth >= MAX_CHAIN_DEPTH {
            return;
        }
        let ChainLink { target, kind, .. } = self.chain_links[link].clone();
        match kind {
            LinkKind::Relay {
                red_only,
                blue_only,
                random,
            } => {
                let team = activator
                    .and_then(|index| self.players.get(index))
                    .map(|p| p.team);
                if red_only && team.is_some_and(|team| team != Team::Red)
                    || blue_only && team.is_some_and(|team| team != Team::Blue)
                {
                    return;
                }
                if random {
                    let named = self.named(&target);
                    if !named.is_empty() {
                        let pick = named[self.rng.below(named.len())];
                        self.use_one(pick, activator, depth + 1);
                    }
                } else {
                    self.use_targets_at_depth(&target, activator, depth + 1);
                }
            }
            LinkKind::Delay { wait, random } => {
                let seconds = (wait + random * self.rng.crandom()).max(0.0);
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "a delay of seconds, clamped at zero, in milliseconds"
                )]
                let due = self.time_ms.saturating_add((seconds * 1000.0) as u32);
                self.pending_uses.push((due, target, activator));
            }
        }
    }

    /// Uses the delayed targets that are due, in the order they were scheduled.
    pub(super) fn run_pending_uses(&mut self) {
        if self.pending_uses.is_empty() {
            return;
        }
        let now = self.time_ms;
        let (due, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending_uses)
            .into_iter()
            .partition(|(at, _, _)| *at <= now);
        self.pending_uses = waiting;
        for (_, target, activator) in due {
            self.use_targets(&target, activator);
        }
    }
}
