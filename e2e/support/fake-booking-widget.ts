/**
 * A local stand-in for the booking partner's hotel-map widget (000 §2 /booking): the product servers get its script
 * as BOOKING_WIDGET_SCRIPT_URL and its origin as the frame origin (support/servers.ts), so the real page code and the
 * real content security policy run. Like Booking.com's "flexiproduct" script, it turns each
 * <ins class="bookingaff" data-prod="map" ...> on the page into a frame from the partner's origin; the frame shows
 * what it was asked for (place, dates, affiliate id, language), which the spec reads.
 */
import { createServer } from 'node:http';

export const FAKE_BOOKING_AID = 'e2e-aid';

const script = (origin: string) => `(function () {
  var slots = document.querySelectorAll('ins.bookingaff:not([data-fake-done])');
  for (var i = 0; i < slots.length; i++) {
    var ins = slots[i];
    ins.setAttribute('data-fake-done', '');
    var q = new URLSearchParams();
    ['aid', 'target_aid', 'prod', 'lang', 'latitude', 'longitude', 'checkin', 'checkout'].forEach(function (k) {
      var v = ins.getAttribute('data-' + k);
      if (v !== null) q.set(k, v);
    });
    var frame = document.createElement('iframe');
    frame.src = ${JSON.stringify(origin)} + '/map.html?' + q.toString();
    frame.title = 'Partner hotel map';
    frame.style.width = ins.getAttribute('data-width') || '100%';
    frame.style.height = (ins.getAttribute('data-height') || '590') + 'px';
    frame.style.border = '0';
    ins.replaceChildren(frame);
  }
})();`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const mapPage = (q: URLSearchParams) => `<!doctype html><html><head><meta charset="utf-8"><title>Partner map</title></head>
<body style="font-family: sans-serif; margin: 0; display: grid; place-items: center; height: 100vh; background: #e8f0fe">
<dl data-testid="partner-map-request">${[...q.entries()].map(([k, v]) => `<dt>${escape(k)}</dt><dd data-key="${escape(k)}">${escape(v)}</dd>`).join('')}</dl>
</body></html>`;

export function startFakeBookingWidget(port: number): Promise<{ scriptUrl: string; origin: string; close: () => void }> {
  const origin = `http://127.0.0.1:${port}`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'GET' && url.pathname === '/flexiproduct.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(script(origin));
    } else if (req.method === 'GET' && url.pathname === '/map.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(mapPage(url.searchParams));
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ scriptUrl: `${origin}/flexiproduct.js`, origin, close: () => server.close() }));
  });
}
