// Fixed decimals for money and quantities (decisions §13): amounts carry two places, unit prices
// and quantities four. They travel as strings ("1234.50") and are worked out here in scaled
// integers (BigInt), so that 0.1 + 0.2 is 0.30 on both sides and the server's figure is the one
// the screen showed. PostgreSQL keeps them as numeric of the same scale.

export const MONEY_PLACES = 2;
export const PRICE_PLACES = 4;
export const QUANTITY_PLACES = 4;
/** The largest quantity or unit price a line takes (numeric(18,4) holds it with room for amounts). */
export const DECIMAL_MAX_INTEGER_DIGITS = 12;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The value scaled by 10^places (extra places rounded half away from zero), or null when it is not a decimal. */
export function toScaled(value: string | number, places: number): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  // Numbers that JavaScript prints with an exponent are too large or too small for a line anyway.
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, places).padEnd(places, '0');
  let scaled = BigInt(whole + kept);
  if ((fraction[places] ?? '0') >= '5') scaled += 1n;
  return sign === '-' ? -scaled : scaled;
}

/** A scaled integer as its decimal text with exactly `places` places. */
export function fromScaled(value: bigint, places: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
}

/** The decimal text with exactly `places` places (rounded), or null when it is not a decimal. */
export function normalizeDecimal(value: string | number, places: number): string | null {
  const scaled = toScaled(value, places);
  return scaled === null ? null : fromScaled(scaled, places);
}

/** Rounds a scaled integer from `from` places to `to` places, half away from zero. */
function rescale(value: bigint, from: number, to: number): bigint {
  if (from <= to) return value * 10n ** BigInt(to - from);
  const divisor = 10n ** BigInt(from - to);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return negative ? -rounded : rounded;
}

/** A line's amount: quantity × unit price, rounded to money's two places. */
export function lineAmount(quantity: string, unitPrice: string): string {
  const q = toScaled(quantity, QUANTITY_PLACES) ?? 0n;
  const p = toScaled(unitPrice, PRICE_PLACES) ?? 0n;
  return fromScaled(rescale(q * p, QUANTITY_PLACES + PRICE_PLACES, MONEY_PLACES), MONEY_PLACES);
}

/** The sum of decimal texts with `places` places. */
export function sumDecimals(values: readonly string[], places: number = MONEY_PLACES): string {
  let total = 0n;
  for (const v of values) total += toScaled(v, places) ?? 0n;
  return fromScaled(total, places);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`, compared at `places`. */
export function compareDecimals(a: string, b: string, places: number = QUANTITY_PLACES): number {
  const x = toScaled(a, places) ?? 0n;
  const y = toScaled(b, places) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A decimal as the user reads it: thousands separated, the places kept ("12,345.50"). */
export function formatDecimal(value: string, places: number = MONEY_PLACES): string {
  const normal = normalizeDecimal(value, places) ?? value;
  const [whole = '0', fraction] = normal.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${normal.startsWith('-') ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A quantity as the user reads it: without trailing zeros ("12.5", "3"). */
export function formatQuantity(value: string): string {
  const text = formatDecimal(value, QUANTITY_PLACES);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
