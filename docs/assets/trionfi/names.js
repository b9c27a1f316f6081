// Players' names on the score pad are text a person typed: the engine's rule (engine/match.py,
// check_names) mirrored, so that a name is checked as it is typed, before the engine has loaded.
// tests/build/test_pad_names.py runs both over the same names and wants the same answers.

const MAX_NAME = 20;
const LETTERS = "ABCDEFGH";
// What Python's str.strip() takes off a name's ends (str.isspace), which String.trim() does not quite.
const SPACES = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
  + "\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
// Unicode's Default_Ignorable_Code_Point, as engine/match.py's IGNORABLE lists it.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const SELECTOR = /[\u180b-\u180d\u180f\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;
const JOINER = "\u200d";
const EMOJI_TAIL = /[\ufe0f\u{1f3fb}-\u{1f3ff}]+$/u;
const SYMBOL = /^\p{So}$/u;

export function plainName(text) {
  const chars = [...text];
  let start = 0;
  let end = chars.length;
  while (start < end && SPACES.includes(chars[start])) start++;
  while (end > start && SPACES.includes(chars[end - 1])) end--;
  return chars.slice(start, end).join("");
}

// A variation selector right after a drawn character, or a joiner between two emoji.
function allowedMark(chars, i) {
  if (SELECTOR.test(chars[i])) return i > 0 && !SPACES.includes(chars[i - 1]) && !IGNORABLE.test(chars[i - 1]);
  const before = [...chars.slice(0, i).join("").replace(EMOJI_TAIL, "")];
  const after = chars[i + 1];
  return chars[i] === JOINER && before.length > 0 && after !== undefined
    && SYMBOL.test(before[before.length - 1]) && SYMBOL.test(after);
}

function fault(name) {
  const chars = [...name];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    const code = `U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
    if (/\p{Cs}/u.test(char)) return `文字として読めない符号（${code}）が入っています。名前を入れ直してください。`;
    if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(char)) return `改行や制御文字（${code}）が入っています。名前は1行で書いてください。`;
    if ((/\p{Cf}/u.test(char) || IGNORABLE.test(char)) && !allowedMark(chars, i)) {
      return `目に見えない文字（${code}）が入っています。その文字を消して入れ直してください。`;
    }
  }
  return "";
}

// How a name looks: NFKC, without the marks that choose a form, the spaces between words as one.
function look(label) {
  const plain = [...label].filter((c) => !SELECTOR.test(c) && c !== JOINER).join("").normalize("NFKC");
  return [...plain].map((c) => (SPACES.includes(c) ? " " : c)).join("").split(" ").filter(Boolean).join(" ");
}

// What is wrong with the players' names, as the engine would say it: { error, field } (the field the
// engine's refusal names), or null when the engine takes them.
export function namesProblem(names) {
  const plain = [];
  for (const [p, name] of names.entries()) {
    if ([...name].length > MAX_NAME) {
      return { error: `名前は${MAX_NAME}文字までです（プレイヤー${LETTERS[p]}）。`, field: ["names", p] };
    }
    const wrong = fault(plainName(name));
    if (wrong) return { error: `プレイヤー${LETTERS[p]}の名前に${wrong}`, field: ["names", p] };
    plain.push(plainName(name));
  }
  const shown = plain.map((name, p) => name || `プレイヤー${LETTERS[p]}`);
  for (let q = 0; q < shown.length; q++) {
    for (let p = 0; p < q; p++) {
      if (look(shown[p]) !== look(shown[q]) || shown[p] === shown[q]) continue;
      if (plain[p] && plain[q]) {
        return { error: `プレイヤー${LETTERS[p]}の「${shown[p]}」とプレイヤー${LETTERS[q]}の「${shown[q]}」は、`
          + "見分けのつかない名前です。どちらかを変えてください。", field: ["names", q] };
      }
      const [named, unnamed] = plain[p] ? [p, q] : [q, p];
      return { error: `プレイヤー${LETTERS[named]}の名前「${plain[named]}」は、名前のないプレイヤー${LETTERS[unnamed]}`
        + "の呼び名と見分けがつきません。ほかの名前にしてください。", field: ["names", named] };
    }
  }
  return null;
}
