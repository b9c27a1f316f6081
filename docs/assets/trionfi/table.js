// The practice table (対局練習): the reader plays whole deals against the engine's computer
// opponents.  The engine is stateless; this widget keeps the deal number, the reader's seat, the
// share code of the deal so far and the game's running total, in the page and in localStorage
// (so a reload or a later visit finds the table as it was).  All HTML comes from the engine.
import { feedback, keepAside, pickCapture, run } from "./client.js";

const STORE_VERSION = 1;
const MAX_DEAL = 999999;
const storeKey = (el) => `trionfi.table.${el.dataset.game}`;

function randomDeal() {
  return 1 + Math.floor(Math.random() * MAX_DEAL);
}

const backupKey = (el) => `${storeKey(el)}.unreadable`;
const unkept = new WeakSet(); // tables whose unreadable record could not be copied aside: never saved over

// What is kept between visits: { data } when it can be read, { raw } when it cannot (a record that is not
// JSON or of another version), {} when there is none.
function load(el) {
  let raw = null;
  try {
    raw = localStorage.getItem(storeKey(el));
  } catch {
    return {};
  }
  if (!raw) return {};
  try {
    const data = JSON.parse(raw);
    if (data === null) return {};
    if (typeof data !== "object" || data.v !== STORE_VERSION || !Array.isArray(data.match)) return { raw };
    return { data, raw };
  } catch {
    return { raw };
  }
}

// A record the table cannot use is copied aside and offered for download before the first move saves over it.
function setAside(el, raw, why) {
  if (!keepAside(el, backupKey(el), raw, why, `trionfi-table-${el.dataset.game}-unreadable.txt`)) unkept.add(el);
}

function save(el, table) {
  if (unkept.has(el)) return;
  try {
    localStorage.setItem(storeKey(el), JSON.stringify({ v: STORE_VERSION, ...table }));
  } catch {
    /* private mode or a full storage: the table still works, it is just not kept */
  }
}

function chosen(el) {
  const variants = {};
  el.querySelectorAll(".tf-table-settings select[data-variant]").forEach((s) => (variants[s.dataset.variant] = Number(s.value)));
  const rounds = el.querySelector("select[data-setting=rounds]");
  return { variants, rounds: rounds ? Number(rounds.value) : 0, seat: Number(el.querySelector("select[data-setting=seat]").value) };
}

export function mountTable(el) {
  const table = { deal: Number(el.dataset.deal), seat: Number(el.dataset.seat), code: el.dataset.code, start: el.dataset.start,
    rounds: 0, match: [], done: false, marks: true };
  const marks = el.querySelector("input[data-setting=marks]");

  const show = (result) => {
    el.querySelector(".tf-body").innerHTML = result.html; // engine-rendered, escaped HTML
    Object.assign(table, { deal: result.deal, seat: result.seat, code: result.code, start: result.start, done: result.done,
      nextSeat: result.next_seat, gameOver: result.game_over });
    if (result.done && !table.match.some((row) => row.deal === result.deal)) {
      table.match.push({ deal: result.deal, points: result.result });
    }
    el.dataset.code = result.code;
    el.dataset.done = String(result.done);
    el.querySelector("[data-action=next-deal]").hidden = !result.done || result.game_over;
    save(el, table);
    const next = el.querySelector(".tf-hand button[data-legal=true], .tf-words button, .tf-sheet");
    next?.focus?.({ preventScroll: true });
    el.querySelector(".tf-trick")?.scrollIntoView({ block: "nearest" });
  };
  const ask = (what, extra = {}, refused = undefined) => run(el, {
    op: "table", game: el.dataset.game, do: what, deal: table.deal, seat: table.seat, code: table.code,
    marks: table.marks, match: table.match, rounds: table.rounds, ...extra,
  }, (result) => {
    if (result.illegal) return feedback(el, result.illegal, "illegal");
    if (result.hint) return showHint(el, result.hint);
    feedback(el, what === "undo" ? "1手戻しました。" : "");
    show(result);
  }, refused);

  const newGame = (deal, settings) => {
    Object.assign(table, { match: [], rounds: settings.rounds });
    ask("new", { deal, seat: settings.seat, variants: settings.variants });
  };

  el.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !el.contains(button)) return;
    const attempt = (action) => ask("play", { action });
    if (el.querySelector(".tf-body [data-action=capture]") && pickCapture(el, button, attempt)) return;
    if (button.dataset.card) return attempt(button.dataset.card);
    if (button.dataset.word) return attempt(button.dataset.word);
    const action = button.dataset.action;
    if (action === "hint") ask("hint");
    else if (action === "undo") ask("undo");
    else if (action === "restart") ask("open", { code: table.start });
    else if (action === "next-deal") ask("new", { deal: randomDeal(), seat: table.nextSeat, variants: chosen(el).variants });
    else if (action === "new-deal") newGame(randomDeal(), chosen(el));
    else if (action === "new-game") {
      const typed = Number(el.querySelector("input[data-setting=deal]").value);
      newGame(Number.isInteger(typed) && typed >= 1 && typed <= MAX_DEAL ? typed : randomDeal(), chosen(el));
    } else if (action === "share") shareLink(el, table, table.code, "この局面へのリンク");
    else if (action === "share-deal") shareLink(el, table, table.start, "このディールを最初から遊ぶリンク");
  });
  marks.addEventListener("change", () => {
    table.marks = marks.checked;
    ask("open");
  });

  const params = new URLSearchParams(location.search);
  const { data: stored, raw } = load(el);
  if (raw && !stored) setAside(el, raw, "前回の対局の記録が読めなかったので、新しいディールから始めます。");
  if (params.get("w") === el.id && params.get("s")) {
    table.match = stored?.match ?? [];
    ask("open", { code: params.get("s"), deal: Number(params.get("d")), seat: Number(params.get("p")) });
    if (location.hash === `#${el.id}`) el.scrollIntoView();
  } else if (stored) {
    const fresh = { ...table };
    Object.assign(table, stored);
    marks.checked = table.marks !== false;
    // A record the engine refuses (a total no deal can make) cannot be continued: the table starts afresh
    // from the deal on the page, the record set aside first.
    ask("open", {}, (message, refusal) => {
      if (!refusal) return false; // the engine could not be asked: the record may be fine
      Object.assign(table, fresh);
      marks.checked = true;
      setAside(el, raw, `前回の対局の記録を続けられないので、新しいディールから始めます（${message.replace(/。$/, "")}）。`);
      return true;
    });
  }
}

// The hint names the rule of thumb; the card (or word) it suggests is outlined in the hand.
function showHint(el, hint) {
  feedback(el, hint.text, "other");
  el.querySelectorAll(".tf-hinted").forEach((b) => b.classList.remove("tf-hinted"));
  const words = hint.action.split(" "); // "SK", "discard SK", "keep" or "T15 x SK D3"
  const take = words.indexOf("x");
  const main = take > 0 ? words[take - 1] : words[words.length - 1];
  const mark = (selector) => el.querySelector(selector)?.classList.add("tf-hinted");
  mark(`.tf-body button[data-card="${CSS.escape(main)}"], .tf-body button[data-word="${CSS.escape(main)}"]`);
  if (take > 0) words.slice(take + 1).forEach((c) => mark(`.tf-body button[data-pick="${CSS.escape(c)}"]`));
}

function shareLink(el, table, code, what) {
  const url = new URL(location.href);
  url.search = "";
  url.searchParams.set("w", el.id);
  url.searchParams.set("d", String(table.deal));
  url.searchParams.set("p", String(table.seat));
  url.searchParams.set("s", code);
  url.hash = el.id;
  history.replaceState(history.state, "", url.href);
  const done = () => feedback(el, `${what}をアドレス欄に表示しました（コピー済み）。`);
  (navigator.clipboard?.writeText(url.href) ?? Promise.reject()).then(done, () =>
    feedback(el, `${what}をアドレス欄に表示しました。`));
}
