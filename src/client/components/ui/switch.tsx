import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ComponentProps } from 'react';

type SwitchFieldProps = {
  label: string;
  /** A short explanation beside the label ('will send emails'). */
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
};

/** The switch itself; its name comes from a label or an aria-label. */
function Switch(props: Omit<ComponentProps<typeof RadixSwitch.Root>, 'className' | 'children'>) {
  return (
    <RadixSwitch.Root
      {...props}
      className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-ink bg-paper-deep transition-colors data-[state=checked]:bg-accent disabled:opacity-50"
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full border-2 border-ink bg-white transition-transform data-[state=checked]:translate-x-[1.35rem]" />
    </RadixSwitch.Root>
  );
}

/** An on/off switch with a visible label (Radix: role="switch", Space toggles). */
export function SwitchField({ label, hint, checked, onCheckedChange, disabled, id }: SwitchFieldProps) {
  const generated = useId();
  const switchId = id ?? generated;
  return (
    <div className="flex min-h-11 items-center gap-3">
      <Switch id={switchId} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} aria-describedby={hint ? `${switchId}-hint` : undefined} />
      <label htmlFor={switchId} className="text-sm font-bold">
        {label}
        {hint ? (
          <span id={`${switchId}-hint`} className="ml-2 font-normal text-ink-soft">
            {hint}
          </span>
        ) : null}
      </label>
    </div>
  );
}

type RowSwitchProps = {
  /** The accessible name, unique in the table ('Published: Grace Hopper'). */
  label: string;
  /** The short visible state beside the switch ('Published' / 'Hidden'). */
  stateText: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
};

/**
 * A switch inside a table row. SwitchField's visible label would read the same on every row
 * ('Published'), so here the accessible name carries the row's name and the visible text the state.
 */
export function RowSwitch({ label, stateText, ...state }: RowSwitchProps) {
  return (
    <div className="flex min-h-11 items-center gap-2">
      <Switch {...state} aria-label={label} />
      <span aria-hidden="true" className="text-sm font-semibold">
        {stateText}
      </span>
    </div>
  );
}
