import { ALLOWED, isManager, refuse, SIGN_IN, type Actor, type Decision } from './actor.js';

/**
 * Who may do what with an attraction record itself (000 §6, 001 §6; decision 0020). Whether it may be placed in a trip
 * is the edit policy's (edit.policy.ts: addAttraction, newAttraction); whether a viewer may see it, the view's SQL twin
 * (trip-access.sql.ts visibleAttraction).
 *
 *  - edit (update_attraction_api, attraction_information_api): its author only (000 §6 "Editing an attraction is
 *    allowed only if the user also authored that attraction"); others error_no_access_to_attraction.
 *  - categories (category_id, subcategory_id of the form): managers only (001 §6 "pick categories"); a user's choice
 *    is not taken, which is no refusal: `mayChooseCategories` answers whether to take it.
 *  - aiText (get_place_ai_information): managers only, else forbidden.
 */
export function decideAttractionEdit(attraction: { authorId: number }, user: Actor): Decision {
  if (!user) return SIGN_IN;
  return attraction.authorId === user.id ? ALLOWED : refuse('error_no_access_to_attraction');
}

export function decideAiText(user: Actor): Decision {
  if (!user) return SIGN_IN;
  return isManager(user) ? ALLOWED : refuse('forbidden');
}

export const mayChooseCategories = (user: Actor): boolean => user !== null && isManager(user);
