// Each time a page shows is a <time datetime> in UTC, written in the owner's zone (or UTC) and named; this writes it
// again in the reader's own zone, named too. Loaded before the body and run on each time as the parser adds it, so
// the first paint already shows the reader's time (no layout shift). Nothing is stored or sent.
// https://tc39.es/ecma402/#datetimeformat-objects · https://dom.spec.whatwg.org/#interface-mutationobserver
// A block: a classic script's top-level names are the page's, shared with its other scripts.
{
  const STYLES = {
    weekday: { weekday: 'long', hour: 'numeric', minute: '2-digit' },
    datetime: { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  };
  const root = document.documentElement;
  const format = (time) => {
    const style = STYLES[time.dataset.time];
    const instant = new Date(time.dateTime);
    if (!style || Number.isNaN(instant.getTime())) return;
    time.dataset.zone = 'reader';
    time.textContent = new Intl.DateTimeFormat(root.lang || undefined, { ...style, timeZoneName: 'long' }).format(instant);
  };
  const formatAll = () => document.querySelectorAll('time[data-time]:not([data-zone])').forEach(format);
  const observer = new MutationObserver(formatAll);
  observer.observe(root, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => {
    observer.disconnect();
    formatAll();
  });
}
