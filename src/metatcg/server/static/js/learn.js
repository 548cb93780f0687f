// /learn/<game>: starts a guided first game of <game> and opens its board; /learn/ (or an
// unknown game) lists the lessons. renderLessons() also draws the lobby's "Learn to play" links.

/** The lessons the server ships: [{game, title, summary, game_title, url, steps}]. */
export async function fetchLessons() {
  const r = await fetch("/api/tutorials");
  if (!r.ok) throw new Error(`the lessons could not be loaded (${r.status})`);
  return (await r.json()).tutorials;
}

/** A list of "Learn to play" links into `ul` (an element of the page). */
export function renderLessons(ul, lessons) {
  ul.textContent = "";
  for (const t of lessons) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = t.url;
    a.className = "learn-link";
    a.dataset.tutorial = t.game;
    a.textContent = t.game_title || t.game;
    const p = document.createElement("span");
    p.className = "dim";
    p.textContent = ` — ${t.summary} (${t.steps} steps)`;
    li.append(a, p);
    ul.appendChild(li);
  }
  ul.hidden = false;
}

async function start() {
  const status = document.getElementById("learn-status");
  const game = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  try {
    if (game) {
      const r = await fetch(`/api/tutorials/${encodeURIComponent(game)}`, {method: "POST"});
      const body = await r.json().catch(() => ({}));
      if (r.ok && body.url) {
        location.replace(body.url);
        return;
      }
      status.textContent = body.error ? `Could not start that lesson: ${body.error}` : "Could not start that lesson.";
    } else {
      status.textContent = "Pick a game to learn:";
    }
    renderLessons(document.getElementById("learn-list"), await fetchLessons());
  } catch (e) {
    status.textContent = `Could not start the lesson: ${e.message || e}`;
  }
}

if (document.body && document.body.classList.contains("learn")) start();
else if (document.getElementById("learn-links")) {   // the lobby's "Learn to play" block
  fetchLessons().then((ls) => renderLessons(document.getElementById("learn-links"), ls)).catch(() => {});
}
