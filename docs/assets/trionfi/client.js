// What every Trionfi widget shares: the one engine worker of a visit, one request at a time
// per widget, the status line, the error box, feedback, share links, the sheet revealed row by
// row and the capture picker of fishing games.  widget.js and table.js import from here.
const WORKER_URL = new URL("./worker.js", import.meta.url);
const BOOT_TIMEOUT_MS = 120000;
export const probe = (window.__trionfi ??= { timings: {}, steps: [] });

let worker = null;
let booted = false;
let booting = null; // the boot of this visit, shared by the preload (preload.js) and the first request
let lastProgress = null; // the latest {stage, loaded, total} the worker sent about that boot
const watchers = new Set(); // status lines that show the boot's progress
let sequence = 0;
const pending = new Map();

function getWorker() {
  if (worker) return worker;
  worker = new Worker(WORKER_URL, { type: "module" });
  worker.onmessage = (event) => {
    const { id, progress, ok, result, error, refetch, stepMs } = event.data;
    if (progress) return showProgress(progress);
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    clearTimeout(call.timer);
    if (stepMs !== undefined) probe.steps.push(stepMs);
    ok ? call.resolve(result) : call.reject(Object.assign(new Error(error), { refetch }));
  };
  worker.onerror = (event) => failAll(event.message || "ワーカーでエラーが起きました");
  return worker;
}

function failAll(message) {
  for (const call of pending.values()) {
    clearTimeout(call.timer);
    call.reject(new Error(message));
  }
  pending.clear();
  worker?.terminate();
  worker = null;
  booted = false;
  booting = null;
  lastProgress = null;
}

// One request to the engine; the first one also boots Pyodide (with a timeout, because a
// server sending .wasm with the wrong MIME type makes Pyodide hang without an error).
function ask(request) {
  return new Promise((resolve, reject) => {
    const id = ++sequence;
    const timer = booted ? 0 : setTimeout(() => failAll(
      "Python 実行環境の読み込みが時間内に終わりませんでした。ページを再読み込みしてください。"), BOOT_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    try {
      getWorker().postMessage({ id, request });
    } catch {
      // the browser could not copy the request for the worker (nested too deep, or too large): say so in
      // Japanese rather than in the browser's words; the worker never saw it, so nothing else changes
      pending.delete(id);
      clearTimeout(timer);
      reject(new Error("データが大きすぎるか入れ子が深すぎるため、計算エンジンに渡せませんでした。"));
    }
  });
}

// The engine's one boot of a visit, started by the preload or by the first request, whichever
// comes first: a later caller waits for the same boot, so Pyodide never loads twice.
export function bootEngine() {
  if (booting) return booting;
  const attempt = ask(null).catch((error) => {
    // the boot failed on a stored copy of the engine's files that was not the build's, and the worker dropped
    // it (worker.js): once more, in a new worker that fetches it again, before the reader is told anything
    if (!error.refetch) throw error;
    worker?.terminate();
    worker = null;
    return ask(null);
  }).then((boot) => {
    booted = true;
    dispatchEvent(new Event("trionfi:engine-ready")); // offline.js: the service worker may keep its files
    probe.timings.pyodideMs ??= boot.timings.pyodideMs;
    probe.timings.engineMs ??= boot.timings.engineMs;
    probe.timings.snapshot ??= boot.timings.snapshot; // started from a snapshot an earlier visit kept
  }, (error) => {
    if (booting === attempt) booting = null; // the next interaction may try again
    lastProgress = null;
    throw error;
  });
  booting = attempt;
  return attempt;
}

export const engineState = () => (booted ? "ready" : booting ? "booting" : "idle");

// Waits for the boot with ``el``'s status line showing how far it is (bytes loaded of the total).
export async function waitForBoot(el) {
  const show = (progress) => setState(el, "loading", progressText(progress));
  show(lastProgress);
  watchers.add(show);
  try {
    await bootEngine();
  } finally {
    watchers.delete(show);
  }
}

function showProgress(progress) {
  lastProgress = progress;
  watchers.forEach((show) => show(progress));
}

const megabytes = (bytes) => (bytes / 1e6).toFixed(1); // MB as the widgets' first status line counts them

function progressText(progress) {
  const { stage = "pyodide", loaded = 0, total = 0 } = progress ?? {};
  if (stage === "engine") return "ルールエンジンを準備しています…";
  if (total && loaded >= total) return "Python 実行環境を起動しています…";
  const count = total ? ` ${megabytes(loaded)} / ${megabytes(total)} MB` : "";
  return `Python 実行環境を読み込んでいます…${count}`;
}

export async function engineCall(el, request) {
  if (!booted) {
    probe.timings.bootStart ??= performance.now();
    await waitForBoot(el);
    probe.timings.widgetReady ??= performance.now();
  }
  const result = await ask({ ...request, root: el.dataset.root });
  setState(el, "ready", "準備完了");
  if (result.error) throw Object.assign(new Error(result.error), { result }); // the answer, for a widget that reads more of it
  return result;
}

// The engine started behind an answer it did not have to give: the status line follows the boot, and a
// boot that fails is reported as when the reader's first request had waited for it.
function bootBehind(el) {
  if (booted || el.dataset.waitingForBoot) return;
  el.dataset.waitingForBoot = "true";
  probe.timings.bootStart ??= performance.now();
  waitForBoot(el).then(() => setState(el, "ready", "準備完了"), (error) => showError(el, error.message))
    .finally(() => delete el.dataset.waitingForBoot);
}

export function setState(el, state, text) {
  el.dataset.state = state;
  const status = el.querySelector(".tf-status");
  status.dataset.state = state;
  status.textContent = text;
}

export function showError(el, message) {
  const box = el.querySelector(".tf-error");
  box.textContent = message;
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
  if (el.dataset.state === "loading") setState(el, "error", "読み込みに失敗しました");
}

// Stored data a widget cannot use is never dropped: it is copied under ``key`` (or, when an earlier copy
// is there, a key of its own) and offered as a download in the error box.  Returns false when no copy
// could be made: the widget must then not write over the original.
export function keepAside(el, key, raw, why, name) {
  let kept = true;
  try {
    localStorage.setItem(localStorage.getItem(key) === null ? key : `${key}.${Date.now()}`, raw);
  } catch {
    kept = false;
  }
  const url = URL.createObjectURL(new Blob([raw], { type: "application/json" }));
  const link = document.createElement("a");
  Object.assign(link, { href: url, download: name, textContent: "そのままの内容をダウンロード", className: "tf-pad-download" });
  showError(el, "");
  el.querySelector(".tf-error").replaceChildren(`${why}元の記録は消さずに残してあり、`, link,
    kept ? "できます。" : "できます（保存できる場所がないので、このページの記録はブラウザに残しません）。");
  return kept;
}

export function clearError(el) {
  const box = el.querySelector(".tf-error");
  box.hidden = true;
  box.textContent = "";
}

export function feedback(el, text, kind = "") {
  const box = el.querySelector(".tf-feedback");
  box.textContent = text;
  box.dataset.kind = kind;
}

// One request at a time per widget: a click while the engine is still loading or answering is
// ignored, so an answer can never land under a question it was not asked for.
// ``handled(message, refusal)`` may take an engine refusal itself (true) instead of the error box;
// ``refusal`` is the engine's answer, or undefined when the engine could not be asked at all.
// ``known()``: the engine's answer as the build precomputed it (answers.js), or undefined; used only
// while the engine is not ready, which it then starts as its first use would (``bootBehind``).
export async function run(el, request, apply, handled = () => false, known = async () => undefined) {
  if (el.getAttribute("aria-busy") === "true") return;
  el.setAttribute("aria-busy", "true");
  clearError(el);
  try {
    const answer = booted ? undefined : await known();
    if (answer) {
      apply(answer);
      bootBehind(el);
    } else {
      apply(await engineCall(el, request));
    }
  } catch (error) {
    if (!handled(error.message, error.result)) showError(el, error.message);
  } finally {
    el.setAttribute("aria-busy", "false");
  }
}

export function shareUrl(el) {
  const url = new URL(location.href);
  url.search = "";
  url.searchParams.set("w", el.id);
  url.searchParams.set("s", el.dataset.code);
  if (el.dataset.sheetRows) url.searchParams.set("r", el.dataset.sheetRows); // sheet lines shown so far
  url.hash = el.id;
  return url.href;
}

export function share(el) {
  const href = shareUrl(el);
  history.replaceState(history.state, "", href);
  const done = () => feedback(el, "この局面へのリンクをアドレス欄に表示しました（コピー済み）。");
  (navigator.clipboard?.writeText(href) ?? Promise.reject()).then(done, () =>
    feedback(el, "この局面へのリンクをアドレス欄に表示しました。"));
}

// The sheet one row at a time (次の行), or all at once; ``shown`` rows to begin with (a shared link's).
// el.dataset.sheetRows counts the rows shown, so that a share link can reopen at the same row.
export function revealStepwise(el, shown = 1) {
  const rows = [...el.querySelectorAll(".tf-sheet tbody tr, .tf-sheet tfoot tr")];
  if (!rows.length) return;
  const count = () => (el.dataset.sheetRows = String(rows.filter((row) => !row.hidden).length));
  rows.forEach((row, i) => (row.hidden = i >= Math.max(1, shown)));
  count();
  if (!rows.some((row) => row.hidden)) return;
  const next = document.createElement("button");
  next.type = "button";
  next.className = "md-button tf-next-step";
  next.textContent = "次の行を見る";
  const all = document.createElement("button");
  all.type = "button";
  all.className = "md-button tf-all-steps";
  all.textContent = "すべて表示";
  const finish = () => { rows.forEach((row) => (row.hidden = false)); count(); next.remove(); all.remove(); };
  next.addEventListener("click", () => {
    const hidden = rows.find((row) => row.hidden);
    if (hidden) hidden.hidden = false;
    count();
    if (!rows.some((row) => row.hidden)) finish();
  });
  all.addEventListener("click", finish);
  el.querySelector(".tf-sheet").after(next, all);
}

// Fishing games: a decision is a hand card plus the table cards it takes.  Hand cards and
// table cards toggle (aria-pressed); the capture button sends "CARD x T1 T2" (or "CARD").
// A refused capture, or a hint that names another one, starts the choice again: nothing stays picked that
// the reader no longer means.
export function clearPicks(el) {
  el.querySelectorAll("button[data-pick][aria-pressed=true], .tf-hand button[data-card][aria-pressed=true]")
    .forEach((b) => b.setAttribute("aria-pressed", "false"));
}

export function pickCapture(el, button, attempt) {
  const press = (b, on) => b.setAttribute("aria-pressed", String(on));
  if (button.dataset.pick) {
    press(button, button.getAttribute("aria-pressed") !== "true");
  } else if (button.dataset.card) {
    el.querySelectorAll(".tf-hand button[data-card]").forEach((b) => press(b, b === button));
    feedback(el, "");
  } else if (button.dataset.action === "capture") {
    const chosen = el.querySelector(".tf-hand button[data-card][aria-pressed=true]");
    if (!chosen) return feedback(el, "先に手札から出す札を選んでください。", "other"), true;
    const picks = [...el.querySelectorAll("button[data-pick][aria-pressed=true]")].map((b) => b.dataset.pick);
    attempt(picks.length ? `${chosen.dataset.card} x ${picks.join(" ")}` : chosen.dataset.card);
  } else {
    return false;
  }
  return true;
}
