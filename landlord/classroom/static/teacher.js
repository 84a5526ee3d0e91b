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

  function card(view) {
    let element = document.getElementById("card-" + view.code);
    if (!element) {
      element = document.createElement("article");
      element.id = "card-" + view.code;
      element.className = "card";
      element.setAttribute("aria-labelledby", "card-title-" + view.code);
      tables.appendChild(element);
    }
    if (element.dataset.seq === String(view.seq) && element.dataset.status === view.status &&
        element.dataset.seats === view.seats) return;
    element.dataset.seq = String(view.seq);
    element.dataset.status = view.status;
    element.dataset.seats = view.seats;
    const pair = view.pair ? " · " + view.pair : "";
    const start = view.start
      ? "<button type='button' class='start' data-table='" + view.code + "'>Start table " +
        view.code + "</button>"
      : "";
    const gini = view.gini === null ? "" : " · Gini " + view.gini.toFixed(2);
    element.innerHTML =
      "<h3 id='card-title-" + view.code + "'><span class='code'>" + view.code + "</span> " +
      "<span class='rules'></span></h3><p class='state'></p>" + view.seats + start +
      "<div class='pictures'><div class='thumb'>" + view.board + "</div>" +
      "<div class='mini'>" + view.chart + "</div></div>";
    element.querySelector(".rules").textContent = view.title + pair;
    element.querySelector(".state").textContent =
      view.status + (view.round ? " (round " + view.round + gini + ")" : "");
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
  });
  tables.addEventListener("change", function (event) {
    const select = event.target.closest("select.seat-control");
    if (!select || !select.value) return;
    send({ kind: "seat", table: select.dataset.table, seat: Number(select.dataset.seat),
           player: select.value });
  });
  connect();
})();
