// slant annotate: keyboard shortcuts and timing for one item page (no framework, no build step).
// Time on item and off-screen time (tab hidden or window blurred) survive a reload or a closed
// tab: they are kept in localStorage under the page path and the item id until the answer is sent.
(function () {
  'use strict';
  var form = document.getElementById('answer-form');
  if (!form) return;
  var key = 'slant-annotate:' + location.pathname + ':' + form.getAttribute('data-item');
  var saved = { ms: 0, hidden: 0, blurs: 0 };
  try {
    var raw = localStorage.getItem(key);
    if (raw) saved = JSON.parse(raw);
  } catch {
    saved = { ms: 0, hidden: 0, blurs: 0 };
  }
  var start = performance.now();
  var away = document.visibilityState === 'hidden';
  var awaySince = away ? start : 0;
  var hidden = 0;
  var blurs = 0;

  function goAway() {
    if (away) return;
    away = true;
    awaySince = performance.now();
    blurs += 1;
  }
  function comeBack() {
    if (!away) return;
    away = false;
    hidden += performance.now() - awaySince;
  }
  function totals() {
    var now = performance.now();
    return {
      ms: Math.round(saved.ms + now - start),
      hidden: Math.round(saved.hidden + hidden + (away ? now - awaySince : 0)),
      blurs: saved.blurs + blurs
    };
  }
  var sent = false;
  function persist() {
    if (sent) return;
    try { localStorage.setItem(key, JSON.stringify(totals())); } catch { /* storage full or disabled: timing restarts on reload */ }
  }
  document.addEventListener('visibilitychange', function () { if (document.visibilityState === 'hidden') goAway(); else comeBack(); });
  window.addEventListener('blur', goAway);
  window.addEventListener('focus', comeBack);
  window.addEventListener('pagehide', persist);
  setInterval(persist, 1000);

  var radios = Array.prototype.slice.call(form.querySelectorAll('input[name="value"]'));
  document.addEventListener('keydown', function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === 'Enter') {
      // Enter on the Back link or the Instructions toggle keeps its own meaning
      var tag = ev.target && ev.target.tagName;
      if (tag === 'A' || tag === 'SUMMARY') return;
      ev.preventDefault();
      if (form.reportValidity()) form.requestSubmit();
      return;
    }
    var k = ev.key.toLowerCase();
    for (var i = 0; i < radios.length; i++) {
      if (radios[i].getAttribute('data-key') === k) {
        radios[i].checked = true;
        radios[i].focus();
        ev.preventDefault();
        return;
      }
    }
  });
  form.addEventListener('submit', function () {
    var t = totals();
    form.elements.namedItem('msOnItem').value = String(t.ms);
    form.elements.namedItem('msHidden').value = String(t.hidden);
    form.elements.namedItem('blurs').value = String(t.blurs);
    sent = true;
    try { localStorage.removeItem(key); } catch { /* nothing kept */ }
  });
})();
