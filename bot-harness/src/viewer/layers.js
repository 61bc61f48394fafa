// The navigation layers of the match viewer (areas, clusters and portals, reachabilities):
// registers `window.viewerNav`, which viewer.js calls: `init({ data, redraw })` once, then
// `draw(ctx, view)` on every redraw, over the floor and under items and players, with
// `view = { X, Y, scale, frame, heightLo, heightHi, follow }` (X, Y: world to pixels).
"use strict";
window.viewerNav = {
  init() {},
  draw() {},
};
