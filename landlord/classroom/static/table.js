// A table's page: show the views the server sends; send this seat's moves.
// The server renders (and escapes) every fragment; this script only puts them in place.
"use strict";
(function () {
  const live = document.body.dataset.live;
  const parts = ["status", "actions", "players", "board", "words", "chart", "log"];
  const link = document.getElementById("link");
  const problem = document.getElementById("problem");
  let socket = null;
  let seq = null;
  let wait = 500;
  let shown = {};

  function enable() {
    for (const button of document.querySelectorAll("#actions button")) button.disabled = false;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + live);
    socket.onopen = function () {
      wait = 500;
      link.textContent = "";
    };
    socket.onmessage = function (event) {
      const view = JSON.parse(event.data);
      if (view.problem !== undefined) {
        problem.textContent = view.problem;
        enable();
        return;
      }
      const moved = view.seq !== seq;
      seq = view.seq;
      if (moved) problem.textContent = "";
      const hadFocus = document.activeElement && document.activeElement.closest("#actions");
      for (const name of parts) {
        if (view[name] !== undefined && view[name] !== shown[name]) {
          document.getElementById(name).innerHTML = view[name];
          shown[name] = view[name];
        }
      }
      enable();
      if (hadFocus || (moved && view.actions)) {
        const first = document.querySelector("#actions button, #actions summary");
        if (first) first.focus({ preventScroll: true });
      }
      document.body.dataset.seq = String(seq);
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

  document.getElementById("actions").addEventListener("click", function (event) {
    const button = event.target.closest("button.act");
    if (!button || !socket || socket.readyState !== WebSocket.OPEN) return;
    const message = { kind: button.dataset.kind, seq: seq };
    if (button.dataset.index !== undefined) message.index = Number(button.dataset.index);
    for (const other of document.querySelectorAll("#actions button")) other.disabled = true;
    socket.send(JSON.stringify(message));
  });
  connect();
})();
