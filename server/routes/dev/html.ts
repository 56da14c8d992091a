/** Tiny server-rendered pages for demo mode. Every interpolated value goes through escapeHtml. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A whole page; `body` must already be escaped HTML. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f5f6f8;color:#1f2329}
main{max-width:720px;margin:40px auto;background:#fff;border-radius:8px;padding:24px 32px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 16px}.tip{color:#646a73;font-size:13px}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{border-bottom:1px solid #eee;padding:8px;text-align:left}
a.btn{display:inline-block;margin:6px 0;padding:8px 16px;border-radius:4px;background:#07c160;color:#fff;text-decoration:none}
a.btn.grey{background:#8f959e}.error{color:#f54a45}
</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
