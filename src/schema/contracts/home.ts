import { defineContract } from './define';
import { arr, bool, dateTime, int, nullable, obj, str } from './shapes';

/**
 * A text's English (issue 20.5), beside the Chinese as a schema file holds it: sent only where the home
 * file or the aggregate has it; the browser shows it through src/schema/i18n.ts `localise`.
 */
const english = <const P extends Record<string, typeof str>>(texts: P) =>
  obj({ 'en-US': obj(texts, Object.keys(texts) as (keyof P & string)[]) });

/**
 * GET /api/v1/home/summary?home=admin|dacang (server/routes/home): the sections of a home file
 * (schemas/home) with the counters the signed-in user holds, counted in his scope. Caller:
 * src/apps/shared/home/home-api.ts.
 */
export const homeSummary = defineContract({
  method: 'GET',
  path: '/api/v1/home/summary',
  query: {
    type: 'object',
    properties: { home: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 40, default: 'admin' } },
    additionalProperties: false,
  },
  data: obj({
    name: str,
    title: str,
    sections: arr(
      obj(
        {
          key: str,
          kind: { type: 'string', enum: ['todo', 'today', 'warning', 'charts'] },
          title: str,
          i18n: english({ title: str }),
          grouped: bool,
          /** A charts section's figures the user may call (src/schema/resolve/charts.ts ChartView). */
          charts: arr(
            obj(
              {
                key: str,
                title: str,
                i18n: english({ title: str, measureTitle: str }),
                type: {
                  type: 'string',
                  enum: ['statistic', 'column', 'bar', 'line', 'area', 'pie', 'table'],
                },
                span: int,
                height: int,
                path: str,
                method: { type: 'string', enum: ['GET', 'POST'] },
                dimensions: arr(
                  obj(
                    {
                      field: str,
                      title: str,
                      i18n: english({ title: str }),
                      enumName: str,
                      boolean: bool,
                      bucket: str,
                    },
                    ['i18n', 'enumName', 'boolean', 'bucket'],
                  ),
                ),
                decimals: int,
                measureTitle: str,
                link: nullable.str,
              },
              ['i18n'],
            ),
          ),
          items: arr(
            obj(
              {
                key: str,
                title: str,
                group: nullable.str,
                hint: nullable.str,
                unit: str,
                link: str,
                count: int,
                /** The earliest value of the counter's `oldest` field among the rows (ISO), else null. */
                oldest: nullable.dateTime,
                i18n: english({ title: str, group: str, hint: str, unit: str }),
              },
              ['i18n'],
            ),
          ),
        },
        ['i18n'],
      ),
    ),
    generatedAt: dateTime,
  }),
});
