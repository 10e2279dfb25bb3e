/**
 * Keyboard rules of the workshop-date radios, as native radios have them: the arrow keys move the
 * choice to the next or previous date that can be booked (wrapping round, skipping booked-out
 * dates), and only one date is in the tab order.
 */
type DateLike = { id: number; seatsRemaining: number };

function bookableIds(dates: DateLike[]): string[] {
  return dates.filter((date) => date.seatsRemaining > 0).map((date) => String(date.id));
}

/** The date in the tab order: the chosen one when it can be booked, otherwise the first that can. */
export function tabStopDateId(dates: DateLike[], value: string): string | undefined {
  const enabled = bookableIds(dates);
  return enabled.includes(value) ? value : enabled[0];
}

/** +1 for ArrowDown and ArrowRight, -1 for ArrowUp and ArrowLeft, 0 for any other key. */
export function arrowStep(key: string): 1 | -1 | 0 {
  if (key === 'ArrowDown' || key === 'ArrowRight') return 1;
  if (key === 'ArrowUp' || key === 'ArrowLeft') return -1;
  return 0;
}

/** The bookable date `step` places after (or before) `fromId`, wrapping round; undefined when none. */
export function steppedDateId(dates: DateLike[], fromId: string, step: 1 | -1): string | undefined {
  const enabled = bookableIds(dates);
  if (enabled.length === 0) return undefined;
  const all = dates.map((date) => String(date.id));
  const start = all.indexOf(fromId);
  if (start === -1) return step === 1 ? enabled[0] : enabled[enabled.length - 1];
  for (let offset = 1; offset <= all.length; offset += 1) {
    const candidate = all[(start + step * offset + all.length * offset) % all.length]!;
    if (enabled.includes(candidate)) return candidate;
  }
  return undefined;
}
