// The visitor's sign, kept on their device when a link of its tile in the home page's grid is followed (localStorage, never a cookie: nothing is sent),
// leads the grid on the next visit (docs/theming.md); run in <head>, so the stylesheet places it from the first paint.
const KEY = 'horoscope-sign';
const SIGNS = ['aries', 'taurus', 'gemini', 'cancer', 'leo', 'virgo', 'libra', 'scorpio', 'sagittarius', 'capricorn', 'aquarius', 'pisces'];
const root = document.documentElement;

/** Storage may be refused (a private window throws): then nothing is remembered. */
function storage(action) {
  try {
    return action(globalThis.localStorage);
  } catch {
    return null;
  }
}

const remembered = storage((store) => store.getItem(KEY));
if (SIGNS.includes(remembered)) root.dataset.sign = remembered;

// First in the document too, so the keyboard and screen readers meet it where the eye does.
let moved;
document.addEventListener('DOMContentLoaded', () => {
  const tile = document.querySelector(`.sign-tile[data-sign="${root.dataset.sign}"]`);
  if (!tile?.parentElement) return;
  moved = { tile, before: tile.nextElementSibling };
  tile.parentElement.prepend(tile);
});

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const picked = target?.closest('a') && target.closest('.sign-tile')?.dataset.sign;
  if (SIGNS.includes(picked)) storage((store) => store.setItem(KEY, picked));
  if (!target?.closest('.change-sign')) return;
  storage((store) => store.removeItem(KEY));
  delete root.dataset.sign;
  if (moved) moved.tile.parentElement.insertBefore(moved.tile, moved.before);
  moved = undefined;
  document.getElementById('pick-sign')?.focus();
});
