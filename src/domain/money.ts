/**
 * Money at the edges: the database and the engine keep integer cents; the API and the screens show
 * dollars with two decimals.
 */

/** 123456 -> 1234.56 (a number, as the API gives amounts). */
export const centsToAmount = (cents: number): number => cents / 100;

/** 1234.56 -> 123456; the schemas allow at most two decimals, so rounding only removes float noise. */
export const amountToCents = (amount: number): number => Math.round(amount * 100);

const grouped = new Intl.NumberFormat('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456 -> '1,234.56'; -8000 -> '-80.00'. Amounts in tables and PDFs. */
export const formatCents = (cents: number): string => grouped.format(cents / 100);

/**
 * An amount as a person types it, in dollars: thousands separators are allowed where they group by three
 * ('4,200', '1,500.50', as the screens print amounts); NaN when it is not a number, undefined when nothing
 * was typed.
 */
export function parseAmountText(text: string): number | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  return Number(/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(typed) ? typed.replace(/,/g, '') : typed);
}

/** 1234.5 (dollars, as the API gives them) -> '1,234.50'. */
export const formatAmount = (amount: number): string => formatCents(amountToCents(amount));
