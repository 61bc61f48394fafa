//! [`World::state_hash`]: the hash of the whole simulation state after a frame.

use super::{StateHasher, World};

impl World<'_> {
    /// The hash of everything that decides the rest of the match: time, randomness,
    /// players (movement state, view, inventory, weapon timing, score), items, projectiles,
    /// movers, flags, team scores and delayed target uses. Bit-exact: floats are hashed by their bits.
    #[must_use]
    pub fn state_hash(&self) -> u64 {
        let mut h = StateHasher::default();
        h.u32(self.frame);
        h.u32(self.time_ms);
        h.u64(self.rng.state());
        for player in &self.players {
            let body = &player.body;
            h.vec3(body.origin);
            h.vec3(body.velocity);
            h.bool(body.on_ground());
            h.bool(body.crouched);
            h.bytes(&[body.water_level, u8::from(body.jump_held)]);
            match body.timer {
                Some(aas_geom::physics::Timer::WaterJump { remaining }) => {
                    h.u32(1);
                    h.f32(remaining);
                }
                Some(aas_geom::physics::Timer::Knockback { remaining }) => {
                    h.u32(2);
                    h.f32(remaining);
                }
                None => h.u32(0),
            }
            h.vec3(player.view_angles);
            let inventory = &player.inventory;
            h.i32(inventory.health);
            h.i32(inventory.armor);
            for (owned, ammo) in inventory.weapons.iter().zip(inventory.ammo) {
                h.bool(*owned);
                h.i32(ammo);
            }
            for expiry in inventory.powerups {
                h.u32(expiry.map_or(u32::MAX, |e| e));
            }
            h.u32(inventory.holdable.map_or(0, |x| x as u32 + 1));
            h.u32(inventory.flag.map_or(0, |x| x as u32 + 1));
            h.bool(player.alive);
            h.u32(player.weapon.map_or(0, |w| u32::from(w.number())));
            h.i32(player.weapon_time);
            h.i32(player.score);
            h.u32(player.died_ms);
        }
        for item in &self.items {
            h.u32(item.entity);
            h.bool(item.present);
            h.bool(item.removed);
            h.vec3(item.origin);
            h.u32(item.respawn_ms.unwrap_or(u32::MAX));
        }
        for projectile in &self.projectiles {
            h.u32(projectile.entity);
            h.vec3(projectile.origin);
            h.vec3(projectile.velocity);
        }
        for mover in &self.binary_movers {
            h.vec3(mover.offset);
        }
        for flag in &self.flags {
            let code = match flag {
                super::FlagState::AtBase => 0,
                super::FlagState::Carried(p) => 1 + 2 * *p as u64,
                super::FlagState::Dropped(i) => 2 + 2 * *i as u64,
            };
            h.u64(code);
        }
        h.i32(self.team_scores[0]);
        h.i32(self.team_scores[1]);
        for (due, target, activator) in &self.pending_uses {
            h.u32(*due);
            h.bytes(target.as_bytes());
            h.u64(activator.map_or(0, |player| player as u64 + 1));
        }
        h.finish()
    }
}
