/**
 * A ride id from the address: a positive whole number, else null (the page shows "not found"). In a module of its own
 * (format.ts re-exports it): the app's start reads it (features/trip/view/api/prefetch.ts) without the rest of format.ts.
 */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}
