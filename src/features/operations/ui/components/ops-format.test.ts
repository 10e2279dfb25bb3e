import { describe, expect, it } from 'vitest';
import { formatBytes } from './ops-format';

describe('formatBytes', () => {
  it('picks a unit a person reads at a glance', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024 + 200_000)).toBe('3.2 MB');
  });
});
