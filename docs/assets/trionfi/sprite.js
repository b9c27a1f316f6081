// Card pictures from the page's one SVG sprite (#27), as scripts/sitebuild/card_sprite.py draws them at build
// time.  The engine draws each card as a whole inline SVG; ``sprited(html)`` keeps the outer <svg> and its
// <title> (the card's accessible name) and puts a <use> of the face in place of the face, adding the face to
// the page's hidden <svg class="tf-sprite"> when the page does not have it yet.  Every piece of engine HTML
// goes through it before it enters the page (widget.js, table.js, pad.js).  xlink:href, not href: Material's
// instant navigation assigns ``el.href = el.href`` on every [href], which throws on a <use> (card_sprite.py).
const CARD = /(<svg class="tf-svg" viewBox="0 0 64 96"[^>]*>)(<title>[^<]*<\/title>)((?:(?!<\/svg>)[\s\S])*)<\/svg>/g;
const SVG = "http://www.w3.org/2000/svg";
const encoder = new TextEncoder();

// ``tf-c`` and the 32-bit FNV-1a hash of the face's UTF-8 bytes in base 36: card_sprite.symbol_id.
export function symbolId(face) {
  let value = 0x811c9dc5;
  for (const byte of encoder.encode(face)) value = Math.imul(value ^ byte, 0x01000193) >>> 0;
  return `tf-c${value.toString(36)}`;
}

// The page's sprite: the one in the content (each page brings its own; Material's instant navigation swaps
// it with the content), or a new one there for a page that had no card at build time.
function spriteOf(root) {
  const found = root.querySelector("svg.tf-sprite");
  if (found) return found;
  const sprite = document.createElementNS(SVG, "svg");
  sprite.setAttribute("class", "tf-sprite");
  sprite.setAttribute("aria-hidden", "true");
  sprite.setAttribute("focusable", "false");
  sprite.setAttribute("style", "position:absolute;width:0;height:0;overflow:hidden");
  (root.querySelector("article.md-content__inner") ?? document.body).prepend(sprite);
  return sprite;
}

// HTML whose cards are drawn from the sprite already (answers.js: the build's precomputed answers), with the
// faces it uses that the page's sprite lacks added from ``faces`` (id -> face markup, card_sprite.py's).
export function withFaces(html, faces, root = document) {
  const missing = new Set();
  for (const [, id] of html.matchAll(/<use xlink:href="#(tf-c[0-9a-z]+)">/g)) {
    if (Object.hasOwn(faces, id) && !root.getElementById(id)) missing.add(id);
  }
  if (missing.size) {
    spriteOf(root).insertAdjacentHTML("beforeend", [...missing].map((id) => `<symbol id="${id}" viewBox="0 0 64 96">${faces[id]}</symbol>`).join(""));
  }
  return html;
}

export function sprited(html, root = document) {
  if (typeof html !== "string" || !html.includes('class="tf-svg"')) return html;
  let sprite = null;
  const added = [];
  const result = html.replace(CARD, (whole, outer, title, face) => {
    if (face.startsWith("<use ")) return whole; // drawn from the sprite already (serialised page HTML)
    const id = symbolId(face);
    sprite ??= spriteOf(root);
    if (!sprite.querySelector(`#${id}`) && !added.some((item) => item.id === id)) added.push({ id, face });
    return `${outer}${title}<use xlink:href="#${id}"></use></svg>`;
  });
  if (added.length) {
    // parsed in the sprite's own (SVG) context, so the faces' elements are SVG elements
    sprite.insertAdjacentHTML("beforeend", added.map(({ id, face }) => `<symbol id="${id}" viewBox="0 0 64 96">${face}</symbol>`).join(""));
  }
  return result;
}
