// The colour theme: System (follows prefers-color-scheme), Light or Dark.
// The choice lives in localStorage (no key = System). This script runs in
// <head> (app/layout.tsx) before the first paint and is the one place that
// turns the choice into the `dark` class on <html>; it re-applies it when the
// system setting changes or a storage event names the key (another tab, or
// setThemeChoice in ./theme.ts, which dispatches one in this tab).

export const THEME_KEY = 'ks.theme';

export const THEME_SCRIPT = `(function () {
  var key = ${JSON.stringify(THEME_KEY)};
  var root = document.documentElement;
  var media = window.matchMedia('(prefers-color-scheme: dark)');
  function apply() {
    var choice = null;
    try { choice = window.localStorage.getItem(key); } catch (e) {}
    root.classList.toggle('dark', choice === 'dark' || (choice !== 'light' && media.matches));
  }
  apply();
  media.addEventListener('change', apply);
  window.addEventListener('storage', function (event) { if (event.key === key || event.key === null) apply(); });
})();`;
