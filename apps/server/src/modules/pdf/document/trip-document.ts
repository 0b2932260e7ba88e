import {
  dayColour,
  dayDirections,
  stopCoordinates,
  type AccommodationWire,
  type PdfPaperSize,
  type TripDay,
  type TripWire,
  type UserInfo,
} from '@rides/contract';
import { drawDayMap, type MapStop, type MapTown } from './day-map.js';
import { labelsFor, type PdfLabels } from './labels.js';
import { PdfWriter, type TextStyle } from './pdf-writer.js';
import { drawQr } from './qr.js';
import { htmlToBlocks, own, ownBlock, type Span } from './rich-text.js';

/**
 * The trip as a document (issue 19 point 2): a cover (title, dates, party, the author block, the trip's text, a QR
 * code and link to the live trip), the stays timeline, trip-wide extra information, then every day: its date, that
 * night's stay, the activities in order with their time, text (rich HTML), address, rating and navigation link, the
 * day's note, a vector map and the day in Google Maps. Hebrew trips right to left, English left to right.
 */

/** Plain data only: a PDF worker gets it by postMessage (render-pool.ts). */
export interface TripDocumentInput {
  ride: TripWire;
  days: TripDay[];
  author: UserInfo | null;
  /** The live trip's address (PUBLIC_URL + the trip page). */
  liveUrl: string;
  paper: PdfPaperSize;
  /** Per day (by index), the gazetteer's towns around its map, most important first (the PDF service's). */
  towns?: MapTown[][];
}

const INK = '#212529';
const MUTED = '#6c757d';
const H1: TextStyle = { size: 24, color: INK, leading: 1.25 };
const H2: TextStyle = { size: 15, color: INK, leading: 1.3 };
const BODY: TextStyle = { size: 10, color: INK };
const SMALL: TextStyle = { size: 8.5, color: MUTED };

/** 'DD-MM-YYYY' or 'DD/MM/YYYY ...' -> a Date at UTC midnight, or null. */
function dateOf(wire: string | null): Date | null {
  const m = wire ? /^(\d{2})[-/](\d{2})[-/](\d{4})/.exec(wire) : null;
  return m ? new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]))) : null;
}

function formatDate(d: Date, l: PdfLabels, weekday = false): string {
  return new Intl.DateTimeFormat(l.locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(weekday ? { weekday: 'long' } : {}),
  }).format(d);
}

/** 'hh:mm:ss AM' -> 'HH:MM' (24 hours, as travellers in Israel and Europe read times). */
export function clock24(wire: string | null): string | null {
  const m = wire ? /^(\d{1,2}):(\d{2})(?::\d{2})?\s*(AM|PM)?$/i.exec(wire.trim()) : null;
  if (!m) return null;
  let h = Number(m[1]) % 12;
  if (!m[3]) h = Number(m[1]);
  else if (m[3].toUpperCase() === 'PM') h += 12;
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

/** The day's stay: the booked one, else the base trip's suggestion. */
function stayOf(day: TripDay): AccommodationWire | null {
  return day.accommodation ?? day.base_trip_accommodation;
}

function richText(w: PdfWriter, html: string, indent = 0): void {
  for (const block of htmlToBlocks(html)) {
    if (block.kind === 'h') {
      w.y += 3;
      w.paragraph(ownBlock(block.spans), { ...BODY, size: 11.5, indent });
    } else if (block.kind === 'li') {
      const inner = indent + 12 * block.depth;
      w.paragraph(ownBlock([{ text: `${block.marker ?? '•'} ` }, ...block.spans]), {
        ...BODY,
        indent: inner,
      });
    } else {
      w.paragraph(ownBlock(block.spans), { ...BODY, indent });
    }
    w.y += 3;
  }
}

function rule(w: PdfWriter, colour = '#dee2e6'): void {
  w.doc.save().lineWidth(0.7).strokeColor(colour).moveTo(w.left, w.y).lineTo(w.right, w.y).stroke().restore();
  w.y += 8;
}

function cover(w: PdfWriter, input: TripDocumentInput, l: PdfLabels): void {
  const { ride, author } = input;
  const qrSize = 96;
  // The QR code sits at the end side of the title block; the title wraps beside it.
  const qrX = w.dir === 'rtl' ? w.left : w.right - qrSize;
  drawQr(w.doc, input.liveUrl, qrX, w.y, qrSize);
  const textWidth = w.width - qrSize - 16;
  const top = w.y;
  w.paragraph([{ text: own(ride.title), bold: true }], H1, textWidth);
  const start = dateOf(ride.start_date);
  const end = dateOf(ride.end_date);
  const dates = start && end ? `${formatDate(start, l)} – ${formatDate(end, l)}` : l.datesHidden;
  w.y += 4;
  w.paragraph([{ text: `${dates} · ${l.days(ride.duration)}` }], { ...BODY, size: 11 }, textWidth);
  const party = l.party(ride.number_of_adult, ride.number_of_teen, ride.number_of_child);
  if (party)
    w.paragraph(
      [{ text: party + (ride.physical_disabilities ? ` · ${l.accessible}` : '') }],
      BODY,
      textWidth,
    );
  w.y += 2;
  w.paragraph([{ text: `${l.liveTrip}: ` }, { text: input.liveUrl, link: input.liveUrl }], SMALL, textWidth);
  w.y = Math.max(w.y, top + qrSize) + 10;
  rule(w);

  if (author) {
    w.paragraph(
      [
        { text: `${l.plannedBy}: `, bold: true },
        { text: own(author.name) },
        ...(author.title ? [{ text: ` · ${own(author.title)}` }] : []),
      ],
      BODY,
    );
    if (author.about) w.paragraph(ownBlock([{ text: author.about }]), SMALL);
    const links = [author.website_link, author.instagram_link, author.facebook_link].filter(
      (x): x is string => !!x,
    );
    if (links.length)
      w.paragraph(
        links.flatMap((u, i) => [...(i ? [{ text: '  ' }] : []), { text: u, link: u }]),
        SMALL,
      );
    w.y += 6;
  }
  if (ride.text) richText(w, ride.text);
}

/** Consecutive nights at one stay, in day order. */
function staysTimeline(days: TripDay[]): { stay: AccommodationWire; from: number; to: number }[] {
  const out: { stay: AccommodationWire; from: number; to: number }[] = [];
  days.forEach((day, i) => {
    const stay = stayOf(day);
    if (!stay) return;
    const last = out.at(-1);
    if (last && last.stay.id === stay.id && last.to === i - 1) last.to = i;
    else out.push({ stay, from: i, to: i });
  });
  return out;
}

/** "Booking confirmation: ABC-123", the number in bold (what is read out at the desk). */
function confirmationLine(number: string, l: PdfLabels): Span[] {
  return [{ text: `${l.confirmation}: ` }, { text: number, bold: true }];
}

function stays(w: PdfWriter, days: TripDay[], l: PdfLabels): void {
  const timeline = staysTimeline(days);
  if (timeline.length === 0) return;
  w.y += 8;
  w.ensure(60);
  w.paragraph([{ text: l.stays, bold: true }], H2);
  w.y += 2;
  for (const { stay, from, to } of timeline) {
    w.ensure(36);
    const dotX = w.startX(8, 2);
    w.doc
      .save()
      .circle(dotX + 4, w.y + 7, 3.5)
      .fill(dayColour(from).bg)
      .restore();
    const place = [stay.name, stay.cuntry_and_city]
      .filter(Boolean)
      .map((x) => own(x as string))
      .join(' · ');
    w.paragraph([{ text: place, bold: true }], { ...BODY, indent: 16 });
    w.paragraph(
      [
        {
          text: `${l.dayRange(from + 1, to + 1)} · ${l.nights(to - from + 1)}${stay.address ? ` · ${own(stay.address)}` : ''}`,
        },
      ],
      {
        ...SMALL,
        indent: 16,
      },
    );
    // The trip view left the number only for those who may read it (the contract's mayReadBookings).
    if (stay.booking_confirmation)
      w.paragraph(confirmationLine(stay.booking_confirmation, l), { ...BODY, size: 9, indent: 16 });
    w.y += 4;
  }
}

function extraInformation(w: PdfWriter, ride: TripWire, l: PdfLabels): void {
  if (ride.rideExtraInformation.length === 0) return;
  w.y += 8;
  w.ensure(60);
  w.paragraph([{ text: l.extraInformation, bold: true }], H2);
  for (const item of ride.rideExtraInformation) {
    w.ensure(40);
    if (item.title) w.paragraph([{ text: own(item.title), bold: true }], { ...BODY, size: 11 });
    richText(w, item.text);
    w.y += 4;
  }
}

function dayHeader(w: PdfWriter, day: TripDay, index: number, l: PdfLabels): void {
  const colour = dayColour(index);
  w.ensure(90);
  const date = dateOf(day.dateTime);
  const band = 26;
  w.doc.save().roundedRect(w.left, w.y, w.width, band, 5).fill(colour.bg).restore();
  const saved = w.y;
  w.y += 6.5;
  const title = `${l.day(index + 1)}${date ? ` · ${formatDate(date, l, true)}` : ''}`;
  w.paragraph([{ text: title, bold: true }], { size: 12, color: colour.fg, indent: 10, leading: 1.1 });
  w.y = saved + band + 8;
  const stay = stayOf(day);
  const stayText: Span[] = stay
    ? [
        { text: `${l.tonight}: `, bold: true },
        {
          text: [stay.name, stay.cuntry_and_city]
            .filter(Boolean)
            .map((x) => own(x as string))
            .join(' · '),
        },
      ]
    : [{ text: `${l.tonight}: `, bold: true }, { text: l.noStay }];
  w.paragraph(stayText, BODY);
  if (stay?.address) w.paragraph([{ text: own(stay.address) }], { ...SMALL, indent: 0 });
  if (stay?.booking_confirmation)
    w.paragraph(confirmationLine(stay.booking_confirmation, l), { ...BODY, size: 9 });
  w.y += 6;
}

function activities(
  w: PdfWriter,
  day: TripDay,
  index: number,
  l: PdfLabels,
  checkpoint: () => void,
): MapStop[] {
  const colour = dayColour(index);
  const pins: MapStop[] = [];
  for (const [i, a] of day.daily_attractions.entries()) {
    checkpoint();
    const n = String(i + 1);
    const time = clock24(a.dateTime);
    const located = stopCoordinates({ lat: a.lat, lng: a.lng }) !== null;
    if (located) pins.push({ lat: a.lat, lng: a.lng, label: n });
    w.ensure(50);
    // The number badge at the start side, in the day's colour.
    const badgeX = w.startX(18);
    w.doc
      .save()
      .circle(badgeX + 9, w.y + 8, 8.5)
      .fill(colour.bg)
      .restore();
    w.doc.save().font('latin-bold').fontSize(8.5).fillColor(colour.fg);
    const tw = w.doc.widthOfString(n);
    w.doc.text(n, badgeX + 9 - tw / 2, w.y + 3, { lineBreak: false }).restore();
    const head: Span[] = [
      ...(time ? [{ text: `${time}  `, bold: true }] : []),
      { text: own(a.title), bold: true },
    ];
    w.paragraph(head, { ...BODY, size: 11, indent: 26 });
    const facts: Span[] = [];
    if (a.address) facts.push({ text: own(a.address) });
    if (a.rate !== null) facts.push({ text: `${facts.length ? ' · ' : ''}${l.rating(a.rate)}` });
    if (!located) facts.push({ text: `${facts.length ? ' · ' : ''}${l.notOnMap}` });
    if (facts.length) w.paragraph(facts, { ...SMALL, indent: 26 });
    if (a.text) richText(w, a.text, 26);
    const navigate = dayDirections([{ lat: a.lat, lng: a.lng, address: a.address }], 'phone')[0]?.url;
    const links: Span[] = [];
    if (navigate) links.push({ text: l.navigate, link: navigate });
    if (a.link) links.push(...(links.length ? [{ text: '   ' }] : []), { text: l.website, link: a.link });
    if (links.length) w.paragraph(links, { ...BODY, size: 9, indent: 26 });
    w.y += 6;
  }
  return pins;
}

function dayInGoogleMaps(w: PdfWriter, day: TripDay, l: PdfLabels): void {
  const legs = dayDirections(
    day.daily_attractions.map((a) => ({ lat: a.lat, lng: a.lng, address: a.address })),
    'phone',
  );
  if (legs.length < 1 || day.daily_attractions.length < 2) return;
  legs.forEach((leg, i) => {
    const text = legs.length === 1 ? l.dayInMaps : l.dayInMapsPart(i + 1, legs.length);
    w.paragraph([{ text, link: leg.url }], { ...BODY, size: 9.5 });
  });
  w.y += 4;
}

/**
 * Draws the whole trip and returns the PDF's bytes. `checkpoint` is called before each day and each activity: the
 * render worker's throws when the document is no longer wanted (decision 0050), so a cancelled render stops within one
 * activity's work and its worker stays warm for the next document.
 */
export async function renderTripDocument(
  input: TripDocumentInput,
  checkpoint: () => void = () => undefined,
): Promise<Buffer> {
  const { ride } = input;
  const l = labelsFor(ride.language);
  const w = new PdfWriter(ride.language === 'hebrew' ? 'rtl' : 'ltr', input.paper, {
    title: ride.title,
    author: input.author?.name ?? '',
  });
  cover(w, input, l);
  stays(w, input.days, l);
  extraInformation(w, ride, l);
  for (const [index, day] of input.days.entries()) {
    checkpoint();
    // A day with activities starts a page of its own; a free day is a short block where the cursor is (its header, its
    // stay and a line saying it is free): a page for it would stay all but blank.
    const free = day.daily_attractions.length === 0;
    if (free) w.y += 14;
    else w.newPage();
    dayHeader(w, day, index, l);
    if (free) w.paragraph([{ text: l.freeDay }], { ...BODY, color: MUTED });
    for (const note of ride.rideExtraInformationByDay.filter((n) => n.dayIndex === index)) {
      w.paragraph([{ text: l.dayNote, bold: true }], { ...BODY, size: 9.5 });
      richText(w, note.text);
    }
    const pins = activities(w, day, index, l, checkpoint);
    drawDayMap(w, pins, dayColour(index), l.mapScale, input.towns?.[index] ?? []);
    dayInGoogleMaps(w, day, l);
  }
  return w.finish(l.page);
}
