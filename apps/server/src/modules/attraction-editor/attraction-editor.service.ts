import {
  OPENING_HOURS_UNREADABLE,
  type AttractionEditorFields,
  type CreateAttractionResponse,
  type EditableAttraction,
  type EditableAttractionResponse,
  type EditorWarning,
  type PlaceAiResponse,
} from '@rides/contract';
import type { Changes } from '../../changes.js';
import type { Change } from '../../db/change-feed.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { sanitizeUserHtml } from '../../lib/sanitize-html.js';
import type { SessionUser } from '../../plugins/auth.js';
import { decideAiText, decideAttractionEdit, mayChooseCategories } from '../access/attraction.policy.js';
import { openingHoursProblem } from '../day-checks/opening-hours.js';
import { LlmCallError, type TextGenerator } from '../../providers/llm/index.js';
import { pickerDate } from '../trips/trips.presenter.js';
import { insertAttraction, insertPlacement } from '../trip-editing/attractions.repository.js';
import { assertInTrip, dayIndexOf } from '../trip-editing/day-math.js';
import { nextPosition } from '../trip-editing/days.repository.js';
import type { TripEditor } from '../trip-editing/edit-transaction.js';
import { answerToHtml, hasText, placePrompt } from './ai-text.js';
import {
  categoryExists,
  findEditable,
  lockEditable,
  tripLanguage,
  tripsHolding,
  subcategoryIsOf,
  updateEditable,
  type EditableRow,
  type EditorValues,
} from './attraction-editor.repository.js';

/**
 * The attraction editor (001 §2, §5, §6; 000 §6), decision 0020:
 *  - create_attraction_and_add_to_ride_api/{rideId}: through the trip's edit transaction (locked row, edit policy,
 *    caches dropped after the commit). Who: the trip's author, on an unlocked trip, when the trip is a base trip or
 *    the author is a manager (000 §6 "may create a new attraction directly on a base trip (others search)"); anyone
 *    else is refused with uesr_is_not_authorize_to_edit_this_ride. The new attraction is the user's; it goes last on
 *    the day given (default the first day).
 *  - update_attraction_api/{id} and our attraction_information_api/{id}: the attraction's author only (000 §6 "Editing
 *    an attraction is allowed only if the user also authored that attraction"): others error_no_access_to_attraction.
 *    Every trip holding it is dropped from the caches after the commit.
 *  - category_id / subcategory_id: managers only (001 §6 "pick categories"); a user's are not taken (a new attraction
 *    has none, an edited one keeps its own). A category must exist (unknown_category), a subcategory be the
 *    category's (subcategory_not_in_category).
 *  - get_place_ai_information: managers only; a non-empty description is refused (atraction_text_box_is_not_empty);
 *    no provider: ai_not_configured; a provider that hangs or answers nonsense: ai_call_failed. The text is in the
 *    trip's language.
 */
export interface AttractionEditorDeps {
  db: Database;
  editRide: TripEditor;
  /** A change of an attraction is published (the attraction and every trip showing it) and dropped after the commit. */
  changes: Pick<Changes, 'publish' | 'afterCommit'>;
  llm: TextGenerator | null;
  log: { warn: (obj: object, msg: string) => void };
}

const present = (r: EditableRow): EditableAttraction => ({
  id: r.id,
  authorId: r.authorId,
  title: r.title,
  address: r.address,
  text: r.text,
  link: r.link,
  rate: r.rate,
  lat: r.lat,
  lng: r.lng,
  image: r.imageUrl,
  placeId: r.placeId,
  category_id: r.categoryId,
  subcategory_id: r.subcategoryId,
  navigation_address: r.navigationAddress,
  osmOpeningHours: r.osmOpeningHours,
});

/**
 * What the author may want to fix in the kept attraction, which saved all the same (decision 0070): opening hours the
 * hours library cannot read are kept as typed and said here, on every answer of the editor, until they are fixed.
 */
function warningsOf(r: EditableRow): EditorWarning[] {
  return openingHoursProblem(r.osmOpeningHours, { lat: r.lat, lng: r.lng }) === OPENING_HOURS_UNREADABLE
    ? [{ field: 'osmOpeningHours', code: OPENING_HOURS_UNREADABLE }]
    : [];
}

/** An image is one of our uploads (a path of this site) or an http(s) address; anything else is refused. */
export const IMAGE_ADDRESS = /^(?:https?:\/\/[^\s"'<>\\]+|\/[^/\s"'<>\\][^\s"'<>\\]*)$/i;

export function createAttractionEditorService(deps: AttractionEditorDeps) {
  const { db, editRide: editTrip, llm } = deps;

  /**
   * The stored values of the body; categories as the user's role allows and opening hours when sent (`keep`: an edited
   * attraction's own).
   */
  async function values(
    q: Database | Transaction,
    body: AttractionEditorFields,
    user: SessionUser,
    keep: { categoryId: number | null; subcategoryId: number | null; osmOpeningHours: string | null },
  ): Promise<EditorValues> {
    if (body.image !== null && !IMAGE_ADDRESS.test(body.image))
      throw new AppError('bad_request', [{ field: 'image', code: 'bad_request' }]);
    let categoryId = keep.categoryId;
    let subcategoryId = keep.subcategoryId;
    if (mayChooseCategories(user)) {
      categoryId = body.category_id;
      subcategoryId = body.subcategory_id;
      if (categoryId !== null && !(await categoryExists(q, categoryId)))
        throw new AppError('unknown_category', [{ field: 'category_id', code: 'unknown_category' }]);
      if (
        subcategoryId !== null &&
        (categoryId === null || !(await subcategoryIsOf(q, subcategoryId, categoryId)))
      )
        throw new AppError('subcategory_not_in_category', [
          { field: 'subcategory_id', code: 'subcategory_not_in_category' },
        ]);
    }
    return {
      title: body.title,
      address: body.address,
      text: body.text === null ? '' : sanitizeUserHtml(body.text),
      link: body.link,
      rate: body.rate,
      lat: body.lat as number, // required by the contract (attraction_location_required)
      lng: body.lng as number,
      imageUrl: body.image,
      placeId: body.placeId,
      categoryId,
      subcategoryId,
      navigationAddress: body.navigation_address,
      osmOpeningHours: body.osmOpeningHours === undefined ? keep.osmOpeningHours : body.osmOpeningHours,
    };
  }

  /** The attraction policy's answer for editing this record; throws its refusal. */
  function mayEdit(row: { authorId: number }, user: SessionUser): void {
    const may = decideAttractionEdit(row, user);
    if (!may.allowed) throw new AppError(may.code);
  }

  async function ownAttraction(id: number, user: SessionUser | null): Promise<EditableRow> {
    if (!user) throw new AppError('user_is_not_authorized');
    const row = await findEditable(db, id);
    if (!row) throw new AppError('not_found');
    mayEdit(row, user);
    return row;
  }

  return {
    create(
      rideId: number,
      body: AttractionEditorFields & { date?: string | undefined },
      user: SessionUser | null,
    ): Promise<CreateAttractionResponse> {
      // 'newAttraction': the edit rule, on a base trip or by a manager (the edit policy).
      return editTrip(rideId, user, 'newAttraction', async (tx, ride, note) => {
        const me = user as SessionUser; // editTrip refused anonymous users already
        const date = body.date ?? ride.startDate;
        assertInTrip(ride, date);
        const v = await values(tx, body, me, { categoryId: null, subcategoryId: null, osmOpeningHours: null });
        const attractionId = await insertAttraction(tx, { ...v, authorId: me.id });
        note({ type: 'activities', target: { days: [date], placements: [attractionId] } });
        await insertPlacement(tx, rideId, attractionId, {
          plannedDate: date,
          timeOfDay: null,
          position: await nextPosition(tx, rideId, date),
        });
        const row = (await lockEditable(tx, attractionId)) as EditableRow;
        return {
          ServerMassageCode: 'success',
          rideId,
          attractionId,
          dayIndex: dayIndexOf(ride, date),
          plannedDate: pickerDate(date),
          attraction: present(row),
          warnings: warningsOf(row),
        };
      });
    },

    async read(id: number, user: SessionUser | null): Promise<EditableAttractionResponse> {
      const row = await ownAttraction(id, user);
      return { ServerMassageCode: 'success', attraction: present(row), warnings: warningsOf(row) };
    },

    async update(
      id: number,
      body: AttractionEditorFields,
      user: SessionUser | null,
    ): Promise<EditableAttractionResponse> {
      // Refused before any lock is taken; decided again under the lock below.
      await ownAttraction(id, user);
      const me = user as SessionUser;
      const { row, changed } = await db.transaction(async (tx) => {
        const current = await lockEditable(tx, id);
        if (!current) throw new AppError('not_found');
        mayEdit(current, me);
        const updated = await updateEditable(tx, id, await values(tx, body, me, current));
        const changes: Change[] = [
          { kind: 'attraction', attractionId: id },
          ...(await tripsHolding(tx, id)).map((rideId): Change => ({ kind: 'ride', rideId })),
        ];
        await deps.changes.publish(tx, ...changes);
        return { row: updated, changed: changes };
      });
      await deps.changes.afterCommit(...changed);
      return { ServerMassageCode: 'success', attraction: present(row), warnings: warningsOf(row) };
    },

    async aiText(
      body: {
        title: string;
        address: string | null;
        lat: number | null;
        lng: number | null;
        rideId: number;
        text?: string | null | undefined;
      },
      user: SessionUser | null,
    ): Promise<PlaceAiResponse> {
      const may = decideAiText(user);
      if (!may.allowed) throw new AppError(may.code);
      if (hasText(body.text)) throw new AppError('atraction_text_box_is_not_empty');
      if (!llm) throw new AppError('ai_not_configured');
      const language = await tripLanguage(db, body.rideId);
      if (!language) throw new AppError('not_found');
      const prompt = placePrompt(body, language);
      let answer: string;
      try {
        answer = await llm.complete({ system: prompt.system, user: prompt.user, maxTokens: 700 });
      } catch (err) {
        if (err instanceof LlmCallError) {
          deps.log.warn({ reason: err.message }, 'AI text provider failed');
          throw new AppError('ai_call_failed');
        }
        throw err;
      }
      const text = sanitizeUserHtml(answerToHtml(answer));
      if (!hasText(text)) {
        deps.log.warn({ reason: 'no readable text' }, 'AI text provider failed');
        throw new AppError('ai_call_failed');
      }
      return { ServerMassageCode: 'success', text };
    },
  };
}

export type AttractionEditorService = ReturnType<typeof createAttractionEditorService>;
