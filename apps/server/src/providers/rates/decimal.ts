/**
 * Exact decimal arithmetic on plain decimal strings ("3.9512"), with BigInt: what rates need and nothing more.
 * Nothing passes through a float, so a rate is exactly the digits its source published.
 */

/** A non-negative decimal as published: digits, an optional point and digits ("1.0832", "155", "0.0233"). */
export const PLAIN_DECIMAL = /^\d{1,15}(?:\.\d{1,15})?$/;

interface Scaled {
  /** The digits without the point. */
  units: bigint;
  /** How many of them are after the point. */
  scale: number;
}

function scaled(text: string): Scaled {
  if (!PLAIN_DECIMAL.test(text)) throw new RangeError(`not a plain decimal: ${JSON.stringify(text)}`);
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

/** `units / 10^scale` as the shortest plain decimal string: no trailing zeros after the point, no point when whole. */
function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    const fraction = digits.slice(-scale).replace(/0+$/, '');
    digits = digits.slice(0, -scale) + (fraction ? `.${fraction}` : '');
  }
  return negative ? `-${digits}` : digits;
}

/** The same decimal, written shortest ("3.6350" -> "3.635", "1.0" -> "1"). */
export const normalizeDecimal = (text: string): string => {
  const { units, scale } = scaled(text);
  return format(units, scale);
};

/** `text / 10^places`, exactly: a rate per 100 units (places 2) brought to one unit ("2.6603" -> "0.026603"). */
export function shiftDecimal(text: string, places: number): string {
  if (!Number.isInteger(places) || places < 0 || places > 12) throw new RangeError(`bad places: ${places}`);
  const { units, scale } = scaled(text);
  return format(units, scale + places);
}

/**
 * `a / b` to `scale` decimals, rounded half to even (banker's rounding: a tie goes to the even last digit, so
 * rounding errors do not drift one way), as the shortest decimal string. Exact: the quotient of the two scaled integers,
 * its remainder deciding the rounding. Throws on division by zero.
 */
export function divideDecimal(a: string, b: string, scale = 10): string {
  const x = scaled(a);
  const y = scaled(b);
  if (y.units === 0n) throw new RangeError('division by zero');
  // a / b = (x.units / 10^x.scale) / (y.units / 10^y.scale); times 10^scale for the digits kept.
  const numerator = x.units * 10n ** BigInt(y.scale + scale);
  const denominator = y.units * 10n ** BigInt(x.scale);
  let quotient = numerator / denominator;
  const twice = (numerator % denominator) * 2n;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) quotient += 1n;
  return format(quotient, scale);
}
