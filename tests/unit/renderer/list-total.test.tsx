import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ListTable } from '@/renderer/list/ListTable';

// A list's total is exact up to the server's count cap and an estimate beyond (docs/decisions.md,
// "List paging and counts at volume"): the pagination says which, and pages as before.
describe('list total', () => {
  // Rendered to markup: React warns that the table's layout effects do not run on a server.
  const quiet = vi.spyOn(console, 'error');
  beforeAll(() => quiet.mockImplementation(() => undefined));
  afterAll(() => quiet.mockRestore());
  const html = (total: number, totalExact: boolean) =>
    renderToStaticMarkup(
      <ListTable
        rowKey="id"
        density="middle"
        columns={[{ dataIndex: 'code', title: '编码' }]}
        rows={[{ id: 1, code: 'A' }]}
        loading={false}
        scrollX={400}
        height={300}
        selection={null}
        pageNo={1}
        pageSize={20}
        total={total}
        totalExact={totalExact}
        pageSizes={[20, 50]}
        onChange={() => undefined}
      />,
    );

  it('says 共 for an exact total and 约 for an estimate', () => {
    expect(html(35, true)).toContain('共 35 条');
    const estimated = html(1_000_000, false);
    expect(estimated).toContain('约 1000000 条');
    expect(estimated).not.toContain('共 1000000 条');
    // The pages still run to the estimate's end.
    expect(estimated).toContain('title="50000"');
  });
});
