import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noApiCasts } from './no-api-casts.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('no-api-casts', noApiCasts, {
  valid: [
    `const topic = (await api.get('/topics/topic', topicResponseSchema)).payload.topic;`,
    `export const key = ['notifications'] as const;`,
    `const send = () => api.post('/topics/leave', emptyResponseSchema, { topic_id: 1 });`,
    `const other = client.get<Topic>('/x');`,
    { code: `const list = api.get<Envelope<Page<T>>>('/admin/users');`, options: [{ typeArguments: false }] },
  ],
  invalid: [
    { code: `const topic = payload as Topic;`, errors: [{ messageId: 'cast' }] },
    { code: `const topic = payload as unknown as Topic;`, errors: [{ messageId: 'cast' }, { messageId: 'cast' }] },
    { code: `const topic = <Topic>payload;`, errors: [{ messageId: 'cast' }] },
    { code: `const response = await api.get<Envelope<Topic>>('/topics/topic');`, errors: [{ messageId: 'typeArguments' }] },
    { code: `const response = api.post<Envelope<null>>('/user/delete', body);`, errors: [{ messageId: 'typeArguments' }] },
    { code: `const list = api.get<Envelope<Page<T>>>('/admin/users') as Page<T>;`, options: [{ typeArguments: false }], errors: [{ messageId: 'cast' }] },
  ],
});
