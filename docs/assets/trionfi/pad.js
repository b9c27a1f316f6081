// The score pad (得点計算機): the deals of a real match typed in one by one, each deal's worked sheet
// and the match's totals from the engine (op "pad").  The entry form is plain HTML rendered at build
// time (scripts/sitebuild/pad_widget.py) and works before Pyodide loads; this module turns it into the
// deal's data, keeps the match (localStorage, JSON file, share link) and shows the engine's answer.
// Every text from the reader (names, a loaded file) goes into the page through textContent only;
// the deal sheets are HTML the engine rendered and escaped.
import { showChart } from "./chart.js";
import { clearError, engineCall, feedback, keepAside, showError } from "./client.js";
import { namesProblem, plainName } from "./names.js";
import { sprited } from "./sprite.js";

const FORMAT = "trionfi-match";
const VERSION = 1;
const UNDO_LIMIT = 50;
const MAX_NESTING = 64; // as deep as the engine reads a request (engine/plaindata.py)
const LETTERS = "ABCDEFGH"; // players without a name: プレイヤーA, B … (as the engine calls them)
const storeKey = (game) => `trionfi.pad.v${VERSION}.${game}`;
const backupKey = (game) => `trionfi.pad.v${VERSION}.${game}.unreadable`;

// --- small helpers ------------------------------------------------------------------------
function make(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "for" || key === "scope"
      || key === "colspan") node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function setPath(data, path, value) {
  const keys = path.split(".");
  let at = data;
  keys.slice(0, -1).forEach((key) => {
    if (typeof at[key] !== "object" || at[key] === null) at[key] = {};
    at = at[key];
  });
  at[keys[keys.length - 1]] = value;
}

function getPath(data, path) {
  return path.split(".").reduce((at, key) => (at && typeof at === "object" ? at[key] : undefined), data);
}

// A control that counts: not in a hidden field, not the prototype the page copies per player.
const live = (node) => !node.closest("[hidden]") && !node.hasAttribute("data-proto");

const cardsOf = (value) => (Array.isArray(value) ? value.map(String)
  : typeof value === "string" ? value.replace(/,/g, " ").split(/\s+/).filter(Boolean) : []);

function downloadLink(text, name, label) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  return make("a", { href: url, download: name, text: label, class: "tf-pad-download" });
}

// --- the widget ---------------------------------------------------------------------------
export function mountPad(el) {
  const game = el.dataset.game;
  const entry = el.querySelector(".tf-pad-entry");
  const refusal = el.querySelector(".tf-pad-refusal");
  const pad = {
    match: emptyMatch(el),
    answer: null, // the engine's last answer for pad.match
    undo: [], // earlier matches (JSON text), newest last
    editing: null, // index of the deal in the form, or null for a new deal
    keep: true, // false while stored data that could not be read has no safe copy
    nameRefused: false, // the message shown is the refusal of a typed name
  };
  const chart = make("div", { class: "tf-chart", hidden: true }); // the running totals, under the result
  el.querySelector(".tf-pad-result").after(chart);

  // ---- players, variants, names ----
  const playerCount = () => {
    const select = el.querySelector(`select[data-variant="${el.dataset.playersVariant}"]`);
    return select ? Number(JSON.parse(select.value)) : Number(el.dataset.players);
  };
  // A player as the engine's answers call them: the name, else プレイヤーA, B …; a name two players share
  // with the player's letter (「ゆき（A）」), as engine/match.py labels() does.
  const plainLabel = (p) => plainName(pad.match.names?.[p] || "") || `プレイヤー${LETTERS[p]}`;
  const label = (p) => {
    const name = plainLabel(p);
    const shared = [...Array(playerCount()).keys()].some((q) => q !== p && plainLabel(q) === name);
    return shared ? `${name}（${LETTERS[p]}）` : name;
  };
  const dealerOf = () => Number(entry.querySelector("select[data-deal=dealer]").value || 0);
  // The engine's seat of ``player`` in the deal dealt by ``dealer``: seats count from the dealer's right
  // (the next to play, players being numbered in playing order) round to the dealer, the last seat.
  // l'Hombre with four: the player across from the dealer (data-sit-out, counted like a seat) sits out.
  const seatOf = (player, dealer) => {
    const n = playerCount();
    const seat = (player - dealer - 1 + n) % n;
    const out = el.dataset.sitOut === undefined || n <= 3 ? -1 : Number(el.dataset.sitOut);
    if (out < 0) return seat;
    return seat === out ? null : seat > out ? seat - 1 : seat;
  };
  const playerOf = (seat, dealer) => {
    for (let p = 0; p < playerCount(); p++) if (seatOf(p, dealer) === seat) return p;
    return null;
  };
  const playing = (dealer) => [...Array(playerCount()).keys()].filter((p) => seatOf(p, dealer) !== null);

  function readVariants() {
    const variants = {};
    el.querySelectorAll("select[data-variant]").forEach((s) => (variants[s.dataset.variant] = JSON.parse(s.value)));
    const length = el.querySelector("select[data-match=length]");
    return { variants, length: length ? (length.value === "" ? null : Number(length.value)) : undefined };
  }

  // The game's lengths are multiples of the players: the menu follows the players switch.
  function lengthOptions() {
    const select = el.querySelector("select[data-match=length]");
    if (!select) return;
    const n = playerCount();
    const keep = select.selectedIndex;
    const multiples = select.dataset.multiples.split(",").map(Number);
    [...select.options].slice(multiples.length).forEach((option) => option.remove()); // a loaded file's own length
    [...select.options].forEach((option, i) => {
      const k = multiples[i];
      option.value = k ? String(k * n) : "";
      option.textContent = k ? `${k * n}ディール（全員が${k}回ずつ配る）` : "決めない（いつでも終われる）";
    });
    select.selectedIndex = Math.min(keep, multiples.length - 1);
  }

  function showVariants() {
    el.querySelectorAll("select[data-variant]").forEach((s) => {
      const value = pad.match.variants?.[s.dataset.variant];
      if (value === undefined) return;
      const option = [...s.options].find((o) => JSON.stringify(JSON.parse(o.value)) === JSON.stringify(value));
      if (option) s.value = option.value;
    });
    lengthOptions();
    const length = el.querySelector("select[data-match=length]");
    if (length && pad.match.length !== undefined) {
      const value = pad.match.length === null ? "" : String(pad.match.length);
      if (![...length.options].some((o) => o.value === value)) {
        length.append(make("option", { value, text: `${pad.match.length}ディール` }));
      }
      length.value = value;
    }
  }

  function showNames() {
    const box = el.querySelector(".tf-pad-names-list");
    const n = playerCount();
    const inputs = [...box.querySelectorAll("input")];
    if (inputs.length !== n) {
      box.replaceChildren(...[...Array(n).keys()].map((p) => make("label", { class: "tf-pad-name" },
        `プレイヤー${LETTERS[p]} `, make("input", { type: "text", maxLength: 20, autocomplete: "off", "data-name": String(p) }))));
    }
    box.querySelectorAll("input[data-name]").forEach((input) => {
      const value = pad.match.names?.[Number(input.dataset.name)] || "";
      if (document.activeElement !== input) input.value = value;
    });
  }

  // ---- the entry form: player lists, labels, shown fields ----
  function fillPlayerSelect(select, players) {
    const keep = select.value;
    [...select.options].filter((o) => !o.hasAttribute("data-fixed")).forEach((o) => o.remove());
    players.forEach((p) => select.append(make("option", { value: String(p), text: label(p) })));
    if ([...select.options].some((o) => o.value === keep)) select.value = keep;
  }

  function perPlayerInputs(group, players) {
    const proto = group.querySelector("[data-proto]");
    const list = group.querySelector(".tf-pad-per-player");
    const old = new Map([...list.querySelectorAll("input")].map((i) => [i.dataset.player, i.value]));
    list.replaceChildren(...players.map((p) => {
      const input = proto.cloneNode(true);
      input.removeAttribute("data-proto");
      input.hidden = false;
      input.dataset.player = String(p);
      input.value = old.get(String(p)) ?? "";
      input.id = `${el.id}-${group.dataset.group}-${p}`;
      return make("span", { class: "tf-pad-pair" }, make("label", { for: input.id, text: label(p) }), input);
    }));
  }

  function cardTargets(field, players) {
    const list = field.querySelector(".tf-pad-targets");
    const proto = field.querySelector("[data-proto-target]");
    if (!proto) return;
    const old = field.querySelector(".tf-pad-targets input:checked")?.value;
    list.querySelectorAll("[data-generated]").forEach((t) => t.remove());
    players.forEach((p, i) => {
      const item = proto.cloneNode(true);
      item.removeAttribute("data-proto-target");
      item.hidden = false;
      item.dataset.generated = "1";
      const radio = item.querySelector("input");
      radio.value = `p${p}`;
      radio.dataset.player = String(p);
      radio.dataset.tag = LETTERS[p];
      radio.dataset.tone = String(i % 6);
      item.querySelector(".tf-pad-swatch").dataset.tone = String(i % 6);
      item.querySelector(".tf-pad-target-name").textContent = label(p);
      list.insertBefore(item, proto);
    });
    const radios = [...list.querySelectorAll("input[type=radio]")].filter((r) => !r.closest("[data-proto-target]"));
    const chosen = radios.find((r) => r.value === old) ?? radios[0];
    if (chosen) chosen.checked = true;
    const valid = new Set(radios.map((r) => r.value));
    field.querySelectorAll("button[data-card]").forEach((b) => {
      if (b.dataset.target && !valid.has(b.dataset.target)) delete b.dataset.target;
    });
  }

  function sideLabels(dealer) {
    const n = playerCount();
    const dealerSide = [dealer, (dealer + 2) % n].sort((a, b) => a - b);
    const other = [(dealer + 1) % n, (dealer + 3) % n].sort((a, b) => a - b);
    el.querySelectorAll("[data-side-label]").forEach((node) => {
      const players = node.dataset.sideLabel === "dealer" ? dealerSide : other;
      node.textContent = `${node.dataset.sideName}（${players.map(label).join("・")}）`;
    });
  }

  function refreshForm() {
    const n = playerCount();
    const dealerSelect = entry.querySelector("select[data-deal=dealer]");
    fillPlayerSelect(dealerSelect, [...Array(n).keys()]);
    const dealer = dealerOf();
    const active = playing(dealer);
    entry.querySelectorAll("select[data-type=player]").forEach((s) => fillPlayerSelect(s, active));
    entry.querySelectorAll("[data-group]").forEach((g) => perPlayerInputs(g, active));
    entry.querySelectorAll(".tf-pad-cards").forEach((f) => cardTargets(f, active));
    sideLabels(dealer);
    const sitting = [...Array(n).keys()].filter((p) => !active.includes(p));
    const out = entry.querySelector(".tf-pad-sitting-out");
    if (out) out.textContent = sitting.length ? `このディールを休む人: ${sitting.map(label).join("・")}` : "";
    showFields();
    countCards();
  }

  function valueOf(name) {
    if (name === "players") return String(playerCount());
    const variant = el.querySelector(`select[data-variant="${name}"]`);
    if (variant) return String(JSON.parse(variant.value));
    const control = entry.querySelector(`[data-key="${name}"], [data-local="${name}"], [data-deal="${name}"]`);
    if (!control || !live(control)) return ""; // a hidden field has no say
    if (control.type === "radio") {
      return entry.querySelector(`input[type=radio][name="${control.name}"]:checked`)?.value ?? "";
    }
    if (control.type === "checkbox") return String(control.checked);
    return control.value;
  }

  // data-show="key=a|b;other!=c": every condition must hold for the field to be shown (and sent).
  function shown(node) {
    return node.dataset.show.split(";").every((condition) => {
      const [, key, not, values] = condition.match(/^([\w.]+)(!?)=(.*)$/);
      const hit = values.split("|").includes(valueOf(key));
      return not ? !hit : hit;
    });
  }

  function showFields() {
    for (let pass = 0; pass < 3; pass++) { // a shown field may decide another one
      entry.querySelectorAll("[data-show]").forEach((node) => (node.hidden = !shown(node)));
    }
  }

  // ---- card grids ----
  function activeTarget(field) {
    return field.querySelector(".tf-pad-targets input[type=radio]:checked");
  }

  function paint(button, field) {
    const target = button.dataset.target
      ? field.querySelector(`.tf-pad-targets input[value="${CSS.escape(button.dataset.target)}"]`) : null;
    button.setAttribute("aria-pressed", String(Boolean(target)));
    button.dataset.tone = target ? target.dataset.tone : "";
    button.querySelector(".tf-pad-tag").textContent = target ? target.dataset.tag : "";
    const where = target ? target.closest("label").querySelector(".tf-pad-target-name").textContent
      : field.dataset.restName || "";
    button.querySelector(".tf-pad-where").textContent = where ? `：${where}` : "";
  }

  function countCards() {
    entry.querySelectorAll(".tf-pad-cards").forEach((field) => {
      const counts = {};
      field.querySelectorAll("button[data-card]").forEach((b) => {
        if (b.dataset.target) counts[b.dataset.target] = (counts[b.dataset.target] ?? 0) + 1;
        paint(b, field);
      });
      let assigned = 0;
      field.querySelectorAll(".tf-pad-targets input[type=radio]").forEach((r) => {
        const count = counts[r.value] ?? 0;
        assigned += count;
        const span = r.closest("label").querySelector(".tf-pad-count");
        if (span) span.textContent = `${count}枚`;
      });
      const rest = field.querySelector(".tf-pad-rest-count");
      if (rest) rest.textContent = `${field.querySelectorAll("button[data-card]").length - assigned}枚`;
      if (field.dataset.unit) addUp(field);
    });
  }

  // A counting grid: each target's cards added up (in the grid's units) into the points field of the
  // same data path; a field the grid filled before is emptied again when its cards are taken back.
  function addUp(field) {
    const unit = Number(field.dataset.unit);
    field.querySelectorAll(".tf-pad-targets input[type=radio]").forEach((r) => {
      if (!live(r)) return;
      const cards = [...field.querySelectorAll("button[data-card]")].filter((b) => b.dataset.target === r.value);
      const who = r.dataset.player === undefined ? "" : `[data-player="${r.dataset.player}"]`;
      const input = [...entry.querySelectorAll(`input[data-key="${CSS.escape(r.dataset.targetKey)}"]${who}`)]
        .find((i) => !i.hasAttribute("data-proto"));
      if (!input) return;
      if (!cards.length) {
        if (input.dataset.counted) input.value = "";
        delete input.dataset.counted;
        return;
      }
      input.value = points(cards.reduce((sum, b) => sum + Number(b.dataset.value), 0), unit);
      input.dataset.counted = "1";
    });
  }

  entry.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button) return;
    const field = button.closest(".tf-pad-cards");
    const target = activeTarget(field);
    if (!target) return;
    if (button.dataset.target === target.value) delete button.dataset.target;
    else button.dataset.target = target.value;
    countCards();
  });

  // ---- the deal as data, and back ----
  function convert(control, dealer) {
    const type = control.dataset.type || "str";
    if (control.type === "checkbox") return control.checked ? true : control.dataset.omit === "false" ? undefined : false;
    const raw = control.value.trim();
    if (raw === "") return undefined;
    if (type === "int") return Number(raw);
    if (type === "bool") return raw === "true";
    if (type === "json") return JSON.parse(raw);
    if (type === "player") return seatOf(Number(raw), dealer);
    if (type === "auto") return /^\d+$/.test(raw) ? Number(raw) : raw;
    return raw;
  }

  // A control's data path in the deal: "@" is the seat of its player, "{declarer}" the value the deal
  // has at that key (the declarer's seat).
  const pathOf = (key, player, dealer, position) => key
    .replace("@", player === undefined ? "" : String(seatOf(Number(player), dealer)))
    .replace(/\{([\w.]+)\}/g, (_, name) => String(getPath(position, name)));

  function readDeal() {
    const dealer = dealerOf();
    const thrown = entry.querySelector("input[data-deal=thrown_in]");
    if (thrown && live(thrown) && thrown.checked) return { dealer, thrown_in: true };
    const position = {};
    const controls = [...entry.querySelectorAll("[data-key]")]
      .filter((c) => live(c) && !c.closest(".tf-pad-cards") && !(c.type === "radio" && !c.checked));
    const later = controls.filter((c) => c.dataset.key.includes("{"));
    [...controls.filter((c) => !later.includes(c)), ...later].forEach((control) => {
      const value = convert(control, dealer);
      if (value === undefined) return;
      setPath(position, pathOf(control.dataset.key, control.dataset.player, dealer, position), value);
    });
    entry.querySelectorAll(".tf-pad-cards").forEach((field) => {
      if (!live(field) || field.dataset.unit) return; // a counting grid only fills the points fields
      field.querySelectorAll(".tf-pad-targets input[type=radio]").forEach((r) => {
        if (!live(r)) return;
        const cards = [...field.querySelectorAll(`button[data-card]`)]
          .filter((b) => b.dataset.target === r.value).map((b) => b.dataset.card);
        if (!cards.length && r.dataset.optional !== undefined) return;
        const seat = r.dataset.player === undefined ? "" : String(seatOf(Number(r.dataset.player), dealer));
        setPath(position, r.dataset.targetKey.replace("@", seat), cards.join(" "));
      });
    });
    return { dealer, position };
  }

  function clearForm() {
    entry.querySelectorAll("input, select").forEach((control) => {
      if (control.dataset.deal === "dealer") return; // the dealer follows the match, not the form
      if (control.type === "radio" || control.type === "checkbox") control.checked = control.defaultChecked;
      else if (control.tagName === "SELECT") {
        const chosen = [...control.options].find((o) => o.defaultSelected) ?? control.options[0];
        if (chosen) control.value = chosen.value;
      } else control.value = control.defaultValue;
    });
    entry.querySelectorAll("button[data-card]").forEach((b) => delete b.dataset.target);
    clearRefusal();
  }

  // The form from a stored deal (edit): controls, modes and cards as the deal says.
  function fillForm(deal) {
    clearForm();
    const dealerSelect = entry.querySelector("select[data-deal=dealer]");
    dealerSelect.value = String(deal.dealer);
    refreshForm();
    const position = deal.position || {};
    const thrown = entry.querySelector("input[data-deal=thrown_in]");
    if (thrown) thrown.checked = deal.thrown_in === true;
    entry.querySelectorAll("input[data-local][data-detect]").forEach((r) => {
      if (r.dataset.detect.split("|").some((path) => getPath(position, path) !== undefined)) r.checked = true;
    });
    showFields();
    const set = (control, value) => {
      if (value === undefined || value === null) return;
      const type = control.dataset.type || "str";
      if (control.type === "checkbox") control.checked = value === true;
      else if (control.type === "radio") control.checked = control.value === String(value);
      else if (type === "player") control.value = String(playerOf(Number(value), deal.dealer));
      else if (type === "json") control.value = JSON.stringify(value);
      else control.value = String(value);
    };
    for (let pass = 0; pass < 2; pass++) { // a value shown only after another one is set
      entry.querySelectorAll("[data-key]").forEach((control) => {
        if (!live(control) || control.closest(".tf-pad-cards")) return;
        set(control, getPath(position, pathOf(control.dataset.key, control.dataset.player, deal.dealer, position)));
      });
      showFields();
    }
    entry.querySelectorAll(".tf-pad-cards").forEach((field) => {
      if (!live(field) || field.dataset.unit) return;
      field.querySelectorAll(".tf-pad-targets input[type=radio]").forEach((r) => {
        if (!live(r)) return;
        const seat = r.dataset.player === undefined ? "" : String(seatOf(Number(r.dataset.player), deal.dealer));
        cardsOf(getPath(position, r.dataset.targetKey.replace("@", seat))).forEach((code) => {
          const button = field.querySelector(`button[data-card="${CSS.escape(code)}"]`);
          if (button) button.dataset.target = r.value;
        });
      });
    });
    countCards();
  }

  // ---- refusals at the form ----
  function clearRefusal() {
    refusal.hidden = true;
    refusal.textContent = "";
    entry.querySelectorAll("[aria-invalid=true]").forEach((n) => n.removeAttribute("aria-invalid"));
  }

  function refuse(message, path, position = {}) {
    refusal.textContent = message;
    refusal.hidden = false;
    const at = fieldAt(path, position);
    if (at) {
      at.setAttribute("aria-invalid", "true");
      at.focus({ preventScroll: true });
    }
    refusal.scrollIntoView({ block: "nearest" });
  }

  // The control of a refused field: the path (["deals", 2, "position", "tricks", "1"] ...) after the
  // position is matched against the controls' data paths, the seat turned into its player.
  function fieldAt(path, position) {
    if (!Array.isArray(path)) return null;
    const at = path.indexOf("position");
    if (at < 0) return path[path.length - 1] === "dealer" ? entry.querySelector("select[data-deal=dealer]") : null;
    const keys = path.slice(at + 1).map(String);
    const dealer = dealerOf();
    for (let size = keys.length; size > 0; size--) {
      const wanted = keys.slice(0, size).join(".");
      for (const control of entry.querySelectorAll("[data-key], .tf-pad-targets input[data-target-key]")) {
        if (!live(control) || control.type === "hidden") continue;
        const key = control.dataset.key ?? control.dataset.targetKey;
        if (pathOf(key, control.dataset.player, dealer, position) !== wanted) continue;
        return control.closest(".tf-pad-cards")?.querySelector(".tf-pad-grid") ?? control;
      }
    }
    return null;
  }

  // ---- the match ----
  function save() {
    if (!pad.keep) return;
    try {
      localStorage.setItem(storeKey(game), JSON.stringify(pad.match));
    } catch {
      /* private mode or a full storage: the pad still works, the match is only not kept */
    }
  }

  function askEngine(match, apply, refused) {
    if (el.getAttribute("aria-busy") === "true") return;
    el.setAttribute("aria-busy", "true");
    clearError(el);
    const request = { op: "pad", game, match };
    engineCall(el, request).then((answer) => {
      if (answer.ok === false) return refused(answer);
      apply(answer);
    }, (error) => {
      const answer = error.result; // a refusal, or a request the engine could not read (no "ok"): same place
      if (answer && answer.error && !answer.internal) return refused({ deal: null, field: null, ...answer });
      showError(el, error.message);
    }).finally(() => el.setAttribute("aria-busy", "false"));
  }

  function commit(answer, { remember = true } = {}) {
    if (remember) {
      pad.undo.push(JSON.stringify(pad.match));
      if (pad.undo.length > UNDO_LIMIT) pad.undo.shift();
    }
    pad.match = answer.match;
    pad.answer = answer;
    el.dataset.code = answer.code;
    save();
    render();
  }

  function withMatch(change) {
    const match = JSON.parse(JSON.stringify(pad.match));
    change(match);
    return match;
  }

  function submit() {
    clearRefusal();
    let deal;
    try {
      deal = readDeal();
    } catch {
      return refuse("入力を読み取れませんでした。数の欄を確かめてください。");
    }
    const index = pad.editing ?? pad.match.deals.length;
    const match = withMatch((m) => {
      if (pad.editing === null) m.deals.push(deal);
      else m.deals[index] = deal;
    });
    askEngine(match, (answer) => {
      const editing = pad.editing !== null;
      commit(answer);
      stopEditing();
      clearForm();
      refreshForm();
      setDealer();
      feedback(el, editing ? `ディール${index + 1}を直しました。` : `ディール${index + 1}を記録しました。`, "ok");
      el.querySelector(`.tf-pad-table tbody tr[data-deal="${index}"] th`)?.focus({ preventScroll: true });
    }, (answer) => {
      // the engine's reason names the deal and the players ("2ディール目: プレイヤーCの…"); the field is marked when it is this one's
      const here = answer.deal === null || answer.deal === undefined || answer.deal === index;
      refuse(answer.error, here ? answer.field : null, deal.position);
      feedback(el, "");
    });
  }

  function setDealer() {
    const select = entry.querySelector("select[data-deal=dealer]");
    const next = pad.answer?.next_dealer ?? (pad.match.deals.length
      ? (pad.match.deals[pad.match.deals.length - 1].dealer + 1) % playerCount() : 0);
    select.value = String(next);
    refreshForm();
  }

  function startEditing(index) {
    pad.editing = index;
    fillForm(pad.match.deals[index]);
    el.querySelector(".tf-pad-entry-title").textContent = `ディール${index + 1}を直す`;
    el.querySelector("[data-action=submit]").textContent = "変更を保存する";
    el.querySelector("[data-action=cancel-edit]").hidden = false;
    feedback(el, `ディール${index + 1}をフォームに開きました。直したら「変更を保存する」を押してください。`);
    entry.scrollIntoView({ block: "start" });
    entry.querySelector("select[data-deal=dealer]").focus({ preventScroll: true });
  }

  function stopEditing() {
    pad.editing = null;
    el.querySelector(".tf-pad-entry-title").textContent = `ディール${pad.match.deals.length + 1}を記録する`;
    el.querySelector("[data-action=submit]").textContent = "このディールを記録する";
    el.querySelector("[data-action=cancel-edit]").hidden = true;
  }

  function change(match, done, failed = () => {}) {
    askEngine(match, (answer) => {
      commit(answer);
      done();
    }, (answer) => {
      showError(el, answer.error);
      failed();
    });
  }

  // ---- drawing the match ----
  function render() {
    showVariants();
    showNames();
    refreshForm();
    if (pad.editing === null) stopEditing();
    const answer = pad.answer;
    const deals = pad.match.deals;
    const section = el.querySelector(".tf-pad-match");
    section.querySelector(".tf-pad-empty").hidden = deals.length > 0;
    el.querySelector("[data-action=undo]").disabled = !pad.undo.length;
    const wrap = section.querySelector(".tf-pad-table-wrap");
    const result = section.querySelector(".tf-pad-result");
    showChart(chart, answer ? answer.sides.map((s) => s.label) : [], answer && deals.length ? answer.running : []);
    if (!deals.length) {
      wrap.replaceChildren();
      result.textContent = "";
      return;
    }
    const columns = answer ? answer.sides.map((s) => s.label) : [...Array(playerCount()).keys()].map(label);
    const head = make("tr", {}, make("th", { scope: "col", text: "ディール" }),
      ...columns.map((name) => make("th", { scope: "col", text: name })));
    const body = make("tbody");
    deals.forEach((deal, i) => {
      const row = answer?.deals[i];
      body.append(make("tr", { class: "tf-pad-deal", "data-deal": String(i) },
        make("th", { scope: "row", tabIndex: -1 }, `${i + 1}`,
          make("span", { class: "tf-pad-dealer", text: `配り手 ${label(deal.dealer)}` })),
        ...columns.map((_, c) => make("td", { class: "tf-num", text: row ? row.points[c] : "…" }))));
      const sheet = make("div", { class: "tf-pad-sheet-box", id: `${el.id}-sheet-${i}`, hidden: true });
      const toggle = make("button", { type: "button", class: "md-button", "data-action": "sheet", "data-index": String(i),
        "aria-expanded": "false", "aria-controls": sheet.id, text: "採点表", disabled: !row });
      const tools = make("div", { class: "tf-pad-tools" }, toggle,
        make("button", { type: "button", class: "md-button", "data-action": "edit", "data-index": String(i), text: "直す" }),
        make("button", { type: "button", class: "md-button", "data-action": "delete", "data-index": String(i), text: "削除" }));
      body.append(make("tr", { class: "tf-pad-detail" }, make("td", { colspan: String(columns.length + 1) },
        make("p", { class: "tf-pad-summary", text: row ? row.summary : "計算エンジンの答えを待っています…" }), tools, sheet)));
    });
    const foot = make("tfoot", {}, make("tr", { class: "tf-total" }, make("th", { scope: "row", text: "合計" }),
      ...columns.map((_, c) => make("td", { class: "tf-num", text: answer ? answer.totals[c] : "…" }))));
    const table = make("table", { class: "tf-pad-table" }, make("caption", { text: matchCaption() }), make("thead", {}, head), body, foot);
    wrap.replaceChildren(table);
    result.textContent = answer ? answer.result : "";
    el.dataset.finished = String(Boolean(answer?.finished));
  }

  function matchCaption() {
    const length = pad.answer?.length;
    return `${el.dataset.gameName}の試合${length ? `（${length}ディールで1ゲーム）` : ""}`;
  }

  function openSheet(button) {
    const i = Number(button.dataset.index);
    const sheet = el.querySelector(`#${CSS.escape(button.getAttribute("aria-controls"))}`);
    const open = button.getAttribute("aria-expanded") !== "true";
    if (open && !sheet.childElementCount && pad.answer?.deals[i]) sheet.innerHTML = sprited(pad.answer.deals[i].sheet); // engine-escaped HTML
    sheet.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    button.textContent = open ? "採点表を閉じる" : "採点表";
  }

  // ---- controls ----
  el.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || !el.contains(button)) return;
    const index = Number(button.dataset.index);
    switch (button.dataset.action) {
      case "clear-form":
        clearForm();
        refreshForm();
        return feedback(el, "入力を消しました。");
      case "cancel-edit":
        stopEditing();
        clearForm();
        setDealer();
        return feedback(el, "直すのをやめました。記録はそのままです。");
      case "sheet": return openSheet(button);
      case "edit": return startEditing(index);
      case "delete":
        return change(withMatch((m) => m.deals.splice(index, 1)), () => {
          if (pad.editing !== null) stopEditing();
          feedback(el, `ディール${index + 1}を削除しました（「1つ戻す」で元に戻せます）。`, "ok");
          afterChange();
        });
      case "undo": return undo();
      case "download": return download();
      case "share": return share();
      case "print": return window.print();
      case "new-match": return newMatch();
      default: return undefined;
    }
  });

  // After a delete or an undo the focus stays on 「1つ戻す」, or goes to the match's heading when there is
  // nothing left to undo (a disabled button cannot hold it).
  function afterChange() {
    const button = el.querySelector("[data-action=undo]");
    if (!button.disabled) return button.focus();
    const heading = el.querySelector(".tf-pad-match h4");
    heading.tabIndex = -1;
    return heading.focus();
  }

  function undo() {
    if (!pad.undo.length) return;
    const previous = JSON.parse(pad.undo[pad.undo.length - 1]);
    const finish = (answer) => {
      pad.undo.pop();
      commit(answer, { remember: false });
      if (pad.editing !== null) stopEditing();
      feedback(el, "1つ前の状態に戻しました。", "ok");
      afterChange();
    };
    if (!previous.deals.length) {
      pad.undo.pop();
      pad.match = previous;
      pad.answer = null;
      save();
      render();
      setDealer();
      feedback(el, "1つ前の状態に戻しました。", "ok");
      afterChange();
      return;
    }
    askEngine(previous, finish, (answer) => showError(el, answer.error));
  }

  function newMatch() {
    if (!pad.match.deals.length && !pad.match.names?.some(Boolean)) return feedback(el, "まだ何も記録していません。");
    pad.undo.push(JSON.stringify(pad.match));
    pad.match = { ...emptyMatch(el), variants: readVariants().variants, names: pad.match.names };
    pad.answer = null;
    stopEditing();
    clearForm();
    save();
    render();
    setDealer();
    feedback(el, "新しい試合を始めました（名前とヴァリアントはそのままです。「1つ戻す」で前の試合に戻れます）。", "ok");
  }

  function download() {
    const text = JSON.stringify(pad.match, null, 2);
    const link = downloadLink(text, `trionfi-${game}-match.json`, "ダウンロード");
    link.hidden = true;
    el.append(link);
    link.click();
    setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
    feedback(el, "試合の記録を JSON ファイルとして保存しました。", "ok");
  }

  function share() {
    if (!pad.match.deals.length || !pad.answer) return feedback(el, "共有できる記録がまだありません。");
    const url = new URL(location.href);
    url.search = "";
    url.searchParams.set("w", el.id);
    url.searchParams.set("s", pad.answer.code);
    url.hash = el.id;
    history.replaceState(history.state, "", url.href);
    const done = () => feedback(el, "試合全体へのリンクをアドレス欄に表示しました（コピー済み）。", "ok");
    (navigator.clipboard?.writeText(url.href) ?? Promise.reject()).then(done, () =>
      feedback(el, "試合全体へのリンクをアドレス欄に表示しました。", "ok"));
  }

  el.querySelector("input[data-action=load]").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    let match;
    try {
      match = JSON.parse(await file.text());
    } catch {
      return showError(el, `「${file.name}」は JSON として読めません。得点計算機でダウンロードしたファイルを選んでください。`);
    }
    const problem = matchProblem(match, game);
    if (problem) return showError(el, `「${file.name}」を読み込めません: ${problem}`);
    askEngine(match, (answer) => {
      commit(answer);
      stopEditing();
      clearForm();
      setDealer();
      feedback(el, `「${file.name}」の試合（${answer.match.deals.length}ディール）を読み込みました。`, "ok");
    }, (answer) => showError(el, `「${file.name}」を読み込めません: ${answer.error}`));
  });

  // Names and variants belong to the match: a change is sent with the match (the sheets name the players).
  el.querySelector(".tf-pad-setup").addEventListener("change", (event) => {
    const target = event.target;
    if (target.matches("input[data-name]")) {
      // every name as it stands in its field: one refused earlier is still there to be put right with another
      const names = [...Array(playerCount()).keys()].map((p) =>
        el.querySelector(`input[data-name="${p}"]`)?.value ?? pad.match.names?.[p] ?? "");
      const problem = namesProblem(names); // the engine's rule, before the engine has loaded
      if (problem) {
        pad.nameRefused = true;
        return showError(el, problem.error);
      }
      if (pad.nameRefused) clearError(el); // the refusal of a name just put right (any other message stays)
      pad.nameRefused = false;
      const match = withMatch((m) => (m.names = names.map(plainName)));
      if (!match.deals.length) {
        pad.match = match;
        save();
        return render();
      }
      return change(match, () => feedback(el, "名前を変えました。"));
    }
    if (target.matches("select[data-variant], select[data-match=length]")) {
      const players = el.dataset.playersVariant;
      if (players && target.dataset.variant === players && pad.match.deals.length) {
        showVariants();
        return showError(el, "記録のある試合の人数は変えられません。「新しい試合」を始めてから変えてください。");
      }
      lengthOptions(); // the lengths are multiples of the (new) number of players
      const { variants, length } = readVariants();
      const match = withMatch((m) => {
        m.variants = variants;
        if (length !== undefined) m.length = length;
        else delete m.length;
        const n = playerCount();
        m.names = [...Array(n).keys()].map((p) => m.names?.[p] ?? "");
      });
      if (!match.deals.length) {
        pad.match = match;
        save();
        return render();
      }
      return change(match, () => feedback(el, "試合の設定を変えました。"), () => showVariants());
    }
    return undefined;
  });
  entry.addEventListener("change", (event) => {
    if (event.target.matches("select[data-deal=dealer]")) refreshForm();
    else showFields();
    // the refusal stays until the next try: taking it away here would move the buttons under a click
  });
  entry.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });

  // ---- start: a shared match, else the stored one ----
  function begin() {
    const params = new URLSearchParams(location.search);
    if (params.get("w") === el.id && params.get("s")) {
      render();
      if (location.hash === `#${el.id}`) el.scrollIntoView();
      const request = { op: "pad", game, code: params.get("s") };
      el.setAttribute("aria-busy", "true");
      engineCall(el, request).then((answer) => {
        if (answer.ok === false) throw Object.assign(new Error(answer.error), { result: answer });
        const own = readStored(el, game).match; // the reader's own match: one undo away
        if (own?.deals.length) pad.undo.push(JSON.stringify(own));
        pad.keep = false; // a shared match is looked at, not kept over the reader's own until it changes
        commit(answer, { remember: false });
        setDealer();
        feedback(el, `共有された試合（${answer.match.deals.length}ディール）を表示しています。記録や変更をすると、`
          + `このブラウザの試合として残ります${own?.deals.length ? "（前の試合には「1つ戻す」で戻れます）" : ""}。`);
        pad.keep = true;
        el.dataset.shared = "true";
      }, (error) => showError(el, `共有リンクを開けません: ${error.message}`))
        .finally(() => el.setAttribute("aria-busy", "false"));
      return;
    }
    const stored = readStored(el, game);
    if (stored.match) {
      pad.match = stored.match;
      render();
      setDealer();
      if (pad.match.deals.length) {
        askEngine(pad.match, (answer) => commit(answer, { remember: false }), (answer) => showError(el,
          `保存してあった試合を計算できませんでした（記録はそのまま残してあります）: ${answer.error}`));
      } else {
        const problem = namesProblem(pad.match.names ?? []);
        if (problem) showError(el, `保存してあった試合の名前を直してください: ${problem.error}`);
      }
    } else {
      if (stored.raw !== null) unreadable(stored.raw, stored.problem);
      render();
      setDealer();
    }
  }

  // Stored data that cannot be read is never dropped: it is copied aside and offered as a download, and
  // while no copy could be made nothing is written over it.
  function unreadable(raw, problem) {
    pad.keep = keepAside(el, backupKey(game), raw, "このブラウザに保存してあった試合の記録が読めませんでした"
      + `${problem ? `（${problem.replace(/。$/, "")}）` : ""}。新しい試合で始めます。`, `trionfi-${game}-unreadable.txt`);
  }

  begin();
}

// Points as the rules write them: halves as "35.5", thirds as "23 2/3".
function points(units, unit) {
  const whole = Math.floor(units / unit);
  const part = units % unit;
  if (!part) return String(whole);
  if (unit === 2) return `${whole}.5`;
  return whole ? `${whole} ${part}/${unit}` : `${part}/${unit}`;
}

function emptyMatch(el) {
  const variants = {};
  el.querySelectorAll("select[data-variant]").forEach((s) => (variants[s.dataset.variant] = JSON.parse(s.value)));
  const select = el.querySelector(`select[data-variant="${el.dataset.playersVariant}"]`);
  const n = select ? Number(JSON.parse(select.value)) : Number(el.dataset.players);
  const match = { format: FORMAT, version: VERSION, game: el.dataset.game, variants, names: Array(n).fill(""), deals: [] };
  const length = el.querySelector("select[data-match=length]");
  if (length) match.length = length.value === "" ? null : Number(length.value);
  return match;
}

const isTable = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

// The deepest nesting of a parsed file, counted without recursion: the page hands a match to the worker
// (postMessage copies it recursively), so a file nested thousands deep must be stopped here.
function nesting(value) {
  let deepest = 0;
  const stack = [[value, 1]];
  while (stack.length) {
    const [at, depth] = stack.pop();
    if (at === null || typeof at !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_NESTING) break;
    Object.values(at).forEach((inner) => stack.push([inner, depth + 1]));
  }
  return deepest;
}

// What is wrong with a match file before the engine sees it: the shape the page itself reads (the
// engine checks the rest, and names the field).
function matchProblem(match, game) {
  if (!isTable(match)) return "試合の記録の形になっていません。";
  if (nesting(match) > MAX_NESTING) return `入れ子が深すぎて、試合の記録として読めません（${MAX_NESTING}段まで）。`;
  if (match.format !== FORMAT) return "得点計算機の試合の記録ではありません（format が trionfi-match ではありません）。";
  // as the engine says it (engine/match.py): a version "1" was told it is version 1 and unreadable
  if (!Number.isInteger(match.version)) return `version（版）は ${VERSION} のように整数で書きます。`;
  if (match.version !== VERSION) return `この試合ファイルは版 ${match.version} の形式で、読めるのは版 ${VERSION} だけです。`;
  if (match.game !== game) return `このファイルは別のゲーム（${String(match.game)}）の記録です。そのゲームの得点計算機で読み込んでください。`;
  if (!Array.isArray(match.deals)) return "ディールの一覧（deals）がありません。";
  const deal = match.deals.findIndex((d) => !isTable(d));
  if (deal >= 0) return `${deal + 1}ディール目が「dealer」と「position」の表になっていません。`;
  if (match.names != null && !(Array.isArray(match.names) && match.names.every((name) => typeof name === "string"))) {
    return "names（名前）が文字列の一覧になっていません。";
  }
  if (match.variants !== undefined && !isTable(match.variants)) return "variants が「ヴァリアント名: 値」の表になっていません。";
  return "";
}

function readStored(el, game) {
  let raw = null;
  try {
    raw = localStorage.getItem(storeKey(game));
  } catch {
    return { raw: null, match: null };
  }
  if (raw === null) return { raw, match: null };
  try {
    const match = JSON.parse(raw);
    const problem = matchProblem(match, game);
    return problem ? { raw, match: null, problem } : { raw, match };
  } catch {
    return { raw, match: null, problem: "JSON として読めません" };
  }
}
