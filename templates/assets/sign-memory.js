// The visitor's sign, remembered on their device: opening a sign from the home page's grid keeps its slug in
// localStorage (never a cookie: nothing is sent with any request), and the home page then shows that sign's lead,
// which the page holds hidden for each sign. "Change sign" forgets it. The home page loads this file right after
// the leads, before the rest is parsed, so the lead appears with the first paint and moves nothing shown.
// Without JavaScript, or where storage is refused (a private window may throw), nothing is remembered.
// https://developer.mozilla.org/docs/Web/API/Window/localStorage
const KEY = 'horoscope-sign';

function stored() {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

function remember(slug) {
  try {
    if (slug) globalThis.localStorage?.setItem(KEY, slug);
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Storage refused: the site works as without this script.
  }
}

const leads = globalThis.document ? [...document.querySelectorAll('.your-sign[data-sign]')] : [];
const lead = leads.find((section) => section.dataset.sign === stored());
if (lead) lead.hidden = false;

globalThis.document?.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const picked = target?.closest('a[data-remember-sign]');
  if (picked) remember(picked.dataset.rememberSign);
  const change = target?.closest('.your-sign .change-sign');
  if (!change) return;
  remember(null);
  for (const section of leads) section.hidden = true;
  // Focus moves to the grid the visitor picks from again, not to the page's start.
  const grid = document.getElementById('pick-sign');
  grid?.focus();
});
