// Starts the engine before the reader asks (#18, #27): on every page with a widget, once the page has
// loaded and the browser is idle, the worker boots Pyodide in the background, wherever the reader has
// scrolled, so that the first click (a lesson's card, a practice move further down, the pad's first
// deal, an example's first step) is answered at once.  Not when the reader asked to save data (Save-Data,
// prefers-reduced-data) or on a 2g connection — the download is about 14 MB, 6 MB compressed — where the
// widget says that its first use starts it, and not when the reader turned it off with the footer switch
// 「計算エンジンを先に読み込む」 (kept in localStorage).  The one worker of the tab (client.js) serves
// every widget.  widget.js imports this module; like it, it follows Material's instant navigation
// through document$.
import { bootEngine, engineState, probe, setState, waitForBoot } from "./client.js";

const IDLE_TIMEOUT_MS = 3000; // the longest wait for an idle moment after the page's load
const SETTING = "trionfi.preload"; // "off" once the reader turned the preload off

let tried = false; // one background boot per visit: after a failure, the next click tries again
let pending = 0; // the idle callback of the current page, if any
let off = null; // the switch as the reader left it (read once; storage may be blocked)

function turnedOff() {
  if (off === null) {
    try {
      off = localStorage.getItem(SETTING) === "off";
    } catch {
      off = false;
    }
  }
  return off;
}

function turnOff(value) {
  off = value;
  try {
    if (value) localStorage.setItem(SETTING, "off");
    else localStorage.removeItem(SETTING);
  } catch {
    /* storage blocked: the switch holds until the page is reloaded */
  }
}

// Why the download waits for the reader's first use, in the widget's words, or "" when it need not.
function dataSaving() {
  const connection = navigator.connection;
  if (connection?.saveData || matchMedia("(prefers-reduced-data: reduce)").matches) {
    return "データ通信量を節約する設定になっているため、";
  }
  if (["slow-2g", "2g"].includes(connection?.effectiveType)) return "通信が遅いため、";
  return "";
}

// A widget's status line follows the boot: progress, then 準備完了 (or its first words again if
// the boot failed and nobody is waiting for an answer, since the reader did not ask for it).
function follow(el) {
  const idle = el.querySelector(".tf-status")?.textContent;
  if (idle === undefined) return; // a widget without a status line has no boot to show
  waitForBoot(el).then(() => setState(el, "ready", "準備完了"), () => {
    if (el.dataset.state === "loading" && el.getAttribute("aria-busy") !== "true") setState(el, "idle", idle);
  });
}

function preload() {
  pending = 0;
  if (engineState() !== "idle" || tried || turnedOff() || dataSaving()) return; // a click started it meanwhile
  tried = true;
  probe.timings.preloadStart = performance.now();
  document.querySelectorAll(".trionfi-widget").forEach(follow);
  bootEngine().then(() => (probe.timings.preloadReady = performance.now()), () => {});
}

const whenIdle = (run) => (window.requestIdleCallback
  ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
  : setTimeout(run, 200));

// After the page's load event (the page's own bytes and pictures come first), at the browser's next idle moment.
function schedule() {
  if (pending || tried || engineState() !== "idle" || turnedOff()) return;
  if (document.readyState === "complete") pending = whenIdle(preload);
  else addEventListener("load", schedule, { once: true });
}

function watchWidgets() {
  const widgets = document.querySelectorAll(".trionfi-widget");
  if (!widgets.length) return;
  if (engineState() === "ready") return widgets.forEach((el) => setState(el, "ready", "準備完了"));
  if (engineState() === "booting") return widgets.forEach(follow);
  const why = dataSaving();
  if (!why) return schedule();
  widgets.forEach((el) => { // the widget says when it loads: at its first use
    const status = el.querySelector(".tf-status");
    if (!status || status.dataset.state !== "idle" || status.dataset.saving) return;
    const size = status.textContent.match(/約[\d.]+MB/)?.[0] ?? "";
    status.dataset.saving = "true";
    status.textContent = `${why}Python 実行環境（${size ? `${size}、` : ""}初回のみ）は最初に操作したときに読み込みます。`;
  });
}

// The switch sits in the footer of every page (Material replaces the footer on each navigation).
function renderSwitch() {
  const footer = document.querySelector(".md-footer-meta__inner") ?? document.querySelector(".md-footer");
  if (!footer || footer.querySelector(".tf-preload-switch")) return;
  const box = document.createElement("input");
  box.type = "checkbox";
  box.checked = !turnedOff();
  Object.assign(box.style, { width: "1rem", height: "1rem", margin: "0" });
  box.addEventListener("change", () => {
    turnOff(!box.checked);
    watchWidgets();
  });
  const label = document.createElement("label");
  label.className = "tf-preload-switch";
  label.append(box, "計算エンジンを先に読み込む");
  Object.assign(label.style, { display: "flex", alignItems: "center", gap: ".5em", margin: "0 .6rem",
    padding: ".4rem 0", fontSize: ".64rem", color: "var(--md-footer-fg-color)", cursor: "pointer" });
  footer.append(label);
}

window.document$.subscribe(() => {
  renderSwitch();
  watchWidgets();
});
