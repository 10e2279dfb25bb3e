import { useRef, useState } from 'react';

/**
 * An action whose step (a confirmation, a short form) opens in place of its buttons. Closing the
 * step gives the focus back to the button that opened it, or to `area` once that button has gone
 * (the action is no longer offered), so a keyboard user never lands at the top of the page.
 */
export function useStepInPlace<Action extends string, Area extends HTMLElement>() {
  const [action, setAction] = useState<Action | null>(null);
  const area = useRef<Area>(null);
  const buttons = useRef<Partial<Record<Action, HTMLButtonElement | null>>>({});
  const close = () => {
    const from = action;
    setAction(null);
    // After the step has gone and the buttons are back.
    window.setTimeout(() => {
      const button = from ? buttons.current[from] : null;
      if (button?.isConnected) button.focus();
      else area.current?.focus();
    }, 0);
  };
  /** The ref of the button that opens `name`'s step. */
  const buttonRef = (name: Action) => (element: HTMLButtonElement | null) => {
    buttons.current[name] = element;
  };
  return { action, open: setAction, close, area, buttonRef };
}
