// Starts the suite once SystemJS and the import map are loaded (a file, not inline code: the CSP allows no inline scripts).
// import-map-overrides (running one app from elsewhere, README) is fetched only for a browser that asked for it —
// the devtools flag or an override kept in localStorage — so its 54 KB no longer block every cold page. It adds the
// override map before SystemJS reads the maps on the first import.
(function () {
  function start() {
    System.import('@flexpay/root-config');
  }
  var wanted = false;
  try {
    wanted = !!localStorage.getItem('devtools') || Object.keys(localStorage).some(function (key) {
      return key.indexOf('import-map-override') === 0;
    });
  } catch (e) {
    // storage blocked: no overrides either
  }
  if (!wanted) return start();
  var script = document.createElement('script');
  script.src = '/vendor/import-map-overrides.js';
  script.onload = script.onerror = start;
  document.head.appendChild(script);
})();
