import {
  isoToTripDate,
  type DeleteExtraInformationResponse,
  type ExtraInformationResponse,
} from '@rides/contract';
import { AppError } from '../../lib/errors.js';
import { sanitizeUserHtml } from '../../lib/sanitize-html.js';
import type { SessionUser } from '../../plugins/auth.js';
import { assertInTrip, dayIndexOf, type TripDates } from './day-math.js';
import type { TripChange } from '../trip-events/trip-events.repository.js';
import type { TripEditor } from './edit-transaction.js';
import { decideEdit, type EditFacts } from '../access/edit.policy.js';
import {
  deleteExtraInformation,
  findExtraInformation,
  insertExtraInformation,
  updateExtraInformation,
  type ExtraInformationRow,
  type ExtraInformationValues,
} from './extra-information.repository.js';

/**
 * The extra information of a trip (001 §2 "Extra information form"; 000 §2 general-information sections and notes per
 * day): add, update, delete. The text is HTML, sanitised here, when it is stored (lib/sanitize-html.ts, the web's
 * allow-list); the title is plain text (the web never renders it as HTML).
 *
 * Who: the trip's author on an unlocked trip. Trip-wide sections also need a base trip or an author who is a manager
 * (000 §6 "add general info if the trip is a base trip or the author is a manager"); a day note is the author's on any
 * of their trips, copies included (issue 5: the traveller writes notes for each day of their copy; decision 0015).
 */
interface Input {
  ride_id: number;
  title: string;
  text: string;
  date?: string | undefined;
}

const present = (rideId: number, ride: TripDates, row: ExtraInformationRow): ExtraInformationResponse => ({
  ServerMassageCode: 'success',
  rideId,
  extraInformation: {
    id: row.id,
    title: row.title,
    text: row.text,
    date: row.date === null ? null : isoToTripDate(row.date),
    dayIndex: row.date === null ? null : dayIndexOf(ride, row.date),
  },
});

/** Trip-wide sections need the stricter rule; throws its refusal. */
function checkKind(ride: EditFacts, user: SessionUser | null, date: string | null): void {
  if (date !== null) return;
  const may = decideEdit(ride, user, 'tripInformation');
  if (!may.allowed) throw new AppError(may.code);
}

function valuesOf(ride: TripDates, input: Input): ExtraInformationValues {
  const date = input.date ?? null;
  if (date !== null) assertInTrip(ride, date);
  const text = sanitizeUserHtml(input.text);
  // A day note has no title (the form hides it); an empty section is no section.
  const title = date === null ? input.title : '';
  if (title === '' && text.trim() === '')
    throw new AppError('bad_request', [{ field: 'text', code: 'bad_request' }]);
  return { title, text, date };
}

/**
 * What a text change touched (decision 0065): a day's note, its day (a note moved to another day: both days); a
 * trip-wide section, the field `extra:<id>` (a new section: `extra`, which clashes only with another new one).
 */
function textChange(dates: (string | null)[], field: string): TripChange {
  const days = [...new Set(dates.filter((d): d is string => d !== null))];
  const tripWide = dates.some((d) => d === null);
  return {
    type: 'texts',
    target: { ...(days.length ? { days } : {}), ...(tripWide ? { fields: [field] } : {}) },
  };
}

export function createExtraInformationService(deps: { editRide: TripEditor }) {
  const { editRide: editTrip } = deps;
  return {
    /** add_extra_information_to_ride: title, text, ride_id, date (a date makes it that day's note). */
    add(input: Input, user: SessionUser | null): Promise<ExtraInformationResponse> {
      return editTrip(input.ride_id, user, 'edit', async (tx, ride, note) => {
        const values = valuesOf(ride, input);
        checkKind(ride, user, values.date);
        const saved = await insertExtraInformation(tx, input.ride_id, values);
        note(textChange([values.date], 'extra'));
        return present(input.ride_id, ride, saved);
      });
    },

    /** update_extra_information_to_ride: the same, for extra_information_id of this trip. */
    update(
      input: Input & { extra_information_id: number },
      user: SessionUser | null,
    ): Promise<ExtraInformationResponse> {
      return editTrip(input.ride_id, user, 'edit', async (tx, ride, note) => {
        const row = await findExtraInformation(tx, input.ride_id, input.extra_information_id);
        if (!row) throw new AppError('not_found');
        const values = valuesOf(ride, input);
        note(textChange([row.date, values.date], `extra:${row.id}`));
        checkKind(ride, user, row.date);
        checkKind(ride, user, values.date);
        return present(input.ride_id, ride, await updateExtraInformation(tx, row.id, values));
      });
    },

    /** delete_extra_information_to_ride: extra_information_id, ride_id. */
    remove(
      input: { ride_id: number; extra_information_id: number },
      user: SessionUser | null,
    ): Promise<DeleteExtraInformationResponse> {
      return editTrip(input.ride_id, user, 'edit', async (tx, ride, note) => {
        const row = await findExtraInformation(tx, input.ride_id, input.extra_information_id);
        if (!row) throw new AppError('not_found');
        checkKind(ride, user, row.date);
        note(textChange([row.date], `extra:${row.id}`));
        await deleteExtraInformation(tx, row.id);
        return { ServerMassageCode: 'success', rideId: input.ride_id, extra_information_id: row.id };
      });
    },
  };
}

export type ExtraInformationService = ReturnType<typeof createExtraInformationService>;
