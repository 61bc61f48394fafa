// The team play of the match viewer (team modes): registers `window.viewerTeam`, which
// viewer.js calls: `init({ data, seek, colour, clock })` once, then `update(frame, follow)`
// on every redraw. It fills the Team section — per team its leader and where its flag is, and
// the timeline of leadership changes, orders (those of one leader's think together, its reason
// once) and flag events, filterable by team, an entry clicked seeking to it — and answers
// what viewer.js draws: `leader(team, frame)`, `task(player, frame)` and `flag(team, frame)`.
// The data is `data.team` (see team.rs) and `data.flags`.
"use strict";
window.viewerTeam = (function () {
  const TEAMS = ["red", "blue"];
  const FLAG_WORDS = { taken: "taken by", dropped: "dropped by", returned: "returned by", auto_returned: "returned", captured: "captured by" };
  let data = null, seek = () => 0, colour = () => "#ccc", clock = String, ms = 50;
  let active = false; // a team mode: the section is shown
  const leaders = { red: [], blue: [] }; // per team: [frame, player (−1: nobody)]
  let tasks = []; // per player: [taken, what, by, reason, ordered], by `taken`
  const flagEvents = { red: [], blue: [] }; // per team (whose flag): [frame, action, player]
  let rows = []; // the timeline's entries in frame order: { frame, team, el }
  let rowFrames = []; // per entry [frame], for `upto`
  let filter = "all";
  let past = 0; // rows[0..past) are at or before the frame shown
  let list = null, stateBox = null, lastState = "", lastFollow = -2;

  // The number of entries of `entries` (sorted by frame, frame first) at or before `frame`.
  function upto(entries, frame) {
    let lo = 0, hi = entries.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (entries[mid][0] <= frame) lo = mid + 1; else hi = mid; }
    return lo;
  }
  function esc(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[c]));
  }
  // A player's name in its colour (`nobody` for −1).
  function who(player) {
    if (player < 0 || !data.players[player]) return "<i>nobody</i>";
    return "<b style=\"color:" + colour(player) + "\">" + esc(data.players[player].name) + "</b>";
  }

  // ---- what the team is doing at a frame ----
  // The player leading `team` at `frame` (−1: nobody).
  function leader(team, frame) {
    const list = leaders[team];
    if (!list) return -1;
    const k = upto(list, frame);
    return k > 0 ? list[k - 1][1] : -1;
  }
  // The task `player` was last ordered and took, at `frame`: `{ what, by, reason, taken,
  // ordered }` (`by` the leader who ordered it), or null.
  function task(player, frame) {
    const list = tasks[player];
    if (!list) return null;
    const k = upto(list, frame);
    if (k === 0) return null;
    const [taken, what, by, reason, ordered] = list[k - 1];
    return { what, by, reason, taken, ordered };
  }
  // Where `team`'s flag is at `frame`: `{ state: "base" | "carried" | "dropped", player
  // (the carrier, or who dropped it), since (frame), back (the frame a dropped flag returns
  // by itself, −1: the log does not say) }`.
  function flag(team, frame) {
    const list = flagEvents[team] || [];
    const k = upto(list, frame);
    const none = { state: "base", player: -1, since: 0, back: -1 };
    if (k === 0) return none;
    const [at, action, player] = list[k - 1];
    if (action === "taken") return { state: "carried", player, since: at, back: -1 };
    if (action === "dropped") {
      const next = list[k];
      return { state: "dropped", player, since: at, back: next && next[1] === "auto_returned" ? next[0] : -1 };
    }
    return Object.assign(none, { since: at });
  }

  // ---- init: the timelines and the section ----
  function init(options) {
    data = options.data;
    seek = options.seek || seek;
    colour = options.colour || colour;
    clock = options.clock || clock;
    ms = data.frame_ms || 50;
    const section = document.getElementById("team");
    active = data.mode !== "ffa";
    if (!section || !active) return;
    section.hidden = false;
    tasks = data.players.map(() => []);
    const entries = data.team || [];
    for (const [frame, kind, team, player, what, by, reason, taken] of entries) {
      if (kind === "leader" && leaders[team]) leaders[team].push([frame, player]);
      if ((kind === "order" || kind === "task") && taken >= 0 && tasks[player]) {
        tasks[player].push([taken, what, by, reason, frame]);
      }
    }
    for (const list of tasks) list.sort((a, b) => a[0] - b[0]);
    for (const [frame, action, team, player] of data.flags) {
      if (flagEvents[team]) flagEvents[team].push([frame, action, player]);
    }
    fromHash();
    build(section, entries);
  }

  // The timeline's entries: leadership changes, rounds of orders, flag events, in frame order
  // (a frame's flag events before its decisions, as they happened).
  function build(section, entries) {
    stateBox = section.querySelector("#team-state");
    list = section.querySelector("#team-log");
    const filters = section.querySelector("#team-filter");
    for (const name of ["all"].concat(TEAMS)) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.team = name;
      button.textContent = name;
      button.addEventListener("click", () => { setFilter(name); button.blur(); });
      filters.append(button);
    }
    const items = [];
    for (const [frame, action, team, player] of data.flags) {
      items.push({ frame, order: 0, team: "", html: flagRow(action, team, player), player });
    }
    let round = null;
    entries.forEach(([frame, kind, team, player, what, by, reason, taken], k) => {
      if (kind === "order") {
        if (!round || round.frame !== frame || round.by !== by || round.reason !== reason) {
          round = { frame, order: 1 + k, team, by, reason, orders: [] };
          items.push(round);
        }
        round.orders.push([player, what, taken]);
        return;
      }
      round = null;
      let html;
      if (kind === "leader") {
        const claimed = by === player ? " <span class=\"why\">claims the lead</span>" : "";
        html = "<span class=\"team-tag " + esc(team) + "\">" + esc(team) + "</span> leader " + who(player) + claimed;
      } else if (kind === "task") {
        html = who(player) + " → " + esc(what) + " <span class=\"why\">" + esc(reason) + "</span>";
      } else if (kind === "squad") {
        html = who(player) + " joins squad " + esc(what) + " <span class=\"why\">told by " + who(by) + "</span>";
      } else {
        html = who(player) + ": " + esc(what) + " <span class=\"why\">" + esc(reason) + "</span>";
      }
      items.push({ frame, order: 1 + k, team, html, player });
    });
    items.sort((a, b) => a.frame - b.frame || a.order - b.order);
    // One piece of HTML for the whole list (every entry future until the first update).
    const html = items.map((item) => {
      const player = item.orders ? "" : " data-player=\"" + item.player + "\"";
      let li = "<li data-frame=\"" + item.frame + "\" class=\"future team-" + (item.team || "both") + "\"" + player + ">" +
        "<span class=\"time\">" + clock(item.frame) + "</span>";
      if (!item.orders) return li + item.html + "</li>";
      li += who(item.by) + " <span class=\"lead-mark\" title=\"leader\">★</span> orders <span class=\"why\">" + esc(item.reason) + "</span><ul>";
      for (const [to, what, taken] of item.orders) {
        const late = taken < 0 ? " <span class=\"untaken\">not taken</span>" : "";
        const title = taken < 0 ? "never taken" : "taken at " + clock(taken);
        li += "<li data-player=\"" + to + "\" title=\"" + title + "\">" + who(to) + " → " + esc(what) + late + "</li>";
      }
      return li + "</ul></li>";
    });
    list.innerHTML = html.join("");
    rows = items.map((item, k) => ({ frame: item.frame, team: item.team, el: list.children[k] }));
    list.addEventListener("click", (e) => {
      const row = e.target.closest("li[data-frame]");
      if (row) seek(Number(row.dataset.frame));
    });
    rowFrames = rows.map((r) => [r.frame]);
    past = 0;
    setFilter(filter);
  }
  // A flag event's line.
  function flagRow(action, team, player) {
    const flagName = "<span class=\"team-tag " + esc(team) + "\">⚑ " + esc(team) + " flag</span> ";
    const words = FLAG_WORDS[action] || action;
    return flagName + esc(words) + (action === "auto_returned" ? "" : " " + who(player));
  }

  // ---- the filter and the #team= fragment ----
  // Shows the entries of `name` ("all", "red" or "blue"; flag events always); returns it.
  function setFilter(name) {
    if (name !== "all" && !TEAMS.includes(name)) {
      throw new Error("no team " + JSON.stringify(name) + " (all, red or blue)");
    }
    filter = name;
    for (const row of rows) row.el.hidden = name !== "all" && row.team !== "" && row.team !== name;
    if (list) {
      for (const button of document.querySelectorAll("#team-filter button")) {
        button.classList.toggle("on", button.dataset.team === name);
      }
      scroll();
    }
    return filter;
  }
  // `#team=red` opens the page with that filter (other fragment parts are the viewer's).
  function fromHash() {
    const match = /(?:^#|&)team=([^&]*)/.exec(location.hash);
    if (match && (match[1] === "all" || TEAMS.includes(match[1]))) filter = match[1];
  }

  // ---- every redraw ----
  function update(frame, follow) {
    if (!active || !list) return;
    // The entries now past or future: only those between the old and the new boundary change.
    const now = upto(rowFrames, frame);
    if (now !== past) {
      for (let k = Math.min(now, past); k < Math.max(now, past); k++) rows[k].el.classList.toggle("future", k >= now);
      if (past > 0) rows[past - 1].el.classList.remove("now");
      if (now > 0) rows[now - 1].el.classList.add("now");
      past = now;
      scroll();
    }
    if (follow !== lastFollow) {
      lastFollow = follow;
      for (const el of list.querySelectorAll("[data-player]")) {
        el.classList.toggle("mine", follow >= 0 && Number(el.dataset.player) === follow);
      }
    }
    const html = stateHtml(frame);
    if (html !== lastState) { lastState = html; stateBox.innerHTML = html; }
  }
  // Keeps the last past entry shown (scrolled into the list's view, not the page's), at the
  // next animation frame: reading the layout now would lay the page out on every redraw.
  let scrolling = false;
  function scroll() {
    if (scrolling) return;
    scrolling = true;
    requestAnimationFrame(() => { scrolling = false; scrollNow(); });
  }
  function scrollNow() {
    let k = past - 1;
    while (k >= 0 && rows[k].el.hidden) k--;
    if (k < 0) { list.scrollTop = 0; return; }
    const el = rows[k].el;
    const top = el.offsetTop, bottom = top + el.offsetHeight;
    if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight + 24;
    else if (top < list.scrollTop) list.scrollTop = top - 4;
  }
  // Per team: its leader, and (CTF) where its flag is.
  function stateHtml(frame) {
    let html = "";
    for (const team of TEAMS) {
      const lead = leader(team, frame);
      html += "<tr><td><span class=\"team-tag " + team + "\">" + team + "</span></td><td>" +
        (lead >= 0 ? "★ " + who(lead) : "<span class=\"why\">no leader</span>") + "</td>";
      if (data.mode === "ctf") {
        const f = flag(team, frame);
        const secs = (a, b) => Math.max(0, Math.round((b - a) * ms / 1000)) + " s";
        let where = "⚑ at base";
        if (f.state === "carried") where = "⚑ carried by " + who(f.player) + " <span class=\"why\">" + secs(f.since, frame) + "</span>";
        else if (f.state === "dropped") {
          where = "⚑ dropped <span class=\"why\">" + (f.back >= 0 ? "back in " + secs(frame, f.back) : secs(f.since, frame) + " ago") + "</span>";
        }
        html += "<td class=\"flag-" + f.state + "\">" + where + "</td>";
      }
      html += "</tr>";
    }
    return html;
  }

  // What the section shows at `frame`, for the page's self-report.
  function report(frame) {
    const shown = rows.filter((r) => !r.el.hidden);
    const before = shown.filter((r) => r.frame <= frame);
    return {
      active, filter, rows: rows.length, shown: shown.length, past: before.length,
      orders_past: before.reduce((n, r) => n + r.el.querySelectorAll("li[data-player]").length, 0),
      teams_shown: Array.from(new Set(shown.map((r) => r.team))).sort(),
      leaders: Object.fromEntries(TEAMS.map((t) => [t, leader(t, frame)])),
      flags: Object.fromEntries(TEAMS.map((t) => [t, flag(t, frame)])),
      tasks: data.players.map((_, i) => task(i, frame)),
    };
  }

  return {
    init, update, leader, task, flag, setFilter, report,
    get filter() { return filter; },
    get active() { return active; },
  };
})();
