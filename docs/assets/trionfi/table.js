// The practice table (対局練習): the reader plays whole deals against the engine's computer
// opponents.  The engine is stateless; this widget keeps the deal number, the reader's seat, the
// share code of the deal so far and the game's running total, in the page and in localStorage
// (so a reload or a later visit finds the table as it was).  All HTML comes from the engine.
import { showChart } from "./chart.js";
import { clearPicks, engineCall, engineState, feedback, keepAside, pickCapture, run } from "./client.js";
import { sprited } from "./sprite.js";

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

// How fast the computers' cards appear (kept in localStorage): ms per card, and how long a finished trick
// stays when the reader does not play next.  一手ずつ: each card on a click of 「次の手を見る」.
const SPEEDS = { fast: ["速い", 200, 500], normal: ["普通", 600, 1500], slow: ["ゆっくり", 1200, 2500], step: ["一手ずつ", 0, 0] };
const SPEED_KEY = "trionfi.table.speed";

function storedSpeed() {
  try {
    const speed = localStorage.getItem(SPEED_KEY);
    return speed in SPEEDS ? speed : "normal";
  } catch {
    return "normal";
  }
}

// The sticky header's bottom edge: nothing the reader must see may sit above it.
const headerBottom = () => Math.max(0, document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0);

// Scrolls as little as needed so that [top, bottom] (viewport coordinates) lies between the header and the
// bottom edge; when it cannot fit, its top goes just under the header.
function bringIntoView(top, bottom) {
  const upper = headerBottom() + 8;
  const lower = innerHeight - 8;
  if (top >= upper && bottom <= lower) return;
  window.scrollBy({ top: top < upper || bottom - top > lower - upper ? top - upper : bottom - lower, behavior: "instant" });
}

// After a move: the status line, the trick and the hand (or the words to choose) on screen together when
// they fit, else from whose turn it is (the status line's last words), else from the trick.
function keepTableInView(el) {
  const body = el.querySelector(".tf-body");
  const rect = (selector) => body.querySelector(selector)?.getBoundingClientRect();
  const hands = body.querySelectorAll(":scope > .tf-hand");
  const lower = [".tf-trick", ".tf-feedback", ":scope > .tf-words", ":scope > .tf-sheet:not(.tf-match)"].map(rect)
    .concat(hands.length ? [hands[hands.length - 1].getBoundingClientRect()] : []).filter((r) => r?.height);
  if (!lower.length) return;
  const bottom = Math.max(...lower.map((r) => r.bottom));
  const room = innerHeight - headerBottom() - 16;
  const top = [rect(".tf-table-status"), rect(".tf-table-status strong"), rect(".tf-trick")]
    .find((r) => r?.height && bottom - r.top <= room) ?? rect(".tf-trick") ?? lower[0];
  bringIntoView(top.top, bottom);
}

// A box the reader must read now (a refusal, a hint), inside the viewport and below the header, with the cards
// it speaks of (a hint's outlined cards, on the table as well as in the hand); when they cannot all fit, from
// the highest of them down, so that no card to tap is above the screen.
function revealBox(box, cards = []) {
  const rects = [box, ...cards].map((e) => e.getBoundingClientRect()).filter((r) => r.height);
  if (rects.length) bringIntoView(Math.min(...rects.map((r) => r.top)), Math.max(...rects.map((r) => r.bottom)));
}

export function mountTable(el) {
  const table = { deal: Number(el.dataset.deal), seat: Number(el.dataset.seat), code: el.dataset.code, start: el.dataset.start,
    rounds: 0, match: [], done: false, marks: true };
  const marks = el.querySelector("input[data-setting=marks]");
  const body = el.querySelector(".tf-body");
  const box = el.querySelector(".tf-feedback");
  const coach = el.querySelector(".tf-coach");
  const newDeal = el.querySelector("[data-action=new-deal]");
  let speed = storedSpeed();
  let pace = null; // the computers' moves being shown: { steps, index, timer, result }
  let lastTrick = ""; // the last finished trick as drawn (「直前のトリック」)
  let queued = null; // a click made while the engine was starting: run once it is ready
  let reviewing = 0; // the review under way (its number; a new deal or a reopened position ends it)

  // The coach's extra controls: the speed, the last trick, and (for 一手ずつ) the next card.
  const speedLabel = document.createElement("label");
  speedLabel.className = "tf-marks tf-speed";
  speedLabel.append("コンピューターの速さ ");
  const speedSelect = document.createElement("select");
  speedSelect.dataset.setting = "speed";
  for (const [key, [label]] of Object.entries(SPEEDS)) speedSelect.add(new Option(label, key, false, key === speed));
  speedLabel.append(speedSelect);
  const lastButton = Object.assign(document.createElement("button"),
    { type: "button", className: "md-button", textContent: "直前のトリック", hidden: true });
  lastButton.dataset.action = "last-trick";
  lastButton.setAttribute("aria-expanded", "false");
  const stepButton = Object.assign(document.createElement("button"),
    { type: "button", className: "md-button md-button--primary", textContent: "次の手を見る", hidden: true });
  stepButton.dataset.action = "next-move";
  const lastBox = Object.assign(document.createElement("div"), { className: "tf-last-trick", hidden: true });
  lastBox.setAttribute("aria-label", "直前のトリック");
  lastBox.setAttribute("role", "region");
  const chartBox = Object.assign(document.createElement("div"), { className: "tf-chart", hidden: true }); // the game's running totals
  coach.append(lastButton, stepButton, speedLabel);
  speedSelect.addEventListener("change", () => {
    speed = speedSelect.value;
    try {
      localStorage.setItem(SPEED_KEY, speed);
    } catch {
      /* not kept: the choice holds for this page */
    }
  });

  // Engine HTML goes into the body; the feedback line and the coach's buttons sit next to the hand (above the
  // prompt and the cards to choose, with the buttons under them), where the eye is; the last trick opens right
  // under its button, so a press shows it where the reader looks.
  const draw = (html) => {
    box.remove();
    coach.remove();
    lastBox.remove();
    body.innerHTML = sprited(html); // engine-rendered, escaped HTML (cards from the page's sprite)
    body.querySelector(":scope > .tf-match-verdict")?.after(chartBox); // drawn by show() from the answer's numbers
    const prompt = body.querySelector(":scope > .tf-choice-label, :scope > .tf-pile-label, :scope > .tf-hand, :scope > .tf-words, :scope > .tf-sheet");
    if (prompt) prompt.before(box);
    else body.append(box);
    const log = body.querySelector(":scope > .tf-log, :scope > .tf-match");
    if (log) log.before(coach, lastBox);
    else body.append(coach, lastBox);
    // the running counts and the notes on the hand read after the hand: trick, prompt and hand stay together
    if (prompt?.matches(".tf-choice-label, .tf-pile-label, .tf-hand, .tf-words")) {
      body.querySelectorAll(":scope > .tf-tally, :scope > .tf-notes").forEach((info) => coach.before(info));
    }
    const won = body.querySelector(".tf-trick .tf-winner");
    if (won) {
      const caption = won.closest(".tf-trick").nextElementSibling;
      lastTrick = won.closest(".tf-trick").outerHTML + (caption?.matches(".tf-caption") ? caption.outerHTML : "");
    }
    const events = body.querySelector(":scope > .tf-events");
    if (events) {  // the latest moves, when the list scrolls (which the keyboard can do too)
      events.tabIndex = 0;
      events.scrollTop = events.scrollHeight;
    }
    lastButton.hidden = !lastTrick;
    lastBox.hidden = true;
    lastButton.setAttribute("aria-expanded", "false");
  };
  draw(body.innerHTML);

  const show = (result) => {
    draw(result.html);
    Object.assign(table, { deal: result.deal, seat: result.seat, code: result.code, start: result.start, done: result.done,
      nextSeat: result.next_seat, gameOver: result.game_over });
    const recorded = table.match.some((row) => row.deal === result.deal);
    if (result.done && !recorded) table.match.push({ deal: result.deal, points: result.result });
    showChart(chartBox, result.chart.sides, result.chart.running);
    // A deal played again (from the review or from its start) ends with a new sheet; the game keeps the first.
    if (result.done && recorded && result.review) {
      feedback(el, "打ち直したディールが終わりました。この結果は練習のためのもので、ゲームの得点の記録は最初に打ち終えたときの得点のままです。");
    }
    el.dataset.code = result.code;
    el.dataset.done = String(result.done);
    el.querySelector("[data-action=next-deal]").hidden = !result.done || result.game_over;
    // After a deal the buttons say what they do: 次のディール goes on with the game, 新しいゲーム starts over.
    newDeal.textContent = result.done ? "新しいゲーム" : "新しいディール";
    save(el, table);
    const next = el.querySelector(".tf-hand button[data-legal=true], .tf-words button, .tf-sheet");
    next?.focus?.({ preventScroll: true });
    if (result.review) review();
    else if (result.done) offerReview();
  };

  // The computers' moves one at a time; the reader's answer (``result``) is drawn at the end.
  const finish = () => {
    if (!pace) return;
    clearTimeout(pace.timer);
    const { result } = pace;
    pace = null;
    stepButton.hidden = true;
    el.dataset.pacing = "false";
    show(result);
    if (result.scroll) keepTableInView(el);
  };
  const advance = () => {
    if (!pace) return;
    if (pace.index >= pace.steps.length) return finish();
    const step = pace.steps[pace.index++];
    draw(step.html);
    keepTableInView(el);
    const [, each, held] = SPEEDS[speed];
    if (speed === "step") {
      stepButton.hidden = false;
      return;
    }
    const next = pace.steps[pace.index];
    pace.timer = setTimeout(advance, step.won && next ? held : each);
  };
  const present = (result, paced) => {
    finish();
    if (!paced || !result.steps?.length) {
      show(result);
      if (result.scroll) keepTableInView(el);
      return;
    }
    pace = { steps: result.steps, index: 0, timer: 0, result };
    el.dataset.pacing = "true";
    advance();
  };

  const ask = (what, extra = {}, refused = undefined) => run(el, {
    op: "table", game: el.dataset.game, do: what, deal: table.deal, seat: table.seat, code: table.code,
    marks: table.marks, match: table.match, rounds: table.rounds, ...extra,
  }, (result) => {
    if (result.illegal) {
      clearPicks(el);
      feedback(el, result.illegal, "illegal");
      return revealBox(box);
    }
    if (result.hint) {
      clearPicks(el);
      showHint(el, result.hint);
      return revealBox(box, el.querySelectorAll(".tf-hinted"));
    }
    feedback(el, what === "undo" ? "1手戻しました。" : extra.note ?? "");
    // the reader's own request moves the view to the table; a reload or a link does not
    Object.assign(result, { review: result.done && what !== "open", scroll: what !== "open" || Boolean(extra.note) });
    present(result, what === "play" || what === "new");
  }, refused).finally(() => {
    el.querySelectorAll(".tf-waiting").forEach((b) => b.classList.remove("tf-waiting"));
    const then = queued;
    queued = null;
    then?.();
  });

  // 振り返り: the reader's decisions the coach would have made otherwise, asked one decision at a time
  // (the table stays free between them): the clear costs biggest first, the choices without a clear cost in
  // one line, and the decisions the coach could not weigh apart from both.
  const reviewSection = () => {
    body.querySelector(".tf-review")?.remove();
    const section = document.createElement("section");
    section.className = "tf-review";
    section.setAttribute("aria-label", "振り返り");
    (body.querySelector(":scope > .tf-sheet") ?? body.lastElementChild)?.after(section);
    return section;
  };
  // A finished deal opened from a link or a reload: the review waits for the reader to ask.
  const offerReview = () => {
    reviewSection().innerHTML = '<h4>振り返り</h4><p>あなたの選んだ手をコーチの考えと比べ、違った手とその損得を示します。</p>'
      + '<p><button type="button" class="md-button" data-action="review-start">振り返りを見る</button></p>';
  };
  const review = async () => {
    const mine = ++reviewing;
    const code = table.code;
    delete el.dataset.reviewed;
    const section = reviewSection();
    section.innerHTML = '<h4>振り返り</h4><p class="tf-review-progress" role="status" aria-live="polite"></p>'
      + '<div class="tf-review-found"></div>';
    const progress = section.querySelector(".tf-review-progress");
    const shown = section.querySelector(".tf-review-found");
    progress.textContent = "あなたの選んだ手を、コーチの考えと比べています…";
    const found = [];
    let from = 0;
    while (from !== null) {
      let answer;
      try {
        answer = await engineCall(el, { op: "table", game: el.dataset.game, do: "review", deal: table.deal, seat: table.seat,
          code, marks: table.marks, match: table.match, rounds: table.rounds, from });
      } catch (error) {
        progress.textContent = `振り返りを作れませんでした（${error.message}）`;
        return;
      }
      if (mine !== reviewing || table.code !== code || !section.isConnected) return;
      if (answer.review.length) {
        found.push(...answer.review);
        shown.replaceChildren(...reviewParts(el, table, found));
      }
      from = answer.next;
      if (from !== null) progress.textContent = `あなたの選んだ手を、コーチの考えと比べています…（${answer.moves}手のうち${from}手目まで）`;
    }
    progress.textContent = reviewSummary(found);
    el.dataset.reviewed = String(found.length);
  };

  const confirmThen = (question, yes, action) => askFirst(el, question, yes, action);
  const underWay = () => table.code !== table.start && !table.done;
  const gameUnderWay = () => !table.gameOver && (table.match.length > 0 || underWay());

  const newGame = (deal, settings) => {
    Object.assign(table, { match: [], rounds: settings.rounds });
    ask("new", { deal, seat: settings.seat, variants: settings.variants });
  };

  const handle = (button) => {
    const attempt = (action) => ask("play", { action });
    if (button.dataset.card) return attempt(button.dataset.card);
    if (button.dataset.word) return attempt(button.dataset.word);
    const action = button.dataset.action;
    if (action === "hint") ask("hint");
    else if (action === "undo") ask("undo");
    else if (action === "restart") {
      const go = () => ask("open", { code: table.start, note: "このディールを最初からやり直します。" });
      if (underWay()) confirmThen("このディールを最初からやり直しますか？ ここまでの手は消えます（ゲームの得点はそのままです）。", "最初からやり直す", go);
      else go();
    } else if (action === "next-deal") ask("new", { deal: randomDeal(), seat: table.nextSeat, variants: chosen(el).variants });
    else if (action === "new-deal") {
      if (table.done) {  // 新しいゲーム: the running total starts again
        const go = () => newGame(randomDeal(), chosen(el));
        if (gameUnderWay()) confirmThen("新しいゲームを始めますか？ このゲームの得点の記録は消えます。", "新しいゲームを始める", go);
        else go();
      } else {  // a fresh deal in the same game: the deal under way is dropped, the total kept
        const go = () => ask("new", { deal: randomDeal(), seat: table.seat, variants: chosen(el).variants });
        if (underWay()) confirmThen("このディールを途中でやめて、新しいディールを配りますか？ ゲームの得点はそのまま残ります。", "新しいディールを配る", go);
        else go();
      }
    } else if (action === "new-game") {
      const typed = Number(el.querySelector("input[data-setting=deal]").value);
      const go = () => newGame(Number.isInteger(typed) && typed >= 1 && typed <= MAX_DEAL ? typed : randomDeal(), chosen(el));
      if (gameUnderWay()) confirmThen("この設定で新しいゲームを始めますか？ いまのディールとゲームの得点の記録は消えます。", "新しいゲームを始める", go);
      else go();
    } else if (action === "share") shareLink(el, table, table.code, "この局面へのリンク");
    else if (action === "share-deal") shareLink(el, table, table.start, "このディールを最初から遊ぶリンク");
    else if (action === "review-start") review();
    else if (action === "review-open") {
      reviewing++;
      ask("open", { code: button.dataset.code,
        note: `振り返りの局面（${button.dataset.place}）です。ここからの結果は得点に入りません。` });
    } else if (action === "last-trick") {
      const open = lastBox.hidden;
      lastBox.innerHTML = open ? lastTrick : ""; // engine-rendered, escaped HTML kept from an earlier answer
      lastBox.hidden = !open;
      lastButton.setAttribute("aria-expanded", String(open));
      lastButton.textContent = open ? "直前のトリックを閉じる" : "直前のトリック";
      if (open) revealBox(lastBox, [lastButton]);
    }
  };

  el.addEventListener("click", (event) => {
    if (event.target.closest(".tf-confirm, a, label, summary")) return; // their own handlers, or none needed
    const button = event.target.closest("button");
    if (pace) {  // the reader's click finishes the computers' moves at once (一手ずつ: one more)
      if (button === stepButton) return advance();
      finish();
      if (!button || !el.contains(button) || !button.isConnected) return;
    }
    if (!button || !el.contains(button)) return;
    if (button.dataset.action === "next-move") return;
    if (el.querySelector(".tf-body [data-action=capture]") && pickCapture(el, button, (action) => ask("play", { action }))) return;
    if (el.getAttribute("aria-busy") === "true") {
      // The engine is still starting (or answering): the pressed button waits visibly and acts once it is free.
      if (engineState() === "ready" || button.dataset.action === "capture") return;
      el.querySelectorAll(".tf-waiting").forEach((b) => b.classList.remove("tf-waiting"));
      button.classList.add("tf-waiting");
      const label = button.querySelector("svg")?.getAttribute("aria-label") ?? button.textContent.trim();
      feedback(el, `計算エンジンの準備ができしだい「${label}」を実行します。`, "other");
      queued = () => handle(button);
      return;
    }
    if (engineState() !== "ready") button.classList.add("tf-waiting");
    handle(button);
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

// Nothing is lost by one click: leaving a deal under way, a game with a running total or a lesson half
// done asks first, in the page (a box under the widget's controls: 「yes」 or 「やめる」).
export function askFirst(el, question, yes, action) {
  el.querySelector(".tf-confirm")?.remove();
  const dialog = document.createElement("div");
  dialog.className = "tf-confirm";
  dialog.setAttribute("role", "alertdialog");
  dialog.setAttribute("aria-label", "確認");
  const text = Object.assign(document.createElement("p"), { textContent: question, id: `${el.id}-confirm` });
  dialog.setAttribute("aria-describedby", text.id);
  const button = (label, primary) => Object.assign(document.createElement("button"),
    { type: "button", className: `md-button${primary ? " md-button--primary" : ""}`, textContent: label });
  const ok = button(yes, true);
  const cancel = button("やめる", false);
  ok.dataset.confirm = "yes";
  cancel.dataset.confirm = "no";
  dialog.append(text, ok, cancel);
  el.querySelector(".tf-controls").after(dialog);
  ok.addEventListener("click", () => { dialog.remove(); action(); });
  cancel.addEventListener("click", () => { dialog.remove(); feedback(el, "そのまま続けます。"); });
  cancel.focus({ preventScroll: true });
  revealBox(dialog);
}

// An exact point count as the engine writes it ("13/2", "-3"); null (no estimate) sorts last.
function fraction(text) {
  if (text === null || text === undefined) return -Infinity;
  const [top, bottom = "1"] = String(text).split("/");
  return Number(top) / Number(bottom);
}

// The review as found so far: the clear costs (biggest first), the choices without a clear cost in one line,
// and the decisions not weighed, each part only when it has an entry.
function reviewParts(el, table, found) {
  const costs = found.filter((e) => e.kind === "cost").sort((a, b) => fraction(b.points) - fraction(a.points) || a.move - b.move);
  const even = found.filter((e) => e.kind === "even");
  const unknown = found.filter((e) => e.kind === "unknown");
  const parts = [];
  if (costs.length) {
    const list = Object.assign(document.createElement("ol"), { className: "tf-review-list" });
    list.append(...costs.map((e, i) => reviewEntry(el, table, e, `${i + 1}. `)));
    parts.push(list);
  }
  if (even.length) parts.push(evenLine(even));
  if (unknown.length) {
    const head = Object.assign(document.createElement("p"), { className: "tf-review-apart",
      textContent: "次の手は、見えていない札の配られ方を想像して打ち比べることができず、損得を見積もれませんでした。" });
    const list = Object.assign(document.createElement("ul"), { className: "tf-review-list" });
    list.append(...unknown.map((e) => reviewEntry(el, table, e, "")));
    parts.push(head, list);
  }
  return parts;
}

function reviewSummary(found) {
  if (!found.length) return "あなたの選んだ手は、すべてコーチと同じでした。";
  const costs = found.filter((e) => e.kind === "cost").length;
  return `コーチと違う手が${found.length}回ありました。`
    + (costs ? `はっきりした損のあった${costs}回を、損の大きい順に示します。` : "どれもはっきりした損にはなっていません。")
    + "「ここからやり直す」でその局面から打ち直せます（打ち直した結果は、このディールの得点には入りません）。";
}

function reopenButton(entry, text) {
  const again = Object.assign(document.createElement("button"), { type: "button", className: "md-button", textContent: text });
  again.dataset.action = "review-open";
  again.dataset.code = entry.code;
  again.dataset.place = entry.place;
  return again;
}

// The choices without a clear cost, in one line: each place a button back to its position, then the two choices.
function evenLine(even) {
  const line = Object.assign(document.createElement("p"), { className: "tf-review-even" });
  line.append(`コーチと違っても、はっきりした損のなかった手（${even.length}回、場所を押すとその局面からやり直せます）: `);
  even.forEach((entry, i) => {
    const again = reopenButton(entry, entry.place);
    again.setAttribute("aria-label", `${entry.place}からやり直す`);
    line.append(...(i ? ["、"] : []), again, `（あなた: ${entry.chose}／コーチ: ${entry.coach}）`);
  });
  return line;
}

// One 振り返り entry: the position, the two choices, the coach's reason, the cost, and the way back to it.
function reviewEntry(el, table, entry, number) {
  const item = document.createElement("li");
  item.className = "tf-review-entry";
  const head = Object.assign(document.createElement("p"), { className: "tf-review-head", textContent: `${number}${entry.place}: ${entry.head}` });
  const position = Object.assign(document.createElement("div"), { className: "tf-review-position" });
  position.innerHTML = sprited(entry.html); // engine-rendered, escaped HTML
  const choices = Object.assign(document.createElement("p"),
    { textContent: `あなたの手: ${entry.chose} ／ コーチの手: ${entry.coach}（${entry.rule}）` });
  const why = Object.assign(document.createElement("p"), { className: "tf-review-why", textContent: entry.why });
  const cost = Object.assign(document.createElement("p"), { className: "tf-review-cost", textContent: entry.cost });
  const link = Object.assign(document.createElement("a"), { className: "md-button tf-review-link", textContent: "この局面の共有リンク",
    href: shareHref(el, table, entry.code) });
  const actions = Object.assign(document.createElement("p"), { className: "tf-review-actions" });
  actions.append(reopenButton(entry, "ここからやり直す"), link);
  item.append(head, position, choices, why, cost, actions);
  return item;
}

function shareHref(el, table, code) {
  const url = new URL(location.href);
  url.search = "";
  url.searchParams.set("w", el.id);
  url.searchParams.set("d", String(table.deal));
  url.searchParams.set("p", String(table.seat));
  url.searchParams.set("s", code);
  url.hash = el.id;
  return url.href;
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
  const url = new URL(shareHref(el, table, code));
  history.replaceState(history.state, "", url.href);
  const done = () => feedback(el, `${what}をアドレス欄に表示しました（コピー済み）。`);
  (navigator.clipboard?.writeText(url.href) ?? Promise.reject()).then(done, () =>
    feedback(el, `${what}をアドレス欄に表示しました。`));
}
