import { describe, expect, it } from 'vitest';
import { BookingReadError } from '../../src/modules/bookings/readers/errors.js';
import { htmlText, parseMail } from '../../src/modules/bookings/readers/mail.js';

/** The mail layer of bookings (issue 34): a confirmation mail opened for the readers, forwards included. */
const enc = (s: string) => new TextEncoder().encode(s.replace(/\r?\n/g, '\r\n'));
const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64').replace(/.{76}/g, '$&\n');

const confirmationHtml =
  '<html><head><style>p{color:red}</style><script>var x = "Check-in: never";</script></head><body>' +
  '<h1>אישור הזמנה</h1><table><tr><td>מספר אישור</td><td>4012&nbsp;558&nbsp;901</td></tr>' +
  '<tr><td>צ\'ק-אין</td><td>יום ד\', 10 במרץ 2027<br>מ-15:00</td></tr></table><p>Hotel <b>Bellevue</b> &amp; Spa</p></body></html>';

describe('mail', () => {
  it('a multipart mail: sender, subject, the day of its Date header as written, both parts, a PDF attachment', async () => {
    const mail = await parseMail(
      enc(`From: =?UTF-8?B?${b64('אל על')}?= <noreply@elal.co.il>
To: noa@example.com
Subject: =?UTF-8?B?${b64('אישור הזמנה X7K2LM')}?=
Date: Wed, 10 Mar 2027 01:30:00 +0200
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="outer"

--outer
Content-Type: multipart/alternative; boundary="alt"

--alt
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: base64

${b64('מספר הזמנה: X7K2LM\nטיסה LY 315')}
--alt
Content-Type: text/html; charset=utf-8

<p>Booking reference: <b>X7K2LM</b></p>
--alt--
--outer
Content-Type: application/pdf; name="eticket.pdf"
Content-Disposition: attachment; filename="eticket.pdf"
Content-Transfer-Encoding: base64

${b64('%PDF-1.4 fake')}
--outer--
`),
    );
    expect(mail.from).toBe('noreply@elal.co.il');
    expect(mail.subject).toBe('אישור הזמנה X7K2LM');
    // 01:30 at +02:00 is the 9th in UTC: the day is the one the sender wrote.
    expect(mail.date).toBe('2027-03-10');
    expect(mail.text).toBe('מספר הזמנה: X7K2LM\nטיסה LY 315');
    expect(mail.html).toContain('<b>X7K2LM</b>');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'eticket.pdf', contentType: 'application/pdf' });
    expect(new TextDecoder().decode(mail.attachments[0]!.bytes)).toBe('%PDF-1.4 fake');
  });

  it('HTML only: its text, script and style left out, a line per block and cell, entities decoded', async () => {
    const mail = await parseMail(
      enc(`From: Booking.com <noreply@booking.com>
Subject: Confirmation
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: base64

${b64(confirmationHtml)}
`),
    );
    expect(mail.text).toBe('אישור הזמנה\nמספר אישור\n4012 558 901\nצ\'ק-אין\nיום ד\', 10 במרץ 2027\nמ-15:00\nHotel Bellevue & Spa');
    expect(mail.text).not.toContain('never');
    expect(htmlText(confirmationHtml)).toBe(mail.text);
  });

  it('a Gmail forward in the body (Hebrew marker) keeps the confirmation; quoted lines lose their marks', async () => {
    const mail = await parseMail(
      enc(`From: Noa <noa@example.com>
Subject: Fwd: Your booking
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit

ראו למטה
---------- הודעה שהועברה ----------
> מאת: Israir <tickets@israir.co.il>
> מספר הזמנה: QW3RTY
`),
    );
    expect(mail.from).toBe('noa@example.com');
    expect(mail.text).toContain('---------- הודעה שהועברה ----------\nמאת: Israir <tickets@israir.co.il>\nמספר הזמנה: QW3RTY');
  });

  it('a forward as an attached message/rfc822: its text, HTML and attachments are the mail\'s', async () => {
    const inner = `From: Airbnb <automated@airbnb.com>
Subject: Reservation confirmed
Content-Type: multipart/mixed; boundary="in"

--in
Content-Type: multipart/alternative; boundary="ialt"

--ialt
Content-Type: text/plain; charset=utf-8

Confirmation code HMABCD1234
--ialt
Content-Type: text/html; charset=utf-8

<p>Confirmation code <b>HMABCD1234</b></p>
--ialt--
--in
Content-Type: text/calendar; name="stay.ics"
Content-Disposition: attachment; filename="stay.ics"

BEGIN:VCALENDAR
END:VCALENDAR
--in--
`;
    const mail = await parseMail(
      enc(`From: Dan <dan@example.com>
Subject: FW: Reservation confirmed
Content-Type: multipart/mixed; boundary="out"

--out
Content-Type: text/plain; charset=utf-8

FYI
--out
Content-Type: message/rfc822
Content-Disposition: attachment; filename="confirmation.eml"

${inner}
--out--
`),
    );
    expect(mail.text).toBe('FYI\nConfirmation code HMABCD1234');
    expect(mail.html).toContain('<b>HMABCD1234</b>');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['stay.ics']);
  });

  it('bounded: a mail over 25 MB and an attachment over 10 MB are refused with their code', async () => {
    await expect(parseMail(new Uint8Array(25 * 1024 * 1024 + 1))).rejects.toMatchObject({ code: 'file_too_large' });
    const big = `From: a@example.com
Content-Type: multipart/mixed; boundary="b"

--b
Content-Type: text/plain

hi
--b
Content-Type: application/pdf
Content-Disposition: attachment; filename="big.pdf"
Content-Transfer-Encoding: base64

${b64(new Uint8Array(10 * 1024 * 1024 + 10))}
--b--
`;
    const error = await parseMail(enc(big)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BookingReadError);
    expect(error).toMatchObject({ code: 'file_too_large' });
  });
});
