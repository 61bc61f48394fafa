//! The lines of the match log.

use bot_interface::{BotInput, Buttons, GameMode, Team, Weapon};
use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::sim::MatchSettings;

/// Version of the log schema; a reader refuses other versions.
pub const LOG_VERSION: u32 = 1;

/// The first line of a log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Always 0.
    pub frame: u32,
    /// Always `"header"`.
    pub event: String,
    /// [`LOG_VERSION`].
    pub version: u32,
    /// The map's name (file stem).
    pub map: String,
    /// The map file as given to the match (a replay loads it from there).
    pub map_path: String,
    /// The `.aas` file given to the match, if one was.
    pub aas_path: Option<String>,
    /// FNV-1a 64 of the map file's bytes, hexadecimal (a replay refuses another file).
    pub map_checksum: String,
    /// The `.bsp` checksum (0 for a `.map`), as a `.aas` stores it.
    pub bsp_checksum: i32,
    /// The game mode (`"ffa"`, `"tdm"`, `"ctf"`).
    pub mode: GameMode,
    /// The seed.
    pub seed: u64,
    /// Server frame length (ms).
    pub frame_ms: u32,
    /// Every setting of the match, rules included.
    pub settings: MatchSettings,
    /// The players, in id order.
    pub players: Vec<HeaderPlayer>,
    /// The items placed in the map for this mode: entity number, class name, origin.
    pub items: Vec<(u32, String, [f32; 3])>,
    /// The hash of the state before the first frame, hexadecimal.
    pub initial_hash: String,
}

/// A player in the header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeaderPlayer {
    /// Player id (index).
    pub id: u16,
    /// Name.
    pub name: String,
    /// Team.
    pub team: Team,
    /// What drives it (`"roamer"`, `"bot"`, `"human"` …).
    pub kind: String,
}

/// One player's compact state after a frame, for drawing:
/// `[x, y, z, pitch, yaw, health, armor, weapon, flags]` with positions rounded to a tenth of
/// a unit, angles to a tenth of a degree, `weapon` the weapon number (0: none) and `flags`
/// bits 1 alive, 2 crouched, 4 fired, 8 carries the red flag, 16 carries the blue flag,
/// 32 on the ground.
pub type PlayerFrame = [f32; 9];

/// The per-frame line: `{"frame", "event": "frame", "hash", "players", "inputs"}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrameLine {
    /// The frame.
    pub frame: u32,
    /// Always `"frame"`.
    pub event: String,
    /// The state hash after the frame, hexadecimal.
    pub hash: String,
    /// Every player's state after the frame ([`PlayerFrame`]).
    pub players: Vec<PlayerFrame>,
    /// Every player's input for the frame ([`input_row`]); chat text is in the frame's
    /// `chat` events.
    pub inputs: Vec<[f32; 9]>,
}

/// An input as a row of nine numbers: move direction (3), move speed, view angles (3),
/// buttons (bits), weapon number (0: no switch). Floats are written exactly (shortest
/// round-trip form), so a replay feeds bit-identical inputs.
#[must_use]
pub fn input_row(input: &BotInput) -> [f32; 9] {
    let d = input.move_direction;
    let v = input.view_angles;
    [
        d.x,
        d.y,
        d.z,
        input.move_speed,
        v.x,
        v.y,
        v.z,
        f32::from(input.buttons.bits()),
        f32::from(input.weapon.map_or(0, Weapon::number)),
    ]
}

/// The input of a row written by [`input_row`] (without chat).
#[must_use]
pub fn input_from_row(row: &[f32; 9]) -> BotInput {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "button bits and weapon numbers are small whole numbers"
    )]
    let (buttons, weapon) = (row[7] as u16, row[8] as u8);
    BotInput {
        move_direction: Vec3::new(row[0], row[1], row[2]),
        move_speed: row[3],
        view_angles: Vec3::new(row[4], row[5], row[6]),
        buttons: Buttons::from_bits_truncate(buttons),
        weapon: Weapon::from_number(weapon),
        say: None,
        say_team: None,
        team_message: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_survive_a_json_round_trip_bit_for_bit() {
        let mut state = 0x1234_5678_u32;
        for _ in 0..10_000 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let value = f32::from_bits(state);
            if !value.is_finite() {
                continue;
            }
            let input = BotInput {
                move_direction: Vec3::new(value, -value, value * 0.5),
                move_speed: value.abs(),
                view_angles: Vec3::new(value, value / 3.0, 0.0),
                buttons: Buttons::ATTACK | Buttons::JUMP,
                weapon: Some(Weapon::Railgun),
                ..BotInput::default()
            };
            let row = input_row(&input);
            let text = serde_json::to_string(&row).expect("serializes");
            let back: [f32; 9] = serde_json::from_str(&text).expect("parses");
            for (a, b) in row.iter().zip(back) {
                assert_eq!(a.to_bits(), b.to_bits(), "{text}");
            }
            assert_eq!(input_from_row(&back), input);
        }
    }
}
