import { COMMENT_MAX, commentsResponse } from '@rides/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rides, tripCommentMentions, tripEvents } from '../../src/db/schema/index.js';
import { createTestApp, mailsTo, type TestApp } from '../helpers/app.js';
import { expectCode } from './trip-editing-fixtures.js';
import {
  EVERYONE,
  makeWorld,
  outcome,
  READ_MATRIX,
  removeMember,
  send,
  WRITE_MATRIX,
  type TogetherWorld,
} from './together-fixtures.js';

/**
 * Comments and votes (issue 33 point 4, decision 0066): every call both ways for everyone on a public and a private
 * trip, the targets a comment may have, its text's rules, who deletes, one vote per person, the trip's log, and the
 * mentions' digest mail.
 */
let t: TestApp;
let w: TogetherWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t);
});
afterAll(async () => {
  await t?.dispose();
});

const url = (rideId: number, rest = '') => `/api/trips/${rideId}/comments${rest}`;
const activityOf = (trip: TogetherWorld['trips']['public']) => String([...trip.ids.values()][0]);
const stayOf = async (rideId: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/ride_accommodations_api/${rideId}`,
    headers: w.people.owner.headers,
  });
  const body = res.json() as { ride: { id: number }[] };
  return String(body.ride[0]?.id);
};

describe('who may read and write comments and votes', () => {
  for (const who of EVERYONE) {
    it(who, async () => {
      const got = { read: [] as string[], comment: [] as string[], vote: [] as string[] };
      for (const trip of [w.trips.public, w.trips.private]) {
        const headers = w.headersOf(who);
        got.read.push(outcome(await send(t, 'GET', url(trip.rideId), headers)));
        got.comment.push(
          outcome(
            await send(t, 'POST', url(trip.rideId), headers, {
              target: { type: 'day', id: '2031-05-11' },
              text: `by ${who}`,
            }),
          ),
        );
        got.vote.push(
          outcome(
            await send(t, 'PUT', `/api/trips/${trip.rideId}/votes`, headers, {
              target: { type: 'activity', id: activityOf(trip) },
              value: 1,
            }),
          ),
        );
      }
      expect(got).toEqual({ read: READ_MATRIX[who], comment: WRITE_MATRIX[who], vote: WRITE_MATRIX[who] });
    });
  }

  it('an unknown trip is not_found', async () => {
    expectCode(await send(t, 'GET', url(2_000_000), w.people.owner.headers), 404, 'not_found');
  });

  it('a removed member reads nothing from their next request', async () => {
    const trip = w.trips.private;
    const extra = w.people.editor;
    expect((await send(t, 'GET', url(trip.rideId), extra.headers)).statusCode).toBe(200);
    await removeMember(t, trip.rideId, extra.id);
    expectCode(
      await send(t, 'GET', url(trip.rideId), extra.headers),
      403,
      'user_does_not_have_permission_to_this_private_ride',
    );
    const { addMember } = await import('./together-fixtures.js');
    await addMember(t, trip.rideId, extra.id, 'editor');
  });
});

describe('writing comments', () => {
  it('on an activity, a stay and a day, answered and listed with the writer and counts', async () => {
    const trip = w.trips.public;
    const stay = await stayOf(trip.rideId);
    const targets = [
      { type: 'activity', id: activityOf(trip) },
      { type: 'stay', id: stay },
      { type: 'day', id: '2031-05-12' },
    ];
    for (const target of targets) {
      const res = await send(t, 'POST', url(trip.rideId), w.people.commenter.headers, {
        target,
        text: `  on the ${target.type}  `,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { comment } = res.json() as {
        comment: { text: string; userName: string; mine: boolean; target: unknown };
      };
      expect(comment).toMatchObject({
        text: `on the ${target.type}`,
        userName: w.people.commenter.name,
        mine: true,
        target,
      });
    }
    const list = commentsResponse.parse(
      (await send(t, 'GET', url(trip.rideId), w.people.viewer.headers)).json(),
    );
    const mine = list.comments.filter(
      (c) => c.userId === w.people.commenter.id && c.text.startsWith('on the'),
    );
    expect(mine.map((c) => c.target.type)).toEqual(['activity', 'stay', 'day']);
    expect(mine.every((c) => !c.mine)).toBe(true);
    expect(list.mayWrite).toBe(false);
    expect(list.people.map((p) => p.name)).toContain(w.people.owner.name);
  });

  it('a target outside the trip is target_not_found', async () => {
    const trip = w.trips.public;
    const other = w.trips.private;
    const bad = [
      { type: 'activity', id: activityOf(other) },
      { type: 'stay', id: await stayOf(other.rideId) },
      { type: 'day', id: '2031-05-13' },
      { type: 'day', id: '2031-05-09' },
      { type: 'activity', id: 'x' },
    ];
    for (const target of bad) {
      expectCode(
        await send(t, 'POST', url(trip.rideId), w.people.owner.headers, { target, text: 'hi' }),
        404,
        'target_not_found',
      );
    }
  });

  it('text: required, at most COMMENT_MAX, no control characters, kept as plain text', async () => {
    const rideId = w.trips.public.rideId;
    const target = { type: 'day', id: '2031-05-10' };
    const post = (text: unknown) => send(t, 'POST', url(rideId), w.people.owner.headers, { target, text });
    expectCode(await post('   '), 400, 'comment_required');
    expectCode(await post(''), 400, 'comment_required');
    expectCode(await post('x'.repeat(COMMENT_MAX + 1)), 400, 'comment_too_long');
    expectCode(await post('a\u0007b'), 400, 'text_has_control_characters');
    expect((await post('x'.repeat(COMMENT_MAX))).statusCode).toBe(200);
    const html = await post('<b>bold</b> <script>x</script>');
    expect((html.json() as { comment: { text: string } }).comment.text).toBe(
      '<b>bold</b> <script>x</script>',
    );
    expectCode(
      await send(t, 'POST', url(rideId), w.people.owner.headers, {
        target: { type: 'place', id: '1' },
        text: 'x',
      }),
      400,
      'bad_request',
    );
  });

  it('bumps the trip version and writes a comments event', async () => {
    const rideId = w.trips.private.rideId;
    const before =
      (await t.db.db.select({ v: rides.version }).from(rides).where(eq(rides.id, rideId)))[0]?.v ?? 0;
    const res = await send(t, 'POST', url(rideId), w.people.editor.headers, {
      target: { type: 'day', id: '2031-05-10' },
      text: 'logged',
    });
    const id = (res.json() as { comment: { id: number } }).comment.id;
    const [event] = await t.db.db
      .select()
      .from(tripEvents)
      .where(and(eq(tripEvents.rideId, rideId), eq(tripEvents.version, before + 1)));
    expect(event).toMatchObject({ type: 'comments', userId: w.people.editor.id, target: { comments: [id] } });
  });
});

describe('deleting comments', () => {
  it('its writer or the owner; not another member; comment_not_found after', async () => {
    const rideId = w.trips.public.rideId;
    const write = async () =>
      (
        (
          await send(t, 'POST', url(rideId), w.people.commenter.headers, {
            target: { type: 'day', id: '2031-05-10' },
            text: 'to delete',
          })
        ).json() as { comment: { id: number } }
      ).comment.id;
    const a = await write();
    // The list says who may delete it, as the call decides: its writer and the owner, not another member.
    const mayDelete = async (who: 'commenter' | 'owner' | 'editor') =>
      commentsResponse
        .parse((await send(t, 'GET', url(rideId), w.people[who].headers)).json())
        .comments.find((c) => c.id === a)?.mayDelete;
    expect([await mayDelete('commenter'), await mayDelete('owner'), await mayDelete('editor')]).toEqual([
      true,
      true,
      false,
    ]);
    expectCode(
      await send(t, 'DELETE', url(rideId, `/${a}`), w.people.editor.headers),
      403,
      'role_does_not_allow',
    );
    expectCode(
      await send(t, 'DELETE', url(rideId, `/${a}`), w.people.user.headers),
      403,
      'role_does_not_allow',
    );
    expectCode(await send(t, 'DELETE', url(rideId, `/${a}`), {}), 401, 'user_is_not_authorized');
    expect((await send(t, 'DELETE', url(rideId, `/${a}`), w.people.commenter.headers)).statusCode).toBe(200);
    expectCode(
      await send(t, 'DELETE', url(rideId, `/${a}`), w.people.commenter.headers),
      404,
      'comment_not_found',
    );
    const b = await write();
    expect((await send(t, 'DELETE', url(rideId, `/${b}`), w.people.owner.headers)).statusCode).toBe(200);
    const left = commentsResponse.parse((await send(t, 'GET', url(rideId), w.people.owner.headers)).json());
    expect(left.comments.some((c) => c.id === a || c.id === b)).toBe(false);
    // A comment of another trip is not found through this one.
    const other = (
      (
        await send(t, 'POST', url(w.trips.private.rideId), w.people.owner.headers, {
          target: { type: 'day', id: '2031-05-10' },
          text: 'x',
        })
      ).json() as { comment: { id: number } }
    ).comment.id;
    expectCode(
      await send(t, 'DELETE', url(rideId, `/${other}`), w.people.owner.headers),
      404,
      'comment_not_found',
    );
  });
});

describe('votes', () => {
  it('one 👍 per person per activity; 0 takes it back; activities only', async () => {
    const trip = w.trips.private;
    const target = { type: 'activity', id: String([...trip.ids.values()][1]) };
    const vote = (who: 'commenter' | 'owner', value: number) =>
      send(t, 'PUT', `/api/trips/${trip.rideId}/votes`, w.people[who].headers, { target, value });
    expect((await vote('commenter', 1)).json()).toMatchObject({ vote: { count: 1, mine: true } });
    expect((await vote('commenter', 1)).json()).toMatchObject({ vote: { count: 1, mine: true } });
    expect((await vote('owner', 1)).json()).toMatchObject({ vote: { count: 2, mine: true } });
    expect((await vote('commenter', 0)).json()).toMatchObject({ vote: { count: 1, mine: false } });
    const list = commentsResponse.parse(
      (await send(t, 'GET', url(trip.rideId), w.people.owner.headers)).json(),
    );
    expect(list.votes.find((v) => v.target.id === target.id)).toEqual({ target, count: 1, mine: true });
    expectCode(await vote('owner', 2), 400, 'bad_request');
    expectCode(
      await send(t, 'PUT', `/api/trips/${trip.rideId}/votes`, w.people.owner.headers, {
        target: { type: 'day', id: '2031-05-10' },
        value: 1,
      }),
      404,
      'target_not_found',
    );
  });
});

describe('mentions', () => {
  it('mail each mentioned person one digest listing their mentions, in the trip language, once', async () => {
    const hw = await makeWorld(t, 'hebrew');
    const rideId = hw.trips.private.rideId;
    const post = (text: string) =>
      send(t, 'POST', url(rideId), hw.people.commenter.headers, {
        target: { type: 'day', id: '2031-05-10' },
        text,
      });
    await t.app.mentionDigest.run(); // whatever the other tests left
    expect((await post(`@${hw.people.owner.name} what about the museum?`)).statusCode).toBe(200);
    expect((await post(`@${hw.people.viewer.name} and @${hw.people.owner.name}: tickets?`)).statusCode).toBe(
      200,
    );
    // Not a mention: a longer word after the name, the writer themselves, someone not of the trip.
    await post(`@${hw.people.editor.name}x @${hw.people.commenter.name} @${hw.people.user.name}`);
    const unmailed = await t.db.db
      .select()
      .from(tripCommentMentions)
      .where(isNull(tripCommentMentions.mailedAt));
    expect(unmailed.map((m) => m.userId).sort()).toEqual(
      [hw.people.owner.id, hw.people.owner.id, hw.people.viewer.id].sort(),
    );
    // The viewer is removed before the digest: they are not told what was written.
    await removeMember(t, rideId, hw.people.viewer.id);
    expect(await t.app.mentionDigest.run()).toBe(1);
    const toOwner = await mailsTo(t.outboxDir, hw.people.owner.email);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]?.subject).toBe('הוזכרת ב־2 תגובות בטיול');
    expect(toOwner[0]?.text).toContain('what about the museum?');
    expect(toOwner[0]?.text).toContain('tickets?');
    expect(toOwner[0]?.text).toContain(`/single_ride_with_map/${rideId}`);
    expect(await mailsTo(t.outboxDir, hw.people.viewer.email)).toHaveLength(0);
    // Mailed once: the next run has nothing.
    expect(await t.app.mentionDigest.run()).toBe(0);
    expect(await mailsTo(t.outboxDir, hw.people.owner.email)).toHaveLength(1);
  });

  it('an English trip mails in English', async () => {
    const rideId = w.trips.public.rideId;
    await t.app.mentionDigest.run();
    await send(t, 'POST', url(rideId), w.people.editor.headers, {
      target: { type: 'day', id: '2031-05-10' },
      text: `@${w.people.commenter.name} hi`,
    });
    expect(await t.app.mentionDigest.run()).toBe(1);
    const mails = await mailsTo(t.outboxDir, w.people.commenter.email);
    expect(mails.at(-1)?.subject).toBe('You were mentioned in a trip comment');
  });
});
