import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { attractionFields } from '../../db/selections.js';
import {
  attractions,
  categories,
  rideAttractions,
  rides,
  subcategories,
  type NewAttraction,
} from '../../db/schema/index.js';
import type { AttractionFieldsRow } from '../trips/trips.presenter.js';

// A card's columns (db/selections.ts) but the photo's credits, which the editor neither shows nor writes.
const { imageHtmlAttributions: _imageHtmlAttributions, ...cardFields } = attractionFields;

/** The attraction as its author edits it (the editor's read and both calls' answers). */
const editableFields = {
  ...cardFields,
  navigationAddress: attractions.navigationAddress,
  osmOpeningHours: attractions.osmOpeningHours,
};

export type EditableRow = AttractionFieldsRow & {
  authorId: number;
  navigationAddress: string | null;
  osmOpeningHours: string | null;
};

/** The columns the editor writes. */
export type EditorValues = Pick<
  NewAttraction,
  | 'title'
  | 'address'
  | 'text'
  | 'link'
  | 'rate'
  | 'lat'
  | 'lng'
  | 'imageUrl'
  | 'placeId'
  | 'categoryId'
  | 'subcategoryId'
  | 'navigationAddress'
  | 'osmOpeningHours'
>;

export async function findEditable(db: Database | Transaction, id: number): Promise<EditableRow | undefined> {
  const [row] = await db.select(editableFields).from(attractions).where(eq(attractions.id, id));
  return row;
}

/** The attraction's row, locked until the transaction ends (two saves of one attraction run one after the other). */
export async function lockEditable(tx: Transaction, id: number): Promise<EditableRow | undefined> {
  const [row] = await tx.select(editableFields).from(attractions).where(eq(attractions.id, id)).for('update');
  return row;
}

export async function updateEditable(
  tx: Transaction,
  id: number,
  values: EditorValues,
): Promise<EditableRow> {
  const [row] = await tx
    .update(attractions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(attractions.id, id))
    .returning(editableFields);
  return row as EditableRow;
}

/** The trips that show the attraction (their cached views must go after a change of it). */
export async function tripsHolding(db: Database | Transaction, attractionId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ rideId: rideAttractions.rideId })
    .from(rideAttractions)
    .where(eq(rideAttractions.attractionId, attractionId));
  return rows.map((r) => r.rideId);
}

export async function categoryExists(db: Database | Transaction, categoryId: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  return row !== undefined;
}

export async function subcategoryIsOf(
  db: Database | Transaction,
  subcategoryId: number,
  categoryId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(and(eq(subcategories.id, subcategoryId), eq(subcategories.categoryId, categoryId)));
  return row !== undefined;
}

export async function tripLanguage(db: Database, rideId: number): Promise<'hebrew' | 'english' | undefined> {
  const [row] = await db.select({ language: rides.language }).from(rides).where(eq(rides.id, rideId));
  return row?.language;
}
