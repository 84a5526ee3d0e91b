// A table's page: show the views the server sends; send this seat's moves.
// The server sends text (the status: it may quote a student's name, or a question that
// does), written here as text, and fragments of HTML it renders and escapes, which this
// script only puts in place.
"use strict";
(function () {
  const live = document.body.dataset.live;
  const texts = ["status"];
  const fragments = ["actions", "lead", "players", "board", "words", "chart", "log"];
  const link = document.getElementById("link");
  const problem = document.getElementById("problem");
  const keep = document.getElementById("keep-playing");
  const keptStatus = document.getElementById("kept-status");
  const keptPanel = document.getElementById("kept-panel");
  let kept = null;
  let socket = null;
  let seq = null;
  let wait = 500;
  let shown = {};
  const SETTLE_MS = 350;
  let clickedAt = -Infinity;
  let held = [];
  let releasing = null;

  function enable() {
    for (const button of document.querySelectorAll("#actions button")) button.disabled = false;
  }

  // A focused button that goes off loses the focus to the page (the keyboard's place with
  // it): the focus moves to the status line beside it instead, which says what happens.
  function rest(button, line) {
    const focused = document.activeElement === button;
    button.disabled = true;
    if (focused && line.textContent) line.focus({ preventScroll: true });
  }

  // "What if we kept playing?": the server says whether it may be pressed now, whether the
  // table is being played on (the button says so) and the status line's words.
  function showKept(state) {
    kept = state;
    if (!state) {
      keep.hidden = true;
      keptStatus.textContent = "";
      return;
    }
    if (keptStatus.textContent !== state.status) keptStatus.textContent = state.status;
    const words = state.playing ? "Playing on…" : "What if we kept playing?";
    if (keep.textContent !== words) keep.textContent = words;
    keep.hidden = !state.offer;
    if (state.can) keep.disabled = false;
    else rest(keep, keptStatus);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + live);
    socket.onopen = function () {
      wait = 500;
      link.textContent = "";
    };
    socket.onmessage = function (event) {
      held.push(JSON.parse(event.data));
      release();
    };
    socket.onclose = function (event) {
      if (event.code === 4404) {
        link.textContent = "This table is gone.";
        return;
      }
      link.textContent = "Connection lost: reconnecting…";
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 8000);
    };
  }

  // After this device answers, what the server sends back waits until SETTLE_MS after
  // the click: the answered buttons stay in place, disabled, so the second click of a
  // double-click (or double tap) lands on them and answers nothing. The server answers
  // in milliseconds: without the wait, it would land on the next question's buttons.
  function release() {
    const left = clickedAt + SETTLE_MS - performance.now();
    if (left > 0) {
      clearTimeout(releasing);
      releasing = setTimeout(release, left);
      return;
    }
    while (held.length) show(held.shift());
  }

  // The parts of a view named in `names`, each put in place as the `property` of the
  // element of its id ("textContent" for text, "innerHTML" for a fragment) if it changed.
  function put(view, names, property) {
    for (const name of names) {
      if (view[name] !== undefined && view[name] !== shown[name]) {
        document.getElementById(name)[property] = view[name];
        shown[name] = view[name];
      }
    }
  }

  function show(view) {
    if (view.problem !== undefined) {
      problem.textContent = view.problem;
      enable();
      if (kept) showKept(kept);
      return;
    }
    const moved = view.seq !== seq;
    seq = view.seq;
    if (moved) problem.textContent = "";
    const hadFocus = document.activeElement && document.activeElement.closest("#actions");
    put(view, texts, "textContent");
    put(view, fragments, "innerHTML");
    if (view.kept !== undefined) showKept(view.kept);
    if (view.panel !== undefined) keptPanel.innerHTML = view.panel;
    enable();
    if (hadFocus || (moved && view.actions)) {
      const first = document.querySelector("#actions button, #actions summary");
      if (first) first.focus({ preventScroll: true });
    }
    document.body.dataset.seq = String(seq);
  }

  document.getElementById("actions").addEventListener("click", function (event) {
    const button = event.target.closest("button.act");
    // A disabled button's click still reaches this listener (the event bubbles from it).
    if (!button || button.disabled || !socket || socket.readyState !== WebSocket.OPEN) return;
    const message = { kind: button.dataset.kind, seq: seq };
    if (button.dataset.index !== undefined) message.index = Number(button.dataset.index);
    for (const other of document.querySelectorAll("#actions button")) other.disabled = true;
    clickedAt = performance.now();
    socket.send(JSON.stringify(message));
  });
  keep.addEventListener("click", function () {
    if (keep.disabled || !socket || socket.readyState !== WebSocket.OPEN) return;
    keptStatus.textContent = "Asking the server to play this game on…";
    rest(keep, keptStatus); // until the server answers: a double-click asks once
    socket.send(JSON.stringify({ kind: "keep_playing" }));
  });
  connect();
})();
