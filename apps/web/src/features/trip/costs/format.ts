/**
 * Money shown in the user's language (issue 35): Intl.NumberFormat with the currency's sign ("‏120.50 ₪" in Hebrew,
 * "$120.50" in English). The wire's decimal strings are exact; a number is fine for showing them (12 digits at most).
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(lang: string, currency: string): Intl.NumberFormat {
  const key = `${lang}:${currency}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(lang === 'he' ? 'he-IL' : 'en-US', { style: 'currency', currency });
    } catch {
      f = new Intl.NumberFormat(lang === 'he' ? 'he-IL' : 'en-US', { maximumFractionDigits: 4 });
    }
    formatters.set(key, f);
  }
  return f;
}

export const formatMoney = (amount: string | number, currency: string, lang: string): string =>
  formatter(lang, currency).format(typeof amount === 'number' ? amount : Number(amount));
