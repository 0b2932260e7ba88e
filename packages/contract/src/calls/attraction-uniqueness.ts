import { z } from 'zod';
import { envelope } from '../envelope.js';
import { text } from '../input-rules.js';
import { attractionFields } from './trips.js';
import { SAME_PLACE_METRES } from '../same-place.js';

/**
 * Attraction uniqueness groups (001 §2 "Search screens", §3 "Uniqueness group: AttractionUniqnessId,
 * chosenAttraction, convertedUniqAtractions", §7; 002 §2.1 /editing_atractions_uniqnes; decision 0040): several
 * attraction records that are the same real place, one of them the main record, which searches show for all.
 *
 * The spec's three GET calls keep their paths; the proposals (same place id, or the same name within
 * UNIQUENESS_PROPOSAL_METRES) and accepting or dismissing one are ours.
 */

/** Two records with the same normalised name this close (metres) are proposed as one place: the one rule, same-place.ts. */
export const UNIQUENESS_PROPOSAL_METRES = SAME_PLACE_METRES;
/** The most members a proposal may be accepted with (one place is never hundreds of records). */
export const UNIQUENESS_GROUP_MAX = 100;

/** A path id: digits only, a PostgreSQL integer; anything else is 400 bad_request. */
const id = text()
  .regex(/^[1-9]\d{0,9}$/, { error: 'bad_request' })
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, { error: 'bad_request' });

/** update_main_attraction_uniqnes/{groupId}/{attractionId} */
export const uniquenessMainParams = z.object({ groupId: id, attractionId: id });
/** update_attraction_to_uniqness_grop/{attractionId}/{groupId} */
export const uniquenessMoveParams = z.object({ attractionId: id, groupId: id });

/** One record of a group, as the planner's table shows it (with its author: a platform admin sees every planner's). */
export const uniquenessAttraction = z.object({ ...attractionFields, authorId: z.number().int() });
export type UniquenessAttraction = z.infer<typeof uniquenessAttraction>;

/** 001 §3: the group, the main record and the others ("converted" to it). */
export const uniquenessGroup = z.object({
  AttractionUniqnessId: z.number().int(),
  /** The main record; null when it was deleted or the viewer may not see it (decision 0023). */
  chosenAttraction: uniquenessAttraction.nullable(),
  /** The group's other records the viewer may see. */
  convertedUniqAtractions: z.array(uniquenessAttraction),
  /** Ours: whether the viewer may change this group (set its main, move records in; decision 0040). */
  mayChange: z.boolean(),
});
export type UniquenessGroup = z.infer<typeof uniquenessGroup>;

/** GET attraction_uniqnes: the groups holding the viewer's records (a platform admin: every group), newest first. */
export const uniquenessGroupsResponse = envelope({ groups: z.array(uniquenessGroup) });
export type UniquenessGroupsResponse = z.infer<typeof uniquenessGroupsResponse>;

/** The answer of the two spec calls that change a group: the group as it is now. */
export const uniquenessGroupResponse = envelope({ group: uniquenessGroup });
export type UniquenessGroupResponse = z.infer<typeof uniquenessGroupResponse>;

/** Why a proposal was made: the same maps place id, or the same normalised name within 50 m. */
export const UNIQUENESS_PROPOSAL_REASONS = ['placeId', 'name'] as const;
export type UniquenessProposalReason = (typeof UNIQUENESS_PROPOSAL_REASONS)[number];

/** A proposed group: records of one planner that look like one place, the suggested main first. */
export const uniquenessProposal = z.object({
  attractions: z.array(uniquenessAttraction),
  reasons: z.array(z.enum(UNIQUENESS_PROPOSAL_REASONS)),
  /** The suggested main record: a member that is already a group's main, else the oldest. */
  mainId: z.number().int(),
});
export type UniquenessProposal = z.infer<typeof uniquenessProposal>;

/** GET attraction_uniqnes_proposals (ours): the viewer's records that look like one place and are not grouped so. */
export const uniquenessProposalsResponse = envelope({ proposals: z.array(uniquenessProposal) });
export type UniquenessProposalsResponse = z.infer<typeof uniquenessProposalsResponse>;

const attractionIds = z
  .array(z.union([z.number().int(), id]).pipe(z.number().int().min(1, { error: 'bad_request' })), {
    error: 'bad_request',
  })
  .min(2, { error: 'uniqueness_group_too_small' })
  .max(UNIQUENESS_GROUP_MAX, { error: 'bad_request' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'bad_request' });

/**
 * POST accept_attraction_uniqnes_proposal (ours): make these records one group with mainId as its main (records in
 * other groups move, as update_attraction_to_uniqness_grop moves them).
 */
export const acceptUniquenessProposalBody = z
  .object({ attractionIds, mainId: z.union([z.number().int(), id]) })
  .refine((b) => b.attractionIds.includes(Number(b.mainId)), {
    error: 'attraction_not_in_group',
    path: ['mainId'],
  });
export type AcceptUniquenessProposalBody = z.input<typeof acceptUniquenessProposalBody>;

/** POST dismiss_attraction_uniqnes_proposal (ours): not proposed to this user again (the same set of records). */
export const dismissUniquenessProposalBody = z.object({ attractionIds });
export type DismissUniquenessProposalBody = z.input<typeof dismissUniquenessProposalBody>;

export const dismissUniquenessProposalResponse = envelope({});
