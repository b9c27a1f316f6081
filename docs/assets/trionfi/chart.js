// The chart of a match's running totals (issue 38): each side's total after each deal as a line, drawn as
// inline SVG from the engine's answer (``running``: per deal, every side's total as the sheets write it and
// as a number).  No chart library: the site works offline and asks no other origin, and one small line
// chart is less code than any library's glue.  Lines differ by colour, marker shape and dash, so they read
// without colour and in print; the SVG is one image to a screen reader (role="img", a summary in Japanese)
// and the numbers are also a table under it.  Every text goes in as a text node, never as markup.
const SVG = "http://www.w3.org/2000/svg";
const STYLES = 6; // colours (widget.css: --tf-chart-0 …), markers and dashes, in turn
const DASHES = ["", "7 4", "2 3", "9 3 2 3", "4 2", "12 3"];
const MAX_WIDTH = 720; // px: wider, the lines only stretch
const MARKED = 40; // deals up to which every point has its marker (more: the last one only)
const FONT = 12; // px, the axes' numbers (widget.css)

const charts = new WeakMap(); // box → { sides, running }
const drawnAt = new WeakMap(); // box → the width it was last drawn at
let observer = null;

function node(tag, attrs = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  Object.entries(attrs).forEach(([key, value]) => element.setAttribute(key, String(value)));
  element.append(...children);
  return element;
}

function html(tag, className, ...children) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  element.append(...children);
  return element;
}

// Marker ``style`` centred on (x, y), radius r: circle, square, triangle, diamond, triangle down, cross.
function markerPath(style, x, y, r) {
  const at = (points) => `M${points.map(([dx, dy]) => `${(x + dx * r).toFixed(1)} ${(y + dy * r).toFixed(1)}`).join("L")}Z`;
  switch (style % STYLES) {
    case 0: return `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
    case 1: return at([[-0.9, -0.9], [0.9, -0.9], [0.9, 0.9], [-0.9, 0.9]]);
    case 2: return at([[0, -1.2], [1.1, 0.8], [-1.1, 0.8]]);
    case 3: return at([[0, -1.25], [1.1, 0], [0, 1.25], [-1.1, 0]]);
    case 4: return at([[0, 1.2], [1.1, -0.8], [-1.1, -0.8]]);
    default: return at([[-1, -0.4], [-0.4, -0.4], [-0.4, -1], [0.4, -1], [0.4, -0.4], [1, -0.4], [1, 0.4], [0.4, 0.4],
      [0.4, 1], [-0.4, 1], [-0.4, 0.4], [-1, 0.4]]);
  }
}

// A round step for about ``parts`` gridlines over ``span``: 1, 2 or 5 times a power of ten.
function niceStep(span, parts) {
  const rough = span / parts;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].find((f) => f * power >= rough) * power;
  return { step, decimals: Math.max(0, -Math.floor(Math.log10(step))) };
}

const tickText = (value, decimals) => {
  const text = value.toFixed(decimals);
  return Number(text) > 0 ? `+${text}` : Number(text) === 0 ? "0" : text;
};

// The line sample of side ``s`` (a short dashed line with its marker), for the legend.
function sample(s) {
  return node("svg", { class: `tf-chart-sample tf-chart-s${s % STYLES}`, width: 30, height: 14, viewBox: "0 0 30 14", "aria-hidden": "true" },
    node("path", { class: "tf-chart-line", d: "M1 7H29", "stroke-dasharray": DASHES[s % STYLES] }),
    node("path", { class: "tf-chart-marker", d: markerPath(s, 15, 7, 4) }));
}

function summary(sides, running) {
  const last = running[running.length - 1].totals;
  const deals = running.length === 1 ? "1ディール" : `1〜${running.length}ディール`;
  return `累計の折れ線グラフ（${deals}）。${running.length}ディール後の累計は${sides.map((name, s) => `${name} ${last[s]}点`).join("、")}です。`
    + "各ディール後の数値は、グラフの下の表にもあります。";
}

function drawSvg(sides, running, width) {
  const n = running.length;
  const values = running.flatMap((row) => row.values);
  let low = Math.min(0, ...values);
  let high = Math.max(0, ...values);
  if (low === high) [low, high] = [-5, 5]; // every total 0: a scale round it
  const height = Math.round(Math.min(300, Math.max(190, width * 0.5)));
  const { step, decimals } = niceStep(high - low, height < 240 ? 4 : 5);
  const bottom = Math.floor(low / step + 1e-9) * step;
  const top = Math.ceil(high / step - 1e-9) * step;
  const ticks = [];
  for (let t = bottom; t <= top + step / 2; t += step) ticks.push(t);
  const labels = ticks.map((t) => tickText(t, decimals));
  const left = 10 + Math.max(...labels.map((l) => l.length)) * FONT * 0.62;
  const right = 14;
  const upper = 10;
  const lower = FONT + 14;
  const x = (i) => left + (i / n) * (width - left - right);
  const y = (v) => upper + ((top - v) / (top - bottom)) * (height - upper - lower);
  const text = summary(sides, running);
  const svg = node("svg", { class: "tf-chart-svg", role: "img", "aria-label": text, width, height,
    viewBox: `0 0 ${width} ${height}` }, node("title", {}, text));
  const grid = node("g", { class: "tf-chart-grid" });
  ticks.forEach((t, i) => {
    grid.append(node("line", { x1: left, x2: width - right, y1: y(t).toFixed(1), y2: y(t).toFixed(1),
      class: Math.abs(t) < step / 2 ? "tf-chart-zero" : "" }),
    node("text", { x: left - 6, y: (y(t) + FONT * 0.35).toFixed(1), "text-anchor": "end" }, labels[i]));
  });
  const every = Math.max(1, Math.ceil(n / Math.floor((width - left - right) / 30)));
  for (let i = 1; i <= n; i++) {
    if (i % every && i !== n) continue;
    if (i !== n && n - i < every / 2) continue; // the last deal's number keeps its room
    grid.append(node("line", { x1: x(i).toFixed(1), x2: x(i).toFixed(1), y1: height - lower, y2: height - lower + 4 }),
      node("text", { x: x(i).toFixed(1), y: height - lower + 4 + FONT, "text-anchor": "middle" }, String(i)));
  }
  svg.append(grid);
  sides.forEach((name, s) => {
    const points = [[x(0), y(0)], ...running.map((row, i) => [x(i + 1), y(row.values[s])])];
    const line = node("g", { class: `tf-chart-series tf-chart-s${s % STYLES}`, "data-side": s });
    line.append(node("path", { class: "tf-chart-line", "stroke-dasharray": DASHES[s % STYLES],
      d: `M${points.map(([px, py]) => `${px.toFixed(1)} ${py.toFixed(1)}`).join("L")}` }));
    running.forEach((row, i) => {
      if (n > MARKED && i < n - 1) return;
      const [px, py] = points[i + 1];
      line.append(node("path", { class: "tf-chart-marker", d: markerPath(s, px, py, 4), "data-deal": i + 1,
        "data-total": row.totals[s] }, node("title", {}, `${name}: ${i + 1}ディール後 ${row.totals[s]}点`)));
    });
    svg.append(line);
  });
  return svg;
}

function numbersTable(sides, running) {
  const head = html("tr", "", html("th", "", "ディール"), ...sides.map((name) => html("th", "", name)));
  head.querySelectorAll("th").forEach((th) => th.setAttribute("scope", "col"));
  const rows = running.map((row, i) => {
    const th = html("th", "", String(i + 1));
    th.setAttribute("scope", "row");
    return html("tr", "", th, ...row.totals.map((t) => html("td", "tf-num", t)));
  });
  return html("details", "tf-chart-numbers", html("summary", "", "グラフの数値（各ディール後の累計）"),
    html("table", "tf-chart-table", html("thead", "", head), html("tbody", "", ...rows)));
}

function draw(box) {
  const { sides, running } = charts.get(box);
  const width = Math.min(MAX_WIDTH, Math.floor(box.clientWidth));
  if (!running.length || width <= 0) return;
  drawnAt.set(box, width);
  const open = box.querySelector(".tf-chart-numbers")?.open ?? false;
  const legend = html("ul", "tf-chart-legend", ...sides.map((name, s) => html("li", "", sample(s), `${name} `,
    html("span", "tf-chart-total", running[running.length - 1].totals[s]))));
  const numbers = numbersTable(sides, running);
  numbers.open = open;
  box.replaceChildren(html("p", "tf-chart-caption", "累計の推移（横軸: ディール、縦軸: 各ディール後の合計点）"),
    drawSvg(sides, running, width), legend, numbers);
}

// Shows ``running`` (the engine's answer) for ``sides`` (their names, in the answer's order) in ``box``, a
// block the widget keeps; hidden while there is no deal.  The chart is drawn to the box's width, and again
// when that changes (a phone turned, the window resized).
export function showChart(box, sides, running) {
  charts.set(box, { sides, running });
  box.hidden = !running.length;
  if (!running.length) return box.replaceChildren();
  observer ??= new ResizeObserver((entries) => entries.forEach(({ target }) => {
    if (Math.min(MAX_WIDTH, Math.floor(target.clientWidth)) !== drawnAt.get(target)) draw(target);
  }));
  observer.observe(box);
  return draw(box);
}
