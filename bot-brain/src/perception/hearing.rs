//! [`Hearing`]: sounds an opponent made that the bot heard and may go and look at
//! (gunfire, pickups, jump pads, teleports, jumps and landings, pain). The world gives the
//! sounds within hearing range, through walls; the bot remembers the most recent one of an
//! opponent for a few seconds, so that it can turn towards it or walk over.

use bot_interface::{BotView, PlayerId, SoundKind, Team};
use glam::Vec3;

/// How long (ms) a heard sound is worth investigating.
const REMEMBER_MS: u32 = 4_000;

/// A sound worth looking into.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Heard {
    /// Where it came from.
    pub origin: Vec3,
    /// Who made it.
    pub player: PlayerId,
    /// What it was.
    pub kind: SoundKind,
    /// When (match ms).
    pub at_ms: u32,
}

/// The last opponent sound heard (see the module docs of `perception`).
#[derive(Debug, Clone, Default)]
pub struct Hearing {
    last: Option<Heard>,
}

impl Hearing {
    /// Listens to this frame's sounds: keeps the nearest sound an opponent made (in team
    /// modes `team_of` tells a player's team; `None` for unknown players, who count as
    /// opponents).
    pub fn listen(&mut self, view: &BotView, team_of: impl Fn(PlayerId) -> Option<Team>) {
        let me = &view.me;
        let eye = me.eye();
        let heard = view
            .sounds
            .iter()
            .filter(|sound| {
                matches!(
                    sound.kind,
                    SoundKind::Fire(_)
                        | SoundKind::Pickup(_)
                        | SoundKind::JumpPad
                        | SoundKind::Teleport
                        | SoundKind::Jump
                        | SoundKind::Land
                        | SoundKind::Pain
                )
            })
            .filter_map(|sound| {
                let player = sound.player?;
                let opponent = player != me.id
                    && (me.team == Team::Free || team_of(player).is_none_or(|t| t != me.team));
                opponent.then_some(Heard {
                    origin: sound.origin,
                    player,
                    kind: sound.kind,
                    at_ms: view.time_ms,
                })
            })
            .min_by(|a, b| {
                eye.distance_squared(a.origin)
                    .total_cmp(&eye.distance_squared(b.origin))
            });
        if heard.is_some() {
            self.last = heard;
        }
    }

    /// The sound worth investigating now, if one was heard recently.
    #[must_use]
    pub fn recent(&self, now_ms: u32) -> Option<Heard> {
        self.last
            .filter(|heard| now_ms.saturating_sub(heard.at_ms) <= REMEMBER_MS)
    }

    /// Forgets it (looked into, or the bot died).
    pub fn forget(&mut self) {
        self.last = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_interface::{SelfView, Sound, Weapon};

    #[test]
    fn an_opponents_gunfire_is_remembered_for_a_while_and_own_sounds_are_not() {
        let mut hearing = Hearing::default();
        let me = SelfView {
            id: PlayerId(0),
            alive: true,
            ..SelfView::default()
        };
        let shot = Sound {
            kind: SoundKind::Fire(Weapon::Railgun),
            origin: Vec3::new(300.0, 0.0, 0.0),
            player: Some(PlayerId(1)),
        };
        let mine = Sound {
            player: Some(PlayerId(0)),
            ..shot
        };
        let view = BotView {
            time_ms: 1_000,
            me: me.clone(),
            sounds: vec![mine],
            ..BotView::default()
        };
        hearing.listen(&view, |_| None);
        assert!(hearing.recent(1_000).is_none());
        let view = BotView {
            time_ms: 1_000,
            me,
            sounds: vec![shot],
            ..BotView::default()
        };
        hearing.listen(&view, |_| None);
        assert_eq!(hearing.recent(1_500).map(|h| h.player), Some(PlayerId(1)));
        assert!(hearing.recent(5_100).is_none());
    }
}
