import { Button } from '../../../../client/components/ui/button';

/** Every settings form's submit: 'Saving…' and disabled while its save is under way. */
export function SaveButton({ pending }: { pending: boolean }) {
  return (
    <div>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Save'}
      </Button>
    </div>
  );
}
