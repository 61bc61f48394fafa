//! [`ThinkClock`]: when a bot thinks. botlib's brain runs at 10 Hz (thesis §5.1,
//! botlib-reference §12.1: `bot_thinktime` 100 ms), and each bot's first think is offset by
//! `thinktime × botnum / numbots` so that the bots of a match do not all think on the same
//! server frame. Movement runs every frame in between.

/// botlib's default think time (milliseconds).
pub const THINK_MS: u32 = 100;

/// Decides on which server frames one bot thinks: every [`THINK_MS`] of match time,
/// staggered by the bot's place among the match's bots.
///
/// Like botlib's `botthink_residual`, it accumulates the frame time and thinks once the
/// accumulated time reaches the think time, keeping the remainder, so that a think time that
/// is not a multiple of the frame length still averages out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThinkClock {
    /// Milliseconds between thinks.
    think_ms: u32,
    /// Milliseconds accumulated towards the next think.
    residual: u32,
}

impl ThinkClock {
    /// The clock of bot `index` of `count` bots thinking every `think_ms` milliseconds
    /// (botlib caps it at 200; 0 means every frame). Its residual starts at
    /// `think_ms × index / count`, botlib's stagger.
    #[must_use]
    pub fn new(think_ms: u32, index: usize, count: usize) -> Self {
        let count = count.max(1) as u64;
        let index = (index as u64) % count;
        let offset = u64::from(think_ms) * index / count;
        Self {
            think_ms,
            residual: u32::try_from(offset).unwrap_or(0),
        }
    }

    /// Advances the clock by one server frame of `frame_ms` milliseconds and says whether
    /// the bot thinks on this frame.
    pub fn tick(&mut self, frame_ms: u32) -> bool {
        self.residual = self.residual.saturating_add(frame_ms);
        if self.residual < self.think_ms {
            return false;
        }
        self.residual -= self.think_ms;
        if self.residual >= self.think_ms {
            // Frames longer than the think time: think once, keep no backlog.
            self.residual %= self.think_ms.max(1);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn think_frames(mut clock: ThinkClock, frame_ms: u32, frames: u32) -> Vec<u32> {
        (0..frames).filter(|_| clock.tick(frame_ms)).collect()
    }

    #[test]
    fn thinks_every_hundred_milliseconds_at_twenty_hertz() {
        let frames = think_frames(ThinkClock::new(THINK_MS, 0, 1), 50, 10);
        assert_eq!(frames, vec![1, 3, 5, 7, 9]);
    }

    #[test]
    fn bots_are_staggered() {
        // Two bots at 20 Hz: one thinks on odd frames, the other on even frames.
        let first = think_frames(ThinkClock::new(THINK_MS, 0, 2), 50, 6);
        let second = think_frames(ThinkClock::new(THINK_MS, 1, 2), 50, 6);
        assert_eq!(first, vec![1, 3, 5]);
        assert_eq!(second, vec![0, 2, 4]);
    }

    #[test]
    fn uneven_frames_average_out() {
        // 30 ms frames: 100 thinks in 10 s of match time (1000 / 30 frames per think on
        // average), never two on one frame.
        let frames = think_frames(ThinkClock::new(THINK_MS, 0, 1), 30, 334);
        assert_eq!(frames.len(), 100);
        assert!(frames.windows(2).all(|pair| pair[1] > pair[0]));
    }

    #[test]
    fn zero_think_time_thinks_every_frame() {
        let frames = think_frames(ThinkClock::new(0, 3, 4), 50, 5);
        assert_eq!(frames, vec![0, 1, 2, 3, 4]);
    }
}
