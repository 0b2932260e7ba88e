import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushCopyReportWire, TripCopyWire } from '@rides/contract';
import en from '../src/locales/en.json';
import he from '../src/locales/he.json';
import {
  aboutWords,
  copyName,
  countsWords,
  defaultChosen,
  reportWords,
} from '../src/features/trip/updates/copies-words';
import { copiesKeys } from '../src/features/trip/updates/copies-api';
import { tripAttractionsKeys } from '../src/lib/trip-keys';

/** A template's clients' copies in words (issue 37 point 4, rule 144): the list's counts and the push's report. */
const texts = {} as Record<'he' | 'en', TFunction>;
beforeAll(async () => {
  for (const [lng, resources] of [
    ['he', he],
    ['en', en],
  ] as const) {
    const instance = i18next.createInstance();
    await instance.init({
      lng,
      resources: { [lng]: { translation: resources } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    texts[lng] = instance.t;
  }
});

const plain = (s: string) => s.replace(/[\u200e\u200f\u2066-\u2069]/g, '');

const copy = (over: Partial<TripCopyWire> = {}): TripCopyWire => ({
  rideId: 11,
  title: 'Italy',
  ownerName: 'Dana',
  kind: 'client_copy',
  notify: true,
  baseVersion: 3,
  updates: 2,
  conflicts: 1,
  ownChanges: 4,
  ...over,
});
const report = (over: Partial<PushCopyReportWire> = {}): PushCopyReportWire => ({
  rideId: 11,
  applied: 2,
  refused: [],
  waiting: 1,
  ...over,
});

describe('a copy in the planner’s list', () => {
  it('says its updates, conflicts and own changes, in both languages', () => {
    expect(plain(countsWords(copy(), texts.en))).toBe(
      '2 updates waiting · 1 conflict · 4 changes of their own',
    );
    expect(plain(countsWords(copy(), texts.he))).toBe('2 עדכונים ממתינים · התנגשות אחת · 4 שינויים של הלקוח');
    expect(countsWords(copy({ updates: 1, conflicts: 0, ownChanges: 0 }), texts.en)).toBe('1 update waiting');
    expect(countsWords(copy({ updates: 0, conflicts: 0, ownChanges: 1 }), texts.en)).toBe(
      'Up to date · 1 change of their own',
    );
    expect(countsWords(copy({ updates: 0, conflicts: 0, ownChanges: 0 }), texts.he)).toBe('מעודכן');
  });

  it('names the owner and says how it was made and whether its owner gets mails', () => {
    expect(plain(copyName(copy(), texts.en))).toBe("Dana's copy");
    expect(plain(copyName(copy({ ownerName: 'דנה' }), texts.he))).toBe('העותק של דנה');
    // The name is isolated: a Hebrew name in an English sentence keeps its own direction.
    expect(copyName(copy({ ownerName: 'דנה' }), texts.en)).toMatch(/[\u2066-\u2068]דנה\u2069/);
    expect(aboutWords(copy(), texts.en)).toBe('A client through a copy key · Gets mails of updates');
    expect(aboutWords(copy({ kind: 'copy', notify: false }), texts.en)).toBe(
      'Copied the public trip · Mails of updates off',
    );
    expect(aboutWords(copy({ kind: 'copy', notify: false }), texts.he)).toBe(
      'העתיק את הטיול הציבורי · מיילים על עדכונים כבויים',
    );
  });

  it('starts with the copies that have updates chosen', () => {
    const list = [copy({ rideId: 1 }), copy({ rideId: 2, updates: 0 }), copy({ rideId: 3, updates: 5 })];
    expect([...defaultChosen(list)]).toEqual([1, 3]);
    expect([...defaultChosen([])]).toEqual([]);
  });
});

describe('the push’s report', () => {
  it('says per copy what was taken and what waits, in both languages', () => {
    expect(plain(reportWords(report(), copy(), texts.en))).toBe(
      "Dana's copy: 2 updates taken, 1 waits for Dana to choose",
    );
    expect(plain(reportWords(report({ applied: 1, waiting: 2 }), copy({ ownerName: 'דנה' }), texts.he))).toBe(
      'העותק של דנה: עדכון אחד נכנס, 2 ממתינים לבחירה של דנה',
    );
    expect(plain(reportWords(report({ waiting: 0 }), copy(), texts.en))).toBe("Dana's copy: 2 updates taken");
    expect(
      plain(
        reportWords(
          report({ applied: 0, waiting: 0, refused: [{ id: 'x', reason: 'stay-booked' }] }),
          copy(),
          texts.en,
        ),
      ),
    ).toBe("Dana's copy: 1 could not be taken");
    expect(plain(reportWords(report({ applied: 0, waiting: 0 }), copy({ ownerName: 'דנה' }), texts.he))).toBe(
      'העותק של דנה: אין מה לעדכן',
    );
  });

  it('says why a copy was skipped; a copy the list did not name is "a copy"', () => {
    expect(plain(reportWords(report({ skipped: 'locked', applied: 0, waiting: 0 }), copy(), texts.en))).toBe(
      "Dana's copy: skipped: locked by its owner",
    );
    expect(
      plain(reportWords(report({ skipped: 'upstream-changed' }), copy({ ownerName: 'דנה' }), texts.he)),
    ).toBe('העותק של דנה: דולג: הטיול השתנה במהלך העדכון');
    expect(reportWords(report({ skipped: 'failed' }), undefined, texts.en)).toBe(
      'A copy: skipped: it could not be updated',
    );
  });

  it('keys the list under the template’s own read (its edits read it again)', () => {
    expect(copiesKeys.of(5).slice(0, 2)).toEqual([...tripAttractionsKeys.of(5)]);
  });
});
