import { englishCatalogue, textKeys } from '@parley/contracts/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.js';
import { createTestContext, dialects, type TestContext } from '../../../test/harness.js';
import { de } from './locales/de.js';
import { seedReferenceData } from './seed.js';

describe.each(dialects)('languages on %s', (dialect) => {
  let ctx: TestContext;
  let germanId: number;
  let englishId: number;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const languages = await ctx.db.selectFrom('languages').select(['id', 'code']).execute();
    germanId = languages.find((l) => l.code === 'de')!.id;
    englishId = languages.find((l) => l.code === 'en')!.id;
  });
  afterAll(() => ctx.close());

  const rowsOf = async (languageId: number) =>
    new Map((await ctx.db.selectFrom('localizations').select(['key', 'value']).where('language_id', '=', languageId).execute()).map((r) => [r.key, r.value]));

  it('seeds German next to English, English with every catalogue key and German with its texts', async () => {
    const title = (await ctx.db.selectFrom('languages').select('title').where('id', '=', germanId).executeTakeFirstOrThrow()).title;
    expect(title).toBe('Deutsch');
    const english = await rowsOf(englishId);
    for (const key of textKeys) expect(english.get(key), key).toBe(englishCatalogue[key]);
    const german = await rowsOf(germanId);
    for (const [key, value] of Object.entries(de)) if (value?.trim()) expect(german.get(key), key).toBe(value);
  });

  it('seeds again without overwriting an operator’s German, and brings changed English back to the catalogue', async () => {
    const key = textKeys[0]!;
    await ctx.db.updateTable('localizations').set({ value: 'Vom Betreiber' }).where('language_id', '=', germanId).where('key', '=', key).execute();
    await ctx.db
      .insertInto('localizations')
      .values({ language_id: germanId, key, value: 'Vom Betreiber' })
      .onConflict((oc) => oc.columns(['language_id', 'key']).doNothing())
      .execute();
    await ctx.db.updateTable('localizations').set({ value: 'stale' }).where('language_id', '=', englishId).where('key', '=', key).execute();
    await ctx.db.deleteFrom('localizations').where('language_id', '=', englishId).where('key', '=', textKeys[1]!).execute();
    await Promise.all([seedReferenceData(ctx.db, systemClock), seedReferenceData(ctx.db, systemClock)]);
    expect((await rowsOf(germanId)).get(key)).toBe('Vom Betreiber');
    const english = await rowsOf(englishId);
    expect(english.get(key)).toBe(englishCatalogue[key]);
    expect(english.get(textKeys[1]!)).toBe(englishCatalogue[textKeys[1]!]);
    expect((await ctx.db.selectFrom('languages').select('id').where('code', '=', 'de').execute()).length).toBe(1);
  });
});
