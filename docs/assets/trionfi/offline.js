// Registers the site's service worker (/sw.js, #27: the whole site after one visit, the engine after
// its first boot, with the network off) and offers a new version of the site when one is waiting:
// 「新しい版があります — 再読み込み」 replaces the waiting worker's turn with a reload, so that a tab never
// mixes two versions.  Loaded once on every page (extra_javascript); follows Material's instant
// navigation through document$.
const ROOT = new URL("../../", import.meta.url);
const CHECK_EVERY_MS = 60_000; // instant navigation loads no page, so the browser would not look for updates
const workers = navigator.serviceWorker;
let asked = false; // the reader pressed 再読み込み: the next worker's arrival reloads the page
let engineReady = false;
let checked = 0;

// ``waiting``: the new version's worker, or null when it already took over (another tab asked for it).
function offer(waiting) {
  if (document.querySelector(".tf-update")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "tf-update md-button md-button--primary";
  button.textContent = "新しい版があります — 再読み込み";
  Object.assign(button.style, { position: "fixed", insetInline: "0", bottom: "1rem", margin: "0 auto",
    width: "max-content", maxWidth: "calc(100% - 2rem)", zIndex: "5", background: "var(--md-primary-fg-color)",
    color: "var(--md-primary-bg-color)", boxShadow: "var(--md-shadow-z2)" });
  button.addEventListener("click", () => {
    if (!waiting) return location.reload(); // the new version already serves this tab
    asked = true;
    button.disabled = true;
    waiting.postMessage({ type: "skip-waiting" });
  });
  document.body.append(button);
}

// The engine's files reach the caches through the worker only if it controlled the page when the boot
// fetched them: on a first visit, ask it to copy whatever is missing once both are there.
function warm() {
  if (engineReady) workers.controller?.postMessage({ type: "warm" });
}

function watch(registration) {
  const check = () => registration.waiting && workers.controller && offer(registration.waiting);
  check();
  registration.addEventListener("updatefound", () => {
    const next = registration.installing;
    next?.addEventListener("statechange", check);
  });
  window.document$?.subscribe(() => {
    check(); // Material replaced the page's body content: show the offer again
    if (performance.now() - checked < CHECK_EVERY_MS) return;
    checked = performance.now();
    registration.update().catch(() => {}); // offline: nothing to compare with
  });
}

if (workers) {
  const before = workers.controller; // a page a previous version's worker served
  workers.addEventListener("controllerchange", () => {
    if (asked) return location.reload();
    if (before) return offer(null); // another tab took the new version: this page is older than its worker
    warm(); // the first visit: the worker now controls this page
  });
  addEventListener("trionfi:engine-ready", () => {
    engineReady = true;
    warm();
  });
  addEventListener("load", () => {
    checked = performance.now();
    // (no registration when the browser refuses service workers: the site then works online only)
    workers.register(new URL("sw.js", ROOT), { scope: ROOT.pathname }).then((r) => r && watch(r), () => {});
  }, { once: true });
}
