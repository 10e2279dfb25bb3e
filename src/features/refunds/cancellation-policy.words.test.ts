import { describe, expect, it } from 'vitest';
import { REFUND_POLICY_TEXT } from './cancellation-policy';

/**
 * The text shown beside the terms before a participant confirms a cancellation. The public-site
 * specification states the FAQ's policy: 'full refund if cancelled at least 7 days before the
 * workshop; within 7 days, a credit toward a future workshop or a 50% refund.'
 */
describe('the refund policy a participant reads before cancelling', () => {
  it.each(['at least 7 days before the workshop', 'full refund', 'Within 7 days', 'a credit toward a future workshop', 'a 50% refund'])(
    'says %j',
    (words) => {
      expect(REFUND_POLICY_TEXT).toContain(words);
    },
  );
});
