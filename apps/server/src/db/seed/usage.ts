import { randomBytes } from 'node:crypto';
import { RECIPIENT_DETAILS_MAX } from '@rides/contract';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../client.js';
import {
  accommodationBookingLinks,
  affiliatePlaceLinks,
  attractions,
  devices,
  logins,
  pdfExports,
  rideAccessKeyUses,
  rideAccessKeys,
  rideAuthorizedUsers,
  rideOneTimeKeyClaims,
  rideShares,
  userRides,
  type NewLogin,
  type NewPdfExport,
  type NewRideShare,
} from '../schema/index.js';
import type { DemoRide } from './data/types.js';
import { demoRideEndDate, type DemoOwners } from './rides.js';

/**
 * Activity on the demo trips, so the screens that report on it (billing per planner, PDF exports, one-time
 * access usage, devices, my trips, affiliate buttons) have something to show on a fresh install. Counts are
 * derived from trip ids (stable from run to run); times are relative to now so "last N days" filters match.
 */
export async function insertDemoUsage(
  tx: Transaction,
  demoRides: readonly DemoRide[],
  owners: DemoOwners,
  attractionIds: Map<string, number>,
): Promise<void> {
  const now = Date.now();
  const daysAgo = (days: number, hour = 10) => new Date(now - days * 86_400_000 - hour * 3_600_000);
  const { users } = owners;

  // Shares and PDF exports spread over the last five months (billing's month and its chart, decision 0038): the first
  // ones minutes ago, so this month always has some whatever day it is.
  const minutesAgo = (m: number) => new Date(now - m * 60_000);
  // Shares: demo trips have no share button (000 §6), so only the others are shared.
  const channels = ['link', 'whatsapp', 'email'] as const;
  const shares: NewRideShare[] = demoRides
    .filter((r) => !r.isDemo)
    .flatMap((r) =>
      Array.from({ length: 3 + (r.id % 4) }, (_, k) => ({
        rideId: r.id,
        userId: users[r.author],
        channel: channels[k % channels.length] as string,
        createdAt: k < 2 ? minutesAgo(k + 1) : daysAgo(27 * (k - 1) + (r.id % 7)),
      })),
    );
  if (shares.length > 0) await tx.insert(rideShares).values(shares);

  // PDF exports by the planners of their own trips.
  const exports: NewPdfExport[] = demoRides
    .filter((r) => r.author !== 'traveller')
    .flatMap((r) =>
      Array.from({ length: 2 + (r.id % 3) }, (_, k) => ({
        rideId: r.id,
        userId: users[r.author],
        rideTitle: r.title,
        rideStartDate: r.startDate,
        rideEndDate: demoRideEndDate(r),
        createdAt: k === 0 ? minutesAgo(2) : daysAgo(31 * k + 3),
      })),
    );
  if (exports.length > 0) await tx.insert(pdfExports).values(exports);

  await insertAccessKeys(tx, demoRides, owners, daysAgo);

  // The traveller's list: the first two trips they did not write.
  const saved = demoRides.filter((r) => r.author !== 'traveller').slice(0, 2);
  if (saved.length > 0)
    await tx.insert(userRides).values(saved.map((r) => ({ userId: users.traveller, rideId: r.id })));

  await insertAffiliates(tx, demoRides, attractionIds);
  // Devices and sign-ins for the admin's device management (decision 0035): a phone and a laptop for the authors, a
  // borderline user (MEDIUM) and one who passes the password around (HIGH: New York 15 minutes after Jerusalem).
  const J = 'Asia/Jerusalem';
  await insertDevices(tx, users.traveller, [
    { timezone: J, hoursAgo: [2, 50, 98] },
    { timezone: J, hoursAgo: [26, 120] },
  ]);
  await insertDevices(tx, users.planner, [
    { timezone: J, hoursAgo: [5, 75] },
    { timezone: J, hoursAgo: [30] },
  ]);
  await insertDevices(tx, users.borderline, [
    { timezone: J, hoursAgo: [3, 80] },
    { timezone: J, hoursAgo: [27] },
    { timezone: J, hoursAgo: [52, 140] },
    { timezone: J, hoursAgo: [100] },
  ]);
  await insertDevices(tx, users.sharer, [
    { timezone: J, hoursAgo: [1, 49, 97] },
    { timezone: J, hoursAgo: [1.25, 73] },
    { timezone: 'America/New_York', hoursAgo: [1.5, 121] },
    { timezone: J, hoursAgo: [25] },
    { timezone: J, hoursAgo: [50, 145] },
    { timezone: J, hoursAgo: [74] },
    { timezone: J, hoursAgo: [98, 160] },
  ]);
}

/**
 * A reusable registration key (with the planner's page) on every private trip, and one-time links sent over the last
 * months (one-time access usage, decision 0038): each opened before signing in, most then used by the client.
 */
async function insertAccessKeys(
  tx: Transaction,
  demoRides: readonly DemoRide[],
  owners: DemoOwners,
  daysAgo: (d: number) => Date,
): Promise<void> {
  const { users } = owners;
  for (const ride of demoRides.filter((r) => r.isPrivate)) {
    const managerId = ride.author === 'traveller' ? users.planner : users[ride.author];
    const subdomain = ride.isWhiteLabel ? owners.partnerSubdomain : null;
    const [registration] = await tx
      .insert(rideAccessKeys)
      .values({
        rideId: ride.id,
        secretKey: secretKey(),
        subdomain,
        // The planner's page where a visitor without access buys the trip (the private landing's button).
        redirectPage: `https://example.com/planners/${ride.author}/ride-${ride.id}`,
        action: 'view',
        isWhiteLabel: ride.isWhiteLabel,
        createdBy: managerId,
        createdAt: daysAgo(20),
      })
      .returning({ id: rideAccessKeys.id });
    if (!registration) throw new Error('access key insert returned nothing');
    await tx
      .insert(rideAuthorizedUsers)
      .values({ rideId: ride.id, userId: users.traveller, keyId: registration.id, createdAt: daysAgo(18) });
    await tx
      .insert(rideAccessKeyUses)
      .values({ keyId: registration.id, userId: users.traveller, message: 'joined', createdAt: daysAgo(18) });

    // One-time links: sent `sentDaysAgo`, opened a day later, used by the client (or not yet) two days later.
    const links = [
      { sentDaysAgo: 6, recipient: 'משפחת לוי, נסיעה בקיץ', usedBy: null },
      { sentDaysAgo: 12, recipient: 'Sarah & Tom, honeymoon', usedBy: users.traveller },
      { sentDaysAgo: 40, recipient: 'קבוצת אופניים', usedBy: users.borderline },
      { sentDaysAgo: 75, recipient: 'The Cohen family', usedBy: users.sharer },
    ];
    for (const link of links) {
      const [key] = await tx
        .insert(rideAccessKeys)
        .values({
          rideId: ride.id,
          secretKey: secretKey(),
          subdomain,
          action: 'copy',
          isWhiteLabel: ride.isWhiteLabel,
          isOneTime: true,
          authorizedUsersCount: 1,
          // 001 §5: prefixed with the user id, cut to 200 characters.
          recipientDetails: `${managerId} ${link.recipient}`.slice(0, RECIPIENT_DETAILS_MAX),
          createdBy: managerId,
          createdAt: daysAgo(link.sentDaysAgo),
        })
        .returning({ id: rideAccessKeys.id });
      if (!key) throw new Error('access key insert returned nothing');
      await tx
        .insert(rideAccessKeyUses)
        .values({ keyId: key.id, userId: null, message: 'opened', createdAt: daysAgo(link.sentDaysAgo - 1) });
      if (link.usedBy !== null) {
        await tx.insert(rideAccessKeyUses).values({
          keyId: key.id,
          userId: link.usedBy,
          message: 'joined',
          admitted: true,
          createdAt: daysAgo(link.sentDaysAgo - 2),
        });
        await tx
          .insert(rideOneTimeKeyClaims)
          .values({ keyId: key.id, userId: link.usedBy, claimedAt: daysAgo(link.sentDaysAgo - 2) });
      }
    }
  }
}

/**
 * Affiliate buttons on the first attraction of the first two trips (one per provider), and the booking
 * widget mapping of the first trip with accommodations. Demo place ids are marked "demo-" so no one mistakes
 * them for the maps service's.
 */
async function insertAffiliates(
  tx: Transaction,
  demoRides: readonly DemoRide[],
  attractionIds: Map<string, number>,
): Promise<void> {
  const sources = ['getyourguide', 'tiqets'] as const;
  const firsts = demoRides.flatMap((r) => r.days[0]?.attractions.slice(0, 1) ?? []).slice(0, sources.length);
  for (const [i, a] of firsts.entries()) {
    const placeId = `demo-${a.key}`;
    const id = attractionIds.get(a.key);
    if (id === undefined) continue;
    await tx.update(attractions).set({ placeId }).where(eq(attractions.id, id));
    const source = sources[i] ?? 'getyourguide';
    await tx.insert(affiliatePlaceLinks).values({
      placeId,
      link: `https://example.com/${source}/${a.key}`,
      info: source === 'tiqets' ? 'כרטיסי כניסה בלי תור' : 'סיור מודרך בעברית',
      affiliateSource: source,
      colour: source === 'tiqets' ? '#0f7c8c' : '#ff5533',
    });
  }
  const withStay = demoRides.find((r) => r.accommodations.length > 0);
  const stay = withStay?.accommodations[0];
  if (withStay && stay) {
    const city = stay.cuntry_and_city.split(',').at(-1)?.trim() || stay.cuntry_and_city;
    await tx.insert(accommodationBookingLinks).values({
      rideId: withStay.id,
      aid: 'demo-aid',
      targetAid: 'demo-target-aid',
      destinationId: `demo-${withStay.id}`,
      destinationType: 'city',
      name: city,
    });
  }
}

/** A user's devices, each with its time zone and its sign-ins (hours before now), kinds taken in turn. */
async function insertDevices(
  tx: Transaction,
  userId: number,
  pattern: { timezone: string; hoursAgo: number[] }[],
): Promise<void> {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const kinds = [
    {
      deviceName: 'iPhone',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      screenInfo: '390x844',
    },
    {
      deviceName: 'Windows PC',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
      screenInfo: '1920x1080',
    },
    {
      deviceName: 'Android',
      userAgent:
        'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36',
      screenInfo: '412x915',
    },
    {
      deviceName: 'Mac',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Safari/605.1.15',
      screenInfo: '1512x982',
    },
    {
      deviceName: 'iPad',
      userAgent: 'Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      screenInfo: '820x1180',
    },
  ];
  for (const [d, { timezone, hoursAgo: signIns }] of pattern.entries()) {
    const kind = kinds[d % kinds.length] as (typeof kinds)[number];
    const [device] = await tx
      .insert(devices)
      .values({
        userId,
        fingerprint: `demo-${userId}-${d}`,
        ...kind,
        timezone,
        languages: 'he-IL,he,en',
        firstLogin: hoursAgo(Math.max(...signIns)),
        lastLogin: hoursAgo(Math.min(...signIns)),
        loginCount: signIns.length,
      })
      .returning({ id: devices.id });
    if (!device) throw new Error('device insert returned nothing');
    const rows: NewLogin[] = signIns.map((h) => ({
      userId,
      deviceId: device.id,
      at: hoursAgo(h),
      ip: `192.0.2.${10 + d}`,
    }));
    await tx.insert(logins).values(rows);
  }
}

/** A random, URL-safe access key (192 bits). */
const secretKey = () => randomBytes(24).toString('base64url');
