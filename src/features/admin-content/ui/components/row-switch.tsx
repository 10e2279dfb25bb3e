import * as RadixSwitch from '@radix-ui/react-switch';

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
export function RowSwitch({ label, stateText, checked, onCheckedChange, disabled }: RowSwitchProps) {
  return (
    <div className="flex min-h-11 items-center gap-2">
      <RadixSwitch.Root
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-label={label}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-ink bg-paper-deep transition-colors data-[state=checked]:bg-accent disabled:opacity-50"
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full border-2 border-ink bg-white transition-transform data-[state=checked]:translate-x-[1.35rem]" />
      </RadixSwitch.Root>
      <span aria-hidden="true" className="text-sm font-semibold">
        {stateText}
      </span>
    </div>
  );
}
