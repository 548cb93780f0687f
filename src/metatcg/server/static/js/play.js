// Entry point of play.html: /play/{id}?token=T (a seat), /watch/{id} (spectator), /replay/{id}.
import {boot} from "/static/js/board.js";

boot().catch((e) => {
  console.error(e);
  const b = document.getElementById("board");
  if (b) b.textContent = `The board could not start: ${e && e.message ? e.message : e}`;
});
