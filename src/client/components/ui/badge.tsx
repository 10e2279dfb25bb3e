import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'accent' | 'secondary' | 'ink' | 'paper' | 'success';

const tones: Record<BadgeTone, string> = {
  accent: 'bg-accent text-ink',
  secondary: 'bg-secondary text-ink',
  ink: 'bg-ink text-paper',
  paper: 'bg-paper text-ink',
  success: 'bg-success-soft text-ink',
};

/** Upper-case, letter-spaced label in an ink frame. */
export function Badge({ tone = 'secondary', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-brutal border-2 border-ink px-2.5 py-1 text-xs font-extrabold uppercase leading-none tracking-label',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
