import type {
  CommentsResponse,
  ListsResponse,
  PatchListItemBody,
  PostCommentBody,
  PostListBody,
  PostListItemBody,
  PutVoteBody,
  TripCommentWire,
  TripListEntryWire,
  TripListWire,
  TripVoteCount,
} from '@rides/contract';
import { apiRequest } from '../../../lib/api';

/** The calls of comments, votes and shared lists (issue 33 points 4, 5; decision 0066). */

export const commentsKey = (rideId: number) => ['trip_comments', rideId] as const;
export const listsKey = (rideId: number) => ['trip_lists', rideId] as const;

const base = (rideId: number) => `trips/${rideId}`;

export const fetchComments = (rideId: number, signal?: AbortSignal) =>
  apiRequest<CommentsResponse>(`${base(rideId)}/comments`, { signal });
export const postComment = (rideId: number, body: PostCommentBody) =>
  apiRequest<{ ServerMassageCode: string; comment: TripCommentWire }>(`${base(rideId)}/comments`, { body });
export const deleteComment = (rideId: number, id: number) =>
  apiRequest(`${base(rideId)}/comments/${id}`, { method: 'DELETE' });
export const putVote = (rideId: number, body: PutVoteBody) =>
  apiRequest<{ ServerMassageCode: string; vote: TripVoteCount }>(`${base(rideId)}/votes`, {
    method: 'PUT',
    body,
  });

export const fetchLists = (rideId: number, signal?: AbortSignal) =>
  apiRequest<ListsResponse>(`${base(rideId)}/lists`, { signal });
export const createList = (rideId: number, body: PostListBody) =>
  apiRequest<{ ServerMassageCode: string; list: TripListWire }>(`${base(rideId)}/lists`, { body });
export const deleteList = (rideId: number, listId: number) =>
  apiRequest(`${base(rideId)}/lists/${listId}`, { method: 'DELETE' });
export const addItem = (rideId: number, listId: number, body: PostListItemBody) =>
  apiRequest<{ ServerMassageCode: string; item: TripListEntryWire }>(
    `${base(rideId)}/lists/${listId}/items`,
    { body },
  );
export const patchItem = (rideId: number, listId: number, itemId: number, body: PatchListItemBody) =>
  apiRequest<{ ServerMassageCode: string; item: TripListEntryWire }>(
    `${base(rideId)}/lists/${listId}/items/${itemId}`,
    {
      method: 'PATCH',
      body,
    },
  );
export const deleteItem = (rideId: number, listId: number, itemId: number) =>
  apiRequest(`${base(rideId)}/lists/${listId}/items/${itemId}`, { method: 'DELETE' });
