import type { ButtonHTMLAttributes, ComponentType, ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ink';
export type ButtonSize = 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-ink',
  secondary: 'bg-paper text-ink hover:bg-white',
  ink: 'bg-ink text-paper',
};

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-5 py-2 text-sm',
  lg: 'min-h-13 px-7 py-3 text-base',
};

/**
 * The neo-brutalist button: ink border, hard offset shadow that presses in on click. Shared by
 * <button> and links that look like buttons, so both stay identical.
 */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-brutal border-2 border-ink font-extrabold uppercase tracking-label',
    'shadow-brutal transition-[translate,box-shadow] duration-100 select-none',
    'hover:-translate-x-0.5 hover:-translate-y-0.5 hover:shadow-brutal-lg',
    'active:translate-x-1 active:translate-y-1 active:shadow-none',
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none',
    variants[variant],
    sizes[size],
    extra,
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

/**
 * A submit button is off in the server's HTML until the app has taken its form over: before that
 * the browser would send the form itself, as a GET to the page with what was typed in the address.
 */
export function Button({ variant, size, className, type = 'button', disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  return <button type={type} className={buttonClasses(variant, size, className)} disabled={disabled || (type === 'submit' && !hydrated)} {...props} />;
}

/**
 * A button that starts a check or a run ('Run diagnostics', 'Test connection') and says so while
 * it is under way; its own row, so the result can follow below it.
 */
export function RunButton({ icon: Icon, pending, pendingLabel, onClick, children }: { icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>; pending: boolean; pendingLabel: string; onClick: () => void; children: ReactNode }) {
  return (
    <div>
      <Button variant="secondary" disabled={pending} onClick={onClick}>
        <Icon aria-hidden="true" className="size-4" />
        {pending ? pendingLabel : children}
      </Button>
    </div>
  );
}
