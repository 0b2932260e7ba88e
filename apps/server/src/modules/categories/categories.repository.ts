import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { attractions, categories, subcategories } from '../../db/schema/index.js';

export interface CategoryRow {
  id: number;
  name: string;
  /** The manager who created it; null: the platform's. */
  ownerId: number | null;
  subcategories: { id: number; name: string }[];
}

/** Every category with its subcategories, by name (case-insensitive), each list by name. Two queries. */
export async function listCategories(db: Database | Transaction): Promise<CategoryRow[]> {
  const [cats, subs] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, ownerId: categories.ownerId })
      .from(categories)
      .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id)),
    db
      .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
      .from(subcategories)
      .orderBy(asc(sql`lower(${subcategories.name})`), asc(subcategories.id)),
  ]);
  const byCategory = new Map<number, { id: number; name: string }[]>();
  for (const s of subs) {
    const list = byCategory.get(s.categoryId) ?? [];
    list.push({ id: s.id, name: s.name });
    byCategory.set(s.categoryId, list);
  }
  return cats.map((c) => ({ ...c, subcategories: byCategory.get(c.id) ?? [] }));
}

export async function findCategory(db: Database | Transaction, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select({ id: categories.id, name: categories.name, ownerId: categories.ownerId })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) return undefined;
  const subs = await db
    .select({ id: subcategories.id, name: subcategories.name })
    .from(subcategories)
    .where(eq(subcategories.categoryId, id))
    .orderBy(asc(sql`lower(${subcategories.name})`), asc(subcategories.id));
  return { ...row, subcategories: subs };
}

export async function insertCategory(db: Database, name: string, ownerId: number): Promise<number> {
  const [row] = await db.insert(categories).values({ name, ownerId }).returning({ id: categories.id });
  return (row as { id: number }).id;
}

/** Who owns the category (null: the platform); undefined when there is no such category. */
export async function categoryOwner(
  db: Database,
  id: number,
): Promise<{ ownerId: number | null } | undefined> {
  const [row] = await db
    .select({ ownerId: categories.ownerId })
    .from(categories)
    .where(eq(categories.id, id));
  return row;
}

export async function renameCategory(db: Database, id: number, name: string): Promise<boolean> {
  const rows = await db
    .update(categories)
    .set({ name })
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return rows.length > 0;
}

/**
 * Deletes a category (its subcategories go with it, by the foreign key); the attractions that used it keep everything
 * else and have no category or subcategory any more (decision 0020: detach, not refuse). Answers how many were
 * detached, or null when there was no such category.
 */
export async function deleteCategory(db: Database, id: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const detached = await tx
      .update(attractions)
      .set({ categoryId: null, subcategoryId: null })
      .where(eq(attractions.categoryId, id))
      .returning({ id: attractions.id });
    const gone = await tx.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (gone.length === 0) return null;
    return detached.length;
  });
}

export async function insertSubcategory(db: Database, categoryId: number, name: string): Promise<number> {
  const [row] = await db
    .insert(subcategories)
    .values({ categoryId, name })
    .returning({ id: subcategories.id });
  return (row as { id: number }).id;
}

const ofCategory = (categoryId: number, subcategoryId: number) =>
  and(eq(subcategories.id, subcategoryId), eq(subcategories.categoryId, categoryId));

export async function renameSubcategory(
  db: Database,
  categoryId: number,
  subcategoryId: number,
  name: string,
): Promise<boolean> {
  const rows = await db
    .update(subcategories)
    .set({ name })
    .where(ofCategory(categoryId, subcategoryId))
    .returning({ id: subcategories.id });
  return rows.length > 0;
}

/** Deletes a subcategory of the category; its attractions keep their category. Null when there was none. */
export async function deleteSubcategory(
  db: Database,
  categoryId: number,
  subcategoryId: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: subcategories.id })
      .from(subcategories)
      .where(ofCategory(categoryId, subcategoryId))
      .for('update');
    if (!found) return null;
    const detached = await tx
      .update(attractions)
      .set({ subcategoryId: null })
      .where(eq(attractions.subcategoryId, subcategoryId))
      .returning({ id: attractions.id });
    await tx.delete(subcategories).where(eq(subcategories.id, subcategoryId));
    return detached.length;
  });
}
