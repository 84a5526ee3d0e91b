// The teacher's dashboard: a card per table, updated live; commands go back on the socket.
"use strict";
(function () {
  const live = document.body.dataset.live;
  const tables = document.getElementById("tables");
  const problem = document.getElementById("problem");
  const status = document.getElementById("lesson-status");
  const experiment = document.getElementById("experiment");
  let shownExperiment = null;
  let socket = null;
  let wait = 500;

  function count(n, word) {
    return n + " " + word + (n === 1 ? "" : "s");
  }

  // A card is made once; each part is put in place only when it changes, so a menu the
  // teacher has open, or the charts played on, stay as they are while the table moves.
  const shown = new WeakMap();

  function part(element, selector, html) {
    const target = element.querySelector(selector);
    if (shown.get(target) !== html) {
      target.innerHTML = html;
      shown.set(target, html);
    }
  }

  // A focused button that goes off loses the focus to the page (the keyboard's place with
  // it): the focus moves to the status line beside it instead, which says what happens.
  function rest(button, line) {
    const focused = document.activeElement === button;
    button.disabled = true;
    if (focused && line.textContent) line.focus({ preventScroll: true });
  }

  function card(view) {
    let element = document.getElementById("card-" + view.code);
    if (!element) {
      element = document.createElement("article");
      element.id = "card-" + view.code;
      element.className = "card";
      element.setAttribute("aria-labelledby", "card-title-" + view.code);
      element.innerHTML =
        "<h3 id='card-title-" + view.code + "'><span class='code'></span> " +
        "<span class='rules'></span></h3><p class='state'></p><div class='seats-part'></div>" +
        "<div class='start-part'></div><div class='lead-part'></div>" +
        "<div class='pictures'><div class='thumb'></div><div class='mini'></div></div>" +
        "<div class='keep' hidden><button type='button' class='keep-playing'>" +
        "<span class='keep-words'>What if we kept playing?</span>" +
        "<span class='visually-hidden'> (table " + view.code + ")</span></button>" +
        "<p class='kept-status' aria-live='polite' tabindex='-1'></p></div>" +
        "<details class='kept-charts' hidden><summary>The charts: table " + view.code +
        " played on</summary><div class='kept-panel'></div></details>";
      element.querySelector(".code").textContent = view.code;
      element.querySelector(".keep-playing").dataset.table = view.code;
      tables.appendChild(element);
    }
    element.dataset.seq = String(view.seq);
    const pair = view.pair ? " · " + view.pair : "";
    const start = view.start
      ? "<button type='button' class='start' data-table='" + view.code + "'>Start table " +
        view.code + "</button>"
      : "";
    const gini = view.gini === null ? "" : " · Gini " + view.gini.toFixed(2);
    element.querySelector(".rules").textContent = view.title + pair;
    element.querySelector(".state").textContent =
      view.status + (view.round ? " (round " + view.round + gini + ")" : "");
    part(element, ".seats-part", view.seats);
    part(element, ".start-part", start);
    part(element, ".lead-part", view.lead);
    part(element, ".thumb", view.board);
    part(element, ".mini", view.chart);
    const kept = view.kept;
    const keep = element.querySelector(".keep");
    keep.hidden = !kept;
    if (kept) {
      const button = keep.querySelector("button");
      const line = keep.querySelector(".kept-status");
      if (line.textContent !== kept.status) line.textContent = kept.status;
      const words = kept.playing ? "Playing on…" : "What if we kept playing?";
      const label = button.querySelector(".keep-words");
      if (label.textContent !== words) label.textContent = words;
      if (kept.can) button.disabled = false;
      else rest(button, line);
    }
    if (view.panel !== undefined) {
      const charts = element.querySelector(".kept-charts");
      charts.querySelector(".kept-panel").innerHTML = view.panel;
      charts.hidden = false;
      charts.open = true;
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + live);
    socket.onopen = function () { wait = 500; };
    socket.onmessage = function (event) {
      const message = JSON.parse(event.data);
      if (!addAnswered) {
        addAnswered = true;
        addAgain();
      }
      if (message.problem !== undefined) {
        problem.textContent = message.problem;
        return;
      }
      problem.textContent = "";
      const lesson = message.lesson;
      status.textContent =
        (lesson.ended ? "The lesson has ended. " : lesson.paused ? "Every table is paused. " : "") +
        count(lesson.tables.length, "table") + ", " + count(lesson.connections, "screen") +
        " connected.";
      document.body.dataset.paused = String(lesson.paused);
      document.body.dataset.ended = String(lesson.ended);
      for (const view of message.cards) card(view);
      if (message.experiment !== undefined && message.experiment !== shownExperiment) {
        const open = new Set(Array.from(experiment.querySelectorAll("details[open]"),
                                        (d, i) => i));
        experiment.innerHTML = message.experiment;
        experiment.querySelectorAll("details").forEach((d, i) => { if (open.has(i)) d.open = true; });
        shownExperiment = message.experiment;
      }
    };
    socket.onclose = function () {
      status.textContent = "Connection lost: reconnecting…";
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 8000);
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  // "Add the tables" rests after a click until the server has answered and a second has
  // passed: a double-click (or an impatient second click) adds the tables once.
  const addButton = document.querySelector("#add button[type=submit]");
  let addAnswered = true;
  let addSentAt = -Infinity;

  function addAgain() {
    if (!addAnswered) return;
    const left = addSentAt + 1000 - performance.now();
    if (left > 0) setTimeout(addAgain, left);
    else addButton.disabled = false;
  }

  document.getElementById("add").addEventListener("submit", function (event) {
    event.preventDefault();
    if (addButton.disabled) return;
    addButton.disabled = true;
    addAnswered = false;
    addSentAt = performance.now();
    const form = new FormData(event.target);
    const message = { kind: "add", count: Number(form.get("count")),
                      seats: Number(form.get("seats")), rules: form.get("rules"),
                      second: form.get("second") };
    if (form.get("seed") !== "") message.seed = Number(form.get("seed"));
    send(message);
  });
  document.body.addEventListener("click", function (event) {
    const command = event.target.closest("[data-command]");
    if (command) {
      if (command.dataset.command === "end" &&
          !window.confirm("End the lesson? Nobody can move after this.")) return;
      send({ kind: command.dataset.command });
      return;
    }
    const start = event.target.closest("button.start");
    if (start) send({ kind: "start", table: start.dataset.table });
    const keep = event.target.closest("button.keep-playing");
    if (keep && !keep.disabled) {
      const line = keep.parentElement.querySelector(".kept-status");
      line.textContent = "Asking the server to play table " + keep.dataset.table + " on…";
      rest(keep, line); // until the server answers: a double-click asks once
      send({ kind: "keep_playing", table: keep.dataset.table });
    }
  });
  tables.addEventListener("change", function (event) {
    const select = event.target.closest("select.seat-control");
    if (!select || !select.value) return;
    send({ kind: "seat", table: select.dataset.table, seat: Number(select.dataset.seat),
           player: select.value });
  });
  connect();
})();
