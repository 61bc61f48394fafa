// The match viewer: reads the JSON of #match-data, decodes the players' tracks and draws the
// match from above over the navigation floor. No library, no network.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("match-data").textContent);
  const FIELDS = 9; // x, y, z (tenths), pitch, yaw, health, armor, weapon, flag bits
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const DIGIT = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;
  const WEAPONS = ["", "gauntlet", "machinegun", "shotgun", "grenade launcher", "rocket launcher",
    "lightning gun", "railgun", "plasma gun", "BFG"];
  const PALETTE = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0",
    "#f032e6", "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#aaffc3"];
  const TEAM = { red: "#ff4b3e", blue: "#3d8bff" };
  const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
  const FRAMES = data.frames;
  const MS = data.frame_ms || 50;
  const DROP_LIFE = Math.round(30000 / MS); // a dropped item lies 30 s unless picked up

  // One track (see encode.rs): tokens of 5-bit digits, even = a delta, odd = a run.
  function decode(text, out) {
    let previous = 0, at = 0, token = 0, scale = 1;
    for (let i = 0; i < text.length; i++) {
      const digit = DIGIT[text.charCodeAt(i)];
      token += (digit & 31) * scale;
      if (digit >= 32) { scale *= 32; continue; }
      if (token % 2 === 1) {
        const count = (token - 1) / 2 + 1;
        out.fill(previous, at, Math.min(at + count, out.length));
        at += count;
      } else {
        const zigzag = token / 2;
        previous += zigzag % 2 === 1 ? -(zigzag + 1) / 2 : zigzag / 2;
        if (at < out.length) out[at] = previous;
        at += 1;
      }
      token = 0; scale = 1;
    }
    return out;
  }
  const tracks = data.tracks.map((fields) => fields.map((text) => decode(text, new Int32Array(FRAMES))));
  // A column of entries in the same compact form (shots, explosions), of any length.
  function decodeList(text) {
    const values = [];
    let previous = 0, token = 0, scale = 1;
    for (let i = 0; i < text.length; i++) {
      const digit = DIGIT[text.charCodeAt(i)];
      token += (digit & 31) * scale;
      if (digit >= 32) { scale *= 32; continue; }
      if (token % 2 === 1) {
        for (let k = (token - 1) / 2 + 1; k > 0; k--) values.push(previous);
      } else {
        const zigzag = token / 2;
        previous += zigzag % 2 === 1 ? -(zigzag + 1) / 2 : zigzag / 2;
        values.push(previous);
      }
      token = 0; scale = 1;
    }
    return values;
  }
  // Shots: frame, player, weapon, end x, y, z; explosions: frame, weapon, x, y, z.
  const shots = (data.shots || []).map(decodeList);
  const explosions = (data.explosions || []).map(decodeList);
  // Projectiles: { weapon, first, x, y, z } in firing order (positions per frame in flight).
  const projectiles = (data.projectiles || []).map(([, weapon, first, x, y, z]) => ({
    weapon, first, x: decodeList(x), y: decodeList(y), z: decodeList(z),
  }));
  const projectileFirst = projectiles.map((p) => p.first);
  // Routes (players that plan them): per player [[frame, points x, y, z, …], …].
  const routes = data.players.map(() => []);
  for (const [frame, player, points] of data.routes || []) {
    if (routes[player]) routes[player].push([frame, points]);
  }
  // The index of the first entry of the sorted `column` at or after `frame`.
  function firstAt(column, frame) {
    let lo = 0, hi = column.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (column[mid] < frame) lo = mid + 1; else hi = mid; }
    return lo;
  }

  function colour(i) {
    const team = data.players[i].team;
    return TEAM[team] || PALETTE[i % PALETTE.length];
  }
  function clock(frame) {
    const s = Math.floor(frame * MS / 1000);
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function esc(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[c]));
  }
  // The number of entries of `list` (sorted by frame, frame first) at or before `frame`.
  function upto(list, frame) {
    let lo = 0, hi = list.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid][0] <= frame) lo = mid + 1; else hi = mid; }
    return lo;
  }

  // Scores after each frag: +1 a kill, −1 a suicide or death by the world, −1 a team kill.
  const teamMode = data.mode !== "ffa";
  const teamPlay = teamMode && window.viewerTeam ? window.viewerTeam : null; // team.js
  const scoreAfter = [new Int32Array(data.players.length)];
  for (const [, killer, victim] of data.frags) {
    const s = Int32Array.from(scoreAfter[scoreAfter.length - 1]);
    if (killer < 0 || killer === victim) s[victim] -= 1;
    else if (teamMode && data.players[killer].team === data.players[victim].team) s[killer] -= 1;
    else s[killer] += 1;
    scoreAfter.push(s);
  }
  const captures = data.flags.filter((f) => f[1] === "captured");
  // Each item's presence changes, in frame order.
  const itemEvents = data.items.map(() => []);
  for (const [frame, index, present] of data.item_events) itemEvents[index].push([frame, present]);
  function itemPresent(index, frame) {
    const flag = flagItem(index, frame);
    if (flag) return flag.present;
    const events = itemEvents[index];
    const k = upto(events, frame);
    if (k === 0) return data.items[index][5] === 1;
    const [at, present] = events[k - 1];
    return present === 1 && (data.items[index][5] === 1 || frame - at < DROP_LIFE);
  }
  // A flag's item (null for other items): the flag events, not pickups, say where a flag is.
  // The placed one is present while the flag is at its base, a dropped one while that drop
  // lies; `back` the frame a dropped flag returns by itself (−1: the log does not say).
  const FLAG_ITEM = { team_CTF_redflag: "red", team_CTF_blueflag: "blue" };
  function flagItem(index, frame) {
    const [, classname, , , , placed] = data.items[index];
    const team = FLAG_ITEM[classname];
    if (!team || !window.viewerTeam) return null;
    const flag = window.viewerTeam.flag(team, frame);
    if (placed === 1) return { present: flag.state === "base", back: -1 };
    const first = itemEvents[index][0];
    const here = flag.state === "dropped" && first !== undefined && first[0] === flag.since;
    return { present: here, back: here ? flag.back : -1 };
  }
  // Weapon colours (by weapon number) for shots, projectiles and explosions.
  const WEAPON_COLOUR = ["#fff", "#ddd", "#ffe680", "#ffb347", "#7fd36b", "#ff6a2b", "#9fe8ff",
    "#5ff0ff", "#4fb4ff", "#6bff6b"];
  const SPLASH = [0, 0, 0, 0, 150, 120, 0, 0, 20, 120]; // explosion radius by weapon, units
  // The frame a placed item taken at `frame` appears again (its next `item_spawn` in the
  // log), or −1 when the log does not say (the match ended first).
  function respawnFrame(index, frame) {
    const events = itemEvents[index];
    const next = events[upto(events, frame)];
    return next && next[1] === 1 ? next[0] : -1;
  }
  let drawnCountdowns = 0;
  function itemColour(name) {
    if (name.startsWith("weapon_")) return "#ffffff";
    if (name.startsWith("ammo_")) return "#b8a46a";
    if (name.startsWith("item_armor")) return "#3fd06b";
    if (name.startsWith("item_health")) return "#ff6b8a";
    if (name.startsWith("team_CTF_red")) return TEAM.red;
    if (name.startsWith("team_CTF_blue")) return TEAM.blue;
    return "#c77dff";
  }

  // ---- view ----
  const canvas = document.getElementById("map");
  const ctx = canvas.getContext("2d");
  const floor = data.floor;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of floor.polygons) for (let i = 3; i < p.length; i += 2) {
    minX = Math.min(minX, p[i]); maxX = Math.max(maxX, p[i]);
    minY = Math.min(minY, p[i + 1]); maxY = Math.max(maxY, p[i + 1]);
  }
  if (!isFinite(minX)) { minX = -512; minY = -512; maxX = 512; maxY = 512; }
  const state = {
    frame: 0, playing: false, speed: 1, follow: -1, zoom: 1, panX: 0, panY: 0,
    heightLo: floor.heights[0], heightHi: floor.heights[1], carry: 0,
    combat: true, routes: true, tasks: true,
  };
  let width = 0, height = 0, ratio = 1;
  function resize() {
    ratio = window.devicePixelRatio || 1;
    width = canvas.clientWidth; height = canvas.clientHeight;
    canvas.width = Math.max(1, Math.round(width * ratio));
    canvas.height = Math.max(1, Math.round(height * ratio));
    draw();
  }
  // World (x, y) to pixels: x right, y up.
  function transform() {
    const base = Math.min(width / (maxX - minX + 64), height / (maxY - minY + 64));
    const scale = base * state.zoom;
    let cx = (minX + maxX) / 2 + state.panX, cy = (minY + maxY) / 2 + state.panY;
    if (state.follow >= 0) {
      cx = tracks[state.follow][0][state.frame] / 10;
      cy = tracks[state.follow][1][state.frame] / 10;
    }
    return { scale, ox: width / 2 - cx * scale, oy: height / 2 + cy * scale };
  }
  function shade(kind, z) {
    const range = Math.max(1, floor.heights[1] - floor.heights[0]);
    const t = (z - floor.heights[0]) / range;
    const light = Math.round(28 + 50 * t);
    if (kind === 0 || kind === 1 || kind === 2 || kind === 8 || kind === 9) {
      return "hsl(" + (150 - 40 * t) + ", 12%, " + light + "%)";
    }
    return floor.kinds[kind] ? floor.kinds[kind][0] : "#888";
  }

  function draw() {
    const f = state.frame;
    const { scale, ox, oy } = transform();
    const X = (x) => ox + x * scale, Y = (y) => oy - y * scale;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = "#141516";
    ctx.fillRect(0, 0, width, height);
    ctx.lineWidth = 0.5;
    ctx.strokeStyle = "rgba(0,0,0,0.35)";
    for (const p of floor.polygons) {
      const z = p[1];
      if (z < state.heightLo || z > state.heightHi) continue;
      ctx.beginPath();
      ctx.moveTo(X(p[3]), Y(p[4]));
      for (let i = 5; i < p.length; i += 2) ctx.lineTo(X(p[i]), Y(p[i + 1]));
      ctx.closePath();
      ctx.fillStyle = shade(p[0], z);
      ctx.fill();
      ctx.stroke();
    }
    // The navigation layers (layers.js), over the floor and under the match.
    if (window.viewerNav) {
      window.viewerNav.draw(ctx, { X, Y, scale, frame: f, heightLo: state.heightLo, heightHi: state.heightHi, follow: state.follow });
    }
    // Items: squares, hollow while taken, with the seconds until a taken item is back.
    const size = Math.max(3, 10 * scale);
    ctx.font = "10px system-ui, sans-serif";
    drawnCountdowns = 0;
    data.items.forEach((item, i) => {
      const present = itemPresent(i, f);
      if (!present && item[5] === 0) return;
      ctx.strokeStyle = ctx.fillStyle = itemColour(item[1]);
      ctx.globalAlpha = present ? 0.95 : 0.35;
      const x = X(item[2]), y = Y(item[3]);
      const flag = flagItem(i, f);
      if (present && flag && flag.back >= 0) {
        // A dropped flag: the seconds until it returns by itself.
        ctx.fillText(String(Math.ceil((flag.back - f) * MS / 1000)), x + size / 2 + 2, y + 4);
      }
      if (present) { ctx.fillRect(x - size / 2, y - size / 2, size, size); return; }
      if (flag) { ctx.strokeRect(x - size / 2, y - size / 2, size, size); return; }
      ctx.strokeRect(x - size / 2, y - size / 2, size, size);
      const back = respawnFrame(i, f);
      if (back < 0) return;
      ctx.globalAlpha = 0.9;
      ctx.fillText(String(Math.ceil((back - f) * MS / 1000)), x + size / 2 + 2, y + 4);
      drawnCountdowns += 1;
    });
    ctx.globalAlpha = 1;
    if (state.routes) drawRoutes(f, X, Y);
    if (state.combat) drawCombat(f, X, Y, scale);
    // Players: a disc with the facing, the name, the flag carried; a cross when dead.
    const r = Math.max(4, 16 * scale);
    ctx.font = "11px system-ui, sans-serif";
    tracks.forEach((t, i) => {
      const x = X(t[0][f] / 10), y = Y(t[1][f] / 10), z = t[2][f] / 10;
      const bits = t[8][f];
      const faint = z < state.heightLo - 64 || z > state.heightHi + 64;
      ctx.globalAlpha = faint ? 0.3 : 1;
      ctx.strokeStyle = ctx.fillStyle = colour(i);
      if (!(bits & 1)) {
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.moveTo(x - r / 2, y - r / 2); ctx.lineTo(x + r / 2, y + r / 2);
        ctx.moveTo(x + r / 2, y - r / 2); ctx.lineTo(x - r / 2, y + r / 2);
        ctx.stroke();
      } else {
        const yaw = t[4][f] * Math.PI / 180;
        ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI); ctx.fill();
        ctx.lineWidth = 2;
        ctx.strokeStyle = bits & 4 ? "#fff" : "#000";
        ctx.beginPath(); ctx.moveTo(x, y);
        ctx.lineTo(x + Math.cos(yaw) * r * 2.2, y - Math.sin(yaw) * r * 2.2); ctx.stroke();
        for (const [bit, team] of [[8, "red"], [16, "blue"]]) {
          if (!(bits & bit)) continue;
          ctx.fillStyle = TEAM[team];
          ctx.beginPath(); ctx.moveTo(x + r, y - r); ctx.lineTo(x + r, y - 3 * r);
          ctx.lineTo(x + 2.5 * r, y - 2.5 * r); ctx.lineTo(x + r, y - 2 * r); ctx.fill();
        }
      }
      if (i === state.follow) {
        ctx.strokeStyle = "#fff"; ctx.lineWidth = 1.5;
        ctx.beginPath(); ctx.arc(x, y, r + 4, 0, 2 * Math.PI); ctx.stroke();
      }
      // The name (★ a team's leader) and, in team modes, the task it was last ordered, each
      // over a dark outline so that it reads on light floors too.
      const leads = teamPlay && teamPlay.leader(data.players[i].team, f) === i;
      label(data.players[i].name + (leads ? " ★" : ""), x + r + 3, y + r + 10, "#eee");
      const task = teamPlay && state.tasks ? teamPlay.task(i, f) : null;
      if (task) {
        ctx.font = "10px system-ui, sans-serif";
        label(task.what, x + r + 3, y + r + 22, "#c8d0ff");
        ctx.font = "11px system-ui, sans-serif";
      }
    });
    ctx.globalAlpha = 1;
    panel();
  }

  // `text` at (x, y) in `fill`, over a dark outline.
  function label(text, x, y, fill) {
    ctx.lineWidth = 3;
    ctx.lineJoin = "round";
    ctx.strokeStyle = "rgba(0,0,0,0.75)";
    ctx.strokeText(text, x, y);
    ctx.fillStyle = fill;
    ctx.fillText(text, x, y);
  }

  // Hitscan shots (fading over three frames), explosions (a growing ring over six frames)
  // and projectiles in flight (a dot with the last frame's trail).
  let drawnCombat = { shots: 0, explosions: 0, projectiles: 0 };
  function drawCombat(f, X, Y, scale) {
    drawnCombat = { shots: 0, explosions: 0, projectiles: 0 };
    ctx.lineWidth = 1.5;
    const [shotFrame, shooter, shotWeapon, endX, endY] = shots;
    if (shotFrame) {
      for (let k = firstAt(shotFrame, f - 2); k < shotFrame.length && shotFrame[k] <= f; k++) {
        const t = tracks[shooter[k]], at = shotFrame[k];
        if (!t) continue;
        ctx.globalAlpha = 1 - (f - at) / 3;
        ctx.strokeStyle = WEAPON_COLOUR[shotWeapon[k]] || "#fff";
        ctx.beginPath();
        ctx.moveTo(X(t[0][at] / 10), Y(t[1][at] / 10));
        ctx.lineTo(X(endX[k]), Y(endY[k]));
        ctx.stroke();
        drawnCombat.shots += 1;
      }
    }
    const [blastFrame, blastWeapon, blastX, blastY] = explosions;
    if (blastFrame) {
      for (let k = firstAt(blastFrame, f - 5); k < blastFrame.length && blastFrame[k] <= f; k++) {
        const age = f - blastFrame[k];
        const radius = Math.max(3, (SPLASH[blastWeapon[k]] || 40) * scale * (0.4 + age / 8));
        ctx.globalAlpha = 0.9 - age * 0.14;
        ctx.strokeStyle = ctx.fillStyle = WEAPON_COLOUR[blastWeapon[k]] || "#fa0";
        ctx.beginPath(); ctx.arc(X(blastX[k]), Y(blastY[k]), radius, 0, 2 * Math.PI); ctx.stroke();
        ctx.globalAlpha *= 0.3; ctx.fill();
        drawnCombat.explosions += 1;
      }
    }
    ctx.globalAlpha = 1;
    // Projectiles live at most 15 s (rockets); those fired earlier are gone.
    const oldest = f - Math.round(16000 / MS);
    for (let k = firstAt(projectileFirst, oldest); k < projectiles.length && projectiles[k].first <= f; k++) {
      const p = projectiles[k], i = f - p.first;
      if (i >= p.x.length) continue;
      const x = X(p.x[i]), y = Y(p.y[i]);
      ctx.strokeStyle = ctx.fillStyle = WEAPON_COLOUR[p.weapon] || "#fff";
      if (i > 0) {
        ctx.globalAlpha = 0.6; ctx.lineWidth = 2;
        ctx.beginPath(); ctx.moveTo(X(p.x[i - 1]), Y(p.y[i - 1])); ctx.lineTo(x, y); ctx.stroke();
      }
      ctx.globalAlpha = 1;
      ctx.beginPath(); ctx.arc(x, y, Math.max(2, (p.weapon === 9 ? 10 : 4) * scale), 0, 2 * Math.PI); ctx.fill();
      drawnCombat.projectiles += 1;
    }
  }

  // The route each shown player planned last (the followed one, else everyone): a dashed line
  // from the player through the route's points still ahead, and a ring on its goal.
  let drawnRoutes = 0;
  function drawRoutes(f, X, Y) {
    drawnRoutes = 0;
    ctx.setLineDash([6, 4]);
    ctx.lineWidth = 2;
    routes.forEach((list, i) => {
      if ((state.follow >= 0 && i !== state.follow) || !list.length) return;
      const t = tracks[i];
      if (!(t[8][f] & 1)) return;
      const k = upto(list, f);
      if (k === 0) return;
      const points = list[k - 1][1];
      if (points.length < 3) return;
      ctx.strokeStyle = colour(i);
      ctx.globalAlpha = 0.85;
      // The part still ahead: from the route's point nearest the player on.
      const px = t[0][f] / 10, py = t[1][f] / 10, pz = t[2][f] / 10;
      let nearest = 0, best = Infinity;
      for (let p = 0; p < points.length; p += 3) {
        const d = Math.hypot(points[p] - px, points[p + 1] - py, points[p + 2] - pz);
        if (d < best) { best = d; nearest = p; }
      }
      ctx.beginPath();
      ctx.moveTo(X(px), Y(py));
      for (let p = nearest; p < points.length; p += 3) ctx.lineTo(X(points[p]), Y(points[p + 1]));
      ctx.stroke();
      const gx = X(points[points.length - 3]), gy = Y(points[points.length - 2]);
      ctx.beginPath(); ctx.arc(gx, gy, 7, 0, 2 * Math.PI); ctx.stroke();
      drawnRoutes += 1;
    });
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
  }

  // ---- side panel and timeline ----
  const seek = document.getElementById("seek");
  const play = document.getElementById("play");
  const speed = document.getElementById("speed");
  const clockLabel = document.getElementById("clock");
  const scoreboard = document.querySelector("#scoreboard tbody");
  const kills = document.getElementById("kills");
  const chat = document.getElementById("chat");
  const decisionList = document.getElementById("decisions");
  const decisions = data.decisions || [];
  // The node each player is in after each decision: nodeAt(player, frame).
  const byPlayer = data.players.map(() => []);
  for (const d of decisions) if (byPlayer[d[1]]) byPlayer[d[1]].push(d);
  function nodeAt(player, frame) {
    const list = byPlayer[player];
    const k = upto(list, frame);
    return k > 0 ? list[k - 1][3].replace(/_/g, " ") : "";
  }
  const status = document.getElementById("status");
  document.getElementById("title").textContent = data.map + " · " + data.mode + " · seed " + data.seed;
  seek.max = String(Math.max(0, FRAMES - 1));
  for (const s of SPEEDS) speed.add(new Option(s + "×", String(s), s === 1, s === 1));
  let lastPanel = "";
  function panel() {
    const f = state.frame;
    seek.value = String(f);
    play.textContent = state.playing ? "❚❚" : "▶";
    clockLabel.textContent = clock(f) + " / " + clock(FRAMES - 1) + "  (frame " + f + ")";
    const fragCount = upto(data.frags, f);
    const scores = scoreAfter[fragCount];
    // Best first; in team modes by team (red, then blue), each team's leader marked ★ and
    // each player's last ordered task on a line of its own.
    const teamRank = (i) => (teamMode ? ["red", "blue"].indexOf(data.players[i].team) : 0);
    const order = data.players.map((_, i) => i)
      .sort((a, b) => teamRank(a) - teamRank(b) || scores[b] - scores[a] || a - b);
    let rows = "";
    for (const i of order) {
      const t = tracks[i];
      const alive = t[8][f] & 1;
      const flag = t[8][f] & 8 ? " ⚑red" : t[8][f] & 16 ? " ⚑blue" : "";
      const classes = (alive ? "" : "dead ") + (i === state.follow ? "followed" : "");
      const leads = teamPlay && teamPlay.leader(data.players[i].team, f) === i ? " <span class=\"lead-mark\" title=\"team leader\">★</span>" : "";
      rows += "<tr data-player=\"" + i + "\" class=\"" + classes + "\">" +
        "<td><span class=\"swatch\" style=\"background:" + colour(i) + "\"></span>" + esc(data.players[i].name) + leads + flag + "</td>" +
        "<td>" + scores[i] + "</td><td>" + (alive ? t[5][f] : "dead") + "</td><td>" + t[6][f] + "</td><td>" + WEAPONS[t[7][f]] + "</td><td>" + esc(nodeAt(i, f)) + "</td></tr>";
      const task = teamPlay ? teamPlay.task(i, f) : null;
      if (teamPlay) {
        const by = task && task.by >= 0 && task.by !== i ? " <span class=\"time\">by " + esc(data.players[task.by].name) + "</span>" : "";
        const what = task ? "↳ " + esc(task.what) + by : "<span class=\"time\">↳ no task</span>";
        rows += "<tr data-player=\"" + i + "\" class=\"task " + classes + "\"><td colspan=\"6\">" + what + "</td></tr>";
      }
    }
    let teams = "";
    if (teamMode) {
      const sum = { red: 0, blue: 0 };
      data.players.forEach((p, i) => { if (p.team in sum) sum[p.team] += scores[i]; });
      if (data.mode === "ctf") {
        const c = { red: 0, blue: 0 };
        for (const e of captures.slice(0, upto(captures, f))) c[e[2] === "red" ? "blue" : "red"] += 1;
        teams = "captures red " + c.red + " · blue " + c.blue;
      } else teams = "red " + sum.red + " · blue " + sum.blue;
    }
    let killRows = "";
    for (let k = fragCount - 1; k >= Math.max(0, fragCount - 15); k--) {
      const [frame, killer, victim, cause] = data.frags[k];
      const who = killer < 0 || killer === victim ? "" : esc(data.players[killer].name) + " → ";
      killRows += "<li><span class=\"time\">" + clock(frame) + "</span>" + who + esc(data.players[victim].name) + " <span class=\"time\">" + esc(cause) + "</span></li>";
    }
    const chatCount = upto(data.chat, f);
    let chatRows = "";
    for (let k = chatCount - 1; k >= Math.max(0, chatCount - 15); k--) {
      const [frame, player, teamOnly, text] = data.chat[k];
      chatRows += "<li><span class=\"time\">" + clock(frame) + "</span><b style=\"color:" + colour(player) + "\">" + esc(data.players[player].name) + (teamOnly ? " (team)" : "") + ":</b> " + esc(text) + "</li>";
    }
    const shown = state.follow >= 0 ? byPlayer[state.follow] : decisions;
    const decisionCount = upto(shown, f);
    let decisionRows = "";
    for (let k = decisionCount - 1; k >= Math.max(0, decisionCount - 15); k--) {
      const [frame, player, from, to, reason] = shown[k];
      decisionRows += "<li><span class=\"time\">" + clock(frame) + "</span><b style=\"color:" + colour(player) + "\">" + esc(data.players[player].name) + "</b> " + esc(from.replace(/_/g, " ")) + " → " + esc(to.replace(/_/g, " ")) + " <span class=\"time\">" + esc(reason) + "</span></li>";
    }
    if (teamPlay) teamPlay.update(f, state.follow);
    const html = rows + "|" + killRows + "|" + chatRows + "|" + decisionRows;
    if (html !== lastPanel) {
      lastPanel = html;
      scoreboard.innerHTML = rows;
      kills.innerHTML = killRows;
      chat.innerHTML = chatRows;
      decisionList.innerHTML = decisionRows;
    }
    const following = state.follow >= 0 ? " · following " + data.players[state.follow].name : "";
    const ended = f === FRAMES - 1 && data.end ? " · ended by " + data.end.replace("_", " ") : "";
    status.textContent = state.speed + "× · zoom " + state.zoom.toFixed(2) + following + (teams ? " · " + teams : "") + ended;
  }

  function seekTo(n) {
    state.frame = Math.max(0, Math.min(FRAMES - 1, Math.floor(Number(n) || 0)));
    state.carry = 0;
    draw();
    return state.frame;
  }
  function setSpeed(s) {
    state.speed = Math.max(SPEEDS[0], Math.min(SPEEDS[SPEEDS.length - 1], s));
    speed.value = String(state.speed);
    draw();
  }
  function toggle() {
    if (!state.playing && state.frame >= FRAMES - 1) state.frame = 0;
    state.playing = !state.playing;
    last = performance.now();
    draw();
  }
  // Follows player `i` (−1: nobody), zooming in when the whole map is in view.
  function follow(i) {
    state.follow = i;
    if (i >= 0 && state.zoom < 2) state.zoom = 3;
    draw();
  }
  function followNext() {
    follow(state.follow + 1 >= data.players.length ? -1 : state.follow + 1);
  }
  let last = performance.now();
  function tick(now) {
    if (state.playing) {
      state.carry += (now - last) * state.speed;
      const step = Math.floor(state.carry / MS);
      if (step > 0) {
        state.carry -= step * MS;
        state.frame = Math.min(FRAMES - 1, state.frame + step);
        if (state.frame >= FRAMES - 1) state.playing = false;
        draw();
      }
    }
    last = now;
    requestAnimationFrame(tick);
  }

  play.addEventListener("click", () => { toggle(); play.blur(); });
  seek.addEventListener("input", () => seekTo(seek.value));
  speed.addEventListener("change", () => setSpeed(Number(speed.value)));
  scoreboard.addEventListener("click", (e) => {
    const row = e.target.closest("tr");
    if (!row) return;
    const i = Number(row.dataset.player);
    follow(state.follow === i ? -1 : i);
  });
  const lo = document.getElementById("height-lo"), hi = document.getElementById("height-hi");
  for (const input of [lo, hi]) {
    input.min = String(floor.heights[0]); input.max = String(floor.heights[1]); input.step = "8";
  }
  lo.value = String(floor.heights[0]); hi.value = String(floor.heights[1]);
  function heights() {
    state.heightLo = Math.min(Number(lo.value), Number(hi.value));
    state.heightHi = Math.max(Number(lo.value), Number(hi.value));
    document.getElementById("height-lo-value").textContent = state.heightLo;
    document.getElementById("height-hi-value").textContent = state.heightHi;
    draw();
  }
  lo.addEventListener("input", heights); hi.addEventListener("input", heights);
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
    const i = SPEEDS.indexOf(state.speed);
    if (e.key === " ") toggle();
    else if (e.key === "ArrowRight") seekTo(state.frame + (e.shiftKey ? Math.round(1000 / MS) : 1));
    else if (e.key === "ArrowLeft") seekTo(state.frame - (e.shiftKey ? Math.round(1000 / MS) : 1));
    else if (e.key === "+" || e.key === "=") setSpeed(SPEEDS[Math.min(SPEEDS.length - 1, i + 1)]);
    else if (e.key === "-" || e.key === "_") setSpeed(SPEEDS[Math.max(0, i - 1)]);
    else if (e.key === "f") followNext();
    else if (e.key === "Escape") follow(-1);
    else if (e.key === "s") { state.combat = !state.combat; draw(); }
    else if (e.key === "r") { state.routes = !state.routes; draw(); }
    else if (e.key === "k" && teamPlay) { state.tasks = !state.tasks; draw(); }
    else return;
    e.preventDefault();
  });
  canvas.addEventListener("wheel", (e) => {
    e.preventDefault();
    state.zoom = Math.max(0.25, Math.min(40, state.zoom * (e.deltaY < 0 ? 1.2 : 1 / 1.2)));
    draw();
  }, { passive: false });
  let drag = null;
  canvas.addEventListener("mousedown", (e) => { drag = { x: e.clientX, y: e.clientY }; });
  window.addEventListener("mouseup", () => { drag = null; });
  window.addEventListener("mousemove", (e) => {
    if (!drag) return;
    const { scale } = transform();
    state.panX -= (e.clientX - drag.x) / scale;
    state.panY += (e.clientY - drag.y) / scale;
    drag = { x: e.clientX, y: e.clientY };
    draw();
  });
  window.addEventListener("resize", resize);

  // The page's state, for tests and the console.
  window.viewer = {
    get frame() { return state.frame; },
    get frames() { return FRAMES; },
    get playing() { return state.playing; },
    get speed() { return state.speed; },
    get follow() { return state.follow; },
    get players() {
      const f = state.frame;
      return data.players.map((p, i) => {
        const t = tracks[i];
        return {
          name: p.name, team: p.team, x: t[0][f] / 10, y: t[1][f] / 10, z: t[2][f] / 10,
          pitch: t[3][f], yaw: t[4][f], health: t[5][f], armor: t[6][f], weapon: t[7][f],
          alive: (t[8][f] & 1) === 1, flags: t[8][f],
          leader: teamPlay ? teamPlay.leader(p.team, f) === i : false,
          task: teamPlay && teamPlay.task(i, f) ? teamPlay.task(i, f).what : null,
        };
      });
    },
    seek: seekTo,
    play() { if (!state.playing) toggle(); },
    pause() { if (state.playing) toggle(); },
    setSpeed,
    data,
  };
  if (window.viewerNav) window.viewerNav.init({ data, redraw: draw });
  if (teamPlay) teamPlay.init({ data, seek: seekTo, colour, clock });
  heights();
  resize();
  const decodedAt = performance.now();

  // The address's fragment opens a given moment: `#frame=1200&follow=2&speed=2&play`
  // (`follow` a player's number or name). `report` adds the page's self-report (below).
  const options = new URLSearchParams(location.hash.slice(1));
  if (options.has("follow")) {
    const who = options.get("follow");
    const byName = data.players.findIndex((p) => p.name === who);
    follow(byName >= 0 ? byName : Math.max(-1, Math.min(data.players.length - 1, Number(who) || 0)));
  }
  if (options.has("speed")) setSpeed(Number(options.get("speed")) || 1);
  if (options.has("frame")) seekTo(options.get("frame"));
  else draw();
  if (options.has("play")) toggle();
  if (options.has("report")) report(decodedAt);
  requestAnimationFrame(tick);

  // The page's self-report, as JSON in `<pre id="report">` (for headless tests and for
  // measuring): script errors, the frame, each player's state and the canvas pixel under it,
  // pixels at floor polygons and off the map, and timings (page start to ready, one redraw).
  function report(readyAt) {
    const { scale, ox, oy } = transform();
    const screen = (x, y) => [ox + x * scale, oy - y * scale];
    const pixel = (sx, sy) => {
      const px = Math.round(sx * ratio), py = Math.round(sy * ratio);
      if (px < 0 || py < 0 || px >= canvas.width || py >= canvas.height) return null;
      return Array.from(ctx.getImageData(px, py, 1, 1).data);
    };
    const r = Math.max(4, 16 * scale);
    const players = viewer.players.map((p, i) => {
      // Half a radius behind the centre, away from the facing line.
      const yaw = p.yaw * Math.PI / 180;
      const [sx, sy] = screen(p.x, p.y);
      return Object.assign(p, {
        colour: colour(i), screen: [sx, sy], radius: r,
        pixel: pixel(sx - Math.cos(yaw) * r / 2, sy + Math.sin(yaw) * r / 2),
      });
    });
    const floorSamples = floor.polygons.slice(0, 200).map((p) => {
      let cx = 0, cy = 0;
      const n = (p.length - 3) / 2;
      for (let i = 3; i < p.length; i += 2) { cx += p[i] / n; cy += p[i + 1] / n; }
      return { area: p[2], x: cx, y: cy, pixel: pixel(...screen(cx, cy)) };
    });
    const frame = state.frame;
    const drawn = Object.assign({ routes: state.routes ? drawnRoutes : 0, countdowns: drawnCountdowns }, state.combat ? drawnCombat : {});
    const started = performance.now();
    const draws = Math.min(200, FRAMES);
    for (let k = 0; k < draws; k++) seekTo(Math.floor(k * (FRAMES - 1) / Math.max(1, draws - 1)));
    const drawMs = (performance.now() - started) / Math.max(1, draws);
    seekTo(frame);
    document.getElementById("report").textContent = JSON.stringify({
      errors: window.viewerErrors, frame, frames: FRAMES, follow: state.follow,
      canvas: [canvas.width, canvas.height], background: Array.from(ctx.getImageData(0, 0, 1, 1).data),
      players, floor: floorSamples, drawn,
      layers: window.viewerNav ? window.viewerNav.layers : null,
      layers_drawn: window.viewerNav ? window.viewerNav.drawn : null,
      team: teamPlay ? teamPlay.report(frame) : null,
      timing: { ready_ms: readyAt, draw_ms: drawMs, draws },
    });
  }
})();
