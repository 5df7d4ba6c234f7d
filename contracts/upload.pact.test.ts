import { readFileSync } from 'node:fs';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { uploadKnowledgeFile } from '../src/api/upload';
import { AUTH, dateTime, newPact, useMockServer } from './pact';

const { like, integer } = MatchersV3;
const pact = newPact();
const FIXTURE = 'contracts/fixtures/faq.txt';

describe('upload', () => {
  it('uploads a knowledge file as multipart form data', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a knowledge file upload')
      .withRequest('POST', '/api/v1/upload/file-to-knowledge', (b) =>
        b.headers(AUTH).multipartBody('text/plain', FIXTURE, 'file', 'influx-contract-boundary'),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          name: like('faq.txt'),
          size: integer(46),
          date: dateTime(),
          knowledgeFileId: like('kf-1'),
          url: like('https://files.example/kf-1/faq.txt'),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const file = new File([readFileSync(FIXTURE)], 'faq.txt', { type: 'text/plain' });
        const uploaded = await uploadKnowledgeFile(file);
        expect(uploaded.name).toBe('faq.txt');
      }));
});
