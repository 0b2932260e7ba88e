import { describe, expect, it } from 'vitest';
import { firstOpenMail } from '../../src/modules/access-keys/mails.js';
import { resetPasswordMail } from '../../src/modules/accounts/mails.js';

/** Issue 30 point 3 (decision 0044): the users' values in a mail keep their own direction. */
describe('mails: user text isolated', () => {
  const mail = firstOpenMail(
    'he',
    {
      plannerName: 'דנה',
      clientName: 'John Smith',
      clientEmail: 'john@example.com',
      title: "Templars' Tunnel.",
    },
    'https://rides.test/ride_access_key_information/7',
  );

  it('the HTML puts every user value in a <bdi> of its direction, the phone inside it left to right', () => {
    expect(mail.html).toContain('<div dir="rtl">');
    expect(mail.html).toContain('<bdi dir="rtl">דנה</bdi>');
    expect(mail.html).toContain('<bdi dir="ltr">John Smith</bdi>');
    expect(mail.html).toContain('<bdi dir="ltr">Templars&#39; Tunnel.</bdi>');
    expect(mail.html).toContain('(<bdi dir="ltr">john@example.com</bdi>)');
    const reset = resetPasswordMail(
      'he',
      'Dana +972 55-123-4567',
      'https://rides.test/reset-password?token=x',
    );
    expect(reset.html).toContain('<bdi dir="ltr">Dana <bdi dir="ltr">+972 55-123-4567</bdi></bdi>');
  });

  it('the plain text and the subject keep the Unicode isolates', () => {
    expect(mail.text).toContain("\u2066Templars' Tunnel.\u2069");
    expect(mail.subject).toContain('\u2066John Smith\u2069');
    expect(mail.text).not.toContain('<bdi');
  });
});
