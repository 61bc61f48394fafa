// The navigation layers of the match viewer (areas, clusters and portals, reachabilities):
// registers `window.viewerNav`, which viewer.js calls: `init({ data, redraw })` once, then
// `draw(ctx, view)` on every redraw, over the floor and under items and players, with
// `view = { X, Y, scale, frame, heightLo, heightHi, follow }` (X, Y: world to pixels).
// The data is `data.nav` (see nav.rs) and the floor polygons of `data.floor` (see floor.rs).
// Paths are built once per height range (and, for arrows, per zoom), and the layers are drawn
// into a picture kept while the view stays put: a playing match costs one image per frame.
"use strict";
window.viewerNav = (function () {
  const LAYERS = ["areas", "clusters", "reach"];
  const KEYS = { a: "areas", c: "clusters", t: "reach" };
  const TITLES = { areas: "areas", clusters: "clusters and portals", reach: "reachabilities" };
  const LABEL_SCALE = 0.5; // area numbers from this many pixels per unit on
  const SHAFT = 1.4, HEAD = 8, SHORTEST = 12, KEEP_RIGHT = 1.5; // arrows, pixels (as aas render)
  const TELEPORT = 10, WALK = 2; // travel type values
  const MARGIN = 160; // pixels drawn around the view, to follow a player without redrawing
  const OUTLINE = "rgba(255,255,255,0.8)";

  // The layers shown: the three layers and, per travel-type label, whether its arrows are.
  const layers = { areas: false, clusters: false, reach: false, types: {} };
  // What the last draw drew, for tests.
  const drawn = { outlines: 0, labels: 0, tinted: 0, portals: 0, reach: 0 };
  let nav = null, floor = null, redraw = () => {};
  const inputs = {}; // checkbox per layer name and per type label
  // Per floor polygon: its area, ground height, path (world units), label point and size.
  let polygons = [];
  let tints = []; // per polygon: its clusters-layer colour
  let areaZ = null; // per area number: its ground height (NaN: no ground)
  let portal = null; // per area number: 1 for a cluster portal area
  let typeCount = []; // reachabilities per travel type
  let hatch = null, hatchScale = 0;
  let worldKey = "", arrowKey = "";
  let outlinePath = null, portalPath = null;
  let arrows = []; // per travel type: { shafts, heads, count } in pixels from the world origin
  const cached = { canvas: null, key: "", ox: 0, oy: 0 }; // the layers' last picture

  // "#rrggbb" as [r, g, b].
  function rgb(hex) {
    const n = parseInt(hex.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  // The colour `hex` darkened to `light` (0..1).
  function dim(hex, light) {
    return "rgb(" + rgb(hex).map((c) => Math.round(c * light)).join(",") + ")";
  }
  // The cluster of area number `area` (0: a portal or no cluster).
  function cluster(area) {
    return nav.clusters[area - 1] || 0;
  }

  // Reads the data, builds each polygon's path and tint, the Layers section and the keys.
  function init(options) {
    redraw = options.redraw || redraw;
    nav = options.data.nav || null;
    floor = options.data.floor;
    if (!nav || !floor) return;
    const areas = nav.clusters.length;
    areaZ = new Float64Array(areas + 1).fill(NaN);
    portal = new Uint8Array(areas + 1);
    for (const [area] of nav.portals) if (area <= areas) portal[area] = 1;
    const [lo, hi] = floor.heights;
    for (const p of floor.polygons) {
      const path = new Path2D();
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, sx = 0, sy = 0;
      for (let i = 3; i < p.length; i += 2) {
        if (i === 3) path.moveTo(p[i], p[i + 1]); else path.lineTo(p[i], p[i + 1]);
        minX = Math.min(minX, p[i]); maxX = Math.max(maxX, p[i]);
        minY = Math.min(minY, p[i + 1]); maxY = Math.max(maxY, p[i + 1]);
        sx += p[i]; sy += p[i + 1];
      }
      path.closePath();
      const corners = (p.length - 3) / 2;
      polygons.push({ area: p[2], z: p[1], path, x: sx / corners, y: sy / corners, w: maxX - minX, h: maxY - minY });
      if (p[2] <= areas && isNaN(areaZ[p[2]])) areaZ[p[2]] = p[1];
      // Cluster tints shaded like the floor: darker below, lighter above.
      const light = 0.5 + 0.45 * (p[1] - lo) / Math.max(1, hi - lo);
      const c = cluster(p[2]);
      if (portal[p[2]]) tints.push(dim(nav.portal_colour, 0.3 + 0.2 * light));
      else if (c > 0) tints.push(dim(nav.cluster_colours[c - 1] || nav.no_cluster_colour, light));
      else tints.push(null); // in no cluster: the floor's own shade
    }
    typeCount = nav.types.map(() => 0);
    for (const r of nav.reach) typeCount[r[2]] = (typeCount[r[2]] || 0) + 1;
    nav.types.forEach(([, label], t) => { if (typeCount[t]) layers.types[label] = true; });
    fromHash();
    panel();
    document.addEventListener("keydown", keydown);
    window.addEventListener("hashchange", () => { fromHash(); sync(); redraw(); });
  }

  // ---- the Layers section ----
  // A colour key of the style `style`.
  function swatch(style) {
    const span = document.createElement("span");
    span.className = "nav-swatch";
    Object.assign(span.style, style);
    return span;
  }
  // A labelled checkbox (`data-layer`, or `data-type` for a travel type, its name) of the
  // layer or travel type `name`, holding `parts`, calling `onChange` with its state.
  function checkbox(name, checked, parts, onChange, type) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox";
    input.checked = checked;
    input.dataset[type ? "type" : "layer"] = name;
    input.addEventListener("change", () => onChange(input.checked));
    label.append(input, ...parts);
    inputs[name] = input;
    return label;
  }
  // The key `letter`, as written in the panel.
  function key(letter) {
    const kbd = document.createElement("kbd");
    kbd.textContent = letter;
    return kbd;
  }
  // Fills the Layers section: a checkbox per layer with its colour key, a hint under each, and
  // a checkbox per travel type present with its count.
  function panel() {
    const section = document.getElementById("layers");
    if (!section) return;
    const used = new Set(nav.clusters.filter((c) => c > 0));
    const palette = swatch({ background: "linear-gradient(90deg," + nav.cluster_colours.slice(0, 6).join(",") + ")" });
    const hatched = "repeating-linear-gradient(135deg," + nav.portal_colour + " 0 2px,#3a3520 2px 4px)";
    const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");
    const portals = hint(plural(used.size, "cluster") + " (a tint each), " + plural(nav.portals.length, "portal area") + " ");
    portals.append(swatch({ background: hatched }));
    section.append(
      layer("areas", swatch({ border: "1px solid " + OUTLINE })),
      hint("area outlines; their numbers when zoomed in"),
      layer("clusters", palette),
      portals,
      layer("reach", swatch({ borderTop: "3px solid #e0e0e0", height: "0" })),
    );
    const types = document.createElement("div");
    types.className = "nav-types";
    nav.types.forEach(([colour, label], t) => {
      if (!typeCount[t]) return;
      const line = swatch({ borderTop: "3px " + (t === TELEPORT ? "dashed " : "solid ") + colour, height: "0" });
      const count = document.createElement("span");
      count.className = "time";
      count.textContent = " " + typeCount[t];
      types.append(checkbox(label, layers.types[label], [line, label, count], (on) => setLayer(label, on), true));
    });
    section.append(types);
    sync();
  }
  // The checkbox of the layer `name`, with its colour key `colourKey` and its key.
  function layer(name, colourKey) {
    const letter = Object.keys(KEYS).find((k) => KEYS[k] === name);
    return checkbox(name, layers[name], [colourKey, " " + TITLES[name] + " ", key(letter)], (on) => setLayer(name, on));
  }
  // A hint line of `text`.
  function hint(text) {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = text;
    return p;
  }
  // The checkboxes as the layers are.
  function sync() {
    for (const name of LAYERS) if (inputs[name]) inputs[name].checked = layers[name];
    for (const label in layers.types) if (inputs[label]) inputs[label].checked = layers.types[label];
    const types = document.querySelector("#layers .nav-types");
    if (types) types.classList.toggle("off", !layers.reach);
  }

  // ---- state, keyboard and the #layers= fragment ----
  // Turns the layer or travel type `name` on or off (toggles it when `on` is left out) and
  // redraws; returns its new state.
  function setLayer(name, on) {
    if (LAYERS.includes(name)) {
      layers[name] = on === undefined ? !layers[name] : Boolean(on);
      toHash();
    } else if (name in layers.types) {
      layers.types[name] = on === undefined ? !layers.types[name] : Boolean(on);
    } else {
      throw new Error("no layer " + JSON.stringify(name) + " (areas, clusters, reach or a travel type of " + Object.keys(layers.types).join(", ") + ")");
    }
    sync();
    redraw();
    return LAYERS.includes(name) ? layers[name] : layers.types[name];
  }
  // Keys a, c and t toggle the layers (not while typing in a field).
  function keydown(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !(e.key in KEYS)) return;
    const target = e.target;
    if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
    if (target instanceof HTMLInputElement && target.type !== "checkbox" && target.type !== "range") return;
    setLayer(KEYS[e.key]);
    e.preventDefault();
  }
  // `#layers=areas,clusters,reach` (other fragment parts, `&`-separated, are kept).
  function fromHash() {
    const match = /(?:^#|&)layers=([^&]*)/.exec(location.hash);
    if (!match) return;
    const names = decodeURIComponent(match[1]).split(",");
    for (const name of LAYERS) layers[name] = names.includes(name);
  }
  // The address's fragment as the layers are (history rewritten, not added to).
  function toHash() {
    const parts = location.hash.replace(/^#/, "").split("&").filter((p) => p && !p.startsWith("layers="));
    const on = LAYERS.filter((name) => layers[name]);
    if (on.length) parts.push("layers=" + on.join(","));
    try {
      history.replaceState(null, "", parts.length ? "#" + parts.join("&") : location.pathname + location.search);
    } catch (error) {
      // A page where history cannot be rewritten keeps its address.
    }
  }

  // ---- drawing ----
  // Whether the height `z` is in the slice; a bound at its slider's end is open.
  function inSlice(z, view) {
    return (z >= view.heightLo || view.heightLo <= floor.heights[0]) &&
      (z <= view.heightHi || view.heightHi >= floor.heights[1]);
  }
  // The outlines of every polygon in the slice, and the portal areas', in world units.
  function worldPaths(view) {
    const key = view.heightLo + " " + view.heightHi;
    if (key === worldKey) return;
    worldKey = key;
    outlinePath = new Path2D();
    portalPath = new Path2D();
    for (const p of polygons) {
      if (!inSlice(p.z, view)) continue;
      outlinePath.addPath(p.path);
      if (portal[p.area]) portalPath.addPath(p.path);
    }
  }
  // Every reachability's arrow, per travel type, in pixels from the world origin (x right,
  // y down): a shaft and a head at its end, 1.5 pixels to its right, at least 12 long.
  function arrowPaths(view) {
    const s = view.scale;
    const key = s + " " + view.heightLo + " " + view.heightHi;
    if (key === arrowKey) return;
    arrowKey = key;
    arrows = nav.types.map(() => ({ shafts: new Path2D(), heads: new Path2D(), count: 0 }));
    for (const r of nav.reach) {
      const z0 = isNaN(areaZ[r[0]]) ? r[5] : areaZ[r[0]];
      const z1 = isNaN(areaZ[r[1]]) ? r[8] : areaZ[r[1]];
      if (!inSlice(z0, view) && !inSlice(z1, view)) continue;
      const a = arrows[r[2]] || arrows[0];
      a.count += 1;
      let ax = r[3] * s, ay = -r[4] * s;
      const bx0 = r[6] * s, by0 = -r[7] * s;
      let dx = bx0 - ax, dy = by0 - ay, length = Math.hypot(dx, dy);
      if (length < 0.5) {
        a.heads.moveTo(ax + SHAFT * 1.2, ay);
        a.heads.arc(ax, ay, SHAFT * 1.2, 0, 2 * Math.PI);
        continue;
      }
      dx /= length; dy /= length;
      if (length < SHORTEST) { ax = bx0 - dx * SHORTEST; ay = by0 - dy * SHORTEST; length = SHORTEST; }
      const rx = -dy, ry = dx; // the arrow's right (y down)
      ax += rx * KEEP_RIGHT; ay += ry * KEEP_RIGHT;
      const bx = bx0 + rx * KEEP_RIGHT, by = by0 + ry * KEEP_RIGHT;
      const head = Math.min(HEAD, length * 0.5);
      const cx = bx - dx * head, cy = by - dy * head;
      a.shafts.moveTo(ax, ay);
      a.shafts.lineTo(cx, cy);
      a.heads.moveTo(bx, by);
      a.heads.lineTo(cx + rx * head * 0.4, cy + ry * head * 0.4);
      a.heads.lineTo(cx - rx * head * 0.4, cy - ry * head * 0.4);
      a.heads.closePath();
    }
  }
  // The diagonal hatching of portal areas, in pixels whatever the zoom.
  function hatching(ctx, scale) {
    if (!hatch) {
      const tile = document.createElement("canvas");
      tile.width = tile.height = 6;
      const t = tile.getContext("2d");
      t.strokeStyle = nav.portal_colour;
      t.lineWidth = 1.5;
      t.beginPath();
      t.moveTo(-1, 7); t.lineTo(7, -1); t.moveTo(-1, 1); t.lineTo(1, -1); t.moveTo(5, 7); t.lineTo(7, 5);
      t.stroke();
      hatch = ctx.createPattern(tile, "repeat");
    }
    if (hatchScale !== scale && hatch.setTransform) {
      hatch.setTransform(new DOMMatrix([1 / scale, 0, 0, -1 / scale, 0, 0]));
      hatchScale = scale;
    }
    return hatch;
  }
  // The label `text` at (x, y) pixels, light on a dark halo.
  function label(ctx, text, x, y) {
    ctx.strokeText(text, x, y);
    ctx.fillText(text, x, y);
  }

  // Draws the layers shown on the canvas: from a picture of them kept while the view, the
  // slice and the layers stay the same (a match playing redraws every frame), drawn again
  // when the view moves by more than MARGIN pixels (following a player), zooms or resizes.
  function draw(ctx, view) {
    if (!nav || !(layers.areas || layers.clusters || layers.reach)) {
      for (const k in drawn) drawn[k] = 0;
      return;
    }
    const ratio = ctx.getTransform().a;
    const ox = view.X(0), oy = view.Y(0);
    const key = [ctx.canvas.width, ctx.canvas.height, ratio, view.scale, view.heightLo, view.heightHi, JSON.stringify(layers)].join(" ");
    if (key !== cached.key || Math.abs(ox - cached.ox) > MARGIN || Math.abs(oy - cached.oy) > MARGIN) {
      if (!cached.canvas) cached.canvas = document.createElement("canvas");
      const c = cached.canvas;
      c.width = ctx.canvas.width + Math.ceil(2 * MARGIN * ratio);
      c.height = ctx.canvas.height + Math.ceil(2 * MARGIN * ratio);
      const cctx = c.getContext("2d");
      cctx.setTransform(ratio, 0, 0, ratio, MARGIN * ratio, MARGIN * ratio);
      for (const k in drawn) drawn[k] = 0;
      paint(cctx, view, [-MARGIN, -MARGIN, c.width / ratio - MARGIN, c.height / ratio - MARGIN]);
      Object.assign(cached, { key, ox, oy });
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(cached.canvas, Math.round((ox - cached.ox - MARGIN) * ratio), Math.round((oy - cached.oy - MARGIN) * ratio));
    ctx.restore();
  }

  // Draws the layers shown on `ctx` (whose pixels are the view's), counting in `drawn`; labels
  // only inside `bounds` ([left, top, right, bottom], pixels).
  function paint(ctx, view, bounds) {
    const s = view.scale, ox = view.X(0), oy = view.Y(0);
    worldPaths(view);
    ctx.save();
    ctx.translate(ox, oy);
    ctx.scale(s, -s);
    if (layers.clusters) {
      polygons.forEach((p, i) => {
        if (!tints[i] || !inSlice(p.z, view)) return;
        ctx.fillStyle = tints[i];
        ctx.fill(p.path);
        drawn.tinted += 1;
      });
      ctx.lineWidth = 0.5 / s;
      ctx.strokeStyle = "rgba(0,0,0,0.4)";
      ctx.stroke(outlinePath);
      ctx.fillStyle = hatching(ctx, s);
      ctx.fill(portalPath);
      ctx.lineJoin = "round";
      ctx.lineWidth = 3.5 / s;
      ctx.strokeStyle = "rgba(0,0,0,0.7)";
      ctx.stroke(portalPath);
      ctx.lineWidth = 1.6 / s;
      ctx.strokeStyle = nav.portal_colour;
      ctx.stroke(portalPath);
      drawn.portals = polygons.filter((p) => portal[p.area] && inSlice(p.z, view)).length;
    }
    if (layers.areas) {
      // Light lines on a dark casing, to show on low and high floors alike.
      ctx.lineWidth = 2 / s;
      ctx.strokeStyle = "rgba(0,0,0,0.4)";
      ctx.stroke(outlinePath);
      ctx.lineWidth = 0.9 / s;
      ctx.strokeStyle = OUTLINE;
      ctx.stroke(outlinePath);
      drawn.outlines = polygons.filter((p) => inSlice(p.z, view)).length;
    }
    ctx.restore();
    if (layers.reach) {
      arrowPaths(view);
      ctx.save();
      ctx.translate(ox, oy);
      ctx.lineCap = "round";
      arrows.forEach((a, t) => {
        const [colour, name] = nav.types[t];
        if (!a.count || !layers.types[name]) return;
        // A dark casing under every type but walk, so that the colours show on any floor.
        ctx.setLineDash(t === TELEPORT ? [6, 3] : []);
        if (t !== WALK) {
          ctx.strokeStyle = "rgba(0,0,0,0.45)";
          ctx.lineWidth = SHAFT + 1.6;
          ctx.stroke(a.shafts);
          ctx.lineWidth = 2;
          ctx.setLineDash([]);
          ctx.stroke(a.heads);
          ctx.setLineDash(t === TELEPORT ? [6, 3] : []);
        }
        ctx.strokeStyle = ctx.fillStyle = colour;
        ctx.lineWidth = SHAFT;
        ctx.stroke(a.shafts);
        ctx.fill(a.heads);
        drawn.reach += a.count;
      });
      ctx.restore();
    }
    const [left, top, right, bottom] = bounds;
    ctx.save();
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "rgba(0,0,0,0.85)";
    ctx.lineWidth = 3;
    if (layers.areas && s >= LABEL_SCALE) {
      // Each area's number on its largest polygon in view, where it fits and no number of an
      // area drawn over it (a higher ground) is already written.
      ctx.font = "10px system-ui, sans-serif";
      ctx.fillStyle = "#f4f4f4";
      const best = new Map();
      for (let i = polygons.length - 1; i >= 0; i--) {
        const p = polygons[i];
        if (!inSlice(p.z, view)) continue;
        const x = view.X(p.x), y = view.Y(p.y);
        if (x < left - 50 || y < top - 20 || x > right + 50 || y > bottom + 20) continue;
        const size = p.w * p.h, seen = best.get(p.area);
        if (!seen || seen.size < size) best.set(p.area, { p, x, y, size });
      }
      const taken = new Set(); // cells of a 24 × 12 pixel grid holding a number
      for (const [area, { p, x, y }] of best) {
        const text = String(area), half = text.length * 3 + 2;
        if (p.w * s < 2 * half || p.h * s < 12) continue;
        const cells = [];
        for (let cx = Math.floor((x - half) / 24); cx <= Math.floor((x + half) / 24); cx++) {
          for (let cy = Math.floor((y - 6) / 12); cy <= Math.floor((y + 6) / 12); cy++) cells.push(cx + "," + cy);
        }
        if (cells.some((c) => taken.has(c))) continue;
        for (const c of cells) taken.add(c);
        label(ctx, text, x, y);
        drawn.labels += 1;
      }
    }
    if (layers.clusters) {
      // Each cluster's number on its largest polygon in the slice.
      ctx.font = "bold 12px system-ui, sans-serif";
      ctx.fillStyle = "#fff";
      const best = [];
      for (const p of polygons) {
        const c = cluster(p.area);
        if (c > 0 && inSlice(p.z, view) && (!best[c] || best[c].w * best[c].h < p.w * p.h)) best[c] = p;
      }
      best.forEach((p, c) => { if (p) label(ctx, "C" + c, view.X(p.x), view.Y(p.y)); });
    }
    ctx.restore();
  }

  return { init, draw, setLayer, layers, drawn };
})();
