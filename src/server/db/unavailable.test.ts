import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../plugins/error-handler';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a restart ending the session (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up or shutting down (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', withCode('08006')],
    ['the socket ending under a query', new Error('Connection terminated unexpectedly')],
    ['a transaction asking a connection that died', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection from the pool in time', new Error('timeout exceeded when trying to connect')],
    ['the driver error inside Drizzle', wrapped(withCode('57P01'))],
    ['Node trying every address of the host', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505', 'duplicate key value violates unique constraint'))],
    ['a serialization failure', withCode('40001')],
    ['a syntax error', withCode('42601')],
    ['a refusal for the caller', new HttpError(409, 'Sorry, this workshop is fully booked.')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
