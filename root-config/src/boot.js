// Starts the suite once SystemJS and the import map are loaded (a file, not inline code: the CSP allows no inline scripts).
// import-map-overrides (running one app from elsewhere, README) is fetched only for a browser that asked for it —
// the devtools flag or an override kept in localStorage — so its 54 KB no longer block every cold page. It adds the
// override map before SystemJS reads the maps on the first import.
(function () {
  firstCaptcha();
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

  // Issue 24 item 3 (cold /login): a page the login module draws (the server links its style sheet there,
  // marked data-flexpay-full) asks for its first captcha here, before SystemJS loads anything: the call
  // travels while the modules load and run, and the login page's first render shows the image. The same
  // hand-over as root-config/src/first-captcha.ts (which asks itself where this did not): window.__flexpayFirstCaptcha
  // = { promise, value }. Not on 找回密码 (no image there), nor with a session (the page leaves for the suite).
  // The call is signed as every call (CONTRACT.md "Request signing": md5 of the body's values, the secret and the
  // timestamp; an empty body here), hence the small md5 below (root-config/test/boot.test.ts checks it).
  function firstCaptcha() {
    function cookie(name) {
      var found = document.cookie.split(';').map(function (part) { return part.trim(); }).filter(function (part) { return part.indexOf(name + '=') === 0; })[0];
      return found ? decodeURIComponent(found.slice(name.length + 1)) : '';
    }
    try {
      if (window.__flexpayFirstCaptcha || !window.fetch || !window.Promise) return;
      if (!document.querySelector('link[data-flexpay-full]') || location.pathname === '/forgetPassword' || cookie('flexpay_admin_token')) return;
      var timestamp = String(Date.now());
      var query = 'timestamp=' + timestamp + '&sign=' + md5(cookie('flexpay_api_secret') + timestamp);
      var slot = {};
      slot.promise = fetch('/api/admin/captcha/create?' + query, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      })
        .then(function (response) { return response.json(); })
        .then(function (envelope) {
          var data = envelope && envelope.data;
          if (!envelope || envelope.code !== 0 || !data || typeof data.captchaToken !== 'string' || typeof data.image !== 'string') throw new Error('captcha/create');
          slot.value = data;
          return data;
        });
      slot.promise.catch(function () {});
      window.__flexpayFirstCaptcha = slot;
    } catch (e) {
      // The login page asks for its captcha itself.
    }
  }

  // md5 of a string's UTF-8 bytes, lower-case hex (RFC 1321).
  function md5(text) {
    var bytes = unescape(encodeURIComponent(text));
    var n = bytes.length;
    var words = [];
    for (var i = 0; i < n; i++) words[i >> 2] |= bytes.charCodeAt(i) << ((i % 4) * 8);
    words[n >> 2] |= 0x80 << ((n % 4) * 8);
    var total = (((n + 8) >> 6) + 1) * 16;
    for (var w = words.length; w < total; w++) words[w] = words[w] | 0;
    words[total - 2] = n * 8;
    var S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
    var K = [];
    for (var k = 0; k < 64; k++) K[k] = (Math.abs(Math.sin(k + 1)) * 4294967296) | 0;
    var a0 = 0x67452301, b0 = 0xefcdab89 | 0, c0 = 0x98badcfe | 0, d0 = 0x10325476;
    for (var block = 0; block < total; block += 16) {
      var a = a0, b = b0, c = c0, d = d0;
      for (var j = 0; j < 64; j++) {
        var f, g, round = j >> 4;
        if (round === 0) { f = (b & c) | (~b & d); g = j; }
        else if (round === 1) { f = (d & b) | (~d & c); g = (5 * j + 1) % 16; }
        else if (round === 2) { f = b ^ c ^ d; g = (3 * j + 5) % 16; }
        else { f = c ^ (b | ~d); g = (7 * j) % 16; }
        var sum = (a + f + K[j] + words[block + g]) | 0;
        var s = S[round * 4 + (j % 4)];
        a = d; d = c; c = b;
        b = (b + ((sum << s) | (sum >>> (32 - s)))) | 0;
      }
      a0 = (a0 + a) | 0; b0 = (b0 + b) | 0; c0 = (c0 + c) | 0; d0 = (d0 + d) | 0;
    }
    var hex = '';
    [a0, b0, c0, d0].forEach(function (v) {
      for (var byte = 0; byte < 4; byte++) hex += ((v >>> (byte * 8)) & 255).toString(16).padStart(2, '0');
    });
    return hex;
  }
})();
