// Widgets of the Trionfi pages: lessons, scoring examples and the practice table, driven by the
// Python engine.  Loaded once as a module (extra_javascript); Material's instant navigation
// replaces the page content without re-running this file, so widgets are mounted on every
// document$ emission and mount() is idempotent.
import { exampleAnswer, fetchAnswers, lessonAnswer } from "./answers.js";
import { engineState, feedback, pickCapture, revealStepwise, run, share } from "./client.js";
import { askFirst, mountTable } from "./table.js";
import { mountPad } from "./pad.js";
import "./preload.js"; // starts the engine in the background when a widget is on screen
import { sprited } from "./sprite.js"; // cards drawn from the page's SVG sprite

// --- scoring examples ---------------------------------------------------------------
// A recorded deal: the step control moves through its lines (a trick, the monte, a capture ...)
// with the engine; at the last step the score sheet is revealed line by line.  The page comes
// pre-rendered at the end with the whole sheet, so it reads without WebAssembly.
// Until the engine is ready, the steps of the deal come from the answers the build precomputed (answers.js);
// other rules (the variant menus) wait for the engine, and the menu says so.
const WAITING_FOR_RULES = "別のルールで計算し直すには Python 実行環境が必要です。読み込みが終わりしだい表示します。";

function mountExample(el) {
  const steps = () => Number(el.querySelector(".tf-step-range")?.max || 0);
  fetchAnswers();
  const update = (request, after = () => {}) => run(el, { op: "example", ref: el.dataset.ref, ...request }, (result) => {
    el.querySelector(".tf-body").innerHTML = sprited(result.html); // engine-rendered, escaped HTML
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
  }, () => exampleAnswer(el, request));
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
      const message = el.querySelector(".tf-variant-message"); // the engine's answer puts a new one in its place
      if (message && engineState() !== "ready") message.textContent = WAITING_FOR_RULES;
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
// Finished lessons are kept in localStorage (a done mark in every progress list); where each lesson
// of this visit stands is kept in sessionStorage, so going back to the page finds it where it was.
const DONE_KEY = "trionfi.lessons.v1";
const placeKey = (el) => `trionfi.lesson.${el.id}.${el.dataset.lesson}`;

function finished() {
  try {
    const done = JSON.parse(localStorage.getItem(DONE_KEY) || "{}");
    return done && typeof done === "object" ? done : {};
  } catch {
    return {};
  }
}

function keep(key, value, store = localStorage) {
  try {
    store.setItem(key, value);
  } catch {
    /* private mode or a full storage: nothing is kept, the lesson still works */
  }
}

function showProgress() {
  const done = finished();
  document.querySelectorAll(".tf-progress-list").forEach((list) => {
    const items = [...list.querySelectorAll("li[data-lesson]")];
    items.forEach((item) => (item.querySelector(".tf-done-mark").hidden = !done[item.dataset.lesson]));
    const count = list.querySelector(".tf-progress-count");
    count.textContent = `練習 ${items.filter((item) => done[item.dataset.lesson]).length} / ${count.dataset.total} 済み`;
  });
}

function forget(game) {
  const done = finished();
  Object.keys(done).filter((id) => id.startsWith(`${game}-`)).forEach((id) => delete done[id]);
  keep(DONE_KEY, JSON.stringify(done));
  showProgress();
}

function showLesson(el, result) {
  el.querySelector(".tf-body .tf-view").innerHTML = sprited(result.html); // engine-rendered, escaped HTML
  el.querySelector(".tf-lesson-log").innerHTML = sprited(result.log);
  el.dataset.n = result.n;
  el.dataset.code = result.code;
  el.dataset.done = String(result.done);
  keep(placeKey(el), result.code, sessionStorage);
  el.querySelector(".tf-next-lesson").hidden = !result.done;
  if (result.done) {
    keep(DONE_KEY, JSON.stringify({ ...finished(), [el.dataset.lesson]: true }));
    showProgress();
    revealStepwise(el);
  }
}

// After every answer the next decision gets the focus, and the hand and the feedback are scrolled
// into view together (on a phone the table above may leave the screen, the hand never).
function nextDecision(el) {
  const target = el.querySelector(".tf-view .tf-hand button[data-legal=true], .tf-view .tf-words button")
    ?? el.querySelector(".tf-next-lesson:not([hidden]) a");
  target?.focus({ preventScroll: true });
  el.querySelector(".tf-feedback").scrollIntoView({ block: "nearest" });
}

// Until the engine is ready, a lesson answers from the answers the build precomputed (answers.js).
function mountLesson(el) {
  const start = el.dataset.code; // the lesson's first position, as the page was built
  fetchAnswers();
  const ask = (request, apply) => run(el, request, apply, undefined, () => lessonAnswer(el, request));
  const load = (request) => ask({ op: "lesson", ref: el.dataset.ref, ...request }, (result) => {
    feedback(el, "");
    showLesson(el, result);
  });
  const attempt = (action) => ask({ op: "lesson_try", ref: el.dataset.ref, n: Number(el.dataset.n), action },
    (result) => {
      if (!result.ok) return feedback(el, result.message, result.kind), nextDecision(el);
      showLesson(el, result);
      feedback(el, "正解です。", "ok");
      nextDecision(el);
    });
  el.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !el.contains(button)) return;
    if (el.querySelector("[data-action=capture]") && pickCapture(el, button, attempt)) return;
    if (button.dataset.card) attempt(button.dataset.card);
    else if (button.dataset.word) attempt(button.dataset.word);
    else if (button.dataset.action === "restart") {
      // a lesson half done asks before it starts again; one not begun or finished starts at once
      const begun = el.dataset.code !== start && el.querySelector(".tf-next-lesson")?.hidden !== false;
      if (begun) askFirst(el, "この練習を最初からやり直しますか？ ここまで進めた手は消えます。", "最初からやり直す", () => load({ n: 0 }));
      else load({ n: 0 });
    }
  });
  return (code) => load({ code });
}

// A lesson this visit already moved through reopens where it was (back/forward, or the page again).
function resumeLesson(el, open) {
  let place = null;
  try {
    place = sessionStorage.getItem(placeKey(el));
  } catch {
    /* storage blocked: the lesson opens at its start */
  }
  if (place && place !== el.dataset.code) open(place);
}

function mountProgress(list) {
  if (list.dataset.mounted) return;
  list.dataset.mounted = "1";
  list.querySelector("[data-action=reset-progress]").addEventListener("click", () => forget(list.dataset.game));
}

function mount(el) {
  if (el.dataset.mounted) return;
  el.dataset.mounted = "1";
  if (el.dataset.widget === "table") return mountTable(el);
  if (el.dataset.widget === "pad") return mountPad(el);
  const open = el.dataset.widget === "lesson" ? mountLesson(el) : mountExample(el);
  el.querySelector("[data-action=share]").addEventListener("click", () => share(el));
  const params = new URLSearchParams(location.search);
  if (params.get("w") === el.id && params.get("s")) {
    open(params.get("s"), params.get("r"));
    if (location.hash === `#${el.id}`) el.scrollIntoView();
  } else if (el.dataset.widget === "lesson") {
    resumeLesson(el, open);
  }
}

window.document$.subscribe(() => {
  document.querySelectorAll(".trionfi-widget").forEach(mount);
  document.querySelectorAll(".tf-progress-list").forEach(mountProgress);
  showProgress();
});
