import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError } from './error-serializer';

const QUERY = 'insert into "contact_messages" ("name", "email", "message") values ($1, $2, $3)';
const PARAMS = ['Ada Lovelace', 'ada@example.com', 'Please call me on +44 20 7946 0000'];

function failedQuery() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "contact_email"'), {
    code: '23505',
    detail: 'Key (email)=(ada@example.com) already exists.',
  });
  return new DrizzleQueryError(QUERY, PARAMS, cause);
}

describe('serializeError (the logger’s err serializer)', () => {
  it('keeps the query text and the cause but none of the parameters', () => {
    const serialized = serializeError(failedQuery());
    expect(serialized).toMatchObject({ query: QUERY, message: expect.stringContaining(`Failed query: ${QUERY}`) });
    expect(serialized.message).toContain('duplicate key value');
    expect(serialized.message).toContain('params: [redacted]');
    const logged = JSON.stringify(serialized);
    for (const value of PARAMS) expect(logged).not.toContain(value);
    expect(logged).not.toContain('Ada');
  });

  it('hides the row values PostgreSQL quotes in a detail', () => {
    const error = Object.assign(new Error('duplicate key value'), { code: '23505', detail: 'Key (email)=(ada@example.com) already exists.' });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('23505');
    expect(logged).not.toContain('ada@example.com');
  });

  it('leaves other errors as pino writes them', () => {
    const error = Object.assign(new Error('boom'), { code: 'E_BOOM' });
    expect(serializeError(error)).toMatchObject({ type: 'Error', message: 'boom', code: 'E_BOOM' });
  });
});
