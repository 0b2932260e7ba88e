import { randomBytes } from 'node:crypto';
import {
  addDays,
  daysBetween,
  MAX_TRIP_DAYS,
  reservationChanges,
  reservationDays,
  reservationKey,
  type BookingProblem,
  type BookingProblemCode,
  type BookingsConfirmBody,
  type BookingsConfirmResponse,
  type BookingsImportResponse,
  type BookingsListResponse,
  type BookingWire,
  type PreviewReservation,
  type Reservation,
  type TripLanguage,
  type WaitingMail,
} from '@rides/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Changes } from '../../changes.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { createLimiter } from '../../lib/limiter.js';
import { tripTextLanguage } from '../../lib/texts.js';
import type { SessionUser } from '../../plugins/auth.js';
import type { Mailer } from '../../providers/mail/index.js';
import type { Places } from '../../providers/places/index.js';
import type { Actor } from '../access/actor.js';
import { decideBookings, type BookingsAction } from '../access/bookings.policy.js';
import type { TripAccessFacts } from '../access/trip-access.policy.js';
import { decideEditFor, type TripEditor } from '../trip-editing/edit-transaction.js';
import { readTrip, setTripDates } from '../trip-editing/trip-lock.repository.js';
import { prependDays, resizeDays } from '../lineage/day-ids.js';
import { editDayIds } from '../lineage/lineage.repository.js';
import * as repo from './bookings.repository.js';
import { locatePlaces } from './locate.js';
import { heldBookingMail } from './mails.js';
import { placeBooking } from './place-booking.js';
import { readDocument } from './read-document.js';
import type { LlmClient } from './readers/llm.js';

/**
 * Bookings in (issue 34, decision 0068). An import reads documents into a preview and puts nothing on the trip (the
 * files are kept as `preview` documents so the confirmation can attach them; unconfirmed ones are let go after a
 * day). The confirmation is one locked edit of the trip: the trip's days extended when asked, each reservation put on
 * its days (place-booking.ts), matched to the booking it repeats (the same confirmation again changes nothing; a
 * changed one replaces what the earlier put there and says what changed). Forwarded mail arrives through the trip's
 * own address (inbound-smtp.ts), read at once and kept for review: from one of the trip's people, waiting for
 * review; from anyone else, held until a member lets it in.
 */
export interface BookingsDeps {
  db: Database;
  changes: Changes;
  editRide: TripEditor;
  places: Places;
  accessFacts(rideId: number): Promise<TripAccessFacts>;
  /** The domain of the trips' forwarding addresses; null when the server receives no mail. */
  mailDomain: string | null;
  llm: LlmClient | null;
  /** Tells the trip's owner of a held mail; the site's public address makes the mail's link. */
  mailer: Pick<Mailer, 'send'>;
  publicAddress: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export interface ImportFile {
  fileName: string;
  bytes: Uint8Array;
}

const PREVIEW_KEPT_MS = 24 * 60 * 60 * 1000;

/** The preview's ids: short, unguessable enough to not collide within one trip's previews. */
const makeId = () => randomBytes(9).toString('base64url');

/** A forwarding address's local part: "trip-" and 16 letters and digits (80 bits: not guessed). */
const newLocalPart = () => `trip-${randomBytes(10).toString('hex').slice(0, 16)}`;

const wireBooking = (b: repo.BookingRow): BookingWire => ({
  id: b.id,
  reservation: b.reservation,
  documentId: b.documentId,
  documentName: b.documentName ?? null,
  stayId: b.stayId,
  activityIds: b.activityIds,
  updatedAt: b.updatedAt.toISOString(),
});

/** The reservation without what only the preview adds: what a booking keeps. */
function kept(r: Reservation & { documentId?: number | undefined }): Reservation {
  const { documentId: _documentId, ...rest } = r;
  return rest;
}

export function createBookingsService(deps: BookingsDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  // An import is CPU (a PDF's text, a mail's parts, the templates) and, on the embedded database, its one connection:
  // one import (or one received mail) at a time per process, each in its own turn of the event loop, so 20 imports at
  // once leave the trip pages answering between them (the bar, bench/bookings.bench.ts).
  const importLine = createLimiter(1, { yieldFirst: true });
  const read = (bytes: Uint8Array) => readDocument(bytes, { makeId, llm: deps.llm });

  /** The bookings policy, then for an import the edit policy (an import writes the trip's content). */
  async function allowed(rideId: number, actor: Actor, action: BookingsAction): Promise<TripAccessFacts> {
    const facts = await deps.accessFacts(rideId);
    const decision = decideBookings(facts, actor, action);
    if (!decision.allowed) throw new AppError(decision.code);
    if (action === 'import') {
      const edit = await mayEdit(rideId, actor);
      if (!edit.allowed) throw new AppError(edit.code);
    }
    return facts;
  }

  async function mayEdit(rideId: number, actor: Actor) {
    const trip = await readTrip(db, rideId);
    if (!trip) throw new AppError('not_found');
    return decideEditFor(db, trip, actor as SessionUser | null, 'edit');
  }

  /** The trip's days and language, read without a lock (the confirmation reads them again under it). */
  async function tripOf(rideId: number) {
    const trip = await readTrip(db, rideId);
    if (!trip) throw new AppError('not_found');
    return { dates: { startDate: trip.startDate, endDate: trip.endDate }, language: trip.language };
  }

  /** How each reservation meets the trip: outside its days, and the booking it repeats with what it changes. */
  async function previewOf(
    rideId: number,
    dates: { startDate: string; endDate: string },
    reservations: (Reservation & { documentId?: number })[],
  ): Promise<PreviewReservation[]> {
    const existing = await repo.bookingsByKeys(db, rideId, [...new Set(reservations.map(reservationKey))]);
    return reservations.map((r) => {
      const days = reservationDays(r);
      const match = existing.find((b) => b.matchKey === reservationKey(r));
      return {
        ...r,
        outsideTrip: days !== null && (days.first < dates.startDate || days.last > dates.endDate),
        match: match ? { bookingId: match.id, changes: reservationChanges(match.reservation, r) } : null,
      };
    });
  }

  /** Every problem of an import at once; when nothing at all was read, the first is the answer's code. */
  function nothingRead(problems: BookingProblem[]): never {
    const first = problems[0]?.code ?? 'booking_nothing_found';
    throw new AppError(
      first,
      problems.map((p) => ({ field: p.file ?? 'text', code: p.code })),
    );
  }

  async function sweep() {
    try {
      await repo.sweepPreviews(db, new Date(now().getTime() - PREVIEW_KEPT_MS));
    } catch (err) {
      log.warn({ err }, 'sweeping booking previews failed');
    }
  }

  async function addressOf(rideId: number): Promise<string | null> {
    if (!deps.mailDomain) return null;
    let local = await repo.mailAddressOf(db, rideId);
    if (!local) {
      local = newLocalPart();
      await repo.setMailAddress(db, rideId, local);
    }
    return `${local}@${deps.mailDomain}`;
  }

  async function waitingOf(
    rideId: number,
    dates: { startDate: string; endDate: string },
  ): Promise<WaitingMail[]> {
    const docs = await repo.documentsOf(db, rideId, ['review', 'held']);
    const out: WaitingMail[] = [];
    for (const d of docs) {
      const held = d.state === 'held';
      out.push({
        documentId: d.id,
        from: d.fromAddress,
        subject: d.subject,
        receivedAt: d.createdAt.toISOString(),
        held,
        // A stranger's mail is not read out to the trip before a member lets it in.
        reservations: held
          ? []
          : await previewOf(
              rideId,
              dates,
              d.reservations.map((r) => ({ ...r, documentId: d.id })),
            ),
        problems: held ? [] : d.problems,
      });
    }
    return out;
  }

  /** The import's work, in its turn (importLine): read each file, keep its document, answer the preview. */
  async function importNow(
    rideId: number,
    actor: Actor,
    input: { files: ImportFile[] } | { text: string },
  ): Promise<BookingsImportResponse> {
    await allowed(rideId, actor, 'import');
    const { dates } = await tripOf(rideId);
    const userId = (actor as SessionUser).id;
    void sweep();
    const reservations: (Reservation & { documentId?: number })[] = [];
    const problems: BookingProblem[] = [];
    const items =
      'files' in input ? input.files : [{ fileName: null, bytes: Buffer.from(input.text, 'utf8') }];
    for (const item of items) {
      const reading = await read(item.bytes);
      for (const code of reading.problems) problems.push({ file: item.fileName, code });
      if (reading.reservations.length === 0) continue;
      const documentId =
        item.fileName === null
          ? undefined
          : await repo.insertDocument(db, {
              rideId,
              state: 'preview',
              fileName: item.fileName,
              contentType: contentTypeOf(reading.kind),
              bytes: item.bytes,
              fromAddress: reading.from ?? null,
              subject: reading.subject ?? null,
              uploadedBy: userId,
            });
      for (const r of reading.reservations) reservations.push(documentId ? { ...r, documentId } : r);
    }
    if (reservations.length === 0) nothingRead(problems);
    return {
      ServerMassageCode: 'success',
      reservations: await previewOf(rideId, dates, reservations),
      problems,
      trip: dates,
    };
  }

  /** A received mail's work, in its turn (importLine). */
  async function receiveNow(mail: { tripId: number; from: string | null; raw: Uint8Array }): Promise<void> {
    const reading = await read(mail.raw);
    const people = await repo.tripPeopleEmails(db, mail.tripId);
    const sender = (reading.from ?? mail.from ?? '').toLowerCase();
    const envelope = (mail.from ?? '').toLowerCase();
    const member = people.has(sender) || people.has(envelope);
    const problems = reading.problems.map((code: BookingProblemCode) => ({ file: null, code }));
    await repo.insertDocument(db, {
      rideId: mail.tripId,
      state: member ? 'review' : 'held',
      fileName: `${(reading.subject ?? 'mail').replace(/[^\p{L}\p{N} ._-]+/gu, '').slice(0, 80) || 'mail'}.eml`,
      contentType: 'message/rfc822',
      bytes: mail.raw,
      fromAddress: reading.from ?? mail.from,
      subject: reading.subject ?? null,
      reservations: reading.reservations,
      problems,
      uploadedBy: null,
    });
    // Not awaited: the sender's SMTP session does not wait for our own mail out.
    if (!member) void askOwner(mail.tripId, reading.from ?? mail.from);
  }

  /** The owner is asked about a held mail (a failed mail is logged: the mail still waits in the dialog). */
  async function askOwner(rideId: number, from: string | null): Promise<void> {
    const owner = await repo.tripOwnerContact(db, rideId);
    if (!owner?.email) return;
    try {
      await deps.mailer.send({
        to: owner.email,
        ...heldBookingMail(
          owner.language as TripLanguage,
          { title: owner.title, rideId },
          from,
          deps.publicAddress,
        ),
      });
    } catch (err) {
      log.warn({ err: (err as Error).message, rideId }, 'held booking mail: telling the owner failed');
    }
  }

  return {
    /** POST /api/trips/{rideId}/bookings/import: files (or pasted text) read into a preview; the trip unchanged. */
    importPreview: (
      rideId: number,
      actor: Actor,
      input: { files: ImportFile[] } | { text: string },
    ): Promise<BookingsImportResponse> => importLine(() => importNow(rideId, actor, input)),

    /** POST /api/trips/{rideId}/bookings: the corrected preview put on the trip, in one locked edit. */
    async confirm(rideId: number, actor: Actor, body: BookingsConfirmBody): Promise<BookingsConfirmResponse> {
      await allowed(rideId, actor, 'import');
      const trip0 = await tripOf(rideId);
      const user = actor as SessionUser;
      const reservations = body.reservations.map((r) => ({ ...r, travellers: r.travellers ?? [] }));
      // Places found before the lock: a maps service may be slow.
      await locatePlaces(reservations, deps.places, trip0.language);
      const outcomes: BookingsConfirmResponse['outcomes'] = [];
      let dates = trip0.dates;
      await deps.editRide(rideId, user, 'edit', async (tx, ride, note) => {
        dates = { startDate: ride.startDate, endDate: ride.endDate };
        const spans = reservations.map(reservationDays).filter((d) => d !== null);
        const first = spans.reduce((m, d) => (d.first < m ? d.first : m), ride.startDate);
        const last = spans.reduce((m, d) => (d.last > m ? d.last : m), ride.endDate);
        if (first !== ride.startDate || last !== ride.endDate) {
          const outside = reservations.find((r) => {
            const d = reservationDays(r);
            return d !== null && (d.first < ride.startDate || d.last > ride.endDate);
          });
          if (!body.extendTrip)
            throw new AppError('booking_outside_trip', undefined, { reservationId: outside?.id });
          if (daysBetween(first, last) + 1 > MAX_TRIP_DAYS) throw new AppError('limiting_the_trip_duration');
          await setTripDates(tx, rideId, first, last);
          // The days' stable ids (issue 37): the trip grows by new days before its first and after its last.
          await editDayIds(tx, rideId, (ids) =>
            resizeDays(prependDays(ids, daysBetween(first, ride.startDate)), daysBetween(first, last) + 1),
          );
          dates = { startDate: first, endDate: last };
        }
        const trip = { ...dates, basedRideId: ride.basedRideId };
        const language = tripTextLanguage(ride.language);
        const existing = await repo.bookingsByKeys(tx, rideId, [
          ...new Set(reservations.map(reservationKey)),
        ]);
        const documents = new Set<number>();
        const stays: number[] = [];
        const placements: number[] = [];
        const days = new Set<string>();
        for (const r of reservations) {
          const key = reservationKey(r);
          const current = existing.find((b) => b.matchKey === key);
          const documentId = r.documentId ?? current?.documentId ?? null;
          if (r.documentId !== undefined) {
            const doc = await repo.findDocument(tx, rideId, r.documentId);
            if (!doc || doc.state === 'held')
              throw new AppError('booking_document_not_found', undefined, { reservationId: r.id });
            documents.add(r.documentId);
          }
          const reservation = kept(r);
          if (current) {
            const changes = reservationChanges(current.reservation, reservation);
            if (changes.length === 0) {
              outcomes.push({ id: r.id, outcome: 'unchanged', bookingId: current.id, changes });
              continue;
            }
            const placed = await placeBooking(
              { tx, rideId, trip, userId: user.id, language },
              reservation,
              current,
            );
            await repo.updateBooking(tx, current.id, { reservation, documentId, ...placed });
            outcomes.push({ id: r.id, outcome: 'updated', bookingId: current.id, changes });
            if (placed.stayId) stays.push(placed.stayId);
            placements.push(...placed.activityIds, ...current.activityIds);
          } else {
            const placed = await placeBooking(
              { tx, rideId, trip, userId: user.id, language },
              reservation,
              undefined,
            );
            const id = await repo.insertBooking(
              tx,
              rideId,
              key,
              { reservation, documentId, ...placed },
              user.id,
            );
            // The same booking twice in one confirmation: the second is a new reading of the first.
            existing.push({
              id,
              matchKey: key,
              reservation,
              documentId,
              documentName: null,
              ...placed,
              updatedAt: new Date(),
            });
            outcomes.push({ id: r.id, outcome: 'added', bookingId: id, changes: [] });
            if (placed.stayId) stays.push(placed.stayId);
            placements.push(...placed.activityIds);
          }
          const span = reservationDays(r);
          if (span) for (let d = span.first; d <= span.last; d = addDays(d, 1)) days.add(d);
        }
        await repo.setDocumentState(tx, rideId, [...documents], 'attached');
        note({
          type: 'trip',
          target: {
            days: [...days],
            placements,
            stays,
            ...(dates.startDate !== ride.startDate || dates.endDate !== ride.endDate
              ? { fields: ['dates'] }
              : {}),
          },
        });
      });
      const ids = new Set(outcomes.map((o) => o.bookingId));
      return {
        ServerMassageCode: 'success',
        bookings: (await repo.bookingsOf(db, rideId)).filter((b) => ids.has(b.id)).map(wireBooking),
        outcomes,
        trip: dates,
      };
    },

    /** GET /api/trips/{rideId}/bookings: the trip's bookings, the mail waiting, the forwarding address. */
    async list(rideId: number, actor: Actor): Promise<BookingsListResponse> {
      const facts = await allowed(rideId, actor, 'read');
      const mayImport =
        decideBookings(facts, actor, 'import').allowed && (await mayEdit(rideId, actor)).allowed;
      const { dates } = await tripOf(rideId);
      return {
        ServerMassageCode: 'success',
        bookings: (await repo.bookingsOf(db, rideId)).map(wireBooking),
        waiting: await waitingOf(rideId, dates),
        address: mayImport ? await addressOf(rideId) : null,
        mayImport,
        trip: dates,
      };
    },

    /** POST /api/trips/{rideId}/bookings/address: a new address; mail to the old one is refused from now on. */
    async resetAddress(
      rideId: number,
      actor: Actor,
    ): Promise<{ ServerMassageCode: 'success'; address: string | null }> {
      await allowed(rideId, actor, 'import');
      if (!deps.mailDomain) return { ServerMassageCode: 'success', address: null };
      const local = newLocalPart();
      await repo.setMailAddress(db, rideId, local);
      return { ServerMassageCode: 'success', address: `${local}@${deps.mailDomain}` };
    },

    /** A held mail let in by a member: it waits for review like a member's own. */
    async acceptWaiting(rideId: number, documentId: number, actor: Actor) {
      await allowed(rideId, actor, 'import');
      const doc = await repo.findDocument(db, rideId, documentId);
      if (!doc || (doc.state !== 'held' && doc.state !== 'review'))
        throw new AppError('booking_document_not_found');
      await repo.setDocumentState(db, rideId, [documentId], 'review');
      return { ServerMassageCode: 'success' as const };
    },

    /** A waiting mail let go (its bytes deleted). */
    async dismissWaiting(rideId: number, documentId: number, actor: Actor) {
      await allowed(rideId, actor, 'import');
      const doc = await repo.findDocument(db, rideId, documentId);
      if (!doc || (doc.state !== 'held' && doc.state !== 'review'))
        throw new AppError('booking_document_not_found');
      await repo.deleteDocument(db, rideId, documentId);
      return { ServerMassageCode: 'success' as const };
    },

    /** A booking's document, for the trip's people only (a held mail too: a member decides on it). */
    async document(rideId: number, documentId: number, actor: Actor) {
      await allowed(rideId, actor, 'read');
      const file = await repo.documentFile(db, rideId, documentId);
      if (!file) throw new AppError('booking_document_not_found');
      return file;
    },

    /** The trip a forwarding address's local part belongs to (the SMTP listener's RCPT check). */
    tripOfAddress: (localPart: string) => repo.tripOfMailAddress(db, localPart.toLowerCase()),

    /** A forwarded mail: read now, kept for review (from one of the trip's people) or held (from anyone else). */
    receiveMail: (mail: { tripId: number; from: string | null; raw: Uint8Array }): Promise<void> =>
      importLine(() => receiveNow(mail)),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;

function contentTypeOf(kind: string | null): string {
  switch (kind) {
    case 'pdf':
      return 'application/pdf';
    case 'pkpass':
      return 'application/vnd.apple.pkpass';
    case 'mail':
      return 'message/rfc822';
    case 'ics':
      return 'text/calendar';
    case 'html':
      return 'text/html';
    default:
      return 'text/plain';
  }
}
