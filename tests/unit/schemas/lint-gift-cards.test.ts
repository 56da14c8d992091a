import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { luhnCheckDigit, luhnValid } from '../../../src/schema/luhn';
import { schemasCopy } from './copy';

// Issue 17.5: what gift cards added to the schema language — an effect's `times`, the `$luhn` and
// `$secret` stamps and x-secret "generated" — is checked like the rest, each problem at its JSON path.
describe('schema lint of generated rows (times, $luhn, $secret)', () => {
  it('names each misuse with its JSON path', async () => {
    const dir = schemasCopy({
      'resources/giftCardBatch.json': (r) => {
        const issue = r.states.transitions.find((t: { name: string }) => t.name === 'issue');
        issue.effects[0].times = '$row.name';
      },
      'resources/giftCardTxn.json': (r) => {
        r.states.transitions[0].effects[0].action = 'upsert';
      },
      'resources/giftCard.json': (r) => {
        r.stamps.create.batchCode = '$secret:12';
        r.stamps.create.balance = '$luhn:88';
        delete r.stamps.create.secretHash;
      },
    });
    const problems = await lintSchemas(dir, { server: false, database: false });
    const at = (file: string, path: string) =>
      problems.filter((p) => p.file === `schemas/${file}.json` && p.path === path).map((p) => p.message);
    expect(at('resources/giftCardBatch', '/states/transitions/0/effects/0/times')).toEqual([
      '"$row.name" is no integer field of resource "giftCardBatch"',
    ]);
    expect(at('resources/giftCardTxn', '/states/transitions/0/effects/0/missing')).toEqual([
      'missing needs a plain update (no child)',
    ]);
    expect(at('resources/giftCard', '/stamps/create/batchCode')).toEqual([
      '$secret needs stamps.create and an x-secret "generated" field',
    ]);
    expect(at('resources/giftCard', '/stamps/create/balance')).toEqual(['$luhn needs a string field']);
    expect(at('resources/giftCard', '/fields/secretHash/x-secret')).toEqual([
      'a generated secret needs a "$secret:N" stamp in stamps.create',
    ]);
  });

  it('computes Luhn check digits', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    // 1·2 + 8 + (8·2 − 9) = 17: the card number the `$luhn:88` stamp makes for id 1 ends in 3.
    expect(luhnCheckDigit('880000000000001')).toBe('3');
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398714')).toBe(false);
    expect(luhnValid('8800')).toBe(false);
  });
});
