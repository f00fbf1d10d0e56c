// The sign whose tile a visitor follows on the home page, kept in localStorage (no cookie, nothing sent) and set
// on the root element before the body is read, so the stylesheet puts its tile first from the first paint.
const KEY = 'horoscope-sign';
const root = document.documentElement;
// Storage may be refused (a private window throws); a slug is lower-case letters, anything else is no sign.
const storage = (action) => {
  try {
    return action(localStorage);
  } catch {
    return null;
  }
};
const isSign = (value) => /^[a-z]+$/.test(value ?? '');
const remembered = storage((store) => store.getItem(KEY));
if (isSign(remembered)) root.dataset.sign = remembered;

// First in the document too, where the keyboard and screen readers meet it.
let moved;
document.addEventListener('DOMContentLoaded', () => {
  const tile = document.querySelector(`.sign-tile[data-sign="${root.dataset.sign}"]`);
  if (tile) moved = [tile, tile.nextElementSibling, tile.parentElement.prepend(tile)];
});

document.addEventListener('click', ({ target }) => {
  const picked = target.closest?.('a') && target.closest('.sign-tile')?.dataset.sign;
  if (isSign(picked)) storage((store) => store.setItem(KEY, picked));
  if (!target.closest?.('.change-sign')) return;
  storage((store) => store.removeItem(KEY));
  delete root.dataset.sign;
  if (moved) moved[0].parentElement.insertBefore(moved[0], moved[1]);
  moved = undefined;
  document.getElementById('pick-sign').focus();
});
