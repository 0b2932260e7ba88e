import { describe, expect, it } from 'vitest';
import type { ForPlannersSettings } from '@rides/contract';
import { contactAction, phoneHref } from '../src/features/for-planners/lib/contact-action';

/** 002 §2.8's contact order on the planners landing page: calendar, WhatsApp, phone, mail, the contact form. */
const NONE: ForPlannersSettings = {
  demoUrl: null,
  calendarUrl: null,
  whatsappNumber: null,
  whatsappMessage: null,
  phone: null,
  email: null,
  socialUrl: null,
};
const ALL: ForPlannersSettings = {
  demoUrl: '/single_ride_with_map/1',
  calendarUrl: 'https://calendar.example/intro',
  whatsappNumber: '972501234567',
  whatsappMessage: null,
  phone: '+972-50-765 4321',
  email: 'planners@rides.example',
  socialUrl: null,
};
const texts = { message: 'Hello & welcome', subject: 'Intro meeting' };

describe('the planners contact action', () => {
  it('takes the first that is set, in the spec order', () => {
    expect(contactAction(ALL, texts)).toEqual({
      kind: 'calendar',
      href: 'https://calendar.example/intro',
      newTab: true,
    });
    expect(contactAction({ ...ALL, calendarUrl: null }, texts)).toEqual({
      kind: 'whatsapp',
      href: 'https://wa.me/972501234567?text=Hello%20%26%20welcome',
      newTab: true,
    });
    expect(contactAction({ ...ALL, calendarUrl: null, whatsappNumber: null }, texts)).toEqual({
      kind: 'phone',
      href: 'tel:+972507654321',
      newTab: false,
    });
    expect(contactAction({ ...NONE, email: 'planners@rides.example' }, texts)).toEqual({
      kind: 'email',
      href: 'mailto:planners@rides.example?subject=Intro%20meeting&body=Hello%20%26%20welcome',
      newTab: false,
    });
    expect(contactAction(NONE, texts)).toEqual({ kind: 'form' });
  });

  it('the configured message wins over the page text', () => {
    const action = contactAction(
      { ...NONE, whatsappNumber: '972501234567', whatsappMessage: 'Hi there' },
      texts,
    );
    expect(action).toMatchObject({ href: 'https://wa.me/972501234567?text=Hi%20there' });
  });

  it('before the settings arrive, and with unusable values, it is the contact form', () => {
    expect(contactAction(undefined, texts)).toEqual({ kind: 'form' });
    expect(contactAction({ ...NONE, whatsappNumber: '12', phone: 'call me' }, texts)).toEqual({
      kind: 'form',
    });
  });

  it('phone numbers become tel: links of digits and a leading plus', () => {
    expect(phoneHref('+972-3-555-0100')).toBe('tel:+97235550100');
    expect(phoneHref('03 555 0100')).toBe('tel:035550100');
    expect(phoneHref('1+2')).toBeNull();
    expect(phoneHref('abc')).toBeNull();
  });
});
