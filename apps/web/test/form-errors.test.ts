import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api';
import { splitApiError } from '../src/lib/form-errors';

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
