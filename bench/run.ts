import { adminBench } from './admin.bench.js';
import { bookingsBench } from './bookings.bench.js';
import { moneyBench } from './money.bench.js';
import { legsBench } from './legs.bench.js';
import { legsAccuracyBench } from './legs-accuracy.bench.js';
import { dayOrderBench } from './day-order.bench.js';
import { checksBench } from './checks.bench.js';
import { tripMergeBench } from './trip-merge.bench.js';
import { tripPushBench } from './trip-push.bench.js';
import { conflictsBench } from './conflicts.bench.js';
import { editingBench } from './editing.bench.js';
import { fuzzBench } from './fuzz.bench.js';
import { httpBench } from './http.bench.js';
import { liveBench } from './live.bench.js';
import { lighthouseBench } from './lighthouse.bench.js';
import { pdfBench } from './pdf.bench.js';
import { pdfFloodBench } from './pdf-flood.bench.js';
import { photosBench } from './photos.bench.js';
import { placesBench } from './places.bench.js';
import { tripBench } from './trip.bench.js';
import { scaleBench } from './scale.bench.js';
import { startupBench } from './startup.bench.js';

/**
 * `npm run bench [startup|legs|legs-accuracy|checks|day-order|trip-merge|trip-push|http|ride|pdf|pdf-flood|places|photos|editing|lighthouse|scale]`: prints figures and ratios to baselines measured in the same run.
 * `scale` (search at 100,000 generated trips on PostgreSQL) and `admin` (100,000 users, 1,000,000 sign-ins) run only when
 * asked: they generate millions of rows.
 * `fuzz` (hostile requests to every call, minutes; decision 0026) runs only when asked too.
 * Not part of `npm test`: timings belong here, not in assertions.
 */
const which = process.argv[2] ?? 'all';
console.log(`rides bench — node ${process.version}, ${new Date().toISOString()}`);
if (which === 'all' || which === 'startup') {
  console.log('\n== database cold start');
  await startupBench();
}
if (which === 'all' || which === 'live') {
  console.log(
    '\n== live updates (issue 33 point 2: an edit on A, its event on B; 2,000 open streams on one process)',
  );
  await liveBench();
}
if (which === 'all' || which === 'bookings') {
  console.log(
    '\n== bookings in (issue 34: the test set imported one by one; 20 at once beside the trip page reads)',
  );
  await bookingsBench();
}
if (which === 'all' || which === 'money') {
  console.log('\n== money (issue 35: the budget of a trip with 2,000 expenses)');
  await moneyBench();
}
if (which === 'all' || which === 'legs') {
  console.log('\n== legs of a day (issue 36: a 14-day trip, 8 stops a day, from the database)');
  await legsBench();
}
if (which === 'all' || which === 'checks') {
  console.log('\n== the day\'s warnings (issue 36 point 3: a 14-day trip, 8 stops a day, from the database)');
  await checksBench();
}
if (which === 'all' || which === 'legs-accuracy') {
  console.log(
    "\n== the legs' estimate against routed legs (issue 36: recorded answers of routing services, no timing)",
  );
  legsAccuracyBench();
}
if (which === 'all' || which === 'day-order') {
  console.log(
    '\n== suggested order of a day (issue 36 point 4: shuffled 10-stop days against the best order by exhaustive search)',
  );
  await dayOrderBench();
}
if (which === 'all' || which === 'trip-merge') {
  console.log(
    "\n== living copies' merge (issue 37: a 30-day, 300-activity trip, 50 changes a side: diff, merge, apply)",
  );
  await tripMergeBench();
}
if (which === 'all' || which === 'trip-push') {
  console.log(
    "\n== living copies' push (issue 37 point 4: a template's updates pushed to 1,000 clients' copies; the trip page meanwhile)",
  );
  await tripPushBench();
}
if (which === 'all' || which === 'http') {
  console.log('\n== HTTP (50 connections, 8 s each, loopback)');
  await httpBench();
}
if (which === 'all' || which === 'ride') {
  console.log(
    '\n== trip page API (14 days x 5 attractions; 50 connections, every call in 3 interleaved rounds of 3 s, loopback)',
  );
  await tripBench();
}
if (which === 'all' || which === 'pdf') {
  console.log(
    '\n== trip PDF (issue 19: 14-day demo trip, 60 x 10 render, memory, trip reads while 10 exports run)',
  );
  await pdfBench();
}
if (which === 'all' || which === 'pdf' || which === 'pdf-flood') {
  console.log(
    "\n== trip PDF under a flood (issue 31 point 1: 34 x 60-day exports from one address, a planner's 14-day export, the flood hangs up)",
  );
  await pdfFloodBench();
}
if (which === 'all' || which === 'places') {
  console.log('\n== place search, local source (whole gazetteer; Hebrew and English keystrokes)');
  await placesBench();
}
if (which === 'all' || which === 'photos') {
  console.log(
    '\n== trips from photos (issue 20: get_image_information_api on a 1024 px JPEG; a 12 MP HEIC converted)',
  );
  await photosBench();
}
if (which === 'all' || which === 'editing') {
  console.log(
    '\n== trip editing (50 clients adding and removing days and activities on one trip, 30 s; needs npm run build)',
  );
  await editingBench();
}
if (which === 'conflicts') {
  console.log(
    '\n== no silent overwrites (issue 33 point 3: 20 clients x 50 conflicting edits with If-Match; PostgreSQL)',
  );
  await conflictsBench();
}
if (which === 'scale') {
  console.log('\n== search at scale (issue 16; PostgreSQL, generated trips; SCALE_TRIPS=N, default 100,000)');
  await scaleBench();
}
if (which === 'admin') {
  console.log(
    "\n== admin calls at scale (issue 21; PostgreSQL; ADMIN_USERS, default 100,000; ADMIN_LOGINS, default 1,000,000; planners' trips, shares, exports, one-time uses)",
  );
  await adminBench();
}
if (which === 'fuzz') {
  console.log(
    '\n== fuzz of every call of the contract (before a release; FUZZ_RUNS per call and client, default 500)',
  );
  await fuzzBench();
}
if (which === 'all' || which === 'lighthouse') {
  console.log('\n== Lighthouse 12, mobile preset (needs npm run build)');
  await lighthouseBench();
}
