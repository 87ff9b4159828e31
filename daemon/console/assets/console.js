// The console's one script, no framework: the job page's live counters
// and the capture page's live crawl.log tail. Both poll the console's own
// routes on the daemon (same origin, session cookie); pages work without
// it, showing the figures as they were when loaded.
(function () {
  'use strict';

  // clock formats seconds as H:MM:SS, as the server's "clock" does.
  function clock(s) {
    s = Math.round(s);
    var h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), r = s % 60;
    return h + ':' + (m < 10 ? '0' : '') + m + ':' + (r < 10 ? '0' : '') + r;
  }
  var formats = {
    elapsed_seconds: clock,
    eta_seconds: function (s) { return s > 0 ? clock(s) : '—'; },
    pages_per_second: function (v) { return v.toFixed(1); },
    phase: function (v) { return v || '—'; }
  };

  function pollStatus(el) {
    var url = el.getAttribute('data-status'), state = el.getAttribute('data-state'), capture = el.getAttribute('data-capture');
    function tick() {
      fetch(url, {credentials: 'same-origin', cache: 'no-store'}).then(function (r) {
        if (!r.ok) { throw new Error(r.status); }
        return r.json();
      }).then(function (st) {
        // A new state or capture changes the buttons, links and captures.
        if (st.state !== state || String(st.capture || 0) !== capture) { location.reload(); return; }
        el.querySelectorAll('[data-live]').forEach(function (td) {
          var k = td.getAttribute('data-live'), v = st[k];
          if (v === undefined) { v = 0; } // omitted when zero
          td.textContent = formats[k] ? formats[k](v) : String(v);
        });
        hosts(el.querySelector('tbody[data-hosts]'), st.hosts || []);
        el.setAttribute('data-polls', String(Number(el.getAttribute('data-polls') || 0) + 1));
        setTimeout(tick, 2000);
      }).catch(function () { setTimeout(tick, 10000); });
    }
    setTimeout(tick, 2000);
  }

  // breakable fills el with s, a <wbr> after each run of URL separators,
  // as the template's breakable does.
  function breakable(el, s) {
    s.split(/([\/?&=.,_]+)/).forEach(function (part, i, all) {
      if (part === '') { return; }
      el.appendChild(document.createTextNode(part));
      if (i % 2 === 1 && i + 1 < all.length && all[i + 1] !== '') { el.appendChild(document.createElement('wbr')); }
    });
  }

  // hosts redraws the "why is it slow" rows, as the template draws them.
  var errClasses = ['http_4xx', 'http_5xx', 'network', 'blocked', 'other'];
  var errCells = ['err-4xx', 'err-5xx', 'err-network', 'err-blocked', 'err-other'];
  function hosts(tb, rows) {
    if (!tb) { return; }
    var sec = function (v) { return (v || 0).toFixed(1) + ' s'; };
    var when = function (v) { // as the server's "when"
      var d = new Date(v || 0);
      return !v || d.getUTCFullYear() <= 1 ? '—' : d.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
    };
    var timeOfDay = function (v) { var w = when(v); return w === '—' ? w : w.slice(11, 19); };
    tb.replaceChildren.apply(tb, rows.map(function (h) {
      var tr = document.createElement('tr');
      ['', h.queued || 0, h.in_flight || 0, timeOfDay(h.next_ready), sec(h.politeness_wait_seconds), sec(h.delay_seconds),
        sec(h.robots_crawl_delay_seconds), h.fetched || 0, h.errors || 0].concat(errClasses.map(function (c) {
        return (h.errors_by_class || {})[c] || 0;
      }), [(h.fetches_per_second || 0).toFixed(2),
        h.parked ? (h.waiting_for_slot ? 'yes, waiting' : 'yes') : '']).forEach(function (v, i) {
        var td = document.createElement('td');
        if (i === 0) { td.className = 'host'; breakable(td, h.host || ''); } else { td.textContent = String(v); }
        if (i > 0 && i < 15 && i !== 3) { td.className = 'num'; }
        if (i === 3) { td.className = 'when'; td.title = when(h.next_ready); }
        if (i >= 9 && i < 14) { td.className += ' ' + errCells[i - 9]; }
        tr.appendChild(td);
      });
      return tr;
    }));
  }

  function tailLog(pre) {
    var url = pre.getAttribute('data-log'), next = Number(pre.getAttribute('data-next')), max = 400;
    function tick() {
      fetch(url + '?from=' + next, {credentials: 'same-origin', cache: 'no-store'}).then(function (r) {
        if (!r.ok) { throw new Error(r.status); }
        return r.json();
      }).then(function (c) {
        var more = c.next > next;
        if (c.text) {
          var lines = (pre.textContent ? pre.textContent + '\n' : '') + c.text.replace(/\n$/, '');
          var all = lines.split('\n');
          pre.textContent = all.slice(Math.max(0, all.length - max)).join('\n');
        }
        next = c.next;
        pre.setAttribute('data-next', String(next));
        setTimeout(tick, more ? 200 : 2000);
      }).catch(function () { setTimeout(tick, 10000); });
    }
    setTimeout(tick, 2000);
  }

  // zoom lets the scatterplot be zoomed with the wheel (around the
  // pointer), panned by dragging and reset by double-click or the
  // button: it only moves the SVG's viewBox, and keeps points their size
  // on screen.
  function zoom(svg) {
    var full = svg.getAttribute('viewBox').split(' ').map(Number), vb = full.slice();
    var pts = svg.querySelectorAll('circle.pt'), r0 = pts.length ? Number(pts[0].getAttribute('r')) : 0;
    function apply() {
      svg.setAttribute('viewBox', vb.join(' '));
      var k = vb[2] / full[2];
      pts.forEach(function (p) { p.setAttribute('r', String(r0 * Math.max(k, 0.02))); });
      svg.setAttribute('data-scale', (full[2] / vb[2]).toFixed(2));
    }
    function at(ev) { // the event's position in user units
      var b = svg.getBoundingClientRect();
      return [vb[0] + (ev.clientX - b.left) / b.width * vb[2], vb[1] + (ev.clientY - b.top) / b.height * vb[3]];
    }
    svg.addEventListener('wheel', function (ev) {
      ev.preventDefault();
      var f = ev.deltaY < 0 ? 0.8 : 1.25, p = at(ev);
      f = Math.min(f, full[2] / vb[2]); // not past the whole plot
      vb = [p[0] - (p[0] - vb[0]) * f, p[1] - (p[1] - vb[1]) * f, vb[2] * f, vb[3] * f];
      apply();
    }, {passive: false});
    // The pointer is captured only once it has moved a few pixels: a
    // plain click stays on its point, whose link (a changed page's
    // what-changed view) it follows; a drag's click lands on the plot.
    var drag = null, from = null;
    svg.addEventListener('pointerdown', function (ev) { drag = at(ev); from = [ev.clientX, ev.clientY]; });
    svg.addEventListener('pointermove', function (ev) {
      if (!drag) { return; }
      if (from) {
        if (Math.abs(ev.clientX - from[0]) + Math.abs(ev.clientY - from[1]) < 4) { return; }
        from = null;
        svg.setPointerCapture(ev.pointerId);
      }
      var p = at(ev);
      vb[0] -= p[0] - drag[0]; vb[1] -= p[1] - drag[1];
      apply();
    });
    svg.addEventListener('pointerup', function () { drag = null; });
    function reset() { vb = full.slice(); apply(); }
    svg.addEventListener('dblclick', reset);
    var btn = document.querySelector('[data-zoom-reset]');
    if (btn) { btn.addEventListener('click', reset); }
  }

  document.querySelectorAll('svg[data-zoom]').forEach(zoom);
  var st = document.querySelector('[data-status]');
  if (st) { pollStatus(st); }
  var log = document.querySelector('pre[data-log]');
  if (log) { tailLog(log); }
}());
