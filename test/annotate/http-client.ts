import { request } from 'node:http';

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A plain HTTP request with full control of the headers (Origin, Sec-Fetch-Site, Host). */
export function http(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** The hidden form fields of an item page. */
export function formFields(html: string): { csrf: string; item: string } {
  const csrf = /name="csrf" value="([^"]*)"/.exec(html)?.[1];
  const item = /name="item" value="([^"]*)"/.exec(html)?.[1];
  if (csrf === undefined || item === undefined) throw new Error(`no answer form in page: ${html.slice(0, 300)}`);
  return { csrf, item: item.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'") };
}

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}
