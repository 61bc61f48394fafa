//! Axial box brushes as Quake `.map` text, for test maps written by the tests themselves.

use glam::DVec3;

/// The brush `mins..maxs` in Quake map text (three points per plane, clockwise seen from
/// outside, so the normals point out), every side with `texture`.
pub(crate) fn box_brush_text(mins: DVec3, maxs: DVec3, texture: &str) -> String {
    let (x0, y0, z0, x1, y1, z1) = (mins.x, mins.y, mins.z, maxs.x, maxs.y, maxs.z);
    let faces = [
        [[x0, y1, z1], [x1, y0, z1], [x0, y0, z1]],
        [[x0, y0, z0], [x1, y0, z0], [x0, y1, z0]],
        [[x1, y0, z1], [x1, y1, z0], [x1, y0, z0]],
        [[x0, y0, z0], [x0, y1, z0], [x0, y0, z1]],
        [[x0, y1, z0], [x1, y1, z0], [x0, y1, z1]],
        [[x0, y0, z1], [x1, y0, z0], [x0, y0, z0]],
    ];
    let mut text = String::from("{\n");
    for face in faces {
        for p in face {
            text.push_str(&format!("( {} {} {} ) ", p[0], p[1], p[2]));
        }
        text.push_str(&format!("{texture} 0 0 0 1 1 0 0 0\n"));
    }
    text.push_str("}\n");
    text
}
