/**
 * Who may use and change attraction uniqueness groups (decision 0040), pure. What becomes of a group a record leaves,
 * and which records are proposed as one place, are the uniqueness module's own rules (uniqueness.rules.ts).
 */
export interface GroupViewer {
  id: number;
  role: string;
  isAdmin: boolean;
}

/** May use the screen and its calls at all: a manager (001 §6 "Manager") or a platform admin (decision 0035). */
export const mayUseGroups = (v: GroupViewer): boolean => v.isAdmin || v.role === 'manager';

/** May change a group: a platform admin, any; a manager, a group whose records are all theirs. */
export const mayChangeGroup = (v: GroupViewer, memberAuthorIds: readonly number[]): boolean =>
  v.isAdmin || (v.role === 'manager' && memberAuthorIds.every((a) => a === v.id));

/** May put a record into a group (or take it out of its own): a platform admin, any; a manager, their own. */
export const mayMoveAttraction = (v: GroupViewer, authorId: number): boolean =>
  v.isAdmin || (v.role === 'manager' && authorId === v.id);
