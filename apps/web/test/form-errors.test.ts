import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api';
import { splitApiError, shownErrors, snapshotOf } from '../src/lib/form-errors';

const FIELDS = ['email', 'password', 'confirm'] as const;

describe('splitApiError: server answers shown under fields or for the whole form', () => {
  it('puts field errors under their fields, with aliases', () => {
    const err = new ApiError('bad_request', 400, [
      { field: 'email', code: 'invalid_email_format' },
      { field: 'rePassword', code: 'passwords_dont_match' },
    ]);
    expect(splitApiError(err, FIELDS, { aliases: { rePassword: 'confirm' } })).toEqual({
      fields: { email: 'invalid_email_format', confirm: 'passwords_dont_match' },
      general: null,
    });
  });

  it('places a code without field errors under its field when the form says so', () => {
    const err = new ApiError('wrong_password', 401);
    expect(splitApiError(err, FIELDS, { codeFields: { wrong_password: 'password' } })).toEqual({
      fields: { password: 'wrong_password' },
      general: null,
    });
  });

  it('keeps other codes for the whole form, including unknown ones and unknown fields', () => {
    expect(splitApiError(new ApiError('too_many_requests', 429), FIELDS)).toEqual({
      fields: {},
      general: 'too_many_requests',
    });
    expect(
      splitApiError(new ApiError('bad_request', 400, [{ field: 'terms', code: 'terms_required' }]), FIELDS),
    ).toEqual({
      fields: {},
      general: 'terms_required',
    });
    expect(splitApiError(new Error('boom'), FIELDS)).toEqual({ fields: {}, general: 'unknown_error' });
  });
});

/** useFormErrors shows a field's message only while the field holds what it held when the message was given. */
describe('shownErrors: a message goes when its field is changed', () => {
  type F = 'title' | 'dates' | 'party';
  const given = { title: 'title_required', dates: 'end_before_start', party: 'party_count_invalid' };
  const at = snapshotOf<F>({ title: '', dates: ['2027-06-15', '2027-06-12'], party: [2, 0, -1] });

  it('keeps every message while nothing changed', () => {
    expect(
      shownErrors<F>(given, at, { title: '', dates: ['2027-06-15', '2027-06-12'], party: [2, 0, -1] }),
    ).toEqual(given);
  });

  it('drops only the message of the field that changed (one value of several is enough)', () => {
    expect(
      shownErrors<F>(given, at, { title: 'Rome', dates: ['2027-06-15', '2027-06-12'], party: [2, 0, -1] }),
    ).toEqual({
      dates: 'end_before_start',
      party: 'party_count_invalid',
    });
    expect(
      shownErrors<F>(given, at, { title: '', dates: ['2027-06-15', '2027-06-18'], party: [2, 0, -1] }),
    ).toEqual({
      title: 'title_required',
      party: 'party_count_invalid',
    });
  });

  it('shows the message again when the field goes back to what was refused', () => {
    expect(
      shownErrors<F>(given, at, { title: '', dates: ['2027-06-15', '2027-06-12'], party: [2, 0, -1] }).dates,
    ).toBe('end_before_start');
  });

  it('keeps the message of a field whose values the form does not give, until the next attempt', () => {
    expect(
      shownErrors<F>({ party: 'party_count_invalid' }, snapshotOf<F>({ title: '' }), { title: 'x' }),
    ).toEqual({
      party: 'party_count_invalid',
    });
  });
});
