// Starts the engine before the reader asks (#18): once a widget is on screen and the reader has
// been idle for 2 s, the worker boots Pyodide in the background, so that the first click is
// answered at once.  Not with Save-Data or on a 2g connection (the download is about 14 MB, 6 MB
// compressed), and not when the reader turned it off with the footer switch
// 「計算エンジンを先に読み込む」 (kept in localStorage).  widget.js imports this module; like it,
// it follows Material's instant navigation through document$.
import { bootEngine, engineState, probe, setState, waitForBoot } from "./client.js";

const IDLE_MS = 2000;
const SETTING = "trionfi.preload"; // "off" once the reader turned the preload off
const INPUT = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"];

const onScreen = new Set();
let observer = null;
let timer = 0;
let tried = false; // one background boot per visit: after a failure, the next click tries again
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

function slowConnection() {
  const connection = navigator.connection;
  return Boolean(connection && (connection.saveData || ["slow-2g", "2g"].includes(connection.effectiveType)));
}

// Runs on every input and whenever a widget enters or leaves the screen: the boot starts after 2 s
// of quiet with a widget on screen.
function rearm() {
  clearTimeout(timer);
  const wanted = onScreen.size && !tried && engineState() === "idle" && !turnedOff() && !slowConnection();
  timer = wanted ? setTimeout(preload, IDLE_MS) : 0;
}

// A widget's status line follows the boot: progress, then 準備完了 (or its first words again if
// the boot failed and nobody is waiting for an answer, since the reader did not ask for it).
function follow(el) {
  const idle = el.querySelector(".tf-status").textContent;
  waitForBoot(el).then(() => setState(el, "ready", "準備完了"), () => {
    if (el.dataset.state === "loading" && el.getAttribute("aria-busy") !== "true") setState(el, "idle", idle);
  });
}

function preload() {
  if (engineState() !== "idle") return; // a click started it meanwhile
  tried = true;
  probe.timings.preloadStart = performance.now();
  document.querySelectorAll(".trionfi-widget").forEach(follow);
  bootEngine().then(() => (probe.timings.preloadReady = performance.now()), () => {});
}

function watchWidgets() {
  observer?.disconnect();
  onScreen.clear();
  const widgets = document.querySelectorAll(".trionfi-widget");
  if (engineState() === "ready") widgets.forEach((el) => setState(el, "ready", "準備完了"));
  if (engineState() === "booting") widgets.forEach(follow);
  observer = new IntersectionObserver((entries) => {
    entries.forEach((entry) => (entry.isIntersecting ? onScreen.add(entry.target) : onScreen.delete(entry.target)));
    rearm();
  });
  widgets.forEach((el) => observer.observe(el));
  rearm(); // a timer of the page before must not fire here
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
    rearm();
  });
  const label = document.createElement("label");
  label.className = "tf-preload-switch";
  label.append(box, "計算エンジンを先に読み込む");
  Object.assign(label.style, { display: "flex", alignItems: "center", gap: ".5em", margin: "0 .6rem",
    padding: ".4rem 0", fontSize: ".64rem", color: "var(--md-footer-fg-color)", cursor: "pointer" });
  footer.append(label);
}

INPUT.forEach((type) => addEventListener(type, rearm, { capture: true, passive: true }));
window.document$.subscribe(() => {
  renderSwitch();
  watchWidgets();
});
