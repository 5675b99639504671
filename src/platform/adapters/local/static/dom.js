// The page's two DOM helpers, shared by app.js, duel.js and lobby.js. Text always goes in with textContent, never
// as HTML, so nothing a player or the server writes can become markup.

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** A new element with an optional class and text. */
export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

/** Adds a view's own style sheet to the page (the page's HTML stays the same for every game). */
export function addStyleSheet(href) {
  const css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = href;
  document.head.append(css);
}
