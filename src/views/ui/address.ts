import { COUNTRY_CODES } from '../../api/schemas/billingDetails';

const names = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string): Intl.DisplayNames | null {
  if (!names.has(locale)) {
    try {
      names.set(locale, new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }));
    } catch {
      names.set(locale, null);
    }
  }
  return names.get(locale) ?? null;
}

/** A country's name in the interface language (its code where the browser has no name for it). */
export function countryName(code: string, locale: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return displayNames(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country invoices can be addressed to, by name in the interface language's order. */
export function countryOptions(locale: string): Array<{ code: string; name: string }> {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** The parts of a postal address a server may send (any of them empty or missing). */
export interface PostalAddress {
  addressLine1?: string | null;
  addressLine2?: string | null;
  postalCode?: string | null;
  city?: string | null;
  region?: string | null;
  country?: string | null;
}

/** The lines of an address as a letter shows them, the country by name; empty parts are left out. */
export function addressLines(a: PostalAddress, locale: string): string[] {
  const trimmed = (s: string | null | undefined) => s?.trim() ?? '';
  const place = [a.postalCode, a.city, a.region].map(trimmed).filter(Boolean).join(' ');
  const country = trimmed(a.country);
  return [
    trimmed(a.addressLine1),
    trimmed(a.addressLine2),
    place,
    country ? countryName(country, locale) : '',
  ].filter(Boolean);
}
