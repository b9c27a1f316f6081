// Widgets of the Trionfi pages: lessons and scoring examples driven by the Python engine.
// Loaded once as a module (extra_javascript); Material's instant navigation replaces the
// page content without re-running this file, so widgets are mounted on every document$
// emission and mount() is idempotent.  The worker is a singleton for the whole visit.
const WORKER_URL = new URL("./worker.js", import.meta.url);
const BOOT_TIMEOUT_MS = 120000;
const STAGES = {
  pyodide: "Python 実行環境を読み込んでいます…",
  engine: "ルールエンジンを準備しています…",
};
const probe = (window.__trionfi ??= { timings: {}, steps: [] });

let worker = null;
let booted = false;
let sequence = 0;
const pending = new Map();

function getWorker() {
  if (worker) return worker;
  worker = new Worker(WORKER_URL, { type: "module" });
  worker.onmessage = (event) => {
    const { id, progress, ok, result, error, stepMs } = event.data;
    const call = pending.get(id);
    if (!call) return;
    if (progress) return call.onProgress(progress);
    pending.delete(id);
    clearTimeout(call.timer);
    if (stepMs !== undefined) probe.steps.push(stepMs);
    ok ? call.resolve(result) : call.reject(new Error(error));
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
}

// One request to the engine; the first one also boots Pyodide (with a timeout, because a
// server sending .wasm with the wrong MIME type makes Pyodide hang without an error).
function ask(request, onProgress = () => {}) {
  return new Promise((resolve, reject) => {
    const id = ++sequence;
    const timer = booted ? 0 : setTimeout(() => failAll(
      "Python 実行環境の読み込みが時間内に終わりませんでした。ページを再読み込みしてください。"), BOOT_TIMEOUT_MS);
    pending.set(id, { resolve, reject, onProgress, timer });
    getWorker().postMessage({ id, request });
  });
}

async function engineCall(el, request) {
  if (!booted) {
    probe.timings.bootStart ??= performance.now();
    setState(el, "loading", STAGES.pyodide);
    const boot = await ask(null, (stage) => setState(el, "loading", STAGES[stage] || stage));
    booted = true;
    probe.timings.widgetReady ??= performance.now();
    probe.timings.pyodideMs ??= boot.timings.pyodideMs;
    probe.timings.engineMs ??= boot.timings.engineMs;
  }
  const result = await ask({ ...request, root: el.dataset.root });
  setState(el, "ready", "準備完了");
  if (result.error) throw new Error(result.error);
  return result;
}

function setState(el, state, text) {
  el.dataset.state = state;
  const status = el.querySelector(".tf-status");
  status.dataset.state = state;
  status.textContent = text;
}

function showError(el, message) {
  const box = el.querySelector(".tf-error");
  box.textContent = message;
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
  if (el.dataset.state === "loading") setState(el, "error", "読み込みに失敗しました");
}

function clearError(el) {
  const box = el.querySelector(".tf-error");
  box.hidden = true;
  box.textContent = "";
}

function feedback(el, text, kind = "") {
  const box = el.querySelector(".tf-feedback");
  box.textContent = text;
  box.dataset.kind = kind;
}

// One request at a time per widget: a click while the engine is still loading or answering is
// ignored, so an answer can never land under a question it was not asked for.
// ``handled(message)`` may take an engine refusal itself (true) instead of the error box.
async function run(el, request, apply, handled = () => false) {
  if (el.getAttribute("aria-busy") === "true") return;
  el.setAttribute("aria-busy", "true");
  clearError(el);
  try {
    apply(await engineCall(el, request));
  } catch (error) {
    if (!handled(error.message)) showError(el, error.message);
  } finally {
    el.setAttribute("aria-busy", "false");
  }
}

function shareUrl(el) {
  const url = new URL(location.href);
  url.search = "";
  url.searchParams.set("w", el.id);
  url.searchParams.set("s", el.dataset.code);
  if (el.dataset.sheetRows) url.searchParams.set("r", el.dataset.sheetRows); // sheet lines shown so far
  url.hash = el.id;
  return url.href;
}

function share(el) {
  const href = shareUrl(el);
  history.replaceState(history.state, "", href);
  const done = () => feedback(el, "この局面へのリンクをアドレス欄に表示しました（コピー済み）。");
  (navigator.clipboard?.writeText(href) ?? Promise.reject()).then(done, () =>
    feedback(el, "この局面へのリンクをアドレス欄に表示しました。"));
}

// --- scoring examples ---------------------------------------------------------------
// A recorded deal: the step control moves through its lines (a trick, the monte, a capture ...)
// with the engine; at the last step the score sheet is revealed line by line.  The page comes
// pre-rendered at the end with the whole sheet, so it reads without WebAssembly.
function mountExample(el) {
  const steps = () => Number(el.querySelector(".tf-step-range")?.max || 0);
  const update = (request, after = () => {}) => run(el, { op: "example", ref: el.dataset.ref, ...request }, (result) => {
    el.querySelector(".tf-body").innerHTML = result.html; // engine-rendered, escaped HTML
    el.dataset.code = result.code;
    el.dataset.step = result.step;
    el.dataset.sheetRows = "";
    feedback(el, result.notice || "");
    rememberVariants(el);
    if (result.step === result.steps) revealStepwise(el, Number(request.rows ?? 1));
    after();
  }, (error) => {
    const message = el.querySelector(".tf-variant-message");
    if (request.variants && message) {  // the menu goes back to what the table shows, and says why
      el.querySelectorAll("select[data-variant]").forEach((s) => (s.value = s.dataset.shown ?? s.value));
      message.textContent = error;
      return true;
    }
    return false;
  });
  const go = (step) => update({ step: Math.max(0, Math.min(step, steps())), variants: chosenVariants(el) },
    () => el.querySelector(".tf-step-range")?.focus({ preventScroll: true }));
  el.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step-to]");
    if (!button || !el.contains(button)) return;
    const now = Number(el.dataset.step);
    go({ first: 0, prev: now - 1, next: now + 1, last: steps() }[button.dataset.stepTo]);
  });
  el.addEventListener("change", (event) => {
    if (event.target.matches(".tf-step-range")) go(Number(event.target.value));
    if (event.target.matches("select[data-variant]")) {  // same step; the whole sheet stays in view
      update({ step: Number(el.dataset.step), variants: chosenVariants(el), rows: 1000 });
    }
  });
  el.addEventListener("keydown", (event) => {
    if (!event.target.matches(".tf-step-range") || !["ArrowLeft", "ArrowRight"].includes(event.key)) return;
    event.preventDefault(); // the engine moves the step (and the slider follows its answer)
    go(Number(el.dataset.step) + (event.key === "ArrowRight" ? 1 : -1));
  });
  rememberVariants(el);
  return (code, rows) => update({ code, rows });
}

function chosenVariants(el) {
  const variants = {};
  el.querySelectorAll("select[data-variant]").forEach((s) => (variants[s.dataset.variant] = Number(s.value)));
  return variants;
}

function rememberVariants(el) {
  el.querySelectorAll("select[data-variant]").forEach((s) => (s.dataset.shown = s.value));
}

// --- guided lessons -----------------------------------------------------------------
function showLesson(el, result) {
  el.querySelector(".tf-body .tf-view").innerHTML = result.html; // engine-rendered, escaped HTML
  el.dataset.n = result.n;
  el.dataset.code = result.code;
  el.dataset.done = String(result.done);
  if (result.done) revealStepwise(el);
}

// The sheet one row at a time (次の行), or all at once; ``shown`` rows to begin with (a shared link's).
// el.dataset.sheetRows counts the rows shown, so that a share link can reopen at the same row.
function revealStepwise(el, shown = 1) {
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
function pickCapture(el, button, attempt) {
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

function mountLesson(el) {
  const load = (request) => run(el, { op: "lesson", ref: el.dataset.ref, ...request }, (result) => {
    feedback(el, "");
    showLesson(el, result);
  });
  const attempt = (action) => run(el, { op: "lesson_try", ref: el.dataset.ref, n: Number(el.dataset.n), action },
    (result) => {
      if (!result.ok) return feedback(el, result.message, result.kind);
      feedback(el, "正解です。", "ok");
      showLesson(el, result);
    });
  el.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !el.contains(button)) return;
    if (el.querySelector("[data-action=capture]") && pickCapture(el, button, attempt)) return;
    if (button.dataset.card) attempt(button.dataset.card);
    else if (button.dataset.word) attempt(button.dataset.word);
    else if (button.dataset.action === "restart") load({ n: 0 });
  });
  return (code) => load({ code });
}

function mount(el) {
  if (el.dataset.mounted) return;
  el.dataset.mounted = "1";
  const open = el.dataset.widget === "lesson" ? mountLesson(el) : mountExample(el);
  el.querySelector("[data-action=share]").addEventListener("click", () => share(el));
  const params = new URLSearchParams(location.search);
  if (params.get("w") === el.id && params.get("s")) {
    open(params.get("s"), params.get("r"));
    if (location.hash === `#${el.id}`) el.scrollIntoView();
  }
}

window.document$.subscribe(() => document.querySelectorAll(".trionfi-widget").forEach(mount));
