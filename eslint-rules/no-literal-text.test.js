import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { hasWords, noLiteralText } from './no-literal-text.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const literal = (n = 1) => Array.from({ length: n }, () => ({ messageId: 'literal' }));

describe('hasWords', () => {
  it('treats punctuation, numbers and the brand as no words', () => {
    for (const text of [' · ', '—', '12/500', '×', '  ', 'Parley', '€ 5']) if (hasWords(text)) throw new Error(text);
    for (const text of ['Save', 'Willkommen', 'a b cd', 'Done.', 'e.g. this']) if (!hasWords(text)) throw new Error(text);
  });
});

tester.run('no-literal-text', noLiteralText, {
  valid: [
    `const A = () => <h1>{t('home.hero')}</h1>;`,
    `const A = () => <p>{count} · {total}</p>;`,
    `const A = () => <input placeholder={t('auth.email')} className="field field--wide" type="email" />;`,
    `const A = () => <span aria-hidden="true">×</span>;`,
    `const A = () => <a href="/rooms" data-testid="rooms-link">{t('nav.rooms')}</a>;`,
    `const A = ({ message }) => <p>{message}</p>;`,
    `const A = () => <p>{busy ? '…' : null}</p>;`,
    `toast.success(t('profile.updated'));`,
    `const columns = [{ key: 'date', className: 'col-date' }];`,
    `const modes = [{ value: 'ai', label: 'topicsUi.modeAi' }];`,
    `const A = () => <span className={active ? 'tab tab--active' : 'tab'} />;`,
  ],
  invalid: [
    { code: `const A = () => <h1>Welcome back</h1>;`, errors: literal() },
    { code: `const A = () => <button>{busy ? 'Saving…' : 'Save'}</button>;`, errors: literal(2) },
    { code: `const A = () => <p>{error || 'Something went wrong'}</p>;`, errors: literal() },
    { code: `const A = () => <p>{\`Creating a topic costs \${cost} points.\`}</p>;`, errors: literal() },
    { code: `const A = () => <input placeholder="Your email" />;`, errors: literal() },
    { code: `const A = () => <button aria-label="Dismiss" />;`, errors: literal() },
    { code: `const A = () => <Field label={'First name'} />;`, errors: literal() },
    { code: `const tabs = [{ key: 'a', label: 'Profile' }];`, errors: literal() },
    { code: `toast.error('Failed to save');`, errors: literal() },
  ],
});
