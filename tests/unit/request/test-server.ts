import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SIGN_SECRET = 'unit-test-sign-secret';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status?: number;
  /** An object is sent as JSON; a string as text/html. */
  body: unknown;
  delayMs?: number;
}

export type Handler = (request: SeenRequest) => Answer;

export const envelope = (success: boolean, code: string, msg: string, data: unknown = null) => ({
  result: { success, code, msg },
  data,
});

/**
 * A real HTTP server on 127.0.0.1 answering one row of the error catalogue per path; every request it
 * sees is recorded. Paths not in `routes` get a 404 envelope, like the real server.
 */
export class TestServer {
  readonly seen: SeenRequest[] = [];
  readonly routes = new Map<string, Handler>();
  private server: Server | undefined;
  baseUrl = '';

  constructor() {
    this.routes.set('/api/v1/common/clientConfig', () => ({
      body: envelope(true, '0', '', {
        signSecret: SIGN_SECRET,
        publicKey: '-----BEGIN PUBLIC KEY-----',
        appCode: '10004',
        systemId: 300,
        demo: true,
      }),
    }));
  }

  /** Requests to a path (without its query), in order. */
  hits(path: string): SeenRequest[] {
    return this.seen.filter((r) => r.url.split('?')[0] === path);
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const seen: SeenRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.seen.push(seen);
        const handler = this.routes.get(seen.url.split('?')[0] ?? '');
        const answer = handler
          ? handler(seen)
          : { status: 404, body: envelope(false, 'E0404', '出错了，请求地址不存在') };
        const send = () => {
          if (res.destroyed) return;
          const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
          res.writeHead(answer.status ?? 200, {
            'content-type': typeof answer.body === 'string' ? 'text/html' : 'application/json',
          });
          res.end(text);
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
