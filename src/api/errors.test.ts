import { describe, expect, it } from 'vitest';
import { ApiError, isNotOffered } from './errors';

const http = (status: number) => new ApiError({ kind: 'http', status, endpoint: 'GET /x', message: 'x' });

describe('a call the server does not offer', () => {
  it.each([404, 405, 501])('is what a %i says', (status) => {
    expect(isNotOffered(http(status))).toBe(true);
  });

  it.each([400, 401, 403, 409, 429, 500, 502, 503])('is not what a %i says: that is a failure', (status) => {
    expect(isNotOffered(http(status))).toBe(false);
  });

  it('is not a network failure, a bad answer, or anything that is not an ApiError', () => {
    expect(isNotOffered(new ApiError({ kind: 'network', endpoint: 'GET /x', message: 'offline' }))).toBe(
      false,
    );
    expect(isNotOffered(new ApiError({ kind: 'schema', endpoint: 'GET /x', message: 'bad' }))).toBe(false);
    expect(isNotOffered(Object.assign(new Error('404'), { status: 404 }))).toBe(false);
    expect(isNotOffered(null)).toBe(false);
  });
});
