/**
 * Builds IATA 792 boarding-pass strings for the tests (and the corpus script's twin): each field padded to its width,
 * as a check-in system writes it. Not a test file itself.
 */
export interface TestLeg {
  pnr: string;
  from: string;
  to: string;
  carrier: string;
  /** Digits and an optional suffix letter, written with leading zeros: "315" -> "0315 ". */
  flight: string;
  julianDay: number;
  compartment?: string;
  seat?: string;
  sequence?: string;
  /** The conditional and airline data after the leg's fixed fields (its size is written in hex before it). */
  variable?: string;
}

const right = (s: string, n: number) => s.padEnd(n, ' ').slice(0, n);

function flightField(f: string): string {
  const m = /^(\d+)([A-Z]?)$/.exec(f);
  if (!m) throw new Error(`bad flight ${f}`);
  return `${m[1]!.padStart(4, '0')}${m[2] || ' '}`;
}

export function bcbpString(name: string, legs: TestLeg[], opts: { eticket?: boolean; security?: string } = {}): string {
  let s = `M${legs.length}${right(name, 20)}${opts.eticket === false ? ' ' : 'E'}`;
  for (const leg of legs) {
    const variable = leg.variable ?? '';
    s +=
      right(leg.pnr, 7) +
      leg.from +
      leg.to +
      right(leg.carrier, 3) +
      flightField(leg.flight) +
      String(leg.julianDay).padStart(3, '0') +
      (leg.compartment ?? 'Y') +
      (leg.seat ?? '023A').padStart(4, '0') +
      right(leg.sequence ?? '0042', 5) +
      '1' +
      variable.length.toString(16).toUpperCase().padStart(2, '0') +
      variable;
  }
  return s + (opts.security ?? '');
}

/** A first leg's conditional items with the date of issue: version 6, issued on `day` of a year ending in `digit`. */
export const issuedOn = (digit: number, day: number) => {
  const unique = `1WW${digit}${String(day).padStart(3, '0')}B`;
  return `>6${unique.length.toString(16).toUpperCase().padStart(2, '0')}${unique}`;
};
