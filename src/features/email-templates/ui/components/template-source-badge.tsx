import { Badge } from '../../../../client/components/ui/badge';

/** Where a template's words come from, in the same words on every screen that lists templates. */
export function TemplateSourceBadge({ saved }: { saved: boolean }) {
  return saved ? <Badge tone="success">Saved</Badge> : <Badge tone="paper">Built-in default</Badge>;
}
