import * as RadixSwitch from '@radix-ui/react-switch';
import { useId } from 'react';

type SwitchFieldProps = {
  label: string;
  /** A short explanation beside the label ('will send emails'). */
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
};

/** An on/off switch with a visible label (Radix: role="switch", Space toggles). */
export function SwitchField({ label, hint, checked, onCheckedChange, disabled, id }: SwitchFieldProps) {
  const generated = useId();
  const switchId = id ?? generated;
  return (
    <div className="flex min-h-11 items-center gap-3">
      <RadixSwitch.Root
        id={switchId}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={hint ? `${switchId}-hint` : undefined}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-ink bg-paper-deep transition-colors data-[state=checked]:bg-accent disabled:opacity-50"
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full border-2 border-ink bg-white transition-transform data-[state=checked]:translate-x-[1.35rem]" />
      </RadixSwitch.Root>
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
