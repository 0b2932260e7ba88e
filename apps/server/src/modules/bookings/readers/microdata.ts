import { Parser } from 'htmlparser2';
import { RESERVATION_TEXT_MAX } from '@rides/contract';

/**
 * schema.org microdata (`itemscope`, `itemtype`, `itemprop`), the older way mails and saved booking pages carry the same
 * vocabulary as JSON-LD. Each top-level item becomes the object JSON-LD would have given
 * (`{ "@type": "FlightReservation", reservationFor: { "@type": "Flight", ... } }`), so that `readSchemaOrg` reads both
 * with one mapping. Pure, and bounded: a hostile page costs time linear in its length and memory capped below.
 *
 * Values follow the HTML microdata spec ("property value"): a nested `itemscope` is an item; `meta` gives `content`;
 * `a`/`area`/`link` give `href`; media elements `src`; `object` `data`; `data`/`meter` `value`; `time` its `datetime`
 * (else its text); any other element its text content, without the text of `script`/`style`/`template` (never
 * content a reader shows). `itemref` is not followed (booking mails do not use it; following it needs the whole tree).
 */

export type MicrodataItem = Record<string, unknown>;

/** What one document may cost. */
const MAX_HTML_CHARS = 5_000_000;
const MAX_ITEMS = 2_000;
/** Items nested in items (reservation > flight > airport > address is four). */
const MAX_ITEM_DEPTH = 16;
/** Elements tracked in depth; deeper ones are passed over (their text still reaches the open values). */
const MAX_ELEMENT_DEPTH = 512;
/** A property's text kept: more than the contract keeps, so the whitespace squeezed later does not cut it short. */
const MAX_TEXT = RESERVATION_TEXT_MAX * 4;
const MAX_VALUES_PER_PROPERTY = 20;

const ATTRIBUTE_OF: Record<string, string> = {
  meta: 'content',
  a: 'href',
  area: 'href',
  link: 'href',
  audio: 'src',
  embed: 'src',
  iframe: 'src',
  img: 'src',
  source: 'src',
  track: 'src',
  video: 'src',
  object: 'data',
  data: 'value',
  meter: 'value',
};
/** Elements whose content is code or inert markup, never a value's text. */
const RAW = new Set(['script', 'style', 'template']);
/** A property name we keep: plain identifiers only (no "__proto__", which would reshape the object). */
const PROPERTY_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

interface Open {
  item?: MicrodataItem;
  /** A text-valued property: where it goes once the element closes. */
  text?: { owner: MicrodataItem; names: string[]; value: string };
  raw?: boolean;
}

const propertyNames = (v: string | undefined): string[] =>
  (v ?? '')
    .split(/\s+/)
    .map((n) => n.replace(/^https?:\/\/schema\.org\//, ''))
    .filter((n) => PROPERTY_NAME.test(n))
    .slice(0, 8);

function add(owner: MicrodataItem, names: string[], value: unknown): void {
  for (const name of names) {
    if (!Object.hasOwn(owner, name)) owner[name] = value;
    else {
      const was = owner[name];
      const list = Array.isArray(was) ? was : [was];
      if (list.length < MAX_VALUES_PER_PROPERTY) owner[name] = [...list, value];
    }
  }
}

/** The top-level microdata items of an HTML document, as JSON-LD-like objects. */
export function microdataItems(html: string): MicrodataItem[] {
  const top: MicrodataItem[] = [];
  const open: (Open | null)[] = [];
  const items: MicrodataItem[] = [];
  const texts: NonNullable<Open['text']>[] = [];
  let count = 0;
  let raw = 0;

  const parser = new Parser(
    {
      onopentag(tag, attrs) {
        if (open.length >= MAX_ELEMENT_DEPTH) {
          open.push(null);
          return;
        }
        const frame: Open = {};
        const owner = items.at(-1);
        const names = owner ? propertyNames(attrs.itemprop) : [];
        if (attrs.itemscope !== undefined && count < MAX_ITEMS && items.length < MAX_ITEM_DEPTH) {
          const item: MicrodataItem = {};
          const types = (attrs.itemtype ?? '').split(/\s+/).filter((t) => t.length > 0 && t.length <= 200);
          if (types.length > 0) item['@type'] = types.length === 1 ? types[0] : types.slice(0, 8);
          count++;
          frame.item = item;
          items.push(item);
          // An item that is no one's property is a top-level item, even inside another (the spec's rule).
          if (owner && names.length > 0) add(owner, names, item);
          else top.push(item);
        } else if (owner && names.length > 0) {
          const attribute = ATTRIBUTE_OF[tag] ?? (tag === 'time' && attrs.datetime !== undefined ? 'datetime' : undefined);
          if (attribute) {
            const value = attrs[attribute];
            if (value !== undefined) add(owner, names, value.slice(0, MAX_TEXT));
          } else {
            frame.text = { owner, names, value: '' };
            texts.push(frame.text);
          }
        }
        if (RAW.has(tag)) {
          frame.raw = true;
          raw++;
        }
        open.push(frame);
      },
      ontext(data) {
        if (raw > 0) return;
        for (const t of texts) if (t.value.length < MAX_TEXT) t.value += data.slice(0, MAX_TEXT - t.value.length);
      },
      onclosetag() {
        const frame = open.pop();
        if (!frame) return;
        if (frame.raw) raw--;
        if (frame.item) items.pop();
        if (frame.text) {
          texts.pop();
          add(frame.text.owner, frame.text.names, frame.text.value);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html);
  parser.end();
  return top;
}
