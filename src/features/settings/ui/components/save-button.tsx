import { Button } from '../../../../client/components/ui/button';

/** Every settings form's submit: 'Saving…' and disabled while its save is under way. */
export function SaveButton({ pending, label }: { pending: boolean; /** What is under way, when not 'Saving…'. */ label?: string }) {
  return (
    <div>
      <Button type="submit" disabled={pending}>
        {pending ? (label ?? 'Saving…') : 'Save'}
      </Button>
    </div>
  );
}
