// Lessons and examples answered before the engine is ready (#41).  The build asked the engine every
// question a lesson can ask and every step of every example (scripts/sitebuild/answers.py) and wrote the
// answers into answers.json beside each page with them; a widget fetches it when it is mounted and, while
// Python is still loading, answers from it exactly what the engine would (client.js run); once the engine
// is ready, the engine answers.  A request the file does not know (a share link off a lesson's path, an
// example under other rules) waits for the engine as before.
import { withFaces } from "./sprite.js";

const files = new Map(); // answers.json's address -> its contents (null when there is none or it failed)

function answersFile() {
  const url = new URL("answers.json", location.href).href;
  if (!files.has(url)) {
    files.set(url, fetch(url).then((response) => (response.ok ? response.json() : null)).catch(() => null));
  }
  return files.get(url);
}

export const fetchAnswers = () => void answersFile();

// The engine's answer to a lesson's request (``lesson``: a place by code or step; ``lesson_try``: a choice),
// or undefined when the page's file does not have it.
export async function lessonAnswer(el, request) {
  const file = await answersFile();
  const lesson = file?.lessons?.[el.dataset.ref];
  if (!lesson) return undefined;
  const view = (v, log) => ({ html: withFaces(v.html, file.faces), log, n: v.n, done: v.done, code: v.code });
  if (request.op === "lesson") {
    const stop = request.code
      ? lesson.views.find((v) => v.code === request.code)
      : lesson.views.find((v) => v.n >= (request.n ?? 0)) ?? lesson.views.at(-1);
    return stop && view(stop, stop.start);
  }
  const tries = lesson.tries[request.n];
  const answer = tries && Object.hasOwn(tries, request.action) ? tries[request.action] : undefined;
  if (typeof answer === "number") return { ok: true, ...view(lesson.views[answer], lesson.views[answer].log) };
  if (Array.isArray(answer)) return { ok: false, kind: answer[0], message: file.messages[answer[1]] };
  return undefined;
}

// The engine's answer to an example's request (a step, or a share code of a step, under the rules the page
// shows), or undefined when the page's file does not have it.
export async function exampleAnswer(el, request) {
  const file = await answersFile();
  const example = file?.examples?.[el.dataset.ref];
  if (!example) return undefined;
  const variants = request.variants ?? {};
  if (Object.keys(variants).some((name) => variants[name] !== example.variants[name])) return undefined;
  const last = example.steps.length - 1;
  let step = last;
  if (request.step !== undefined) {
    if (!Number.isInteger(request.step)) return undefined;
    step = Math.max(0, Math.min(request.step, last));
  } else if (request.code) {
    step = example.codes.indexOf(request.code);
    if (step < 0) return undefined;
  }
  const html = example.head + example.steps[step] + (step < last ? example.tail : "");
  return { html: withFaces(html, file.faces), code: example.codes[step], step, steps: last, notice: "" };
}
